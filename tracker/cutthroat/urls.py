"""Cutthroat tournaments, included under groups/<id:pk>/."""

from django.urls import path

from core.web.views import answered_in_json
from tracker.cutthroat import views

urlpatterns = [
    path("tournaments/new/", views.tournament_new, name="tournament_new"),
    path("tournaments/<id:tournament_pk>/", views.tournament_detail, name="tournament"),
    path("tournaments/<id:tournament_pk>/bids/", views.hand_bids, name="hand_bids"),
    path("tournaments/<id:tournament_pk>/played/", views.hand_played, name="hand_played"),
    # Where the outbox sent hands kept offline before they went to played/ as the page's form
    # does: phones may still hold hands kept under this address. Kept for a release.
    path(
        "tournaments/<id:tournament_pk>/sent-later/",
        answered_in_json(views.hand_played),
        name="hand_sent_later",
    ),
    path("tournaments/<id:tournament_pk>/hands/<id:number>/", views.hand_edit, name="hand_edit"),
    path("tournaments/<id:tournament_pk>/undo/", views.hand_undo, name="hand_undo"),
    # In the group's history: past tournaments and each one's charts.
    path("history/tournaments/", views.tournament_list, name="history_tournaments"),
    path(
        "history/tournaments/<id:tournament_pk>/",
        views.tournament_charts,
        name="history_tournament",
    ),
]
