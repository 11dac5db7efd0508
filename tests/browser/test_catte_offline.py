"""Cắt Tê rounds entered with no network: a tap on the round brings up the round on one sheet,
filled in as the table had it; each round saved there waits on the phone, a blank sheet follows
for the next one, and when the network is back every round is recorded once, as ticked, and
followed by the other phones. A round another phone went on tapping meanwhile waits for the
scorer's choice."""

import pytest

from tests.browser import thumb as phones
from tests.browser.conftest import put_down
from tests.browser.test_catte_thumb import open_session, tap, trick
from tests.browser.test_phone import log_in
from tests.browser.test_pwa import WORKER_ACTIVE
from tests.factories import fresh
from tracker.catte import services as catte_sessions

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
thumb = phones.thumb  # the fixture: both phone sizes, with a tap counter
PLAIN = {"stake": "1.00"}
SHEET = "#round-sheet"
CENTRED = "element => element.scrollIntoView({block: 'center'})"  # a thumb scrolling to it


def tick(thumb, name: str, value: str) -> None:
    """A tap on one choice of the sheet, scrolled to as a thumb would."""
    choice = f"{SHEET} label:has(input[name={name}][value='{value}'])"
    thumb.page.locator(choice).evaluate(CENTRED)
    thumb.tap(choice)


def save_sheet(thumb) -> None:
    thumb.page.locator(f"{SHEET} button[type=submit]").evaluate(CENTRED)
    thumb.tap(f"{SHEET} button[type=submit]")
    thumb.page.wait_for_selector("#outbox-kept")


def recorded_tricks(session) -> list:
    return [row.entry["tricks"] for row in fresh(session).rounds.all()]


def test_two_rounds_entered_offline_are_recorded_once_when_the_network_is_back(
    thumb, browser, live_server, alice, players, group
):
    session = open_session(thumb, live_server, group, players, alice, PLAIN)
    other = browser.new_context(viewport={"width": 390, "height": 844}).new_page()
    log_in(other, live_server, "alice")
    other.goto(live_server.url + session.get_absolute_url())
    tap(thumb, trick(1))  # online: Bình won trick 1
    thumb.page.context.set_offline(True)
    thumb.tap(trick(0))  # the network is gone: the sheet, with the tricks tapped so far
    thumb.page.wait_for_selector(SHEET)
    assert thumb.page.is_checked(f"{SHEET} input[name=trick_1][value='1']")
    assert thumb.page.is_checked(f"{SHEET} input[name=trick_2][value='0']")
    thumb.assert_no_sideways_scroll()
    thumb.screenshot("catte-offline-sheet")
    for number, seat in [(3, "1"), (4, "0"), (5, "1"), (6, "0")]:
        tick(thumb, f"trick_{number}", seat)
    save_sheet(thumb)
    assert "Round 2" in thumb.page.inner_text(SHEET)  # the next round's sheet, blank
    for number in range(1, 5):
        tick(thumb, f"trick_{number}", "2")  # Chi sweeps round 2
    save_sheet(thumb)
    assert thumb.page.inner_text("#outbox-badge") == "2 waiting to be sent"
    assert not fresh(session).rounds.exists()
    thumb.page.context.set_offline(False)
    thumb.page.wait_for_selector("#round-form >> text=Round 3")
    assert recorded_tricks(session) == [[1, 0, 1, 0, 1, 0], [2, 2, 2, 2]]
    assert not thumb.page.locator("#outbox-badge").count()
    other.wait_for_selector("#round-form >> text=Round 3")  # followed, not reloaded
    put_down(other.context)


def test_a_sheet_begun_offline_outlives_a_reload(thumb, live_server, alice, players, group):
    session = open_session(thumb, live_server, group, players, alice, PLAIN)
    thumb.page.evaluate(WORKER_ACTIVE)  # the session page is kept on the phone
    thumb.page.reload()
    thumb.page.context.set_offline(True)
    thumb.tap(trick(3))  # Dũng won trick 1: on the sheet
    tick(thumb, "trick_2", "3")
    thumb.page.reload()  # the session as last read stands in for it, with the sheet as ticked
    thumb.page.wait_for_selector("#kept-copy")
    thumb.page.wait_for_selector(SHEET)
    assert thumb.page.is_checked(f"{SHEET} input[name=trick_2][value='3']")
    for number in (3, 4):
        tick(thumb, f"trick_{number}", "3")
    save_sheet(thumb)
    thumb.page.context.set_offline(False)
    thumb.page.wait_for_timeout(500)  # the kept copy reloads itself when the network is back
    thumb.page.reload()
    thumb.page.wait_for_selector("#round-form >> text=Round 2")
    assert recorded_tricks(session) == [[3, 3, 3, 3]]


def test_a_round_another_phone_went_on_tapping_waits_for_the_scorers_choice(
    thumb, live_server, alice, bob, players, group
):
    session = open_session(thumb, live_server, group, players, alice, PLAIN)
    thumb.page.context.set_offline(True)
    thumb.tap(trick(0))
    for number in range(2, 5):
        tick(thumb, f"trick_{number}", "0")  # An sweeps, on this phone
    save_sheet(thumb)
    catte_sessions.tap(catte_sessions.load(session), 1, 0, "t2", bob)  # Chi, on bob's phone
    thumb.page.context.set_offline(False)
    thumb.page.wait_for_selector(".outbox-unsettled")
    shown = thumb.page.inner_text(".outbox-unsettled")
    assert "bob" in shown and "This phone had" in shown
    assert not fresh(session).rounds.exists() and fresh(session).draft == ["t2"]
    thumb.page.wait_for_timeout(3500)  # a live refresh: the table's round 1 beside the choice
    assert "Round 1" in thumb.page.inner_text("#round-form h2")
    assert thumb.page.locator(SHEET).count() == 0
    thumb.tap(".outbox-unsettled button:text('Record this phone')")
    thumb.page.wait_for_selector("#round-form >> text=Round 2")
    assert recorded_tricks(session) == [[0, 0, 0, 0]]
    assert not thumb.page.locator("#outbox-badge").count()
