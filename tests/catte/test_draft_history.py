"""The taps of a round being entered are changes like any other: each is in the session's
history, and the session's page folds a round's taps into the latest of them."""

import re

import pytest
from django.test import Client

from core.changes import changes_of
from tests.catte.test_entry import page_of, press, tap_through
from tests.conftest import client_for
from tracker.catte import services

PLAIN = {"stake": "1.00"}


@pytest.fixture
def session(group, bob, players):
    return services.logs.start(group, players, PLAIN, bob)


@pytest.fixture
def phones(alice, bob):
    return client_for(Client(), alice), client_for(Client(), bob)


def history_of(client, session, every: bool = False) -> list[str]:
    html = client.get(session.get_absolute_url(), {"all": 1} if every else {}).content.decode()
    section = html[html.index('id="changes"') :]
    return re.findall(r"<li><span>([^<]+)<br>", section)


def test_each_tap_is_in_the_history_with_who_tapped(phones, session):
    alice, _ = phones
    tap_through(alice, session, ["t1", "t0"])
    changes = changes_of(session).order_by("pk")
    assert [change.action for change in changes] == ["start", "draft", "draft"]
    assert [change.user.username for change in changes[1:]] == ["alice", "alice"]


def test_the_page_shows_a_rounds_taps_as_the_latest_of_them(phones, session):
    alice, _ = phones
    tap_through(alice, session, ["t2", "t2", "t2"])
    assert history_of(alice, session) == [
        "Round 1 being entered, taps so far: 3",
        "Started with An, Bình, Chi, Dũng",
    ]


def test_every_change_lists_each_tap(phones, session):
    alice, _ = phones
    tap_through(alice, session, ["t2", "t2"])
    assert history_of(alice, session, every=True) == [
        "Round 1 being entered, taps so far: 2",
        "Round 1 being entered, taps so far: 1",
        "Started with An, Bình, Chi, Dũng",
    ]


def test_a_saved_round_follows_its_taps_without_a_line_for_emptying_the_draft(phones, session):
    alice, _ = phones
    html = tap_through(alice, session, ["t2"] * 4)
    press(alice, session, html, "save")
    lines = history_of(alice, session)
    assert lines[0].startswith("Round 1: ") and len(lines) == 3
    assert lines[1] == "Round 1 being entered, taps so far: 4"


def test_a_tap_that_came_second_writes_nothing(phones, session):
    alice, bob = phones
    on_alice, on_bob = page_of(alice, session), page_of(bob, session)
    press(alice, session, on_alice, "t0")
    press(bob, session, on_bob, "t1")
    assert changes_of(session).filter(action="draft").count() == 1
