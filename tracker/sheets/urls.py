"""Score sheets, included under groups/<id:pk>/."""

from core.web.game_routes import game_routes
from core.web.views import answered_in_json
from tracker.sheets import views

urlpatterns = game_routes(
    "sheets",
    "sheet",
    views.sheet_new,
    views.sheet_detail,
    sheet_round=("rounds/", views.round_save),
    sheet_round_check=("check/", views.round_check),
    # Kept for a release: the outbox of a page loaded before kept its rounds under this address.
    sheet_sent_later=("sent-later/", answered_in_json(views.round_save)),
    sheet_round_edit=("rounds/<id:number>/", views.round_edit),
    sheet_undo=("undo/", views.round_undo),
)
