"""The next tournament starts as the group's last one was played: its players in their seats,
its preset with every rule changed from it, and its stakes, one tap on "Start"."""

from decimal import Decimal

import pytest
from django.urls import reverse

from tests.factories import PlayerFactory
from tests.page_forms import form_on, submit
from tracker.cutthroat import services as tournaments
from tracker.cutthroat.models import Tournament

RULES = [
    {"preset": "official"},
    {"preset": "300-per-bag", "target": 100, "wins_needed": 2},
    {"preset": "official", "bags": {"mode": "limit", "limit": 7}, "blind_six_per_game": None},
    {"preset": "300-five-bags", "bags": {"mode": "per_hand"}, "nil_tricks_are_bags": False},
    {"preset": "official", "award_jacks": {"JD": 20, "JH": "bag"}, "moon_tricks": 12},
    {"preset": "500-three-jacks", "award_jacks": {}, "blind_six_behind": 100},
]


@pytest.mark.parametrize("rules", RULES)
def test_the_next_tournament_is_played_as_the_last_one(as_bob, group, players, rules):
    stakes = {"game_stake": Decimal("2.00"), "buy_in": Decimal("5.00")}
    last = tournaments.start(group, players[2::-1], rules, None, "Cup 1", stakes)
    new = form_on(as_bob.get(reverse("tournament_new", args=[group.pk])), text="Start")
    submit(as_bob, new, name="Cup 2")
    following = Tournament.objects.get(name="Cup 2")
    assert following.rules == last.rules
    assert [seat.player.name for seat in following.seats.all()] == ["Chi", "Bình", "An"]
    assert (following.game_stake, following.buy_in) == (Decimal("2.00"), Decimal("5.00"))


def test_five_players_with_jokers_come_back_with_their_jokers(as_bob, group, players):
    table = [*players, PlayerFactory(group=group, name="Em")]
    tournaments.start(group, table, {"preset": "official", "jokers": 3}, None, "Cup 1")
    new = form_on(as_bob.get(reverse("tournament_new", args=[group.pk])), text="Start")
    submit(as_bob, new, name="Cup 2")
    assert Tournament.objects.get(name="Cup 2").rules == {"preset": "official", "jokers": 3}


def test_who_deals_first_offers_the_players_seated_as_last_time(as_bob, group, players):
    tournaments.start(group, players[2::-1], {"preset": "official"}, None, "Cup 1")
    new = form_on(as_bob.get(reverse("tournament_new", args=[group.pk])), text="Start")
    assert "Who deals first (highest card drawn) Chi Bình An Seat 4 Seat 5" in " ".join(
        new.text.split()
    )
