"""Cắt Tê sessions, included under groups/<id:pk>/."""

from django.urls import path

from core.web.views import answered_in_json
from tracker.catte import views as catte

urlpatterns = [
    path("sessions/new/", catte.session_new, name="session_new"),
    path("sessions/<id:session_pk>/", catte.session_detail, name="session"),
    path("sessions/<id:session_pk>/round/", catte.round_entry, name="round_entry"),
    # Where the outbox sent rounds kept offline before they went to round/ as the sheet's form
    # does: phones may still hold rounds kept under this address. Kept for a release.
    path(
        "sessions/<id:session_pk>/sent-later/",
        answered_in_json(catte.round_entry),
        name="round_sent_later",
    ),
    path("sessions/<id:session_pk>/sheet/", catte.round_sheet, name="round_sheet"),
    path("sessions/<id:session_pk>/rounds/<id:number>/", catte.round_edit, name="round_edit"),
    path("sessions/<id:session_pk>/undo/", catte.round_undo, name="round_undo"),
    path("sessions/<id:session_pk>/close/", catte.session_close, name="session_close"),
    path("sessions/<id:session_pk>/reopen/", catte.session_reopen, name="session_reopen"),
    path("sessions/<id:session_pk>/chat/", catte.session_summary, name="session_summary"),
    path("sessions/<id:session_pk>/join/", catte.player_joins, name="session_join"),
    path(
        "sessions/<id:session_pk>/players/<id:player_pk>/leaves/",
        catte.player_leaves,
        name="session_leave",
    ),
    path(
        "sessions/<id:session_pk>/players/<id:player_pk>/back/",
        catte.player_back,
        name="session_back",
    ),
    # In the group's history: past sessions and each one's chart.
    path("history/sessions/", catte.session_list, name="history_sessions"),
    path("history/sessions/<id:session_pk>/", catte.session_chart, name="history_session"),
]
