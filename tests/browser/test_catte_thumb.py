"""A Cắt Tê round with one thumb, at 360×740 and 390×844: every next input on the screen after
every tap, few taps, and nothing lost to a stray tap (close, undo and reopen take two)."""

from decimal import Decimal

import pytest

from ledger.balances import player_balances
from tests.browser import thumb as phones
from tests.browser.test_phone import log_in
from tests.factories import fresh
from tracker.catte import board as catte_board
from tracker.catte import rules as catte
from tracker.catte import services
from tracker.catte.models import Round

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
thumb = phones.thumb  # the fixture: both phone sizes, with a tap counter
SIDE_POT = {"stake": "1.00", "side_pot_stake": "0.50"}
SETTLED = "() => !document.querySelector('.htmx-request, .htmx-swapping, .htmx-settling')"
NEXT = "#round-form #next"
SAVE = "#round-form button[value=save]"
CLOSE = "#session-actions summary:text-is('Close the session…')"


def tap(thumb, selector):
    """A tap on the round being entered: htmx posts it and swaps the entry part."""
    with thumb.page.expect_response(lambda response: response.request.method == "POST"):
        thumb.tap(selector)
    thumb.page.wait_for_function(SETTLED)
    thumb.assert_no_sideways_scroll()


def go(thumb, selector):
    """A tap that loads another page (a plain form or a link)."""
    with thumb.page.expect_navigation():
        thumb.tap(selector)


def out_of_view(thumb, selector) -> bool:
    box = thumb.page.locator(selector).first.bounding_box()
    return box is None or box["y"] >= thumb.page.viewport_size["height"] or box["y"] < 0


def enter(thumb, taps: list[str], shots: str | None = None) -> None:
    """Tap a round in: each selector must be on the screen when its turn comes, the close
    button never is, and the next input is there once the round is saved."""
    for step, selector in enumerate(taps, start=1):
        tap(thumb, selector)
        assert out_of_view(thumb, CLOSE), f"Close is on the screen after tap {step}"
        if shots and step in (1, 2, len(taps) - 1):
            thumb.screenshot(f"catte-{shots}-tap{step}")
    thumb.assert_in_view(NEXT)


def open_session(thumb, live_server, group, players, alice, rules, rounds=()):
    session = services.logs.start(group, players, rules, alice)
    board = catte_board.load(session)
    for round_ in rounds:
        services.rounds.record_round(board, round_, alice)
    log_in(thumb.page, live_server, "alice")
    thumb.page.goto(live_server.url + session.get_absolute_url())
    return session


def trick(seat: int) -> str:
    return f"{NEXT} button[value=t{seat}]"


def test_a_round_with_the_side_pot_no_one_claims_in_eight_taps(
    thumb, live_server, alice, players, group
):
    session = open_session(thumb, live_server, group, players, alice, SIDE_POT)
    thumb.screenshot("catte-side-pot-start")
    taps = [f"{NEXT} button[value=uKH]"]
    taps += [trick(seat) for seat in (1, 0, 1, 0, 0, 1)] + [SAVE]
    enter(thumb, taps, shots="side-pot")
    assert thumb.taps == 8
    thumb.page.wait_for_selector("text=Round 1 saved.")
    thumb.assert_in_view("#entry-messages .flash")
    thumb.screenshot("catte-side-pot-saved")
    row = Round.objects.get(session=session)
    assert row.entry == {
        "tricks": [1, 0, 1, 0, 0, 1],
        "side_pot": {"upturned": "KH", "claimed_by": None},
    }


def test_a_round_without_a_side_pot_in_seven_taps_and_a_sweep_in_five(
    thumb, live_server, alice, players, group
):
    session = open_session(thumb, live_server, group, players, alice, {"stake": "1.00"})
    enter(thumb, [trick(seat) for seat in (2, 3, 2, 3, 3, 2)] + [SAVE], shots="plain")
    assert thumb.taps == 7
    thumb.page.wait_for_selector("text=Round 2 · Chi deals")
    enter(thumb, [trick(0)] * 4 + [SAVE])
    assert thumb.taps == 7 + 5
    thumb.page.wait_for_selector("text=Round 3 · An deals")
    assert [row.entry["tricks"] for row in session.rounds.all()] == [
        [2, 3, 2, 3, 3, 2],
        [0, 0, 0, 0],
    ]


