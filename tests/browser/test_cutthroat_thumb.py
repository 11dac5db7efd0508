"""A Cutthroat hand entered with one thumb on phones of both sizes: bids and tricks tapped in
bidding order with every next thing to tap in view, the undo behind a second deliberate tap,
and a won game read as a won game."""

from decimal import Decimal

import pytest

from tests.browser import thumb as phones
from tests.browser.test_phone import log_in
from tests.browser.thumb import radio, tap_button
from tests.factories import fresh
from tracker.cutthroat import services as tournaments

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
thumb = phones.thumb  # the fixture: both phone sizes, with a tap counter

SETTLED = "() => !document.querySelector('.htmx-request, .htmx-swapping, .htmx-settling')"


button = tap_button


def open_tournament(thumb, live_server, tournament):
    log_in(thumb.page, live_server, "alice")
    thumb.page.goto(live_server.url + tournament.get_absolute_url())


def wait_for(thumb, text: str) -> None:
    """An htmx save is swapped in and settled."""
    thumb.page.wait_for_selector(f"text={text}")
    thumb.page.wait_for_function(SETTLED)


def tap_bids(thumb, bids: list[tuple[int, str]], shots: str = "") -> None:
    for step, (seat, bid) in enumerate(bids, start=1):
        thumb.tap(button(f"bid_{seat}", bid))
        if shots:
            thumb.screenshot(f"{shots}-{step}")
    thumb.tap("button:has-text('Save bids')")


def test_a_hand_of_four_takes_eleven_taps_and_no_scrolling(
    thumb, live_server, alice, group, players
):
    tournament = tournaments.start(group, players, {"preset": "official"}, alice)
    open_tournament(thumb, live_server, tournament)
    thumb.screenshot("cutthroat-1-bids")
    # An deals, so Bình bids first, then Chi, Dũng and An.
    tap_bids(thumb, [(1, "NIL"), (2, "5"), (3, "3"), (0, "5")], shots="cutthroat-2-bid")
    wait_for(thumb, "Tricks · game 1, hand 1")
    thumb.screenshot("cutthroat-3-tricks")
    assert thumb.taps == 5
    for step, (seat, took) in enumerate([(1, 0), (2, 5), (3, 3)], start=1):
        thumb.tap(button(f"tricks_{seat}", took))
        thumb.screenshot(f"cutthroat-4-tricks-{step}")
    assert thumb.page.is_checked(radio("tricks_0", 5))  # An's 5 worked out: 13 − 0 − 5 − 3
    assert thumb.page.inner_text("[data-tricks-line]") == "tricks: 13 of 13"
    thumb.tap(button("jack_JD", 2))
    thumb.tap(button("jack_JC", 0))
    thumb.screenshot("cutthroat-5-jacks")
    thumb.tap("button:has-text('Save hand')")
    wait_for(thumb, "Bids · game 1, hand 2")
    thumb.screenshot("cutthroat-6-saved")
    assert thumb.taps == 11
    assert "Game 1 · hand 1 saved" in thumb.page.inner_text("#entry-messages")
    thumb.assert_in_view("#entry-messages")
    thumb.assert_in_view(button("bid_2", "NIL"))  # Chi bids first in hand 2
    thumb.assert_no_sideways_scroll()
    assert tournaments.load(fresh(tournament)).standings.totals == {
        "An": 60,  # 5 of 5 and the J♣
        "Bình": 100,  # Nil made
        "Chi": 60,  # 5 of 5 and the J♦
        "Dũng": 30,
    }


def test_each_bid_folds_so_the_next_bidder_comes_up_under_the_thumb(
    thumb, live_server, alice, group, players
):
    tournament = tournaments.start(group, players, {"preset": "official"}, alice)
    open_tournament(thumb, live_server, tournament)
    moved = []
    for seat, bid in [(1, "NIL"), (2, "5"), (3, "3"), (0, "5")]:
        before = thumb.page.evaluate("window.scrollY")
        thumb.tap(button(f"bid_{seat}", bid))
        moved.append(thumb.page.evaluate("window.scrollY") - before)
    assert max(moved) < 60  # a folded bid's row, not a bidder's whole grid (190 px)
    assert thumb.page.inner_text("#bids fieldset:nth-of-type(1) .pick-answer") == "Nil"
    at_save = thumb.page.evaluate("window.scrollY")
    thumb.tap("button:has-text('Save bids')")
    wait_for(thumb, "Tricks · game 1, hand 1")
    assert thumb.page.evaluate("window.scrollY") == at_save  # the page stays where it was
    thumb.assert_in_view("#entry-messages")
    thumb.assert_in_view(button("tricks_1", 0))


