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
import time

from django.core.cache.backends.redis import RedisCache
from redis.exceptions import RedisError

logger = logging.getLogger(__name__)
ASK_AGAIN_AFTER = 5.0  # seconds without asking a Redis that failed


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
    """Django's RedisCache, answering as an empty cache while Redis does not answer."""

    failed_at: dict = {}  # Redis server(s) → when they last failed in this process (monotonic)

    @property
    def where(self) -> str:
        # RedisCache keeps its server addresses in _servers; the stubs do not declare it.
        return ",".join(self._servers)  # type: ignore[attr-defined]

    def unavailable(self) -> bool:
        failed_at = self.failed_at.get(self.where)
        return failed_at is not None and time.monotonic() - failed_at < ASK_AGAIN_AFTER

    def _asked(self, name: str, args, kwargs):
        if self.unavailable():
            return WITHOUT_REDIS[name](args, kwargs)
        try:
            if self.where in self.failed_at:
                super().clear()  # back: emptied before anything is read from it
                del self.failed_at[self.where]
                logger.warning("cache: Redis answers again; emptied it")
            return getattr(super(), name)(*args, **kwargs)
        except RedisError as error:
            if self.where not in self.failed_at:
                logger.warning("cache: Redis does not answer, pages are rendered cold: %s", error)
            self.failed_at[self.where] = time.monotonic()
            return WITHOUT_REDIS[name](args, kwargs)


def _forgiving(name: str):
    def method(self, *args, **kwargs):
        return self._asked(name, args, kwargs)

    method.__name__ = name
    return method


for _name in WITHOUT_REDIS:
    setattr(ForgivingRedisCache, _name, _forgiving(_name))
