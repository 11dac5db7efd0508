"""A page read without a network is the page as this phone last showed it: live refreshes, this
phone's own taps and the payments the screen followed included, as of when it was last current,
saying what it cannot know; the codes to pay a transfer only where the kept balances are current,
never for a transfer already paid."""

import pytest

from ledger.models import Transaction
from ledger.payment_details import change_details
from tests.browser import thumb as phones
from tests.browser.conftest import wait_until
from tests.browser.test_live import FOLLOWS_WITHIN_MS
from tests.browser.test_outbox import enter_a_hand
from tests.browser.test_phone import log_in, tap_bids
from tests.browser.test_pwa import WORKER_ACTIVE
from tests.factories import fresh, pay
from tracker.catte import board as catte_board
from tracker.catte import rules as catte
from tracker.catte import services
from tracker.cutthroat import board as cutthroat_board
from tracker.cutthroat import services as tournaments

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
thumb = phones.thumb  # the fixture: both phone sizes

# What the worker keeps for this page: whether it holds `text`, its notes (sw.js).
KEPT_HOLDS = """async (text) => {
  const kept = await caches.match(location.href, { cacheName: "kept-pages" });
  return kept !== undefined && (await kept.text()).includes(text);
}"""
KEPT_NOTE = """async ([name, atLeast]) => {
  const kept = await caches.match(location.href, { cacheName: "kept-pages" });
  const note = kept && kept.headers.get(name);
  return note !== null && note !== undefined && Number(note) >= atLeast;
}"""
NOW = "() => Date.now()"
# As if the network went between the live check and the refresh it asked for.
NO_REFRESH = """() => document.addEventListener("htmx:beforeRequest", (event) => {
  if (event.detail.requestConfig.verb === "get") { event.preventDefault(); }
})"""
SHEET_HAS_DUNG = "() => document.querySelector('#kept-sheet template').innerHTML.includes('Dũng')"
CODE_DUNG_CHI = "figure[aria-label='Code to scan: Dũng pays Chi']"
CODE_BINH_AN = "figure[aria-label='Code to scan: Bình pays An']"


def read_under_the_worker(phone, live_server, username: str, path: str) -> None:
    log_in(phone, live_server, username)
    phone.goto(live_server.url + path)
    phone.evaluate(WORKER_ACTIVE)
    phone.reload()  # read under the worker, which keeps it aside


def read_offline(phone) -> str:
    """The page again without a network: the kept copy. What its note says."""
    phone.context.set_offline(True)
    phone.reload()
    return phone.inner_text("#kept-copy")


@pytest.fixture
def owing(group, players, alice):
    """Dũng owes Chi €8.20 and Bình owes An €5.00; Chi and An have IBANs to be paid by code."""
    an, binh, chi, dung = players
    pay(group, chi, dung, "8.20", alice)
    pay(group, an, binh, "5.00", alice)
    group.membership = group.memberships.get(user=alice)
    for player, iban in [(chi, "DE89370400440532013000"), (an, "DE02120300000000202051")]:
        change_details(group, player, alice, {"holder": player.name, "iban": iban}, number=0)
    return f"/groups/{group.pk}/balances/"


def test_a_session_read_offline_has_the_money_of_the_rounds_the_screen_followed(
    thumb, live_server, group, players, alice, bob
):
    session = services.logs.start(group, players, {"stake": "1.00"}, alice)
    read_under_the_worker(thumb.page, live_server, "bob", session.get_absolute_url())
    for sweeper in ["Chi", "An"]:  # saved on another phone
        sweep = catte.Round(tricks=[sweeper] * 4)
        services.rounds.record_round(catte_board.load(session), sweep, alice)
        thumb.page.wait_for_selector(f"text=Sweep by {sweeper}", timeout=FOLLOWS_WITHIN_MS)
    money = thumb.page.inner_text("section[aria-label='Money this session']")
    assert money.startswith("Money after 2 rounds")
    wait_until(thumb.page, KEPT_HOLDS, "Money after 2 rounds")
    assert "Rounds saved since are not shown." in read_offline(thumb.page)
    assert thumb.page.inner_text("section[aria-label='Money this session']") == money


def test_a_player_who_sat_down_is_on_the_sheet_of_the_session_read_offline(
    thumb, live_server, group, players, alice
):
    session = services.logs.start(group, players[:3], {"stake": "1.00"}, alice)
    read_under_the_worker(thumb.page, live_server, "alice", session.get_absolute_url())
    board = catte_board.load(fresh(session))
    services.seating.join(board, board.session.version, alice, player=players[3])  # elsewhere
    thumb.page.wait_for_function(SHEET_HAS_DUNG)  # the phone fetched the new sheet
    key = thumb.page.get_attribute("#kept-sheet", "data-key")
    wait_until(thumb.page, KEPT_HOLDS, key)
    read_offline(thumb.page)
    assert thumb.page.get_attribute("#kept-sheet", "data-key") == key
    assert thumb.page.evaluate(SHEET_HAS_DUNG)  # an offline tap's sheet has his seat