def test_four_aces_is_one_tap_then_save(thumb, live_server, alice, players, group):
    session = open_session(thumb, live_server, group, players[:3], alice, {"stake": "1.00"})
    tap(thumb, "#round-form button[value='w1.four_aces']")
    thumb.page.wait_for_selector("text=Automatic win: Bình · four aces")
    thumb.screenshot("catte-four-aces")
    tap(thumb, SAVE)
    assert thumb.taps == 2
    assert Round.objects.get(session=session).entry == {
        "auto_win": {"player": 1, "hand": "four_aces"}
    }


def test_the_ace_question_says_when_it_applies_and_who_pays(
    thumb, live_server, alice, players, group
):
    rules = {"stake": "1.00", "ace_penalty": True}
    session = open_session(thumb, live_server, group, players, alice, rules)
    enter(thumb, [trick(0)] * 4)
    thumb.assert_in_view(SAVE)
    thumb.assert_in_view("#next p:has-text('pays the whole double for all 3 losing players')")
    thumb.screenshot("catte-ace-question")
    tap(thumb, f"{NEXT} button[value=e2]")
    tap(thumb, SAVE)
    assert thumb.taps == 6
    thumb.page.wait_for_selector("text=Round 1 saved.")
    assert Round.objects.get(session=session).entry == {
        "tricks": [0, 0, 0, 0],
        "ace_withheld_by": 2,
    }


def test_after_a_sweep_the_sweep_the_ace_question_and_save_share_the_screen(
    thumb, live_server, alice, players, group
):
    rules = {**SIDE_POT, "ace_penalty": True}
    session = open_session(thumb, live_server, group, players, alice, rules)
    enter(thumb, [f"{NEXT} button[value=uKH]"] + [trick(0)] * 4)
    thumb.assert_in_view("#round-form p:has-text('Sweep by An')")
    thumb.assert_in_view("#round-form details.claim summary")  # no one, unless tapped
    thumb.assert_in_view(f"{NEXT} button[value=e-]")
    thumb.assert_in_view(SAVE)
    tap(thumb, f"{NEXT} button[value=e-]")
    tap(thumb, SAVE)
    thumb.page.wait_for_selector("text=Round 1 saved.")
    assert Round.objects.get(session=session).entry == {
        "tricks": [0, 0, 0, 0],
        "side_pot": {"upturned": "KH", "claimed_by": None},
    }


def test_the_upturned_card_grid_fits_with_44_px_cards(thumb, live_server, alice, players, group):
    open_session(thumb, live_server, group, players, alice, SIDE_POT)
    boxes = thumb.page.eval_on_selector_all(
        "#round-form .cards button", "els => els.map(e => e.getBoundingClientRect().toJSON())"
    )
    assert len(boxes) == 52
    assert all(box["width"] >= 44 and box["height"] >= 44 for box in boxes)
    thumb.assert_in_view("#round-form .cards button[value=u2S]")
    thumb.assert_in_view("#round-form .cards button[value=uAC]")
    thumb.assert_no_sideways_scroll()
    rows = sorted({round(box["y"]) for box in boxes})
    suit_rows = {round(box["y"]) for box in boxes[:13]}
    assert len(suit_rows) in (1, 2) and len(rows) == 4 * len(suit_rows)


def test_a_refused_save_shows_its_message_next_to_the_entry(
    thumb, live_server, alice, bob, players, group
):
    session = open_session(thumb, live_server, group, players, alice, {"stake": "1.00"})
    for seat in (0, 0, 0, 0):
        tap(thumb, trick(seat))
    board = catte_board.load(fresh(session))  # bob's phone saves round 1 first
    services.rounds.record_round(board, catte.Round(tricks=["Chi"] * 4), bob)
    tap(thumb, SAVE)
    thumb.page.wait_for_selector("text=bob's phone saved round 1: tricks Chi, Chi, Chi, Chi.")
    thumb.assert_in_view("#entry-messages [data-choice] > p:first-child")
    thumb.assert_in_view("#entry-messages a:text-is('Correct round 1 with what you tapped')")
    thumb.screenshot("catte-refused")
    assert Round.objects.get(session=session).entry == {"tricks": [2, 2, 2, 2]}
    go(thumb, "#entry-messages a:text-is('Correct round 1 with what you tapped')")
    thumb.page.wait_for_selector("text=Starting from what your phone tapped.")
    assert thumb.page.input_value("#round-form input[name=taps]") == "t0 t0 t0 t0"


