"""Two app servers on one database, served as `make run` serves (uvicorn): a save made through
one is heard by a page's stream open on the other, whether the servers share a Redis (its
subscription tells each process) or only the database (each process reads the versions)."""

import html
import os
import re
import sys
import urllib.request
from pathlib import Path

import pytest

from tests.test_cache_may_fail import REDIS, Redis
from tests.test_two_servers import (
    Phone,
    first_paid_form,
    free_port,
    servers_of,
    stopped,
    with_the_demo,
)

UVICORN = Path(sys.executable).with_name("uvicorn")
STREAM = re.compile(r'data-version="(\d+)" data-stream="([^"]+)"')

# Real servers started: make test and CI run it, make check does not.
pytestmark = [
    pytest.mark.servers,
    pytest.mark.skipif(
        sys.platform == "win32" or not UVICORN.exists(), reason="needs uvicorn, on Unix"
    ),
]


def uvicorns(env: dict, count: int) -> tuple[list, list[str]]:
    """`count` uvicorn servers, one process each, answering; their addresses."""
    serving = {**env, "DJANGO_CONN_MAX_AGE": "0"}  # as `make run` serves
    return servers_of(
        serving, count, lambda port: [UVICORN, "cardtable.asgi:application", "--port", str(port),
                                      "--log-level", "warning", "--timeout-graceful-shutdown", "1"],
    )  # fmt: skip


@pytest.fixture(params=["database", "redis"])
def two_servers(request, tmp_path):
    """Two uvicorn servers on one SQLite database with the demo group, sharing a Redis or not."""
    env = {**os.environ, "DATABASE_URL": f"sqlite:///{tmp_path / 'db.sqlite3'}"}
    env |= {"DJANGO_DEBUG": "1", "REDIS_URL": ""}
    redis = None
    if request.param == "redis":
        if REDIS is None:
            pytest.skip("needs redis-server")
        redis = Redis(free_port())
        redis.start()
        env["REDIS_URL"] = f"redis://127.0.0.1:{redis.port}/0"
    with_the_demo(env)
    servers, urls = uvicorns(env, 2)
    try:
        yield urls
    finally:
        stopped(servers)
        if redis:
            redis.stop()


def stream_of(phone: Phone, path: str):
    """The stream the page at `path` follows, opened as its page opens it."""
    page = phone.get(path).content.decode()
    version, stream = STREAM.search(page).groups()
    return urllib.request.urlopen(f"{phone.server}{html.unescape(stream)}?v={version}", timeout=10)


def test_a_payment_saved_on_one_server_is_heard_by_a_stream_on_the_other(two_servers):
    phone_a, phone_b = Phone(two_servers[0]), Phone(two_servers[1])
    phone_a.log_in("demo", "cards-on-the-table")
    phone_b.with_cookies_of(phone_a)
    stream = stream_of(phone_b, "/groups/1/balances/")
    assert stream.readline() == b"retry: 3000\n" and stream.readline() == b"\n"
    assert phone_a.post(first_paid_form(phone_a)).status == 302
    assert stream.readline().startswith(b"id: ")
    assert stream.readline() == b"event: version\n"
    stream.close()
