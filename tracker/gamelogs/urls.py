"""Logs and backups, included under groups/<id:pk>/."""

from django.urls import path

from tracker.gamelogs import views

urlpatterns = [
    path("import/", views.log_import, name="log_import"),
    path("backup.zip", views.group_backup, name="group_backup"),
    path("restore/", views.group_restore, name="group_restore"),
    path("restores/<id:restore_pk>/", views.restore_progress, name="restore_progress"),
    path("restores/<id:restore_pk>/cancel/", views.restore_cancel, name="restore_cancel"),
    path(
        "tournaments/<id:tournament_pk>/export/",
        views.tournament_export,
        name="tournament_export",
    ),
    path("sessions/<id:session_pk>/export/", views.session_export, name="session_export"),
]
