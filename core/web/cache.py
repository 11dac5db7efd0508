"""The shared cache, which may fail: with Redis gone, every read is a miss and every write is
dropped, so pages are rendered cold instead of every page answering 500. A process that saw
Redis fail asks it again only every few seconds, so a dead Redis costs a page little; when it
answers again, this process empties it before reading from it, since what the process could not
write or delete meanwhile may be stale there. Sessions are not kept here: a logout whose delete
was dropped would leave a copy other servers still read (settings.SESSION_ENGINE).

Nothing here decides what is recorded: the cache only makes pages faster (README, "Any number
of servers").
"""

import logging

from django.core.cache.backends.redis import RedisCache
from redis.exceptions import RedisError

from core import redis_failures
from core.redis_failures import ASK_AGAIN_AFTER

logger = logging.getLogger(__name__)
__all__ = ["ASK_AGAIN_AFTER", "ForgivingRedisCache"]


def _missed(args, kwargs):
    return None


def _default(args, kwargs):
    """What `get(key, default=None)` gives for a missing key."""
    return args[1] if len(args) > 1 else kwargs.get("default")


def _all_failed(args, kwargs):
    """What `set_many(data)` gives when no key could be written: them all."""
    return list((args[0] if args else kwargs.get("data", {})).keys())


def _not_there(args, kwargs):
    raise ValueError("Key not found: the cache is unavailable")


# Each method of the cache, and what it answers without Redis.
WITHOUT_REDIS = {
    "get": _default,
    "set": _missed,
    "add": lambda args, kwargs: False,
    "touch": lambda args, kwargs: False,
    "delete": lambda args, kwargs: False,
    "get_many": lambda args, kwargs: {},
    "has_key": lambda args, kwargs: False,
    "incr": _not_there,
    "set_many": _all_failed,
    "delete_many": _missed,
    "clear": _missed,
}


class ForgivingRedisCache(RedisCache):
    """Django's RedisCache, answering as an empty cache while Redis does not answer (or failed
    lately for anything else of this process: core/redis_failures.py)."""

    # The caches that missed a write or delete since Redis last answered them (their `where`).
    missed: set = set()

    @property
    def where(self) -> str:
        # RedisCache keeps its server addresses in _servers; the stubs do not declare it.
        servers = self._servers  # type: ignore[attr-defined]
        return ",".join(redis_failures.server_of(url) for url in servers)

    def unavailable(self) -> bool:
        return redis_failures.failed_recently(self.where)

    def _asked(self, name: str, args, kwargs):
        if self.unavailable():
            self.missed.add(self.where)
            return WITHOUT_REDIS[name](args, kwargs)
        try:
            if self.where in self.missed:
                super().clear()  # back: emptied before anything is read from it
                self.missed.discard(self.where)
                logger.warning("cache: Redis answers again; emptied it")
            return getattr(super(), name)(*args, **kwargs)
        except RedisError as error:
            if self.where not in self.missed:
                logger.warning("cache: Redis does not answer, pages are rendered cold: %s", error)
            self.missed.add(self.where)
            redis_failures.failed(self.where)
            return WITHOUT_REDIS[name](args, kwargs)


def _forgiving(name: str):
    def method(self, *args, **kwargs):
        return self._asked(name, args, kwargs)

    method.__name__ = name
    return method


for _name in WITHOUT_REDIS:
    setattr(ForgivingRedisCache, _name, _forgiving(_name))
