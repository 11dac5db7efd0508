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
