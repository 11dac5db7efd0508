"""Cắt Tê rounds entered with no network: a tap on the round brings up every button of the round
on one sheet, going on from the taps the table had, with that tap on it; each tap is kept on the
phone, each round saved there waits, a sheet follows for the next one, and when the network is
back every round is recorded once, as tapped, a round still being tapped becomes the table's,
and the phone is back to the online entry. Only another phone's work is shown as a conflict."""

import pytest

from tests.browser import thumb as phones
from tests.browser.conftest import put_down, wait_until
from tests.browser.test_catte_thumb import SIDE_POT, open_session, tap, trick
from tests.browser.test_no_console_error import LIVE_REFRESH, settle
from tests.browser.test_phone import log_in
from tests.browser.test_pwa import WORKER_ACTIVE
from tests.factories import fresh
from tracker.catte import board as catte_board
from tracker.catte import services

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
thumb = phones.thumb  # the fixture: both phone sizes, with a tap counter
PLAIN = {"stake": "1.00"}
SHEET = "#round-sheet"
ONLINE = "#round-form"
CENTRED = "element => element.scrollIntoView({block: 'center'})"  # a thumb scrolling to it
# A button of the sheet, opened and scrolled to as a thumb would (it may sit in a closed part).
OPEN_AND_SHOW = """button => {
  const part = button.closest('details');
  if (part && !part.open) { part.querySelector('summary').click(); }
  button.scrollIntoView({block: 'center'});
}"""


def on_sheet(thumb, *taps: str) -> None:
    """Taps on the sheet's buttons (their tap tokens), each where a thumb finds it."""
    for value in taps:
        button = f"{SHEET} button[value='{value}']"
        thumb.page.locator(button).evaluate(OPEN_AND_SHOW)
        thumb.tap(button)


def tapped_offline(thumb, button: str) -> None:
    """The network gone, a tap on the round being entered: the sheet in its place."""
    thumb.page.context.set_offline(True)
    thumb.tap(button)
    thumb.page.wait_for_selector(SHEET)


def save_sheet(thumb) -> None:
    on_sheet(thumb, "save")
    thumb.page.wait_for_selector("#outbox-kept")


def back_online(thumb) -> None:
    """The network back: the phone sends what it kept and is back to the online entry."""
    thumb.page.context.set_offline(False)
    thumb.page.wait_for_selector(f"{ONLINE}:not(.htmx-request)")
    thumb.page.wait_for_function("() => !document.querySelector('#round-sheet, #outbox-badge')")
    assert "Offline" not in thumb.page.inner_text("#entry")


def recorded(session, key="tricks") -> list:
    return [row.entry.get(key) for row in fresh(session).rounds.all()]


def test_two_rounds_entered_offline_are_recorded_once_when_the_network_is_back(
    thumb, browser, live_server, alice, players, group
):
    session = open_session(thumb, live_server, group, players, alice, PLAIN)
    other = browser.new_context(viewport={"width": 390, "height": 844}).new_page()
    log_in(other, live_server, "alice")
    other.goto(live_server.url + session.get_absolute_url())
    tap(thumb, trick(1))  # online: Bình won trick 1
    tapped_offline(thumb, trick(0))  # the network is gone: the sheet, with the tricks tapped so far
    assert "Tricks Bình, An" in thumb.page.inner_text(f"{SHEET} [data-so-far]")
    assert "Trick 3: who won it?" in thumb.page.inner_text(SHEET)
    thumb.assert_no_sideways_scroll()
    thumb.screenshot("catte-offline-sheet")
    on_sheet(thumb, "t1", "t0", "t1", "t0")
    save_sheet(thumb)
    assert "Round 2" in thumb.page.inner_text(f"{SHEET} h2")  # the next round's sheet
    on_sheet(thumb, "t2", "t2", "t2", "t2")  # Chi sweeps round 2
    save_sheet(thumb)
    assert thumb.page.inner_text("#outbox-badge") == "2 waiting to be sent"
    assert not fresh(session).rounds.exists()
    back_online(thumb)
    assert "Round 3" in thumb.page.inner_text(f"{ONLINE} h2")
    assert recorded(session) == [[1, 0, 1, 0, 1, 0], [2, 2, 2, 2]]
    other.wait_for_selector(f"{ONLINE} >> text=Round 3")  # followed, not reloaded
    put_down(other.context)


