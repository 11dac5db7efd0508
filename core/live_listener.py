"""One listener in each server process for all of its open streams (core/web/live_stream.py),
however many: the streams wait, it hears.

With REDIS_URL it holds one subscription to every announced version (`live:*`) and hands each
to this process's streams of that game or group; it reads everything followed once subscribed
(a change committed before is not missed) and again every `READ_AGAIN` seconds, in case an
announcement was lost. While Redis does not answer it reads instead, and asks Redis again
`READ_AGAIN` seconds later. Without Redis it reads the versions of everything followed every
`CHECK` seconds, one query per kind. A save in this process tells its own streams at once
(`tell_here`, from core.live.announce).

It runs as a task of the server's event loop while anything is followed, and not otherwise: an
idle server reads nothing. Its reads run on a shared thread and close their database
connection after, so no stream holds a thread or a connection while it waits.
"""

import asyncio
import contextlib
import logging
import math
import time
from collections import defaultdict

import redis
import redis.asyncio
from asgiref.sync import sync_to_async
from django.conf import settings
from django.db import Error as DatabaseError
from django.db import connection

from core.live import EVERY_CHANNEL, announced_on, current_versions

CHECK = 0.5  # seconds between two reads without Redis
READ_AGAIN = 20.0
READS_AT_ONCE = 2  # live parts read for streams at the same time, each on a thread of Django's

logger = logging.getLogger(__name__)

Followed = tuple[str, int]  # (kind, pk)
UNHEARD = object()


def _read_and_close(followed: dict[str, set[int]]) -> dict[Followed, int | None]:
    """The version of each followed (kind, pk), None for one that is gone: one query per kind."""
    try:
        versions: dict[Followed, int | None] = {}
        for kind, pks in followed.items():
            found = current_versions(kind, pks)
            versions.update({(kind, pk): found.get(pk) for pk in pks})
        return versions
    finally:
        connection.close()


# Not tied to the caller's thread: a few shared threads read for every stream.
read_versions = sync_to_async(_read_and_close, thread_sensitive=False)


async def read_version(kind: str, pk: int) -> int | None:
    return (await read_versions({kind: {pk}}))[kind, pk]


class Follower:
    """One open stream's place in the listener: the version last heard for what it follows,
    and whether its reader has left."""

    def __init__(self, followed: Followed):
        self.followed = followed
        self.version: int | None = None  # None once the game or group is gone
        self.left = False
        self.woken = asyncio.Event()

    def hear(self, version: int | None) -> None:
        self.version = version
        self.woken.set()

    def leave(self) -> None:
        self.left = True
        self.woken.set()


