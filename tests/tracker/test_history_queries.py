"""The history pages cost the same number of queries for a short or a long history.

A short history: one tournament of 3 hands and one session of 3 rounds. A long one adds eleven
of each with 64 hands or rounds (more than a page of ten; 1,400 rows in all). Every hand:
An bids 6 and takes 6 with J♦ (70), Bình 5 with J♣ (60), Chi 5 and takes 6 (50), so An wins
a game every 8 hands; every round An sweeps.
"""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from core import recording
from tracker.catte import services
from tracker.catte.models import Round
from tracker.cutthroat import services as tournaments
from tracker.cutthroat.models import Hand

RULES = {"preset": "official", "wins_needed": 1000}


def history(group, players, user, count: int, length: int):
    """`count` tournaments of `length` hands and as many sessions of `length` rounds."""
    for _ in range(count):
        tournament = tournaments.start(group, players[:3], RULES, user)
        Hand.objects.bulk_create(
            Hand(
                tournament=tournament,
                number=n,
                bids=[6, 5, 5],
                tricks=[6, 5, 6],
                jacks={"JD": 0, "JC": 1},
            )
            for n in range(1, length + 1)
        )
        recording.catch_up(tournament)
        session = services.logs.start(group, players, {"stake": "1.00"}, user)
        Round.objects.bulk_create(
            Round(session=session, number=n, entry={"tricks": [0, 0, 0, 0]})
            for n in range(1, length + 1)
        )
        recording.catch_up(session)
    return tournament, session


def url_for(name, group, tournament, session, players) -> str:
    kwargs = {
        "history_tournament": {"tournament_pk": tournament.pk},
        "history_session": {"session_pk": session.pk},
        "player_stats": {"player_pk": players[0].pk},
    }.get(name, {})
    return reverse(name, kwargs={"pk": group.pk, **kwargs})


def queries_for(client, url) -> int:
    with CaptureQueriesContext(connection) as queries:
        assert client.get(url).status_code == 200
    return len(queries)


@pytest.mark.parametrize(
    "name",
    [
        "history_tournaments",
        "history_tournament",
        "history_sessions",
        "history_session",
        "player_stats",
        "ratings",
        "seasons",
    ],
)
def test_a_page_costs_the_same_for_a_short_or_a_long_history(as_carol, group, players, alice, name):
    short = queries_for(
        as_carol, url_for(name, group, *history(group, players, alice, 1, 3), players)
    )
    long = queries_for(
        as_carol, url_for(name, group, *history(group, players, alice, 11, 64), players)
    )
    assert short == long