def test_four_aces_tapped_offline_is_recorded_and_the_next_round_is_no_conflict(
    thumb, live_server, alice, players, group
):
    session = open_session(thumb, live_server, group, players, alice, SIDE_POT)
    tap(thumb, f"{ONLINE} button[value=uKH]")
    four_aces = f"{ONLINE} button[aria-label='An: four aces']"
    thumb.page.locator(four_aces).evaluate(CENTRED)
    tapped_offline(thumb, four_aces)
    so_far = thumb.page.inner_text(f"{SHEET} [data-so-far]")
    assert "An: automatic win (four aces)" in so_far and "Side pot: upturned K♥" in so_far
    on_sheet(thumb, "c-")
    save_sheet(thumb)
    on_sheet(thumb, "u7S", "c2", "t1", "t1", "t1", "t1")  # round 9 of the finding
    save_sheet(thumb)
    back_online(thumb)
    assert recorded(session, "auto_win") == [{"player": 0, "hand": "four_aces"}, None]
    assert recorded(session, "side_pot")[1] == {"upturned": "7S", "claimed_by": 2}
    assert not thumb.page.locator(".outbox-unsettled").count()


def test_back_online_the_round_being_tapped_is_the_tables_and_the_sheet_goes(
    thumb, live_server, alice, players, group
):
    session = open_session(thumb, live_server, group, players, alice, PLAIN)
    tapped_offline(thumb, trick(2))
    on_sheet(thumb, "f3", "t2")
    back_online(thumb)
    assert fresh(session).draft == ["t2", "f3", "t2"]
    assert "Trick 3: who won it?" in thumb.page.inner_text(ONLINE)
    thumb.page.reload()  # and stays so
    assert not thumb.page.locator(SHEET).count() and thumb.page.locator(ONLINE).count()


def test_undo_and_start_again_on_the_sheet_count_as_online(
    thumb, live_server, alice, players, group
):
    session = open_session(thumb, live_server, group, players, alice, PLAIN)
    tapped_offline(thumb, trick(2))
    on_sheet(thumb, "t2", "restart", "t3", "t1", "undo", "t3", "t3", "t3")
    assert "Tricks Dũng, Dũng, Dũng, Dũng" in thumb.page.inner_text(f"{SHEET} [data-so-far]")
    save_sheet(thumb)
    back_online(thumb)
    assert recorded(session) == [[3, 3, 3, 3]]


def test_a_game_read_once_keeps_its_sheet_through_a_reload_offline(
    thumb, live_server, alice, players, group
):
    session = open_session(thumb, live_server, group, players, alice, PLAIN)
    thumb.page.evaluate(WORKER_ACTIVE)  # the first visit: the worker keeps the page itself
    wait_until(thumb.page, KEPT_THIS_PAGE)
    tapped_offline(thumb, trick(3))  # Dũng won trick 1: on the sheet
    on_sheet(thumb, "t3")
    thumb.page.reload()  # the session as last read, with the sheet as tapped and the badge
    thumb.page.wait_for_selector("#kept-copy")
    thumb.page.wait_for_selector(SHEET)
    assert "Tricks Dũng, Dũng" in thumb.page.inner_text(f"{SHEET} [data-so-far]")
    assert thumb.page.inner_text("#outbox-badge") == "1 waiting to be sent"
    on_sheet(thumb, "t3", "t3")
    save_sheet(thumb)
    refused = []
    thumb.page.on("response", lambda r: r.status == 403 and refused.append(r.url))
    thumb.page.context.set_offline(False)  # the kept copy is read afresh, the round sent
    thumb.page.wait_for_function("() => !document.querySelector('#kept-copy, #outbox-badge')")
    assert recorded(session) == [[3, 3, 3, 3]] and refused == []


