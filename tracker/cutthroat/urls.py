"""Cutthroat tournaments, included under groups/<int:pk>/."""

from django.urls import path

from tracker.cutthroat import views

urlpatterns = [
    path("tournaments/new/", views.tournament_new, name="tournament_new"),
    path("tournaments/<int:tournament_pk>/", views.tournament_detail, name="tournament"),
    path("tournaments/<int:tournament_pk>/bids/", views.hand_bids, name="hand_bids"),
    path("tournaments/<int:tournament_pk>/played/", views.hand_played, name="hand_played"),
    path("tournaments/<int:tournament_pk>/hands/<int:number>/", views.hand_edit, name="hand_edit"),
    path("tournaments/<int:tournament_pk>/undo/", views.hand_undo, name="hand_undo"),
]
