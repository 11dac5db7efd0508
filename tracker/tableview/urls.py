"""Table views, included under groups/<id:pk>/: each registered game's at its games' address
followed by table/ ("sessions/<id:session_pk>/table/", named "session_table")."""

from core.web.game_routes import for_every_game
from tracker.tableview import views


def table_views() -> list:
    return for_every_game("table/", views.game_table, "table")


urlpatterns = table_views()
