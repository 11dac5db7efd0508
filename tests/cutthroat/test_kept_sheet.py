"""The forms a phone needs when its network goes (the tricks after bids kept on it, the hands
after the one the page enters) are held beside the page's live part, not in it: every phone at
the table fetches the live part again after each change, and it stays small. The phone fetches
the sheet again only when its key changes, which a hand played does not do."""

import re

import pytest
from django.urls import reverse

from core import games
from tracker.cutthroat import demo
from tracker.cutthroat import services as tournaments

HTMX = {"HX-Request": "true"}
OFFLINE_FORMS = ('<template id="offline-tricks"', '<template id="offline-next-hand"')
NAMED = re.compile(r'data-kept-sheet="([^"]+)" data-key="([^"]+)"')


@pytest.fixture
def evening(group, players, bob):
    """The demo's table of four: six hands played, the bids of the seventh saved."""
    tournament = tournaments.start(group, players, {"preset": "300-five-bags"}, bob)
    for hand in demo.TOURNAMENT["games"][0]["hands"]:
        tournaments.record_bids(tournaments.load(tournament), hand["bids"], bob)
        board = tournaments.load(tournament)
        jacks = hand["jacks"]
        tournaments.record_tricks(board, board.hands_played + 1, hand["tricks"], jacks, bob)
    bids = {"An": 3, "Bình": 3, "Chi": 3, "Dũng": 3}
    tournaments.record_bids(tournaments.load(tournament), bids, bob)
    return tournament


@pytest.fixture
def demo_tournament(group, bob):
    """The demo's tournament as `manage.py demo` imports it: six hands, the bids of the seventh
    to enter."""
    return games.kind_named("tournament").demo(group, bob)


@pytest.fixture
def tournament(group, players, bob):
    return tournaments.start(group, players[:3], {"preset": "official"}, bob)


def sheet_url(tournament) -> str:
    return reverse("tournament_sheet", args=[tournament.group_id, tournament.pk])


def live_part(client, tournament) -> str:
    return client.get(tournament.get_absolute_url(), headers=HTMX).content.decode()


def test_the_live_part_of_an_evening_is_small(as_bob, evening):
    """50 KB with the offline forms in it; what is left is mostly the tricks' tap grids and
    the played hands."""
    assert len(live_part(as_bob, evening).encode()) <= 16_384


def test_the_live_part_of_the_demo_s_tournament_is_small(as_bob, demo_tournament):
    """19.6 KB with ids on the bids' 73 tap buttons, and the rules and the links to the other
    views in it."""
    assert len(live_part(as_bob, demo_tournament).encode()) <= 16_384


def test_the_rules_and_the_other_views_are_below_the_live_part_not_in_it(as_bob, evening):
    page = as_bob.get(evening.get_absolute_url()).content.decode()
    below = page.split("<!--/kept-part:entry-->")[1]
    for shown in ("Rules in force", "Table view", "Export log", "Charts"):
        assert shown in below and shown not in live_part(as_bob, evening)


def test_the_offline_forms_are_in_the_page_and_the_sheet_not_in_the_live_part(as_bob, tournament):
    page = as_bob.get(tournament.get_absolute_url()).content.decode()
    sheet = as_bob.get(sheet_url(tournament)).content.decode()
    refreshed = live_part(as_bob, tournament)
    for form in OFFLINE_FORMS:
        assert form in page.split('id="kept-sheet"')[1] and form in sheet
        assert form not in refreshed


def test_the_live_part_names_the_sheet_the_page_holds(as_bob, tournament):
    page = as_bob.get(tournament.get_absolute_url()).content.decode()
    url, key = NAMED.search(live_part(as_bob, tournament)).groups()
    assert url == sheet_url(tournament)
    assert f'<div id="kept-sheet" data-key="{key}">' in page


def keys_around_hand_1(client, bob, tournament, bids: list, tricks: list) -> tuple:
    """The sheet's key the live part names before and after hand 1 of An, Bình and Chi (bids
    and tricks in seat order), An caught the J♦ and Bình the J♣."""
    before = NAMED.search(live_part(client, tournament))[2]
    names = ["An", "Bình", "Chi"]
    bid = dict(zip(names, bids, strict=True))
    tournaments.record_bids(tournaments.load(tournament), bid, bob)
    board = tournaments.load(tournament)
    took, jacks = dict(zip(names, tricks, strict=True)), {"JD": "An", "JC": "Bình"}
    tournaments.record_tricks(board, 1, took, jacks, bob)
    return before, NAMED.search(live_part(client, tournament))[2]


def test_a_hand_played_leaves_the_sheet_as_it_was(as_bob, bob, tournament):
    before, after = keys_around_hand_1(as_bob, bob, tournament, [4, 4, 5], [4, 4, 9])
    assert after == before


def test_the_sheet_is_named_anew_when_a_player_may_bid_a_blind_six(as_bob, bob, tournament):
    before, after = keys_around_hand_1(as_bob, bob, tournament, [1, 10, 5], [1, 11, 5])
    assert after != before


def test_a_viewer_holds_an_empty_sheet(as_carol, tournament):
    assert as_carol.get(sheet_url(tournament)).content.decode().strip() == (
        '<div id="kept-sheet"></div>'
    )
    assert "data-kept-sheet" not in live_part(as_carol, tournament)
