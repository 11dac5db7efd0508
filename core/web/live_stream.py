"""A followed page's stream, answered beside Django (cardtable/asgi.py routes its address here):
a hint of how soon to come back when the line drops, the version at once when the page shows
another, then each new version, and a comment now and then so no proxy takes the quiet for a
dead line. It ends when the game or group is gone.

Each new version comes with the page's live part, read through Django for the stream's reader
(core/web/stream_part.py), so a phone that follows a tap makes no request; when that part cannot
be sent the version comes alone and the page fetches it (static/js/live.js). The stream checks
the host and the signed token and reads the version once; then it waits on this process's listener
(core/live_listener.py), holding no thread and no database connection. Streams are counted per
token, per client address and per process: past the settings' caps the answer is 204, and the
page asks every 3 s instead (static/js/live.js).

A plain ASGI application, not Channels' AsyncHttpConsumer: what the stream needs beyond a few
ASGI messages is the one listener per process (a subscription with Redis, one read for every
stream without, a save telling its own process's streams), which no channel layer gives, so
Channels would add a dependency and its routing for the part that is already simple; and asgiref,
which Django brings, drives this application in the tests as it is.
"""

import asyncio
import time
from collections import Counter
from urllib.parse import parse_qs

from django.conf import settings
from django.urls import Resolver404, resolve

from core import live_listener
from core.live import read_token
from core.web.request_log import HEADER, logged, request_id
from core.web.stream_part import host_allowed, page_of, part_event, read_part
from core.web.throttle import address_of

RETRY_MS = 3000  # how soon a browser opens a dropped stream again
KEEP_ALIVE = 20.0
EVENT_STREAM = [
    (b"content-type", b"text/event-stream"),
    (b"cache-control", b"no-cache"),
    (b"x-accel-buffering", b"no"),  # nginx and the like pass each event on at once
    (b"x-content-type-options", b"nosniff"),
]

# The streams open in this process: ("token", token), ("address", address) and ("process", "").
open_streams: Counter[tuple[str, str]] = Counter()


def streams_beside(django_application):
    """`django_application`, but for a stream's address, which the stream answers."""

    async def application(scope, receive, send):
        token = stream_token(scope)
        if token is None:
            await django_application(scope, receive, send)
        else:
            await answer_stream(scope, receive, send, token, django_application)

    return application


def stream_token(scope) -> str | None:
    """The token of a GET of the `live_stream` address (cardtable/urls.py); None otherwise."""
    if scope["type"] != "http" or scope["method"] != "GET":
        return None
    path = scope["path"].removeprefix(scope.get("root_path", ""))
    if not (path.startswith("/live/") and path.endswith("/stream/")):
        return None
    try:
        match = resolve(path)
    except Resolver404:
        return None
    return match.kwargs["token"] if match.url_name == "live_stream" else None


def header(scope, name: bytes) -> str:
    """A request header's value (several of the same name joined by commas, as Django does)."""
    return ",".join(value.decode("latin-1") for key, value in scope["headers"] if key == name)


async def answer_stream(scope, receive, send, token: str, django_application) -> None:
    began, sent_as = time.perf_counter(), request_id(header(scope, HEADER.lower().encode()))

    async def answer(status: int, headers: list, body: bytes = b"", more: bool = False) -> None:
        headers = [*headers, (HEADER.lower().encode(), sent_as.encode())]
        await send({"type": "http.response.start", "status": status, "headers": headers})
        await send({"type": "http.response.body", "body": body, "more_body": more})
        logged("GET", scope["path"], status, began, sent_as)

    # The caps first: a flood of streams past them is refused before any other work.
    client = scope.get("client")
    address = address_of(client[0] if client else None, header(scope, b"x-forwarded-for"))
    counted = [("token", token), ("address", address or ""), ("process", "")]
    caps = (
        settings.LIVE_STREAMS_PER_TOKEN,
        settings.LIVE_STREAMS_PER_ADDRESS,
        settings.LIVE_STREAMS_PER_WORKER,
    )
    if any(open_streams[each] >= cap for each, cap in zip(counted, caps, strict=True)):
        return await answer(204, [])
    if not host_allowed(scope):
        return await answer(400, [(b"content-type", b"text/plain")], b"Bad request")
    followed = read_token(token)
    if followed is None or not settings.LIVE_STREAM:
        return await answer(404, [(b"content-type", b"text/plain")], b"No such page")
    open_streams.update(counted)
    listener = live_listener.here()
    follower, streaming = listener.follow(*followed), False
    try:
        await listener.listening.wait()
        version = await live_listener.read_version(*followed)
        if version is None:
            return await answer(404, [(b"content-type", b"text/plain")], b"No such page")
        shown = header(scope, b"last-event-id") or shown_by_address(scope)
        await answer(200, EVENT_STREAM, f"retry: {RETRY_MS}\n\n".encode(), more=True)
        streaming = True
        await tell(
            follower,
            shown,
            version,
            receive,
            send,
            news_for(scope, listener, django_application),
        )
    except asyncio.CancelledError:
        # The server stops, its graceful time over: the stream ends, and the page opens it
        # again on the next server.
        if streaming:
            await send({"type": "http.response.body", "body": b"", "more_body": False})
    finally:
        listener.forget(follower)
        open_streams.subtract(counted)
        for each in counted:
            if open_streams[each] <= 0:
                del open_streams[each]


def shown_by_address(scope) -> str:
    """The version the page shows, from its ?v=."""
    return parse_qs(scope["query_string"].decode("latin-1")).get("v", [""])[-1]


def event(version: int) -> str:
    return f"id: {version}\nevent: version\ndata: {version}\n\n"


def news_for(scope, listener, django_application):
    """What the stream says of a new version: the event with its page's live part, or, when
    that cannot be sent, the version alone."""
    page = page_of(scope)

    async def news(followed, version: int) -> str:
        if page is None:
            return event(version)
        async with listener.reading(followed, version):
            part = await read_part(django_application, scope, page, followed)
        return event(version) if part is None else part_event(version, part)

    return news


async def tell(follower, shown: str, version: int, receive, send, news) -> None:
    """The page's stream from `version` on, until the reader leaves or the game is gone."""

    async def say(text: str) -> None:
        await send({"type": "http.response.body", "body": text.encode(), "more_body": True})

    leaving = asyncio.ensure_future(left(receive, follower))
    try:
        told = shown
        if str(version) != told:
            told = str(version)
            await say(await news(follower.followed, version))
        quiet_since = time.monotonic()
        while True:
            woken = await woken_within(follower, quiet_since + KEEP_ALIVE - time.monotonic())
            if follower.left:
                return
            if not woken:
                await say(": still here\n\n")
            elif follower.version is None:
                await send({"type": "http.response.body", "body": b"", "more_body": False})
                return
            elif str(follower.version) != told:
                told = str(follower.version)
                await say(await news(follower.followed, follower.version))
            else:
                continue
            quiet_since = time.monotonic()
    finally:
        leaving.cancel()


async def woken_within(follower, seconds: float) -> bool:
    try:
        await asyncio.wait_for(follower.woken.wait(), max(seconds, 0))
    except TimeoutError:
        return False
    follower.woken.clear()
    return True


async def left(receive, follower) -> None:
    """Wakes `follower` as left once its reader has gone."""
    while (await receive())["type"] != "http.disconnect":
        pass
    follower.leave()
