"""A player leaves for the evening (a question, then "yes") and comes back, at 360×740 and
390×844, without the page moving under the thumb: the seating part is swapped in place, its
message said there; the next round's entry starts with him sitting out, the deal goes round him."""

import pytest

from tests.browser import thumb as phones
from tests.browser.test_catte_thumb import NEXT, SAVE, SETTLED, enter, open_session, trick
from tests.browser.test_phone import assert_fits_a_phone
from tests.factories import fresh
from tracker.catte import rules as catte
from tracker.catte.models import Round, SessionSeat

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
thumb = phones.thumb  # the fixture: both phone sizes, with a tap counter
LEAVES = "#seating li:has(strong:text-is('An')) summary:text-is('Leaves…')"
YES = "#seating button:text-is('Yes, An leaves for the evening')"
BACK = "#seating button[aria-label='An is back at the table']"
ROW = "#seating li:has(strong:text-is('An'))"
MOST_JUMP = 100  # px: more than this and the thumb has lost its place


def is_poll(url: str) -> bool:
    """live.js asking whether the session changed (not its stream)."""
    return "/live/" in url and "/stream/" not in url


def top_of(thumb, selector) -> float:
    return thumb.page.locator(selector).first.bounding_box()["y"]


def tap_in_place(thumb, selector, watched=ROW) -> None:
    """A tap that htmx answers with a swap: the row it was made in stays where it was."""
    row_before = top_of(thumb, watched)
    with thumb.page.expect_response(lambda response: response.request.method == "POST"):
        thumb.tap(selector)
    thumb.page.wait_for_function(SETTLED)
    thumb.page.wait_for_timeout(100)
    assert abs(top_of(thumb, watched) - row_before) <= MOST_JUMP


def test_a_player_leaves_in_two_taps_and_back_in_one_without_a_jump(
    thumb, live_server, alice, players, group
):
    sweep = catte.Round(tricks=["An"] * 4)
    session = open_session(thumb, live_server, group, players, alice, {"stake": "1.00"}, [sweep])
    thumb.page.evaluate("window.notReloaded = true")
    thumb.page.locator(LEAVES).scroll_into_view_if_needed()
    thumb.tap(LEAVES)
    assert SessionSeat.objects.get(session=session, seat=0).left_after_round is None
    thumb.assert_in_view(YES)
    thumb.assert_no_sideways_scroll()
    tap_in_place(thumb, YES)
    thumb.assert_in_view(
        "#seating .flash p:text-is('An left: every new round starts without this player.')"
    )
    thumb.assert_in_view(BACK)
    assert thumb.page.locator("#entry-messages .flash").count() == 0
    tap_in_place(thumb, BACK)
    thumb.assert_in_view("#seating .flash p:text-is('An is back at the table.')")
    assert thumb.page.evaluate("window.notReloaded") is True
    assert thumb.taps == 3
    assert SessionSeat.objects.get(session=fresh(session), seat=0).left_after_round is None


def test_a_player_who_left_sits_out_the_next_round(thumb, live_server, alice, players, group):
    sweep = catte.Round(tricks=["An"] * 4)
    session = open_session(thumb, live_server, group, players, alice, {"stake": "1.00"}, [sweep])
    thumb.page.locator(LEAVES).scroll_into_view_if_needed()
    thumb.tap(LEAVES)
    tap_in_place(thumb, YES)
    thumb.page.wait_for_selector("text=Round 2 · Bình deals")
    sitting_out = thumb.page.locator("#round-form button[value=a0]")
    assert sitting_out.get_attribute("aria-pressed") == "true"
    assert "left" in sitting_out.inner_text()
    assert thumb.page.locator(f"{NEXT} button[value=t0]").count() == 0
    thumb.screenshot("catte-left")
    if thumb.size == "360x740":
        assert_fits_a_phone(thumb.page)
    thumb.page.evaluate("window.scrollTo(0, 0)")
    enter(thumb, [trick(1)] * 4 + [SAVE])
    thumb.page.wait_for_selector("text=Round 2 saved.")
    assert Round.objects.get(session=session, number=2).entry == {
        "absent": [0],
        "tricks": [1, 1, 1, 1],
    }


def test_a_new_version_told_while_back_is_on_its_way_leaves_the_row_where_it_was(
    thumb, live_server, alice, players, group
):
    """The phone's own "back" has been recorded but not answered yet when its poll hears of a
    new version: the page waits for the answer (which shows it) and the row stays put."""
    sweep = catte.Round(tricks=["An"] * 4)
    session = open_session(thumb, live_server, group, players, alice, {"stake": "1.00"}, [sweep])
    thumb.page.locator(LEAVES).scroll_into_view_if_needed()
    thumb.tap(LEAVES)
    tap_in_place(thumb, YES)
    held, back_version = [], str(fresh(session).version + 1)
    thumb.page.route("**/back/", lambda route: held.append((route, route.fetch())))
    thumb.page.route(  # the version "back" made, heard once it is recorded
        is_poll, lambda route: route.fulfill(status=200 if held else 204, body=back_version)
    )
    row_before = top_of(thumb, ROW)
    with thumb.page.expect_response(lambda answer: is_poll(answer.url) and answer.status == 200):
        thumb.tap(BACK)
    thumb.page.wait_for_timeout(200)  # room for a refresh to be asked, were it asked
    back, answer = held[0]
    back.fulfill(response=answer)
    thumb.page.wait_for_selector("#seating .flash p:text-is('An is back at the table.')")
    thumb.page.wait_for_function(SETTLED)
    thumb.page.wait_for_timeout(100)
    assert abs(top_of(thumb, ROW) - row_before) <= MOST_JUMP
    thumb.assert_in_view("#seating .flash p:text-is('An is back at the table.')")
