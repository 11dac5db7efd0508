"""Cutthroat tournaments, included under groups/<id:pk>/."""

from core.web.game_routes import game_routes
from core.web.views import answered_in_json
from tracker.cutthroat import views

urlpatterns = game_routes(
    "tournaments",
    "tournament",
    views.tournament_new,
    views.tournament_detail,
    hand_bids=("bids/", views.hand_bids),
    hand_played=("played/", views.hand_played),
    # Where the outbox sent hands kept offline before they went to played/ as the page's form
    # does: phones may still hold hands kept under this address. Kept for a release.
    hand_sent_later=("sent-later/", answered_in_json(views.hand_played)),
    tournament_sheet=("sheet/", views.tournament_sheet),
    hand_edit=("hands/<id:number>/", views.hand_edit),
    hand_undo=("undo/", views.hand_undo),
)