KEPT_THIS_PAGE = """async () => (await caches.has("kept-pages")) &&
  !!(await (await caches.open("kept-pages")).match(location.href))"""


def test_the_offline_page_says_what_is_kept_on_the_phone(thumb, live_server, alice, players, group):
    session = open_session(thumb, live_server, group, players, alice, PLAIN)
    thumb.page.evaluate(WORKER_ACTIVE)
    tapped_offline(thumb, trick(0))
    thumb.page.goto(live_server.url + f"/groups/{group.pk}/balances/")  # a page never kept
    said = thumb.page.inner_text("#offline")
    assert "kept on this phone" in said and "nothing was saved" not in said
    assert thumb.page.inner_text("#outbox-badge") == "1 waiting to be sent"
    refused = []
    thumb.page.on("response", lambda r: r.status == 403 and refused.append(r.url))
    thumb.page.context.set_offline(False)  # back to the game, the round's taps sent
    thumb.page.wait_for_url(live_server.url + session.get_absolute_url())
    back_online(thumb)
    assert fresh(session).draft == ["t0"] and refused == []  # sent with a valid CSRF token


def choices(thumb) -> list[str]:
    """The choices of the conflict box, in the order a thumb meets them."""
    found = ".outbox-unsettled [data-outbox-choices] :is(button, a)"
    return [text.strip() for text in thumb.page.locator(found).all_inner_texts()]


def test_two_phones_on_one_round_one_offline_show_the_real_conflict_whole(
    thumb, browser, live_server, alice, bob, players, group
):
    session = open_session(thumb, live_server, group, players, alice, PLAIN)
    bobs = browser.new_context(viewport={"width": 390, "height": 844}).new_page()
    log_in(bobs, live_server, "bob")
    bobs.goto(live_server.url + session.get_absolute_url())
    tapped_offline(thumb, trick(0))
    on_sheet(thumb, "t0", "t0", "t0")  # An sweeps, on this phone
    save_sheet(thumb)
    with bobs.expect_response(lambda response: response.request.method == "POST"):
        bobs.click(f"{ONLINE} button[value=t2]")  # Chi won trick 1, on bob's phone
    put_down(bobs.context)
    thumb.page.context.set_offline(False)
    thumb.page.wait_for_selector(".outbox-unsettled")
    shown = thumb.page.inner_text(".outbox-unsettled")
    assert "bob's phone tapped trick 1 first: Chi." in shown
    assert "The table's round now: tricks Chi" in shown
    assert "This phone had: tricks An, An, An, An" in shown
    assert "Trick 1: Chi on the other phone, An on this one" in shown
    assert choices(thumb) == ["Keep the other phone's", "Record this phone's round 1 instead"]
    assert not fresh(session).rounds.exists() and fresh(session).draft == ["t2"]
    assert "Round 1" in thumb.page.inner_text(f"{ONLINE} h2")  # the table's, beside the choice
    assert thumb.page.locator(SHEET).count() == 0
    thumb.tap(".outbox-unsettled button:text('Record this phone')")
    thumb.page.wait_for_selector(f"{ONLINE} >> text=Round 2")
    assert recorded(session) == [[0, 0, 0, 0]]
    assert not thumb.page.locator("#outbox-badge").count()


