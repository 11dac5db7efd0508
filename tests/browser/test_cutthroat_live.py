"""Two phones at one Cutthroat table, 390×844: a hand saved on one shows on the other without a
reload; the other's taps are kept when it came second, and so are taps across a reload."""

import pytest

from tests.browser.conftest import put_down
from tests.browser.test_phone import log_in
from tests.browser.thumb import radio, tap_button
from tests.factories import fresh
from tracker.cutthroat import board as cutthroat_board
from tracker.cutthroat import services as tournaments

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
FOLLOWS_WITHIN_MS = 3000 + 1500  # one poll period, and the refresh
BIDS = {"An": 5, "Bình": "NIL", "Chi": 5, "Dũng": 3}
KEPT = "Object.keys(localStorage).filter(key => key.startsWith('cutthroat:'))"


@pytest.fixture
def two_phones(browser):
    contexts = [
        browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True)
        for _ in range(2)
    ]
    yield [context.new_page() for context in contexts]
    for context in contexts:
        put_down(context)


@pytest.fixture
def tournament(group, players, alice, bob):
    return tournaments.start(group, players, {"preset": "official"}, alice)


button = tap_button


def open_as(phone, live_server, username, tournament):
    log_in(phone, live_server, username)
    phone.goto(live_server.url + tournament.get_absolute_url())


def tap_all(phone, taps: list[tuple[str, object]]) -> None:
    for field, value in taps:
        phone.tap(button(field, value))


def with_bids(tournament, alice):
    tournaments.record_bids(cutthroat_board.load(tournament), BIDS, alice)


# Bình 0, Chi 5, Dũng 3 (An's 5 is worked out), J♦ to Chi, J♣ to An.
HAND = [("tricks_1", 0), ("tricks_2", 5), ("tricks_3", 3), ("jack_JD", 2), ("jack_JC", 0)]


def test_a_hand_entered_on_one_phone_appears_on_the_other(
    two_phones, live_server, tournament, alice
):
    a, b = two_phones
    open_as(a, live_server, "alice", tournament)
    open_as(b, live_server, "bob", tournament)
    tap_all(a, [("bid_1", "NIL"), ("bid_2", 5), ("bid_3", 3), ("bid_0", 5)])
    a.tap("button:has-text('Save bids')")
    b.wait_for_selector("text=Tricks · game 1, hand 1", timeout=FOLLOWS_WITHIN_MS)
    tap_all(a, HAND)
    a.tap("button:has-text('Save hand')")
    b.wait_for_selector("text=Bids · game 1, hand 2", timeout=FOLLOWS_WITHIN_MS)
    assert "Bình Nil/0" in b.inner_text("#changes")
    assert b.url == live_server.url + tournament.get_absolute_url()  # no navigation


def test_a_phone_that_had_tapped_tricks_sees_the_note_and_keeps_its_taps(
    two_phones, live_server, tournament, alice
):
    with_bids(tournament, alice)
    a, b = two_phones
    open_as(a, live_server, "alice", tournament)
    open_as(b, live_server, "bob", tournament)
    tap_all(b, [("tricks_1", 1), ("tricks_2", 4)])
    tap_all(a, HAND)
    a.tap("button:has-text('Save hand')")
    b.wait_for_selector("#live-note", timeout=FOLLOWS_WITHIN_MS)
    assert b.is_checked(radio("tricks_1", 1)) and b.is_checked(radio("tricks_2", 4))


def test_the_phone_that_saves_second_corrects_the_hand_with_its_taps(
    two_phones, live_server, tournament, alice
):
    with_bids(tournament, alice)
    b = two_phones[1]
    open_as(b, live_server, "bob", tournament)
    tap_all(b, [("tricks_1", 1), ("tricks_2", 4), ("tricks_3", 3), ("jack_JD", 2), ("jack_JC", 0)])
    played = {"An": 5, "Bình": 0, "Chi": 5, "Dũng": 3}, {"JD": "Chi", "JC": "An"}
    tournaments.record_tricks(cutthroat_board.load(fresh(tournament)), 1, *played, alice)
    b.tap("button:has-text('Save hand')")
    b.wait_for_selector("text=alice's phone saved hand 1 of game 1")
    with_bids(fresh(tournament), alice)  # the table goes on: the note stays through the refresh
    b.wait_for_selector("text=Tricks · game 1, hand 2", timeout=FOLLOWS_WITHIN_MS)
    b.tap("text=Correct hand 1 with what you entered")
    b.wait_for_selector("text=Filled in with what you entered on this phone.")
    assert b.is_checked(radio("tricks_1", 1)) and b.is_checked(radio("tricks_2", 4))


def test_tricks_tapped_survive_a_reload(two_phones, live_server, tournament, alice):
    with_bids(tournament, alice)
    a = two_phones[0]
    open_as(a, live_server, "alice", tournament)
    tap_all(a, [("tricks_1", 0), ("tricks_2", 5)])
    a.reload()
    assert a.is_checked(radio("tricks_1", 0)) and a.is_checked(radio("tricks_2", 5))
    assert a.inner_text("[data-tricks-line]") == "tricks: 5 of 13"


def test_tricks_tapped_survive_a_closed_tab_until_they_are_saved(
    two_phones, live_server, tournament, alice
):
    with_bids(tournament, alice)
    a = two_phones[0]
    open_as(a, live_server, "alice", tournament)
    tap_all(a, [("tricks_1", 0), ("tricks_2", 5)])
    phone = a.context
    a.close()
    a = phone.new_page()
    a.goto(live_server.url + tournament.get_absolute_url())
    tap_all(a, HAND[2:])  # Bình's 0 and Chi's 5 came back
    a.tap("button:has-text('Save hand')")
    a.wait_for_selector("text=Bids · game 1, hand 2")
    assert fresh(tournament).hands.get(number=1).tricks == [5, 0, 5, 3]
    assert a.evaluate(KEPT) == []  # saved: nothing stored any more
