"""A hand of Cutthroat and a round of Cắt Tê played on the demo group's phone, in each
language, with every htmx swap and live check that goes with them: nothing is written to the
console (a refusal of the Content-Security-Policy included) and no script fails."""

import pytest

from tests.browser.conftest import put_down
from tests.browser.test_every_page_fits import console_of
from tests.browser.test_languages import log_in
from tests.browser.thumb import tap_button
from tracker.catte.models import CatteSession
from tracker.cutthroat.models import Tournament
from tracker.sheets import rules as sheet
from tracker.sheets import services as sheets
from tracker.sheets.board import load

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
SETTLED = "() => !document.querySelector('.htmx-request, .htmx-swapping, .htmx-settling')"
LIVE_CHECKS_MS = 3500  # a live check of the page (every 3 s) and its answer
LIVE_REFRESH = "() => htmx.ajax('GET', location.pathname, {target: '#entry', swap: 'outerHTML'})"


def settle(phone) -> None:
    phone.wait_for_function(SETTLED)


def play_a_hand(phone, tournament) -> None:
    """Every seat bids 3; all but the last take 3 tricks, the last what is left (cutthroat.js);
    the first seat caught both jacks."""
    seats = tournament.seats.count()
    for seat in range(seats):
        phone.tap(tap_button(f"bid_{seat}", 3))
    phone.click("#bids [data-save]")
    phone.wait_for_selector("#played")
    for seat in range(seats - 1):
        phone.tap(tap_button(f"tricks_{seat}", 3))
    for jack in ["JD", "JC"]:
        phone.tap(tap_button(f"jack_{jack}", 0))
    phone.click("#played [data-save]")
    phone.wait_for_selector("#bids")
    settle(phone)


def play_a_round(phone) -> None:
    """The upturned card, no claim of the side pot (no tap), six tricks to whoever is first, no
    ace held back: each the step the page asks for next."""
    steps = ["button[value=u7H]", "#next button[value^=t]"]
    steps = [f"{step}:visible" for step in [*steps, "button[value='e-'][aria-pressed=false]"]]
    while phone.locator("button[value=save][aria-disabled]").count():
        phone.click(next(step for step in steps if phone.locator(step).count()))
        settle(phone)
    phone.click("button[value=save]")
    phone.wait_for_selector("#round-form")
    settle(phone)


@pytest.mark.parametrize("language", ["en", "vi", "de"])
def test_a_hand_and_a_round_write_nothing_to_the_console(browser, live_server, demo, language):
    context = browser.new_context(
        viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True, locale=language
    )
    phone = context.new_page()
    console = console_of(phone)
    log_in(phone, live_server, "demo")
    tournament, session = Tournament.objects.get(), CatteSession.objects.get(closed_at=None)
    phone.goto(live_server.url + tournament.get_absolute_url())
    play_a_hand(phone, tournament)
    phone.goto(live_server.url + session.get_absolute_url())
    play_a_round(phone)
    for table_view in [f"sessions/{session.pk}/table/", f"tournaments/{tournament.pk}/table/"]:
        phone.goto(f"{live_server.url}/groups/{demo.pk}/{table_view}")
        phone.wait_for_timeout(LIVE_CHECKS_MS)
    put_down(context)
    assert tournament.hands.count() == 7 and session.rounds.count() == 5
    assert console == []


def test_a_live_refresh_writes_no_style_attribute(browser, live_server, demo):
    """Whatever leaves an empty style attribute on the entry (a browser's own feature, an
    extension: the app's scripts set none), htmx must not copy it onto the part a live refresh
    swaps in: the CSP would refuse it (its hash is that of an empty style)."""
    context = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True)
    phone = context.new_page()
    console = console_of(phone)
    log_in(phone, live_server, "demo")
    phone.goto(live_server.url + Tournament.objects.get().get_absolute_url())
    phone.evaluate("() => { const e = document.getElementById('entry'); e.style.color = 'red'; "
                   "e.style.color = ''; }")  # fmt: skip
    assert phone.get_attribute("#entry", "style") == ""
    phone.evaluate(LIVE_REFRESH)  # as live.js asks for the entry when the game has changed
    settle(phone)
    phone.wait_for_timeout(LIVE_CHECKS_MS)
    put_down(context)
    assert console == []


@pytest.fixture
def sheet_phone(browser, live_server, alice, group, players):
    """A Tiến lên sheet of four open on alice's phone, and what the phone writes to its console."""
    sheet_row = sheets.start(group, players, {"stake": "1.00", "preset": "tien_len"}, alice)
    context = browser.new_context(viewport={"width": 360, "height": 740}, has_touch=True)
    phone = context.new_page()
    console = console_of(phone)
    log_in(phone, live_server, "alice")
    phone.goto(live_server.url + sheet_row.get_absolute_url())
    return sheet_row, phone, console


def test_fast_taps_on_a_sheets_round_write_nothing_to_the_console(sheet_phone):
    """Taps faster than the round's check is answered: each check waits for the one before (an
    aborted request would be logged as an error), the last one's words stay."""
    sheet_row, phone, console = sheet_phone
    for seat in [0, 1, 2, 1, 0, 2, 1]:  # changing its mind, without waiting for an answer
        phone.tap(tap_button("place_1", seat, "#played"))
    phone.tap(tap_button("place_2", 0, "#played"))
    phone.tap(tap_button("place_3", 2, "#played"))
    phone.wait_for_selector("#round-check :text('first Bình · second An · third Chi · last Dũng')")
    settle(phone)
    put_down(phone.context)
    assert console == []


def test_a_live_refresh_that_fails_throws_nothing(sheet_phone, alice):
    """Another phone saves a round while this one's network fails for the part it then asks
    for: nothing is thrown; the next change asks again."""
    sheet_row, phone, console = sheet_phone
    lost = "() => document.body.addEventListener('htmx:sendError', () => { window.lost = 1 })"
    phone.evaluate(lost)
    phone.route(lambda url: url.endswith(sheet_row.get_absolute_url()), lambda route: route.abort())
    sheets.record_round(load(sheet_row), sheet.Round(places=["An", "Bình", "Chi", "Dũng"]), alice)
    phone.wait_for_function("() => window.lost", timeout=10_000)
    phone.evaluate("() => new Promise(done => setTimeout(done, 0))")  # what the failure threw
    phone.unroute_all()
    phone.wait_for_selector("#entry h2:text('Round 2')")  # asked again, the network back
    put_down(phone.context)
    # What the browser and htmx write of a request the network failed is all there is.
    network = ("Failed to load resource: net::", "htmx:sendError", "htmx:afterRequest")
    assert [line for line in console if not any(said in line for said in network)] == []
