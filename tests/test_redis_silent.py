"""With Redis not answering, a save asks it at most once, so it waits for at most one timeout (half
a second, as README says): the cache and the announcement of the new version share what failed."""

import socket

import pytest
from django.test import override_settings
from redis.connection import AbstractConnection

from core import redis_failures
from tracker.catte import board as catte_board
from tracker.catte import rules as catte
from tracker.catte import services


def closed_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]  # nothing listens there once the probe is closed


@pytest.fixture
def silent_redis(monkeypatch):
    """Redis, cache and announcements, at a port nothing answers; each connect tried, counted."""
    url = f"redis://127.0.0.1:{closed_port()}/0"
    cache = {"BACKEND": "core.web.cache.ForgivingRedisCache", "LOCATION": url}
    attempts = []
    connect = AbstractConnection.connect
    monkeypatch.setattr(
        AbstractConnection, "connect", lambda self: [attempts.append(1), connect(self)]
    )
    monkeypatch.setattr(redis_failures, "failed_at", {})
    with override_settings(REDIS_URL=url, LIVE_STREAM=True, CACHES={"default": cache}):
        yield attempts


def test_a_saved_round_asks_a_silent_redis_once_for_its_two_announcements(
    silent_redis, group, players, bob, django_capture_on_commit_callbacks
):
    session = services.logs.start(group, players, {"stake": "1.00"}, bob)
    silent_redis.clear()
    redis_failures.failed_at.clear()
    with django_capture_on_commit_callbacks(execute=True):  # the group's version, the session's
        services.rounds.record_round(catte_board.load(session), catte.Round(tricks=["An"] * 4), bob)
    assert len(silent_redis) == 1


def test_a_page_after_the_save_does_not_ask_a_redis_that_just_failed(
    silent_redis, as_carol, group, players, bob, django_capture_on_commit_callbacks
):
    session = services.logs.start(group, players, {"stake": "1.00"}, bob)
    with django_capture_on_commit_callbacks(execute=True):
        services.rounds.record_round(catte_board.load(session), catte.Round(tricks=["An"] * 4), bob)
    silent_redis.clear()
    assert as_carol.get(session.get_absolute_url()).status_code == 200
    assert silent_redis == []


def test_readme_says_a_save_waits_for_redis_at_most_once():
    with open("README.md", encoding="utf-8") as readme:
        words = " ".join(readme.read().split())
    assert "a save waits for Redis at most once, half a second at most" in words