class Listener:
    def __init__(self, loop: asyncio.AbstractEventLoop):
        self.loop = loop
        self.followers: dict[Followed, set[Follower]] = {}
        self.known: dict[Followed, int | None] = {}
        self.reads: dict[Followed, asyncio.Lock] = {}
        self.read_once: dict[Followed, int] = {}  # the last version whose part was read
        self.reads_at_once = asyncio.Semaphore(READS_AT_ONCE)
        self.task: asyncio.Task | None = None
        # Set once the listener hears every announcement (or reads, without Redis): a stream
        # reads its first version after, so no change falls between its read and the listener.
        self.listening = asyncio.Event()

    def follow(self, kind: str, pk: int) -> Follower:
        follower = Follower((kind, pk))
        self.followers.setdefault(follower.followed, set()).add(follower)
        if self.task is None:
            self.listening = asyncio.Event()
            self.task = self.loop.create_task(self.listen())
        return follower

    def forget(self, follower: Follower) -> None:
        followers = self.followers.get(follower.followed, set())
        followers.discard(follower)
        if not followers:
            self.followers.pop(follower.followed, None)
            self.known.pop(follower.followed, None)
            self.reads.pop(follower.followed, None)
            self.read_once.pop(follower.followed, None)
        if not self.followers and self.task is not None:
            self.task.cancel()
            self.task = None

    @contextlib.asynccontextmanager
    async def reading(self, followed: Followed, version: int):
        """Held while a stream reads the live part of `version` of `followed` for its reader
        (core/web/stream_part.py): `READS_AT_ONCE` reads in the process at most. The first
        reader of a version reads it alone, so that it renders the part once; the others wait
        for it without taking a place among those reads, then read side by side, finding the
        part in the shared cache."""
        if self.read_once.get(followed) != version:
            async with self.reads.setdefault(followed, asyncio.Lock()):
                if self.read_once.get(followed) != version:
                    async with self.reads_at_once:
                        yield
                    if followed in self.followers:
                        self.read_once[followed] = version
                    return
        async with self.reads_at_once:
            yield

    def heard(self, followed: Followed, version: int | None) -> None:
        """A version of `followed`: each of its streams is woken when it is new to the listener
        (each stream tells its page only a version the page does not show)."""
        if followed not in self.followers or self.known.get(followed, UNHEARD) == version:
            return
        self.known[followed] = version
        for follower in self.followers[followed]:
            follower.hear(version)

    async def read(self) -> None:
        """Every followed version, read in one query per kind."""
        followed: dict[str, set[int]] = defaultdict(set)
        for kind, pk in self.followers:
            followed[kind].add(pk)
        if not followed:
            return
        try:
            versions = await read_versions(dict(followed))
        except DatabaseError as error:
            logger.warning("live: the versions could not be read: %s", error)
            return
        for each, version in versions.items():
            self.heard(each, version)

    async def listen(self) -> None:
        while True:
            try:
                await self.hear_or_read()
            except Exception:
                # Streams that waited on a stopped listener would tell nothing, and their pages,
                # holding a stream, would not ask: it logs and starts again.
                logger.exception("live: the listener stopped; it starts again")
                await asyncio.sleep(CHECK)

    async def hear_or_read(self) -> None:
        while True:
            if not settings.REDIS_URL:
                self.listening.set()
                await self.read_every_check(math.inf)
            await self.hear_from_redis()
            self.listening.set()  # Redis did not answer: the versions are read meanwhile
            await self.read_every_check(READ_AGAIN)

    async def read_every_check(self, seconds: float) -> None:
        until = time.monotonic() + seconds
        while time.monotonic() < until:
            await asyncio.sleep(CHECK)
            await self.read()

    async def hear_from_redis(self) -> None:
        """Each announced version, until Redis does not answer."""
        client = redis.asyncio.Redis.from_url(settings.REDIS_URL, socket_connect_timeout=2)
        try:
            async with client.pubsub() as pubsub:
                await pubsub.psubscribe(EVERY_CHANNEL)
                self.listening.set()
                read_at = -math.inf
                while True:
                    if time.monotonic() - read_at >= READ_AGAIN:
                        read_at = time.monotonic()
                        await self.read()
                    message = await pubsub.get_message(
                        ignore_subscribe_messages=True, timeout=READ_AGAIN
                    )
                    if message:
                        self.announced(message)
        except redis.RedisError as error:
            logger.warning("live: Redis does not answer, the versions are read: %s", error)
        finally:
            await client.aclose()

    def announced(self, message: dict) -> None:
        followed = announced_on(message["channel"].decode())
        if followed is not None and message["data"].isdigit():
            self.heard(followed, int(message["data"]))


_listening: Listener | None = None


def here() -> Listener:
    """The listener of this process's event loop."""
    global _listening
    loop = asyncio.get_running_loop()
    if _listening is None or _listening.loop is not loop:
        _listening = Listener(loop)
    return _listening


def followed_here(kind: str, pk: int) -> bool:
    """Whether a stream of this process follows (kind, pk); asked from any thread."""
    listening = _listening
    return listening is not None and (kind, pk) in listening.followers


def tell_here(kind: str, pk: int, version: int) -> None:
    """This process's streams of (kind, pk) hear `version`; called from any thread."""
    listening = _listening
    if listening is None:
        return
    # Its event loop may be closed: nothing follows there any more.
    with contextlib.suppress(RuntimeError):
        listening.loop.call_soon_threadsafe(listening.heard, (kind, pk), version)