def test_a_folded_bid_opens_again_to_be_changed(thumb, live_server, alice, group, players):
    tournament = tournaments.start(group, players, {"preset": "official"}, alice)
    open_tournament(thumb, live_server, tournament)
    thumb.tap(button("bid_1", "NIL"))
    thumb.tap("#bids fieldset:nth-of-type(1) .pick-answer")
    thumb.tap(button("bid_1", "3"))
    assert thumb.page.inner_text("#bids fieldset:nth-of-type(1) .pick-answer") == "3"
    tap_bids(thumb, [(2, "5"), (3, "3"), (0, "2")])
    wait_for(thumb, "Tricks · game 1, hand 1")
    assert tournament.hands.get().bids == [2, 3, 5, 3]


def test_the_undo_needs_a_second_deliberate_tap(thumb, live_server, alice, group, players):
    tournament = tournaments.start(group, players, {"preset": "official"}, alice)
    board = tournaments.load(tournament)
    tournaments.record_bids(board, dict(zip(board.names, [4, 3, 3, 3], strict=True)), alice)
    tricks = dict(zip(board.names, [4, 3, 3, 3], strict=True))
    tournaments.record_tricks(board, 1, tricks, {"JD": "An", "JC": "Bình"}, alice)
    open_tournament(thumb, live_server, tournament)
    ask = "summary:has-text('Undo game 1 · hand 1')"
    thumb.page.locator(ask).scroll_into_view_if_needed()
    thumb.tap(ask)
    thumb.screenshot("cutthroat-undo-asked")
    assert tournament.hands.count() == 1
    thumb.tap("button:has-text('Yes, undo game 1 · hand 1')")
    thumb.page.wait_for_selector("text=Game 1 · hand 1 undone")
    thumb.screenshot("cutthroat-undo-done")
    assert not tournament.hands.exists()


def test_a_won_game_shows_its_final_scores_its_winner_and_its_money(
    thumb, live_server, alice, group, players
):
    rules, money = {"preset": "official", "target": 100}, {"game_stake": Decimal("2.50")}
    tournament = tournaments.start(group, players, rules, alice, money_rules=money)
    open_tournament(thumb, live_server, tournament)
    tap_bids(thumb, [(1, "10"), (2, "1"), (3, "1"), (0, "1")])
    wait_for(thumb, "Tricks · game 1, hand 1")
    for seat, took in [(1, 10), (2, 1), (3, 1)]:
        thumb.tap(button(f"tricks_{seat}", took))
    thumb.tap(button("jack_JD", 2))
    thumb.tap(button("jack_JC", 3))
    thumb.tap("button:has-text('Save hand')")
    wait_for(thumb, "Bình wins game 1")
    thumb.screenshot("cutthroat-game-won")
    thumb.assert_no_sideways_scroll()
    over = thumb.page.inner_text("#game-won")
    for line in ["Bình\n100", "Chi\n20", "Dũng\n20", "An\n10", "1 victory token"]:
        assert line in over
    assert "An, Chi and Dũng each pay Bình €2.50" in over
    assert "+100" not in over and not thumb.page.locator("[aria-label=Standings]").count()
    thumb.tap("text=Start game 2")
    thumb.assert_in_view(button("bid_2", "NIL"))  # Chi bids first in game 2
    thumb.screenshot("cutthroat-game-2-bids")
    assert "Bids · game 2, hand 1" in thumb.page.inner_text("#bids")


def test_a_hand_that_bags_out_says_so_in_the_message_and_in_its_row(
    thumb, live_server, alice, group, players
):
    tournament = tournaments.start(group, players[:3], {"preset": "official"}, alice)
    board = tournaments.load(tournament)  # hand 1 leaves An 2 bags
    tournaments.record_bids(board, {"An": 1, "Bình": 5, "Chi": 5}, alice)
    tricks = {"An": 3, "Bình": 7, "Chi": 7}
    tournaments.record_tricks(board, 1, tricks, {"JD": "Bình", "JC": "Chi"}, alice)
    open_tournament(thumb, live_server, tournament)
    # Bình deals hand 2: Chi bids first, then An and Bình. An takes 9: 8 bags make 10.
    tap_bids(thumb, [(2, "4"), (0, "1"), (1, "4")])
    wait_for(thumb, "Tricks · game 1, hand 2")
    thumb.tap(button("tricks_2", 4))
    thumb.tap(button("tricks_0", 9))
    thumb.tap(button("jack_JD", 0))
    thumb.tap(button("jack_JC", 1))
    thumb.tap("button:has-text('Save hand')")
    wait_for(thumb, "Bids · game 1, hand 3")
    thumb.screenshot("cutthroat-bag-out")
    saved = thumb.page.inner_text("#entry-messages")
    assert "An -80 (1/9 made +10, 8 bags, bag-out -100, J♦ +10)" in saved
    row = thumb.page.inner_text(".history-table tbody tr:first-child")
    assert "bag-out -100" in row and "J♦ +10" in row
    thumb.assert_no_sideways_scroll()
