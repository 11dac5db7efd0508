"""Every phone at the table follows the game: a page carries a signed address that says which
game (or group) it shows, and asks it every few seconds whether the version changed.

The address is signed, so the question needs no login: one indexed query answers it, which
keeps a table of phones asking every 3 s a rounding error for the server. It tells only a
version number, of the one game or group the signed page was rendered for.

Where the server can, a page also holds a stream open (core/web/live_stream.py) that tells it
each new version at once, and asks no more while it is open. Once a change commits, `announce`
tells this process's own streams at once, and with REDIS_URL every other app server's through
Redis; without, the other servers' listeners read the version within half a second
(core/live_listener.py).

The version a page carries and the version the check answers are both worked out from
`_followed` alone: were they worked out twice, a page that carries one number while the check
answers another would refresh itself every few seconds, for ever.
"""

import logging
from functools import cache, partial, reduce
from operator import add

import redis
from django.conf import settings
from django.core import signing
from django.db import transaction
from django.db.models import F, Model

from core import games, redis_failures
from core.models import Group

SALT = "live"
# A page left open longer than an evening asks its reader to reload it.
TOKEN_SECONDS = 24 * 60 * 60
GROUP = "group"  # the group's own pages (who owes whom) follow the group's version

logger = logging.getLogger(__name__)


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


def _version_of(counters: tuple[str, ...]):
    return reduce(add, (F(name) for name in counters))


def current_version(kind: str, pk: int) -> int | None:
    model, counters = _followed(kind)
    version = _version_of(counters)
    return model._default_manager.filter(pk=pk).values_list(version, flat=True).first()


def current_versions(kind: str, pks) -> dict[int, int]:
    """The version of each of `pks` of one kind that still exists, in one query."""
    model, counters = _followed(kind)
    rows = model._default_manager.filter(pk__in=pks).values_list("pk", _version_of(counters))
    return dict(rows)


def channel(kind: str, pk: int) -> str:
    """The Redis channel the announcements of (kind, pk) are published on."""
    return f"live:{kind}:{pk}"


EVERY_CHANNEL = "live:*"  # what one process's listener subscribes to


def announced_on(name: str) -> tuple[str, int] | None:
    """(kind, pk) of a `channel` name; None for another name."""
    prefix, _, rest = name.partition(":")
    kind, _, pk = rest.partition(":")
    return (kind, int(pk)) if prefix == "live" and _is_followed(kind) and pk.isdigit() else None


def announce(kind: str, pk: int) -> None:
    """The streams following (kind, pk) hear its version once the change commits: this
    process's own at once, every other app server's through Redis (with REDIS_URL)."""
    if settings.LIVE_STREAM:
        transaction.on_commit(partial(_tell, kind, pk))


@cache
def _publisher(url: str) -> redis.Redis:
    # Short timeouts: a save waits at most this long for a Redis that does not answer.
    return redis.Redis.from_url(url, socket_connect_timeout=0.5, socket_timeout=0.5)


def _tell(kind: str, pk: int) -> None:
    # Imported here: the listener reads this module when it loads.
    from core import live_listener

    here = live_listener.followed_here(kind, pk)
    server = redis_failures.server_of(settings.REDIS_URL) if settings.REDIS_URL else ""
    # A Redis that failed lately is not asked again so soon: the other servers' listeners read
    # the version at their next keep-alive.
    publish = bool(server) and not redis_failures.failed_recently(server)
    if not (here or publish):
        return
    # Read after the commit: two changes committed close together both tell the later version.
    version = current_version(kind, pk)
    if version is None:
        return
    if here:
        live_listener.tell_here(kind, pk, version)
    if publish:
        _publish(server, kind, pk, version)


def _publish(server: str, kind: str, pk: int, version: int) -> None:
    try:
        _publisher(settings.REDIS_URL).publish(channel(kind, pk), version)
    except redis.RedisError as error:
        redis_failures.failed(server)
        logger.warning("live: Redis does not answer, %s %s not announced: %s", kind, pk, error)
