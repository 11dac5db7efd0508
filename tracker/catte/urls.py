"""Cắt Tê sessions, included under groups/<id:pk>/."""

from core.web.game_routes import game_routes
from core.web.views import answered_in_json
from tracker.catte import views as catte

urlpatterns = game_routes(
    "sessions",
    "session",
    catte.session_new,
    catte.session_detail,
    round_entry=("round/", catte.round_entry),
    # Where the outbox sent rounds kept offline before they went to round/ as the sheet's form
    # does: phones may still hold rounds kept under this address. Kept for a release.
    round_sent_later=("sent-later/", answered_in_json(catte.round_entry)),
    round_sheet=("sheet/", catte.round_sheet),
    round_edit=("rounds/<id:number>/", catte.round_edit),
    round_undo=("undo/", catte.round_undo),
    session_close=("close/", catte.session_close),
    session_reopen=("reopen/", catte.session_reopen),
    session_summary=("chat/", catte.session_summary),
    session_join=("join/", catte.player_joins),
    session_leave=("players/<id:player_pk>/leaves/", catte.player_leaves),
    session_back=("players/<id:player_pk>/back/", catte.player_back),
)
