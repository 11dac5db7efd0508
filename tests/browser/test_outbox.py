"""A Cutthroat hand entered with no network: its bids and tricks are kept on the phone, with a
badge saying how many wait, and sent when the network is back; recorded once, exactly as
tapped, and followed by the other phones; a hand another phone recorded first is shown beside
this phone's, for the scorer to choose."""

import pytest

from tests.browser import thumb as phones
from tests.browser.conftest import put_down
from tests.browser.test_cutthroat_thumb import button, open_tournament, wait_for
from tests.browser.test_phone import log_in
from tests.browser.test_pwa import WORKER_ACTIVE
from tests.browser.thumb import tap_button
from tests.factories import fresh
from tracker.cutthroat import services as tournaments

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
thumb = phones.thumb  # the fixture: both phone sizes, with a tap counter
SENT_LATER = "**/played/"  # where the outbox sends a hand, as the page does
CENTRED = "element => element.scrollIntoView({block: 'center'})"  # a thumb scrolling to it
SETTLED = "() => !document.querySelector('.htmx-request, .htmx-swapping, .htmx-settling')"


@pytest.fixture
def tournament(group, players, alice):
    return tournaments.start(group, players[:3], {"preset": "official"}, alice)


def enter_a_hand(thumb, bids: list, tricks: list) -> None:
    """Bids in bidding order (An deals: Bình, Chi, An), then Bình's and Chi's tricks (An's are
    what is left), Chi caught the J♦ and An the J♣."""
    for seat, bid in bids:
        thumb.tap(button(f"bid_{seat}", bid))
    thumb.tap("#bids [data-save]")
    thumb.page.wait_for_selector("#played[data-sent-later]")
    for seat, took in tricks:
        thumb.tap(button(f"tricks_{seat}", took))
    thumb.tap(button("jack_JD", 2))
    thumb.tap(button("jack_JC", 0))
    thumb.tap("#played [data-save]")
    thumb.page.wait_for_selector("#outbox-kept")


def test_a_hand_entered_offline_is_recorded_once_when_the_network_is_back(
    thumb, browser, live_server, alice, tournament
):
    other = browser.new_context(viewport={"width": 390, "height": 844}).new_page()
    log_in(other, live_server, "alice")
    other.goto(live_server.url + tournament.get_absolute_url())
    open_tournament(thumb, live_server, tournament)
    thumb.page.context.set_offline(True)
    enter_a_hand(thumb, [(1, "5"), (2, "5"), (0, "5")], [(1, 5), (2, 5)])
    assert thumb.page.inner_text("#outbox-badge") == "1 waiting to be sent"
    assert not tournament.hands.exists()
    thumb.page.context.set_offline(False)
    wait_for(thumb, "Bids · game 1, hand 2")
    assert not thumb.page.locator("#outbox-badge").count()
    hand = fresh(tournament).hands.get()
    assert (hand.bids, hand.tricks, hand.jacks) == ([5, 5, 5], [7, 5, 5], {"JD": 2, "JC": 0})
    other.wait_for_selector("text=Bids · game 1, hand 2")  # followed, not reloaded
    put_down(other.context)


def test_the_outbox_outlives_a_reload_until_the_server_answers(
    thumb, live_server, alice, tournament
):
    open_tournament(thumb, live_server, tournament)
    thumb.page.context.set_offline(True)
    enter_a_hand(thumb, [(1, "5"), (2, "5"), (0, "5")], [(1, 5), (2, 5)])
    thumb.page.context.route(SENT_LATER, lambda route: route.abort())  # the server is not reached
    thumb.page.context.set_offline(False)
    thumb.page.reload()
    assert thumb.page.inner_text("#outbox-badge") == "1 waiting to be sent"
    second = thumb.page.context.new_page()  # another tab of the same browser
    second.goto(live_server.url + tournament.get_absolute_url())
    assert second.inner_text("#outbox-badge") == "1 waiting to be sent"
    second.close()
    thumb.page.context.unroute(SENT_LATER)
    thumb.page.reload()
    wait_for(thumb, "Bids · game 1, hand 2")
    assert fresh(tournament).hands.count() == 1


def test_two_phones_offline_enter_the_same_hand_and_the_second_is_asked(
    thumb, browser, live_server, alice, bob, tournament
):
    context = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True)
    first = phones.Thumb(context.new_page(), "390x844")
    log_in(first.page, live_server, "bob")  # bob's phone
    first.page.goto(live_server.url + tournament.get_absolute_url())
    open_tournament(thumb, live_server, tournament)
    for phone in (first, thumb):
        phone.page.context.set_offline(True)
    enter_a_hand(first, [(1, "5"), (2, "5"), (0, "5")], [(1, 5), (2, 5)])
    enter_a_hand(thumb, [(1, "4"), (2, "4"), (0, "4")], [(1, 4), (2, 4)])
    first.page.context.set_offline(False)
    wait_for(first, "Bids · game 1, hand 2")
    thumb.page.context.set_offline(False)
    thumb.page.wait_for_selector(".outbox-unsettled")
    shown = thumb.page.inner_text(".outbox-unsettled")
    assert "bob" in shown and "4" in shown  # who saved first, and what this phone had
    assert fresh(tournament).hands.get().bids == [5, 5, 5]
    thumb.page.wait_for_timeout(3500)  # a live refresh of the page: the choice is still there
    thumb.page.wait_for_function(SETTLED)
    assert "bob" in thumb.page.inner_text(".outbox-unsettled")
    thumb.tap('.outbox-unsettled button:text-is("Keep the other phone\'s")')
    assert not thumb.page.locator("#outbox-badge").count()
    put_down(first.page.context)


