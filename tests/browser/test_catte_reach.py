"""What the table needs at each moment of a round is on the screen at 360×740 and 390×844:
automatic wins right by trick 1, the fold buttons while tricks are played, the side pot's
question when the round is over, and a round everyone else folded ends without a tap more."""

import pytest

from tests.browser import thumb as phones
from tests.browser.test_catte_thumb import NEXT, SAVE, open_session, tap, trick
from tracker.catte.models import Round

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
thumb = phones.thumb  # the fixture: both phone sizes, with a tap counter
EVERY_AUTO_WIN = {"stake": "1.00", "auto_wins": ["four_of_a_kind", "flush"]}
SIDE_POT = {"stake": "1.00", "side_pot_stake": "0.50"}
FOLDS = "#round-form .tricks details.folds"


def test_automatic_wins_are_right_by_the_buttons_of_trick_one(
    thumb, live_server, alice, players, group
):
    open_session(thumb, live_server, group, players, alice, EVERY_AUTO_WIN)
    thumb.assert_in_view(trick(3))
    for hand in ("four_aces", "four_of_a_kind", "flush"):
        thumb.assert_in_view(f"{NEXT} button[value='w3.{hand}']")
    tap(thumb, trick(0))
    assert thumb.page.locator("#round-form button[value='w0.four_aces']").count() == 0


def test_the_fold_buttons_are_in_view_while_tricks_are_played(
    thumb, live_server, alice, players, group
):
    open_session(thumb, live_server, group, players, alice, {"stake": "1.00"})
    tap(thumb, trick(1))
    thumb.open(f"{FOLDS} summary")
    thumb.assert_in_view(f"{FOLDS} button[value=f3]")
    tap(thumb, f"{FOLDS} button[value=f3]")
    thumb.assert_in_view(f"{FOLDS} button[value=f2]")
    thumb.assert_in_view(trick(1))


def test_everyone_else_folding_ends_the_round_without_a_tap_more(
    thumb, live_server, alice, players, group
):
    session = open_session(thumb, live_server, group, players, alice, {"stake": "1.00"})
    tap(thumb, trick(1))
    thumb.open(f"{FOLDS} summary")
    for seat in (0, 2, 3):
        tap(thumb, f"{FOLDS} button[value=f{seat}]")
    thumb.page.wait_for_selector("text=Everyone else folded: the rest of the tricks go to Bình.")
    thumb.assert_in_view(SAVE)
    tap(thumb, SAVE)
    assert thumb.taps == 1 + 1 + 3 + 1
    thumb.page.wait_for_selector("text=Round 1 saved.")
    assert Round.objects.get(session=session).entry == {"tricks": [1] * 4, "folds": [0, 2, 3]}


def test_the_side_pot_question_left_open_is_in_view_after_the_last_trick(
    thumb, live_server, alice, players, group
):
    session = open_session(thumb, live_server, group, players, alice, SIDE_POT)
    tap(thumb, f"{NEXT} button[value=uKH]")
    for seat in (1, 0, 1, 0, 0, 1):  # trick 1 tapped before anyone answered for the side pot
        tap(thumb, f"#round-form .tricks button[value=t{seat}]")
    thumb.assert_in_view("#round-form details.claim summary")  # no one, unless tapped
    thumb.assert_in_view(SAVE)
    thumb.tap("#round-form details.claim summary")
    tap(thumb, "#round-form details.claim button[value=c2]")
    tap(thumb, SAVE)
    thumb.page.wait_for_selector("text=Round 1 saved.")
    assert Round.objects.get(session=session).entry["side_pot"] == {
        "upturned": "KH",
        "claimed_by": 2,
    }