def test_a_round_left_to_the_table_holds_the_next_one_back_without_a_conflict(
    thumb, live_server, alice, players, group
):
    session = open_session(thumb, live_server, group, players, alice, PLAIN)
    thumb.page.locator(f"{ONLINE} button[value=a2]").evaluate(OPEN_AND_SHOW)
    tapped_offline(thumb, f"{ONLINE} button[value=a2]")
    on_sheet(thumb, "a3", "t0", "t0", "t0", "t0")
    save_sheet(thumb)  # round 1 with two at the table: the rules leave it to the table
    on_sheet(thumb, "t3", "t3", "t3", "t3")
    save_sheet(thumb)
    thumb.page.context.set_offline(False)
    thumb.page.wait_for_selector("#entry-messages >> text=a round needs at least 3")
    # Round 2 is sent after round 1's answer is shown, and told to wait then.
    waits = "Round 2 waits on this phone until round 1 is saved."
    thumb.page.wait_for_selector(f"#outbox-notes >> text={waits}")
    assert fresh(session).draft == ["a2", "a3", "t0", "t0", "t0", "t0"]
    assert not thumb.page.locator(SHEET).count()
    tap(thumb, f"{ONLINE} button[value=a3]")  # Dũng played after all
    tap(thumb, f"{ONLINE} button[value=save]")
    thumb.page.wait_for_selector(f"{ONLINE} >> text=Round 3")
    assert recorded(session) == [[0, 0, 0, 0], [3, 3, 3, 3]]
    assert not thumb.page.locator(".outbox-unsettled, .outbox-waits, #outbox-badge").count()


def test_a_round_kept_offline_stays_until_the_correction_made_with_it_is_saved(
    thumb, live_server, alice, bob, players, group
):
    session = open_session(thumb, live_server, group, players, alice, PLAIN)
    tapped_offline(thumb, trick(0))
    on_sheet(thumb, "t0", "t0", "t0")  # An sweeps, on this phone
    save_sheet(thumb)
    services.rounds.save_round(catte_board.load(session), 1, 0, bob, ["t2"] * 4)  # bob: Chi
    thumb.page.context.set_offline(False)
    correct = ".outbox-unsettled a:text('Correct round 1 with what you tapped')"
    thumb.page.wait_for_selector(correct)
    assert choices(thumb) == ["Keep the other phone's", "Correct round 1 with what you tapped"]
    thumb.page.click(correct)
    thumb.page.wait_for_selector("#round-form >> text=Correct round 1")
    thumb.page.go_back()  # backed out of the correction: the phone's round is still here
    thumb.page.wait_for_selector(correct)
    assert thumb.page.inner_text("#outbox-badge") == "1 waiting to be sent"
    thumb.page.click(correct)
    with thumb.page.expect_navigation():
        thumb.page.click("#round-form button[value=save]")
    thumb.page.wait_for_function("() => !document.querySelector('#outbox-badge')")
    assert recorded(session) == [[0, 0, 0, 0]]
    assert not thumb.page.locator(".outbox-unsettled").count()


def test_a_choice_waiting_for_the_scorer_stays_put_through_a_refresh(
    thumb, live_server, alice, bob, players, group
):
    """The note with the way to correct the round is not drawn again under the thumb when the
    entry is refreshed: the very same link takes the tap."""
    session = open_session(thumb, live_server, group, players, alice, PLAIN)
    tapped_offline(thumb, trick(0))
    on_sheet(thumb, "t0", "t0", "t0")
    save_sheet(thumb)
    services.rounds.save_round(catte_board.load(session), 1, 0, bob, ["t2"] * 4)
    thumb.page.context.set_offline(False)
    correct = ".outbox-unsettled a:text('Correct round 1 with what you tapped')"
    thumb.page.locator(correct).evaluate("link => { link.dataset.first = 'yes'; }")
    thumb.page.evaluate(LIVE_REFRESH)
    settle(thumb.page)
    assert thumb.page.get_attribute(correct, "data-first") == "yes"


def test_a_player_who_sat_down_while_the_phone_watched_is_on_its_sheet(
    thumb, live_server, alice, players, group
):
    session = open_session(thumb, live_server, group, players[:3], alice, PLAIN)
    board = catte_board.load(fresh(session))
    services.seating.join(board, board.session.version, alice, player=players[3])
    held = "() => document.querySelector('#kept-sheet template').innerHTML.includes('Dũng')"
    thumb.page.wait_for_function(held)  # the refresh named a new sheet, which the phone fetched
    tapped_offline(thumb, trick(0))
    on_sheet(thumb, "t3")
    assert "Tricks An, Dũng" in thumb.page.inner_text(f"{SHEET} [data-so-far]")
    back_online(thumb)
    assert fresh(session).draft == ["t0", "t3"]
