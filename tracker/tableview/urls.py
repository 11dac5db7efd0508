"""Table views, included under groups/<id:pk>/."""

from django.urls import path

from tracker.tableview import views

urlpatterns = [
    path("sessions/<id:session_pk>/table/", views.session_table, name="session_table"),
    path("tournaments/<id:tournament_pk>/table/", views.tournament_table, name="tournament_table"),
]
