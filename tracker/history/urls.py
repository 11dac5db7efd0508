"""Player pages, ratings, seasons and settlements, included under groups/<id:pk>/ (each game's
past games are in its own addresses)."""

from django.urls import path

from tracker.history import views as history

urlpatterns = [
    path("players/<id:player_pk>/stats/", history.player_stats, name="player_stats"),
    path("ratings/", history.ratings, name="ratings"),
    path("seasons/", history.season_list, name="seasons"),
    path("seasons/<id:season_pk>/remove/", history.season_remove, name="season_remove"),
    path("balances/by-session/", history.settlements, name="balances_by_session"),
]
