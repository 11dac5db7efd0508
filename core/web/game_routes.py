"""Pages every registered game has, each at its games' address under the group followed by
the page's own part ("sessions/<id:session_pk>/table/"), its id named as the game's own pages
name it."""

from django.urls import path

from core import games


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


def game_pk(kind: str, address: dict) -> int:
    """The game's id in an address `for_every_game` made."""
    return address[f"{kind}_pk"]


def game_routes(address: str, kind: str, new, page, past, past_one, **pages) -> list:
    """A kind of game's pages under its group: `new` at "<address>/new/" ("<kind>_new"), its
    `page` at "<address>/<id:<kind>_pk>/" ("<kind>"), in the group's history its `past` games
    at "history/<address>/" ("history_<address>") and `past_one` at
    "history/<address>/<id:<kind>_pk>/" ("history_<kind>"); and each of its own `pages`,
    given as name=(route, view), at "<address>/<id:<kind>_pk>/<route>"."""
    game = f"{address}/<id:{kind}_pk>/"
    routes = [path(f"{address}/new/", new, name=f"{kind}_new"), path(game, page, name=kind)]
    routes += [path(game + route, view, name=name) for name, (route, view) in pages.items()]
    routes.append(path(f"history/{address}/", past, name=f"history_{address}"))
    return [*routes, path(f"history/{game}", past_one, name=f"history_{kind}")]
