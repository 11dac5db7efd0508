"""Table views, included under groups/<id:pk>/: each registered game's at its games' address
followed by table/, named after its kind ("sessions/<id:session_pk>/table/", "session_table")."""

from django.urls import path

from tracker.common import games
from tracker.tableview import views


def table_views() -> list:
    return [
        path(
            f"{game_kind.address}/<id:{game_kind.kind}_pk>/table/",
            views.game_table,
            {"kind": game_kind.kind},
            name=f"{game_kind.kind}_table",
        )
        for game_kind in games.every_kind()
    ]


urlpatterns = table_views()
