"""Every phone at the table follows the game: a page carries a signed address that says which
game (or group) it shows, and asks it every few seconds whether the version changed.

The address is signed, so the question needs no login: one indexed query answers it, which
keeps a table of phones asking every 3 s a rounding error for the server. It tells only a
version number, of the one game or group the signed page was rendered for.

The version a page carries and the version the check answers are both worked out from
`_followed` alone: were they worked out twice, a page that carries one number while the check
answers another would refresh itself every few seconds, for ever.
"""

from functools import reduce
from operator import add

from django.core import signing
from django.db.models import F, Model

from tracker.common import games
from tracker.models import Group

SALT = "live"
# A page left open longer than an evening asks its reader to reload it.
TOKEN_SECONDS = 24 * 60 * 60
GROUP = "group"  # the group's own pages (who owes whom) follow the group's version


def _is_followed(kind: str) -> bool:
    return kind == GROUP or games.kind_named(kind) is not None


def _followed(kind: str) -> tuple[type[Model], tuple[str, ...]]:
    """What a kind of live page follows: its model, and the counters whose sum is its version
    (a game's, as the registry of games declares them)."""
    if kind == GROUP:
        return Group, ("version",)
    game_kind = games.kind_named(kind)
    if game_kind is None:
        raise ValueError(f"no live page follows {kind!r}")
    return game_kind.model, game_kind.followed


def followed(thing) -> tuple[str, int, int]:
    """(kind, pk, version) of the game or group a page shows, its version as the check
    (`current_version`) answers it for the same row."""
    kind = GROUP if isinstance(thing, Group) else games.kind_of(thing).kind
    _model, counters = _followed(kind)
    return kind, thing.pk, sum(getattr(thing, name) for name in counters)


def live_token(kind: str, pk: int) -> str:
    return signing.dumps([kind, pk], salt=SALT, compress=False)


def read_token(token: str) -> tuple[str, int] | None:
    """(kind, pk) of a token this server signed and that has not expired; None otherwise."""
    try:
        kind, pk = signing.loads(token, salt=SALT, max_age=TOKEN_SECONDS)
    except (signing.BadSignature, ValueError, TypeError):
        return None
    return (
        (kind, pk) if isinstance(kind, str) and _is_followed(kind) and isinstance(pk, int) else None
    )


def current_version(kind: str, pk: int) -> int | None:
    model, counters = _followed(kind)
    version = reduce(add, (F(name) for name in counters))
    return model._default_manager.filter(pk=pk).values_list(version, flat=True).first()
