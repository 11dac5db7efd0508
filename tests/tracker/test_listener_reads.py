"""The live parts a process reads for its streams: the first reader of a game's new version reads
it alone (it renders the part, the others find it in the cache), then the others read side by
side; waiting for that first read takes no place among the reads at once, so another game's
readers go on meanwhile."""

import asyncio

from core import live_listener
from core.live_listener import Follower, Listener

TABLE, OTHER_TABLE = ("session", 1), ("session", 2)


def reads(followed_versions: list[tuple], seconds: float = 0.05) -> tuple[list, int]:
    """Each (game, version) read by a stream of its own, each read taking `seconds`: the order
    they started in, and the most read at once."""
    started, now, most = [], [0], [0]

    async def read(listener, followed, version, name):
        async with listener.reading(followed, version):
            started.append(name)
            now[0] += 1
            most[0] = max(most[0], now[0])
            await asyncio.sleep(seconds)
            now[0] -= 1

    async def all_of_them():
        listener = Listener(asyncio.get_running_loop())
        for followed in {followed for followed, _ in followed_versions}:
            listener.followers[followed] = {Follower(followed)}
        await asyncio.gather(
            *(read(listener, *read_of, n) for n, read_of in enumerate(followed_versions))
        )

    asyncio.run(all_of_them())
    return started, most[0]


def test_the_first_reader_of_a_version_reads_alone_then_the_others_side_by_side(monkeypatch):
    monkeypatch.setattr(live_listener, "READS_AT_ONCE", 8)
    started, most = reads([(TABLE, 7)] * 5)
    assert started[0] == 0 and most == 4


def test_readers_waiting_for_a_first_read_leave_room_for_another_game(monkeypatch):
    monkeypatch.setattr(live_listener, "READS_AT_ONCE", 2)
    started, _ = reads([(TABLE, 7)] * 4 + [(OTHER_TABLE, 3)], seconds=0.05)
    assert started[:2] == [0, 4]  # the other table's reader did not wait behind the first


def test_never_more_reads_at_once_than_the_cap(monkeypatch):
    monkeypatch.setattr(live_listener, "READS_AT_ONCE", 2)
    _, most = reads([(TABLE, 7)] * 6)
    assert most == 2


def test_a_new_version_is_read_first_by_one_reader_again():
    started, most = reads([(TABLE, 7), (TABLE, 8)])
    assert started == [0, 1] and most == 1
