"""Pages cost the same number of queries whatever the length of the history."""

import pytest
from django.core.cache import cache
from django.db import connection
from django.test.utils import CaptureQueriesContext

from core import recording
from tracker.cutthroat import services as tournaments
from tracker.cutthroat.models import Hand


def tournament_with_hands(group, players, alice, count):
    tournament = tournaments.start(
        group, players[:3], {"preset": "official", "target": 5000}, alice
    )
    Hand.objects.bulk_create(
        Hand(
            tournament=tournament,
            number=n,
            bids=[5, 5, 5],
            tricks=[5, 5, 7],
            jacks={"JD": 0, "JC": 1},
        )
        for n in range(1, count + 1)
    )
    recording.catch_up(tournament)
    return tournament


def queries_for(client, url):
    cache.clear()  # what rendering the page costs, not reading it back
    with CaptureQueriesContext(connection) as queries:
        assert client.get(url).status_code == 200
    return len(queries)


@pytest.mark.parametrize("page", ["tournament", "group"])
def test_a_page_costs_the_same_with_3_or_60_hands(as_bob, group, players, alice, page):
    short = tournament_with_hands(group, players, alice, 3)
    long = tournament_with_hands(group, players, alice, 60)
    urls = {
        "tournament": lambda t: t.get_absolute_url(),
        "group": lambda t: group.get_absolute_url(),
    }
    assert queries_for(as_bob, urls[page](short)) == queries_for(as_bob, urls[page](long))