def test_a_reload_without_network_still_counts_what_waits(thumb, live_server, alice, tournament):
    open_tournament(thumb, live_server, tournament)
    thumb.page.evaluate(WORKER_ACTIVE)  # the offline page is kept on the phone
    thumb.page.reload()
    thumb.page.context.set_offline(True)
    enter_a_hand(thumb, [(1, "5"), (2, "5"), (0, "5")], [(1, 5), (2, 5)])
    thumb.page.reload()  # the tournament as last read stands in for it
    thumb.page.wait_for_selector("#kept-copy")
    assert thumb.page.inner_text("#outbox-badge") == "1 waiting to be sent"
    thumb.page.context.set_offline(False)
    thumb.page.wait_for_timeout(500)  # the kept copy reloads itself when the network is back
    thumb.page.reload()  # and the page, read afresh, sends what waits
    wait_for(thumb, "Bids · game 1, hand 2")
    assert fresh(tournament).hands.count() == 1


def test_a_send_whose_answer_is_lost_is_recorded_once(thumb, live_server, alice, tournament):
    """The server records the hand, then its answer never reaches the phone (the server was
    stopped, the network dropped): the phone sends it again later, and it is there once."""
    open_tournament(thumb, live_server, tournament)
    thumb.page.context.set_offline(True)
    enter_a_hand(thumb, [(1, "5"), (2, "5"), (0, "5")], [(1, 5), (2, 5)])
    answered = []

    def recorded_but_lost(route):
        answered.append(route.fetch().status)  # the server records it...
        route.abort()  # ...and the phone never hears back

    thumb.page.context.route(SENT_LATER, recorded_but_lost)
    thumb.page.context.set_offline(False)
    for _tenth in range(100):  # the "online" event sends it at once
        if answered:
            break
        thumb.page.wait_for_timeout(100)
    assert answered == [200] and fresh(tournament).hands.count() == 1
    assert thumb.page.inner_text("#outbox-badge") == "1 waiting to be sent"
    thumb.page.context.unroute(SENT_LATER)
    thumb.page.reload()  # the next page load sends it again
    wait_for(thumb, "Bids · game 1, hand 2")  # the server's page, drawn before the answer
    thumb.page.wait_for_function("() => !document.querySelector('#outbox-badge')")
    assert fresh(tournament).hands.count() == 1


def test_the_forms_held_beside_the_page_ask_in_each_hands_bidding_order(
    thumb, live_server, alice, tournament
):
    open_tournament(thumb, live_server, tournament)
    thumb.page.context.set_offline(True)
    for seat, bid in [(1, "5"), (2, "5"), (0, "5")]:
        thumb.tap(button(f"bid_{seat}", bid))
    thumb.tap("#bids [data-save]")
    thumb.page.wait_for_selector("#played[data-sent-later]")
    assert thumb.page.inner_text("#played h2") == "Tricks · game 1, hand 1"
    rows = thumb.page.locator("#played [data-tricks-pick] legend").all_inner_texts()
    assert [row.split()[0] for row in rows] == ["Bình", "Chi", "An"]
    jacks = thumb.page.locator("#played .taps.names label").all_inner_texts()
    assert jacks[:3] == ["Bình", "Chi", "An"]  # who caught the J♦
    enter_the_tricks = [("tricks_1", 5), ("tricks_2", 5), ("jack_JD", 2), ("jack_JC", 0)]
    for field, value in enter_the_tricks:
        thumb.tap(button(field, value))
    thumb.tap("#played [data-save]")
    thumb.page.wait_for_selector("#next-hand >> text=Hand 2 of the tournament")
    rows = thumb.page.locator("#next-hand [data-tricks-pick] legend").all_inner_texts()
    assert [row.split()[0] for row in rows] == ["An", "Bình", "Chi"]  # in seat order
    jacks = thumb.page.locator("#next-hand .taps.names label").all_inner_texts()
    assert jacks[:3] == ["Chi", "An", "Bình"]  # hand 2's bidding order, as the server draws it


def next_hand_button(field: str, value) -> str:
    """A choice on the blank form of a hand after one kept offline."""
    return tap_button(field, value, "#next-hand")


def test_hands_after_the_first_entered_offline_follow_on_the_blank_form(
    thumb, live_server, alice, tournament
):
    open_tournament(thumb, live_server, tournament)
    thumb.page.context.set_offline(True)
    enter_a_hand(thumb, [(1, "5"), (2, "5"), (0, "5")], [(1, 5), (2, 5)])
    thumb.page.wait_for_selector("#next-hand >> text=Hand 2 of the tournament")
    thumb.assert_no_sideways_scroll()
    thumb.screenshot("cutthroat-offline-next-hand")
    for field, value in [("bid_0", 4), ("bid_1", 4), ("bid_2", 4), ("tricks_0", 4)]:
        thumb.page.locator(next_hand_button(field, value)).evaluate(CENTRED)
        thumb.tap(next_hand_button(field, value))
    for field, value in [("tricks_1", 4), ("jack_JD", 0), ("jack_JC", 1)]:
        thumb.page.locator(next_hand_button(field, value)).evaluate(CENTRED)
        thumb.tap(next_hand_button(field, value))
    thumb.tap("#next-hand [data-save]")  # Chi's 9 tricks are what is left
    thumb.page.wait_for_selector("#next-hand >> text=Hand 3 of the tournament")
    assert thumb.page.inner_text("#outbox-badge") == "2 waiting to be sent"
    thumb.page.context.set_offline(False)
    wait_for(thumb, "Bids · game 1, hand 3")
    hands = fresh(tournament).hands.order_by("number")
    assert [(hand.bids, hand.tricks) for hand in hands] == [
        ([5, 5, 5], [7, 5, 5]),
        ([4, 4, 4], [4, 4, 9]),
    ]
