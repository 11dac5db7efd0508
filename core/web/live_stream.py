"""What a followed page's stream says (the view is `stream` in core/web/views.py): a hint of
how soon to come back when the line drops, the version at once when the page shows another, then
each new version, and a comment now and then so no proxy takes the quiet for a dead line.

The stream only tells versions: what a page shows is read from the database, as before. With
REDIS_URL it hears each change from Redis (core/live.py announces it after the commit),
so any app server's stream hears any server's save; without, it reads the version itself twice a
second, one indexed query."""

import asyncio
import logging
import time
from collections.abc import AsyncIterator

import redis.asyncio
from asgiref.sync import sync_to_async
from django.conf import settings
from django.db import connection

from core.live import channel, current_version

RETRY_MS = 3000  # how soon a browser opens a dropped stream again
KEEP_ALIVE = 20.0
CHECK = 0.5

logger = logging.getLogger(__name__)


def _read_and_close(kind: str, pk: int) -> int | None:
    # An open stream holds no database connection between reads: a thousand idle phones are
    # not a thousand connections.
    try:
        return current_version(kind, pk)
    finally:
        connection.close()


# Not tied to the stream's own thread (each would hold one per open stream): a few shared
# threads read for every stream.
read_version = sync_to_async(_read_and_close, thread_sensitive=False)


def event(version: int) -> str:
    return f"id: {version}\nevent: version\ndata: {version}\n\n"


async def versions(kind: str, pk: int, shown: str) -> AsyncIterator[str]:
    """The stream of a page of (kind, pk) that shows version `shown`; it ends when the game or
    group is gone."""
    yield f"retry: {RETRY_MS}\n\n"
    told, quiet_since = shown, time.monotonic()
    heard = _heard if settings.REDIS_URL else _read
    async for version in heard(kind, pk):
        if version is None:
            return
        if str(version) != told:
            told = str(version)
            yield event(version)
        elif time.monotonic() - quiet_since < KEEP_ALIVE - CHECK:
            continue
        else:
            yield ": still here\n\n"
        quiet_since = time.monotonic()


async def _read(kind: str, pk: int) -> AsyncIterator[int | None]:
    while True:
        yield await read_version(kind, pk)
        await asyncio.sleep(CHECK)


async def _heard(kind: str, pk: int) -> AsyncIterator[int | None]:
    """The version once subscribed (a change committed before is not missed), then each one
    announced; read again at each keep-alive, in case an announcement was lost. While Redis does
    not answer, the stream reads the version itself and asks Redis again a keep-alive later."""
    while True:
        client = redis.asyncio.Redis.from_url(settings.REDIS_URL, socket_connect_timeout=2)
        try:
            async with client.pubsub() as pubsub:
                await pubsub.subscribe(channel(kind, pk))
                yield await read_version(kind, pk)
                while True:
                    message = await pubsub.get_message(
                        ignore_subscribe_messages=True, timeout=KEEP_ALIVE
                    )
                    yield int(message["data"]) if message else await read_version(kind, pk)
        except redis.RedisError as error:
            logger.warning("live: Redis does not answer, the stream reads versions: %s", error)
        finally:
            await client.aclose()
        until = time.monotonic() + KEEP_ALIVE
        async for version in _read(kind, pk):
            yield version
            if time.monotonic() >= until:
                break