def test_closing_takes_a_second_deliberate_tap(thumb, live_server, alice, players, group):
    session = open_session(thumb, live_server, group, players, alice, {"stake": "1.00"})
    enter(thumb, [trick(1)] * 4 + [SAVE])
    save = thumb.page.locator(SAVE).bounding_box()
    for _ in range(2):  # stray taps just under the entry, where the thumb rests
        thumb.page.touchscreen.tap(save["x"] + save["width"] / 2, save["y"] + save["height"] + 12)
        thumb.page.wait_for_timeout(150)
    assert not fresh(session).is_closed
    thumb.page.locator(CLOSE).scroll_into_view_if_needed()
    thumb.tap(CLOSE)
    thumb.screenshot("catte-close-asked")
    thumb.tap(CLOSE)  # the same spot again folds it away: no harm done
    assert not fresh(session).is_closed
    thumb.tap(CLOSE)
    go(thumb, "#session-actions button:text-is('Yes, close it')")
    thumb.page.wait_for_selector("text=The session is closed")
    assert fresh(session).is_closed


def test_undo_takes_a_second_deliberate_tap(thumb, live_server, alice, players, group):
    sweep = catte.Round(tricks=["An"] * 4)
    session = open_session(thumb, live_server, group, players, alice, {"stake": "1.00"}, [sweep])
    undo = "#session-actions summary:text-is('Undo round 1…')"
    thumb.page.locator(undo).scroll_into_view_if_needed()
    thumb.tap(undo)
    assert Round.objects.filter(session=session).count() == 1
    go(thumb, "#session-actions button:text-is('Yes, undo round 1')")
    thumb.page.wait_for_selector("text=The last round was undone")
    assert not Round.objects.filter(session=session).exists()


def test_a_closed_session_is_reopened_corrected_and_closed_again(
    thumb, live_server, alice, players, group
):
    rounds = [
        catte.Round(tricks=["An"] * 4, side_pot_upturned="7H"),
        catte.Round(tricks=["Bình"] * 4, side_pot_upturned="9D"),
    ]
    session = open_session(thumb, live_server, group, players, alice, SIDE_POT, rounds)
    board = catte_board.load(fresh(session))
    services.closing.close(board, board.session.version, alice)
    thumb.page.reload()
    reopen = "#session-actions summary:text-is('Reopen the session…')"
    thumb.page.locator(reopen).scroll_into_view_if_needed()
    thumb.tap(reopen)
    thumb.screenshot("catte-reopen-asked")
    go(thumb, "#session-actions button:text-is('Yes, reopen it')")
    thumb.page.wait_for_selector("text=The session is open again")
    assert not fresh(session).is_closed

    thumb.page.locator("a:text-is('Correct round 1')").scroll_into_view_if_needed()
    go(thumb, "a:text-is('Correct round 1')")
    more = thumb.page.locator("#round-form button[value=k]")
    more.scroll_into_view_if_needed()
    tap(thumb, "#round-form button[value=k]")
    for _ in range(4):
        tap(thumb, trick(2))
    thumb.screenshot("catte-correction")
    go(thumb, SAVE)
    thumb.page.wait_for_selector("text=Round 1 corrected")
    thumb.page.locator(CLOSE).scroll_into_view_if_needed()
    thumb.tap(CLOSE)
    go(thumb, "#session-actions button:text-is('Yes, close it')")
    thumb.page.wait_for_selector("text=The session is closed")

    session = fresh(session)
    assert session.is_closed
    result, _ = catte.replay(services.logs.export_game(session))
    money = {p.name: amount for p, amount in player_balances(group)[0].items()}
    assert money == {name: Decimal(amount) for name, amount in result["totals"].items()}
    assert result["rounds"][0]["winner"] == "Chi"
    assert player_balances(group)[2] == 0
