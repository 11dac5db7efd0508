"""Logs and backups, included under groups/<id:pk>/."""

from django.urls import path

from core.web.game_routes import for_every_game
from tracker.gamelogs import views

urlpatterns = [
    path("import/", views.log_import, name="log_import"),
    path("backup.zip", views.group_backup, name="group_backup"),
    path("restore/", views.group_restore, name="group_restore"),
    path("restores/<id:restore_pk>/", views.restore_progress, name="restore_progress"),
    path("restores/<id:restore_pk>/cancel/", views.restore_cancel, name="restore_cancel"),
]


def export_views() -> list:
    """Each registered game's log, at its games' address followed by export/
    ("sessions/<id:session_pk>/export/", named "session_export")."""
    return for_every_game("export/", views.game_export, "export")


urlpatterns += export_views()