def test_a_tournament_read_offline_is_at_the_step_this_phone_and_the_table_reached(
    thumb, live_server, group, players, alice, bob
):
    tournament = tournaments.start(group, players[:3], {"preset": "official"}, alice)
    read_under_the_worker(thumb.page, live_server, "bob", tournament.get_absolute_url())
    tap_bids(thumb.page, {1: "5", 2: "4", 0: "4"})  # this phone's own tap
    tricks, jacks = {"An": 5, "Bình": 6, "Chi": 6}, {"JD": "An", "JC": "Bình"}  # elsewhere
    tournaments.record_tricks(cutthroat_board.load(fresh(tournament)), 1, tricks, jacks, alice)
    thumb.page.wait_for_selector("text=Bids · game 1, hand 2", timeout=FOLLOWS_WITHIN_MS)
    standings = thumb.page.inner_text("section[aria-label='Standings']")
    wait_until(thumb.page, KEPT_HOLDS, "Bids · game 1, hand 2")
    assert "Hands saved since are not shown." in read_offline(thumb.page)
    assert "Bids · game 1, hand 2" in thumb.page.inner_text("#entry")
    assert thumb.page.inner_text("section[aria-label='Standings']") == standings


def test_who_owes_whom_read_offline_has_the_payments_the_screen_followed(
    thumb, live_server, group, players, alice, carol, owing
):
    an, binh, chi, dung = players
    read_under_the_worker(thumb.page, live_server, "carol", owing)
    assert thumb.page.locator(CODE_DUNG_CHI).count() == 1
    paid_at = thumb.page.evaluate(NOW)
    pay(group, dung, chi, "8.20", alice)  # on other phones
    pay(group, binh, an, "2.00", alice)
    thumb.page.wait_for_selector("text=Bình paid An €2.00", timeout=FOLLOWS_WITHIN_MS)
    shown = thumb.page.inner_text("#entry")
    wait_until(thumb.page, KEPT_HOLDS, "Bình paid An €2.00")
    assert "Payments made since are not shown." in read_offline(thumb.page)
    assert thumb.page.inner_text("#entry") == shown  # Bình → An €3.00, and Dũng → Chi no more
    assert int(thumb.page.get_attribute("#kept-copy", "data-kept-at")) >= paid_at
    assert thumb.page.locator(CODE_DUNG_CHI).count() == 0  # paid: no code to pay it again
    assert thumb.page.locator(CODE_BINH_AN).count() == 1  # current as of the note's time


def test_no_code_to_pay_offline_when_the_kept_balances_have_changed_since(
    thumb, live_server, group, players, alice, carol, owing
):
    read_under_the_worker(thumb.page, live_server, "carol", owing)
    thumb.page.evaluate(NO_REFRESH)
    pay(group, players[3], players[2], "8.20", alice)  # Dũng paid Chi on another phone
    wait_until(thumb.page, KEPT_NOTE, ["X-Kept-Changed", 1])  # the live check said so
    note = read_offline(thumb.page)
    assert "It has changed since; the changes are not shown." in note
    assert "The codes to pay are left out until the page is read again online." in note
    assert "Dũng → Chi" in thumb.page.inner_text("#entry")  # the screen as it was
    assert thumb.page.locator("details.pay").count() == 0


def test_no_code_to_pay_offline_after_a_payment_sent_without_an_answer(
    thumb, live_server, group, players, alice, owing
):
    read_under_the_worker(thumb.page, live_server, "alice", owing)
    thumb.page.context.set_offline(True)
    thumb.page.click("button[aria-label='Dũng paid Chi']")  # it may have reached the server
    thumb.page.wait_for_selector("#offline")
    thumb.page.goto(live_server.url + owing)
    assert "The codes to pay are left out" in thumb.page.inner_text("#kept-copy")
    assert thumb.page.locator("details.pay").count() == 0
    assert group.transactions.filter(kind=Transaction.Kind.PAYMENT).count() == 2  # none sent


def test_the_kept_page_is_as_of_the_last_time_the_server_said_it_was_current(
    thumb, live_server, group, players, carol, owing
):
    read_under_the_worker(thumb.page, live_server, "carol", owing)
    read_at = thumb.page.evaluate(NOW)
    # Unchanged: the live check's answers move its time on (every 10 s: the note shows minutes).
    wait_until(thumb.page, KEPT_NOTE, ["X-Kept-At", read_at + 9000], timeout_ms=20000)
    read_offline(thumb.page)
    assert int(thumb.page.get_attribute("#kept-copy", "data-kept-at")) >= read_at + 9000
    assert thumb.page.locator(CODE_DUNG_CHI).count() == 1


def test_without_a_service_worker_the_screen_follows_and_the_outbox_keeps_as_before(
    thumb, live_server, group, players, alice
):
    """As over plain http at home: no worker to tell, nothing kept for reading offline."""
    thumb.page.context.add_init_script("delete Navigator.prototype.serviceWorker;")
    errors = []
    thumb.page.on("pageerror", lambda error: errors.append(str(error)))
    tournament = tournaments.start(group, players[:3], {"preset": "official"}, alice)
    log_in(thumb.page, live_server, "alice")
    thumb.page.goto(live_server.url + tournament.get_absolute_url())
    assert thumb.page.evaluate("() => 'serviceWorker' in navigator") is False
    tap_bids(thumb.page, {1: "5", 2: "4", 0: "4"})  # this phone's own tap, swapped in
    tricks, jacks = {"An": 5, "Bình": 6, "Chi": 6}, {"JD": "An", "JC": "Bình"}  # elsewhere
    tournaments.record_tricks(cutthroat_board.load(fresh(tournament)), 1, tricks, jacks, alice)
    thumb.page.wait_for_selector("text=Bids · game 1, hand 2", timeout=FOLLOWS_WITHIN_MS)
    thumb.page.locator("#bids").evaluate("form => form.scrollIntoView()")  # the thumb scrolls
    thumb.page.context.set_offline(True)
    enter_a_hand(thumb, [(1, "5"), (2, "5"), (0, "5")], [(1, 5), (2, 5)])
    assert thumb.page.inner_text("#outbox-badge") == "1 waiting to be sent"
    assert errors == []
