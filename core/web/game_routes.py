"""Pages every registered game has, each at its games' address under the group followed by
the page's own part ("sessions/<id:session_pk>/table/"), its id named as the game's own pages
name it."""

from django.urls import path

from core import games
from core.web.views import past_game, past_games


def for_every_game(route: str, view, name: str) -> list:
    """`view` for each registered game at "<address>/<id:<kind>_pk>/<route>", named
    "<kind>_<name>" ("session_table"); it is called with the game's `kind` and its id."""
    return [
        path(
            f"{game_kind.address}/<id:{game_kind.kind}_pk>/{route}",
            view,
            {"kind": game_kind.kind},
            name=f"{game_kind.kind}_{name}",
        )
        for game_kind in games.every_kind()
    ]


def game_routes(address: str, kind: str, new, page, **pages) -> list:
    """A kind of game's pages under its group: `new` at "<address>/new/" ("<kind>_new"), its
    `page` at "<address>/<id:<kind>_pk>/" ("<kind>"), in the group's history its past games
    at "history/<address>/" ("history_<address>") and one of them at
    "history/<address>/<id:<kind>_pk>/" ("history_<kind>"), as its `history` says
    (core/web/views.py, `past_games` and `past_game`); and each of its own `pages`, given as
    name=(route, view), at "<address>/<id:<kind>_pk>/<route>"."""
    game, of_kind = f"{address}/<id:{kind}_pk>/", {"kind": kind}
    routes = [path(f"{address}/new/", new, name=f"{kind}_new"), path(game, page, name=kind)]
    routes += [path(game + route, view, name=name) for name, (route, view) in pages.items()]
    routes.append(path(f"history/{address}/", past_games, of_kind, name=f"history_{address}"))
    return [*routes, path(f"history/{game}", past_game, of_kind, name=f"history_{kind}")]
