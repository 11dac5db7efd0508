"""A followed page's stream opened on the app as an ASGI server opens it (asgiref's
ApplicationCommunicator drives `cardtable.asgi.application`), for the tests of the streams."""

from urllib.parse import urlsplit

from asgiref.sync import async_to_sync
from asgiref.testing import ApplicationCommunicator
from django.urls import reverse

from cardtable.asgi import application
from core.live import live_token

WITHIN = 5  # seconds between two pieces of a stream: a failing test's guard, not its pace


def stream_url(kind: str, pk: int) -> str:
    return reverse("live_stream", args=[live_token(kind, pk)])


class Stream:
    """One phone's stream at `url`, from `address`."""

    def __init__(self, url: str, headers: dict | None = None, address: str = "192.0.2.1"):
        parts = urlsplit(url)
        headers = {"host": "testserver"} | {
            name.lower(): value for name, value in (headers or {}).items()
        }
        sent = [(name.encode(), value.encode()) for name, value in headers.items()]
        scope = {
            "type": "http",
            "asgi": {"version": "3.0"},
            "http_version": "1.1",
            "method": "GET",
            "scheme": "http",
            "path": parts.path,
            "raw_path": parts.path.encode(),
            "root_path": "",
            "query_string": parts.query.encode(),
            "headers": sent,
            "client": (address, 50000),
            "server": ("testserver", 80),
        }
        self.server = ApplicationCommunicator(application, scope)

    async def open(self) -> dict:
        """The answer's status and headers."""
        await self.server.send_input({"type": "http.request", "body": b""})
        return await self.server.receive_output(WITHIN)

    async def said(self) -> str:
        """The next piece the stream says."""
        return (await self.server.receive_output(WITHIN))["body"].decode()

    async def said_until(self, until: str, said: str = "") -> str:
        while until not in said:
            said += await self.said()
        return said

    async def close(self) -> None:
        """The phone leaves; the stream ends."""
        await self.server.send_input({"type": "http.disconnect"})
        await self.server.wait(WITHIN)


async def refused(stream: Stream) -> int:
    """The status of a stream's answer that is not a stream (it ends at once)."""
    status = (await stream.open())["status"]
    await stream.server.wait(WITHIN)
    return status


def first_pieces(url: str, count: int, headers: dict | None = None) -> tuple[int, list[str]]:
    """The status of the stream at `url` and the first `count` pieces it says (none when it is
    refused); then the reader leaves."""

    async def listen() -> tuple[int, list[str]]:
        stream = Stream(url, headers)
        answer = await stream.open()
        if answer["status"] != 200:
            await stream.server.wait(WITHIN)
            return answer["status"], []
        said = [await stream.said() for _ in range(count)]
        await stream.close()
        return answer["status"], said

    return async_to_sync(listen)()
