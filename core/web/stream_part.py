"""A new version's live part, sent down the stream (core/web/live_stream.py) so that a phone
following a tap makes no request for it.

The page's own address (the stream's ?page=) is read through Django for the stream's reader, with
his cookies and language, as htmx reads it (HX-Request): the same view, permission check and
shared render answer it (core/web/shared_part.py: rendered once per version for each role and
language, the reader's own tokens filled in). Only a 200 that shows the stream's own game or
group (its marker says so) is sent; anything else, and a part past `MOST_BYTES`, leaves
the stream telling the version alone, and the page fetches its part as before.

The first reader of a game's new version in a process reads it alone (`Listener.reading`), so
that it renders the part; the others then read side by side and find it in the shared cache.
The messages waiting for a reader are left for the page he opens next (`STREAM_READ`,
`core.web.views.waiting_notices`).
"""

import asyncio
import io
import re
from urllib.parse import parse_qs, unquote

from django.core.exceptions import DisallowedHost
from django.core.handlers.asgi import ASGIRequest

from core.live import read_token

MOST_PAGE = 512  # characters of a page's address
MOST_BYTES = 64 * 1024  # a live part larger than this is fetched by the page instead
SECONDS = 5.0  # a part not read by then is fetched by the page instead
STREAM_READ = "cardtable.stream_read"  # in the scope of a page read for a stream
# What of the stream's request the page's read carries: who reads, in which language, and how
# he reached the server.
CARRIED = {b"cookie", b"accept-language", b"user-agent", b"host"}
CARRIED |= {b"x-forwarded-for", b"x-forwarded-proto", b"x-forwarded-host"}
LIVE_MARKER = re.compile(r'<div hidden data-live="[^"]*/live/(?P<token>[^/"]+)/"')
SCOPE_KEYS = ("type", "asgi", "http_version", "scheme", "root_path", "client", "server")


def host_allowed(scope) -> bool:
    """Whether the request's host is one of ALLOWED_HOSTS, checked as Django checks it."""
    try:
        ASGIRequest({**scope, "method": "GET"}, body_file=io.BytesIO()).get_host()
    except DisallowedHost:
        return False
    return True


def page_of(scope) -> str | None:
    """The address of the page that holds the stream (?page=), when it is one of this site's."""
    page = parse_qs(scope["query_string"].decode("latin-1")).get("page", [""])[-1]
    if not page.startswith("/") or page.startswith("//") or "\\" in page:
        return None
    return page if len(page) <= MOST_PAGE else None


class Answer:
    """What Django answers one read: the request has no body, and its reader never leaves."""

    def __init__(self):
        self.status = 0
        self.body = bytearray()
        self.asked = False

    async def receive(self) -> dict:
        if not self.asked:
            self.asked = True
            return {"type": "http.request", "body": b"", "more_body": False}
        await asyncio.Event().wait()  # Django stops listening once it has answered
        return {"type": "http.disconnect"}

    async def send(self, message: dict) -> None:
        if message["type"] == "http.response.start":
            self.status = message["status"]
        elif message["type"] == "http.response.body":
            self.body += message.get("body", b"")


async def read_part(django_application, scope, page: str, followed) -> str | None:
    """The live part of `page` for the reader of the stream of `scope`; None when it is not one
    that shows the stream's own game or group (`followed`), or not read in time."""
    path, _, query = page.partition("?")
    carried = [(name, value) for name, value in scope["headers"] if name in CARRIED]
    read = {key: scope[key] for key in SCOPE_KEYS if key in scope}
    read |= {"method": "GET", "path": unquote(path), "raw_path": path.encode("latin-1")}
    read |= {"query_string": query.encode("latin-1"), STREAM_READ: True}
    read["headers"] = [*carried, (b"hx-request", b"true")]
    answer = Answer()
    try:
        await asyncio.wait_for(django_application(read, answer.receive, answer.send), SECONDS)
    except TimeoutError:
        return None
    if answer.status != 200 or len(answer.body) > MOST_BYTES:
        return None
    part = answer.body.decode("utf-8", errors="replace")
    return part if follows(part) == followed else None


def follows(part: str) -> tuple[str, int] | None:
    """What the live part follows, read from its marker (`live_marker`)."""
    marker = LIVE_MARKER.search(part)
    return read_token(marker["token"]) if marker else None


def part_event(version: int, part: str) -> str:
    """The event that carries the live part of `version`: one data line for each of its lines
    (the browser joins them again with line feeds)."""
    lines = part.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    data = "".join(f"data: {line}\n" for line in lines)
    return f"id: {version}\nevent: part\n{data}\n"
