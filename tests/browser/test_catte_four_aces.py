"""Four aces shown at the deal of a round with a side pot, at 360×740 and 390×844: the round reads
plainly and saves without a card, online and offline, and whenever "Save round" waits, why is
written right under it."""

import pytest

from tests.browser import thumb as phones
from tests.browser.test_catte_offline import CENTRED, SHEET, back_online, recorded, save_sheet
from tests.browser.test_catte_thumb import NEXT, SAVE, SIDE_POT, open_session, tap

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
thumb = phones.thumb  # the fixture: both phone sizes, with a tap counter
FOUR_ACES_CHI = "#round-form button[aria-label='Chi: four aces']"
WAITS = "#round-form #save-waits"


def scrolled_to(thumb, selector: str) -> str:
    """A thumb scrolling to the button before it taps it."""
    thumb.page.locator(selector).evaluate(CENTRED)
    return selector


def test_four_aces_before_the_side_pots_card_reads_plainly_and_saves(
    thumb, live_server, alice, players, group
):
    session = open_session(thumb, live_server, group, players, alice, SIDE_POT)
    tap(thumb, scrolled_to(thumb, FOUR_ACES_CHI))
    thumb.page.wait_for_selector("text=Automatic win: Chi · four aces · pays double")
    entry = thumb.page.inner_text("#round-form")
    assert "None" not in entry and "no upturned card is needed" in entry
    thumb.assert_in_view(SAVE)
    assert thumb.page.locator(SAVE).get_attribute("aria-disabled") is None
    assert not thumb.page.locator(WAITS).count()
    thumb.screenshot("catte-four-aces-side-pot")
    tap(thumb, SAVE)
    thumb.page.wait_for_selector("text=Round 1 saved.")
    assert recorded(session, "auto_win") == [{"player": 2, "hand": "four_aces"}]


def test_save_waiting_says_why_beside_it(thumb, live_server, alice, players, group):
    open_session(thumb, live_server, group, players, alice, SIDE_POT)
    scrolled_to(thumb, SAVE)
    thumb.assert_in_view(WAITS)
    assert thumb.page.inner_text(WAITS) == "Tap the side pot's upturned card first."
    tap(thumb, scrolled_to(thumb, f"{NEXT} button[value=u9C]"))
    scrolled_to(thumb, SAVE)
    thumb.assert_in_view(WAITS)
    assert thumb.page.inner_text(WAITS) == "Tap who won trick 1, or an automatic win."
    tap(thumb, scrolled_to(thumb, f"{NEXT} button[value=t0]"))
    assert thumb.page.inner_text(WAITS) == "Tap who won trick 2."
    box, reason = (thumb.page.locator(s).bounding_box() for s in (SAVE, WAITS))
    assert 0 <= reason["y"] - (box["y"] + box["height"]) < 40  # right under the button


def test_four_aces_tapped_offline_without_a_card_is_recorded_when_the_network_is_back(
    thumb, live_server, alice, players, group
):
    session = open_session(thumb, live_server, group, players, alice, SIDE_POT)
    thumb.page.context.set_offline(True)
    thumb.tap(scrolled_to(thumb, FOUR_ACES_CHI))
    thumb.page.wait_for_selector(SHEET)
    so_far = thumb.page.inner_text(f"{SHEET} [data-so-far]")
    assert so_far == "Chi: automatic win (four aces)"
    save_sheet(thumb)
    back_online(thumb)
    assert recorded(session, "auto_win") == [{"player": 2, "hand": "four_aces"}]
    assert not thumb.page.locator(".outbox-unsettled").count()
