"""High card's pages, included under groups/<id:pk>/."""

from core.web.game_routes import game_routes
from tests.high_card import views

urlpatterns = game_routes(
    "highcards",
    "highcard",
    views.table_new,
    views.table_page,
    highcard_round=("rounds/", views.round_save),
    highcard_round_edit=("rounds/<id:number>/", views.round_edit),
    highcard_undo=("undo/", views.round_undo),
    highcard_close=("close/", views.table_close),
)
