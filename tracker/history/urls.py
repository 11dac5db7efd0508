"""The group's history, player pages, ratings, seasons and settlements, included under
groups/<id:pk>/."""

from django.urls import path

from tracker.history import views as history

urlpatterns = [
    path("history/tournaments/", history.tournament_list, name="history_tournaments"),
    path(
        "history/tournaments/<id:tournament_pk>/",
        history.tournament_charts,
        name="history_tournament",
    ),
    path("history/sessions/", history.session_list, name="history_sessions"),
    path("history/sessions/<id:session_pk>/", history.session_chart, name="history_session"),
    path("players/<id:player_pk>/stats/", history.player_stats, name="player_stats"),
    path("ratings/", history.ratings, name="ratings"),
    path("seasons/", history.season_list, name="seasons"),
    path("seasons/<id:season_pk>/remove/", history.season_remove, name="season_remove"),
    path("balances/by-session/", history.settlements, name="balances_by_session"),
]
