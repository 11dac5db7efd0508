"""Score sheets, included under groups/<id:pk>/."""

from django.urls import path

from core.web.views import answered_in_json
from tracker.sheets import views

urlpatterns = [
    path("sheets/new/", views.sheet_new, name="sheet_new"),
    path("sheets/<id:sheet_pk>/", views.sheet_detail, name="sheet"),
    path("sheets/<id:sheet_pk>/rounds/", views.round_save, name="sheet_round"),
    path("sheets/<id:sheet_pk>/check/", views.round_check, name="sheet_round_check"),
    # Kept for a release: the outbox of a page loaded before kept its rounds under this address.
    path(
        "sheets/<id:sheet_pk>/sent-later/",
        answered_in_json(views.round_save),
        name="sheet_sent_later",
    ),
    path("sheets/<id:sheet_pk>/rounds/<id:number>/", views.round_edit, name="sheet_round_edit"),
    path("sheets/<id:sheet_pk>/undo/", views.round_undo, name="sheet_undo"),
    # In the group's history: past sheets and each one's chart.
    path("history/sheets/", views.sheet_list, name="history_sheets"),
    path("history/sheets/<id:sheet_pk>/", views.sheet_charts, name="history_sheet"),
]
