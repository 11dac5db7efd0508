"""A followed page holds a stream open: it tells the page's version at once when the page shows
another, then each new one, from Redis when the app servers share one, else read by the
process's listener. The stream is answered beside Django (cardtable/asgi.py); a WSGI server
answers its address 204, and with LIVE_STREAM off there is none: pages ask."""

import re
from functools import partial

import pytest
import redis
from asgiref.sync import async_to_sync, sync_to_async
from django.core import signing
from django.db.models import F
from django.test import AsyncClient
from django.urls import reverse

from core.live import SALT, channel
from core.models import Group
from core.versioning import touch_group
from core.web import live_stream
from tests.live_streams import Stream, stream_url
from tests.test_cache_may_fail import REDIS, Redis
from tests.test_two_servers import free_port
from tracker.catte import board as catte_board
from tracker.catte import rules as catte
from tracker.catte import services

# The stream reads versions on threads of its own, which see only what is committed.
pytestmark = pytest.mark.django_db(transaction=True)


def heard(url: str, until: str, then=None, headers: dict | None = None) -> str:
    """What the stream at `url` says until it has said `until` (5 s at most between two of its
    pieces); `then()` runs once the stream has begun."""

    async def listen() -> str:
        stream = Stream(url, headers)
        answer = await stream.open()
        assert answer["status"] == 200
        assert (b"content-type", b"text/event-stream") in answer["headers"]
        said = await stream.said()
        if then:
            await sync_to_async(then)()
        said = await stream.said_until(until, said)
        await stream.close()
        return said

    return async_to_sync(listen)()


@pytest.fixture
def polling(settings):
    settings.REDIS_URL = ""


def test_a_page_behind_hears_the_version_at_once(polling, group, players, bob):
    session = services.logs.start(group, players, {"stake": "1.00"}, bob)
    services.rounds.record_round(catte_board.load(session), catte.Round(tricks=["An"] * 4), bob)
    said = heard(stream_url("session", session.pk) + "?v=0", until="data: 1\n")
    assert said == "retry: 3000\n\nid: 1\nevent: version\ndata: 1\n\n"


def test_a_browser_coming_back_is_told_only_what_it_missed(polling, group):
    touch_group(group.pk)
    url, back = stream_url("group", group.pk) + "?v=0", {"Last-Event-ID": "1"}
    said = heard(url, until="data: 2\n", then=lambda: touch_group(group.pk), headers=back)
    assert said == "retry: 3000\n\nid: 2\nevent: version\ndata: 2\n\n"


def test_a_round_saved_while_streaming_arrives(polling, group, players, bob):
    session = services.logs.start(group, players, {"stake": "1.00"}, bob)
    round_ = catte.Round(tricks=["An"] * 4)

    def save():
        services.rounds.record_round(catte_board.load(session), round_, bob)

    said = heard(stream_url("session", session.pk) + "?v=0", until="data: 1\n", then=save)
    assert said == "retry: 3000\n\nid: 1\nevent: version\ndata: 1\n\n"


def test_a_quiet_stream_says_it_is_still_there(polling, group, monkeypatch):
    monkeypatch.setattr(live_stream, "KEEP_ALIVE", 1.0)
    said = heard(stream_url("group", group.pk) + "?v=0", until=": still here\n\n")
    assert said == "retry: 3000\n\n: still here\n\n"


def test_a_forged_or_unknown_token_is_404_even_for_an_outsider(as_dave, group):
    forged = stream_url("group", group.pk).replace("/stream/", "abc/stream/")
    unknown = stream_url("group", group.pk + 1000)
    assert as_dave.get(forged).status_code == 404 and as_dave.get(unknown).status_code == 404
    answer = async_to_sync(AsyncClient().get)(forged)
    assert answer.status_code == 404


def test_a_wsgi_server_answers_204_and_the_page_asks(client, group):
    assert client.get(stream_url("group", group.pk) + "?v=0").status_code == 204


def test_with_the_stream_off_pages_carry_no_stream_and_it_is_404(settings, as_carol, group):
    settings.LIVE_STREAM = False
    page = as_carol.get(reverse("balances", args=[group.pk])).content.decode()
    assert "data-live=" in page and "data-stream=" not in page
    assert async_to_sync(AsyncClient().get)(stream_url("group", group.pk)).status_code == 404


def test_with_the_stream_on_pages_say_where_it_is(as_carol, group):
    page = as_carol.get(reverse("balances", args=[group.pk])).content.decode()
    # The token is signed with the second it was made in: the group's, whenever that was.
    token = re.search(r'data-stream="/live/([^/"]+)/stream/"', page)[1]
    assert signing.loads(token, salt=SALT) == ["group", group.pk]


@pytest.fixture
def redis_server(settings):
    if REDIS is None:
        pytest.skip("redis-server is not installed")
    server = Redis(free_port())
    server.start()
    settings.REDIS_URL = f"redis://127.0.0.1:{server.port}/0"
    yield server
    server.stop()


def changed_on_another_server(group, announced_on: str = "") -> None:
    """The group's version goes up on another app server, which announces it on the Redis at
    `announced_on` (if any): no stream of this process is told by the save itself."""
    Group.objects.filter(pk=group.pk).update(version=F("version") + 1)
    if announced_on:
        redis.Redis.from_url(announced_on).publish(channel("group", group.pk), group.version + 1)


def test_with_redis_a_committed_change_is_announced_to_the_stream(settings, redis_server, group):
    # The listener reads only every 20 s: the version within 5 s came from Redis.
    group.refresh_from_db()
    url = stream_url("group", group.pk) + f"?v={group.version}"
    then = partial(changed_on_another_server, group, announced_on=settings.REDIS_URL)
    said = heard(url, until="event: version", then=then)
    assert said.endswith(f"data: {group.version + 1}\n\n")


def test_with_redis_not_answering_the_stream_reads_the_versions_itself(settings, group):
    settings.REDIS_URL = f"redis://127.0.0.1:{free_port()}/0"  # nothing listens there
    group.refresh_from_db()
    url = stream_url("group", group.pk) + f"?v={group.version}"
    said = heard(url, until="event: version", then=lambda: changed_on_another_server(group))
    assert said.endswith(f"data: {group.version + 1}\n\n")
