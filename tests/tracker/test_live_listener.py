"""One listener in each server process serves all of its streams: one read for every followed
game or group of a kind, and a save made in the process tells its streams at once. Streams are
capped per token, per client address and per process: past a cap the answer is 204, and the
page asks instead."""

from contextlib import contextmanager

import pytest
from asgiref.sync import async_to_sync, sync_to_async
from django.db.backends.utils import CursorWrapper
from django.db.models import F

from core import live_listener
from core.models import Group
from core.versioning import touch_group
from tests.factories import GroupFactory
from tests.live_streams import Stream, refused, stream_url
from tests.tracker.test_live_stream import heard

# The streams read on threads of their own, which see only what is committed.
pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def listener_reads_when_asked(settings, monkeypatch):
    """No Redis, and the listener reads only when a test asks it to."""
    settings.REDIS_URL = ""
    monkeypatch.setattr(live_listener, "CHECK", 3600.0)


@contextmanager
def reads_of(table: str, monkeypatch):
    """The statements that read `table`, from any thread."""
    statements: list[str] = []
    execute = CursorWrapper.execute

    def counted(cursor, sql, params=None):
        if table in sql:
            statements.append(sql)
        return execute(cursor, sql, params)

    monkeypatch.setattr(CursorWrapper, "execute", counted)
    yield statements
    monkeypatch.setattr(CursorWrapper, "execute", execute)


def test_one_read_tells_every_stream_of_the_process(listener_reads_when_asked, monkeypatch):
    groups = GroupFactory.create_batch(3)

    async def follow():
        streams = [Stream(stream_url("group", group.pk) + "?v=0") for group in groups]
        for stream in streams:
            await stream.open()
            await stream.said()  # the retry hint
        await sync_to_async(Group.objects.update)(version=F("version") + 1)
        with reads_of('"tracker_group"', monkeypatch) as reads:
            await live_listener.here().read()
        said = [await stream.said() for stream in streams]
        for stream in streams:
            await stream.close()
        return reads, said

    reads, said = async_to_sync(follow)()
    assert len(reads) == 1
    assert said == ["id: 1\nevent: version\ndata: 1\n\n"] * 3


def test_nothing_followed_nothing_read(listener_reads_when_asked, monkeypatch, group):
    async def read():
        with reads_of('"tracker_group"', monkeypatch) as reads:
            await live_listener.here().read()
        return reads

    assert async_to_sync(read)() == []


def test_a_save_in_this_process_tells_its_streams_at_once(listener_reads_when_asked, group):
    group.refresh_from_db()
    url = stream_url("group", group.pk) + f"?v={group.version}"
    said = heard(url, until="event: version", then=lambda: touch_group(group.pk))
    assert said.endswith(f"data: {group.version + 1}\n\n")


def statuses(*streams: Stream) -> list[int]:
    """The status each stream is answered with, opened one after the other and held open."""

    async def opened():
        found = []
        for stream in streams:
            answer = await stream.open()
            found.append(answer["status"])
            if answer["status"] != 200:
                await stream.server.wait()
        for stream, status in zip(streams, found, strict=True):
            if status == 200:
                await stream.close()
        return found

    return async_to_sync(opened)()


def test_past_the_streams_of_one_token_the_answer_is_204(settings, group):
    settings.LIVE_STREAMS_PER_TOKEN = 2
    url = stream_url("group", group.pk)
    streams = [Stream(url, address=f"192.0.2.{n}") for n in (1, 2, 3)]
    assert statuses(*streams) == [200, 200, 204]


def test_past_the_streams_of_one_address_the_answer_is_204(settings):
    settings.LIVE_STREAMS_PER_ADDRESS = 2
    urls = [stream_url("group", group.pk) for group in GroupFactory.create_batch(3)]
    assert statuses(*(Stream(url, address="192.0.2.1") for url in urls)) == [200, 200, 204]


def test_past_the_streams_of_one_process_the_answer_is_204(settings):
    settings.LIVE_STREAMS_PER_WORKER = 2
    urls = [stream_url("group", group.pk) for group in GroupFactory.create_batch(3)]
    streams = [Stream(url, address=f"192.0.2.{n}") for n, url in enumerate(urls)]
    assert statuses(*streams) == [200, 200, 204]


def test_a_stream_that_ended_frees_its_place(settings, group):
    settings.LIVE_STREAMS_PER_TOKEN = 1
    url = stream_url("group", group.pk)
    assert statuses(Stream(url)) == [200]
    assert statuses(Stream(url)) == [200]


def test_behind_a_proxy_the_address_is_the_one_it_forwards(settings):
    settings.LIVE_STREAMS_PER_ADDRESS, settings.TRUSTED_PROXY_COUNT = 1, 1
    urls = [stream_url("group", group.pk) for group in GroupFactory.create_batch(2)]
    one, other = ({"X-Forwarded-For": f"198.51.100.{n}"} for n in (1, 2))
    streams = [Stream(urls[0], one, "10.0.0.1"), Stream(urls[1], other, "10.0.0.1")]
    assert statuses(*streams) == [200, 200]


def test_a_forged_or_unknown_token_or_the_stream_off_is_404(settings, group):
    forged = stream_url("group", group.pk).replace("/stream/", "abc/stream/")
    unknown = stream_url("group", group.pk + 1000)
    assert async_to_sync(refused)(Stream(forged)) == 404
    assert async_to_sync(refused)(Stream(unknown)) == 404
    settings.LIVE_STREAM = False
    assert async_to_sync(refused)(Stream(stream_url("group", group.pk))) == 404
