"""A player leaves for the evening with one tap at 360×740 and 390×844: the next round's entry
starts with him sitting out, and the deal goes round him."""

import pytest

from tests.browser import thumb as phones
from tests.browser.test_catte_thumb import NEXT, SAVE, enter, go, open_session, trick
from tests.browser.test_phone import assert_fits_a_phone
from tests.factories import fresh
from tracker.models import Round, SessionSeat
from tracker.rules import catte

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
thumb = phones.thumb  # the fixture: both phone sizes, with a tap counter
LEAVES = "#seating button[aria-label='An leaves for the evening']"
BACK = "#seating button[aria-label='An is back at the table']"


def test_a_player_leaves_in_one_tap_and_sits_out_the_next_round(
    thumb, live_server, alice, players, group
):
    sweep = catte.Round(tricks=["An"] * 4)
    session = open_session(thumb, live_server, group, players, alice, {"stake": "1.00"}, [sweep])
    thumb.page.locator(LEAVES).scroll_into_view_if_needed()
    go(thumb, LEAVES)
    assert thumb.taps == 1
    thumb.page.wait_for_selector("text=An left: every new round starts without him.")
    thumb.page.wait_for_selector("text=Round 2 · Bình deals")
    sitting_out = thumb.page.locator("#round-form button[value=a0]")
    assert sitting_out.get_attribute("aria-pressed") == "true"
    assert "left" in sitting_out.inner_text()
    assert thumb.page.locator(f"{NEXT} button[value=t0]").count() == 0
    thumb.screenshot("catte-left")
    if thumb.size == "360x740":
        assert_fits_a_phone(thumb.page)
    enter(thumb, [trick(1)] * 4 + [SAVE])
    thumb.page.wait_for_selector("text=Round 2 saved.")
    assert Round.objects.get(session=session, number=2).entry == {
        "absent": [0],
        "tricks": [1, 1, 1, 1],
    }
    thumb.page.locator(BACK).scroll_into_view_if_needed()
    go(thumb, BACK)
    thumb.page.wait_for_selector("text=An is back at the table.")
    assert thumb.page.locator("#round-form button[value=a0]").get_attribute("aria-pressed") == (
        "false"
    )
    assert SessionSeat.objects.get(session=fresh(session), seat=0).left_after_round is None
