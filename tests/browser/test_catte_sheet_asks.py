"""The sheet of a Cắt Tê round entered with no network asks what the online entry asks, as a
person sees it on phones of both sizes: the side pot's card first, only the players who may win
the next trick, no trick after a sweep, the ace question when it applies, then "Save round"; a
tap the table would refuse is refused at the tap, its message beside the buttons, and nothing
is kept. The rounds saved on the sheet reach the table when the network is back."""

import pytest

from tests.browser import thumb as phones
from tests.browser.test_catte_offline import (
    CENTRED,
    SHEET,
    back_online,
    on_sheet,
    recorded,
    save_sheet,
    tapped_offline,
)
from tests.browser.test_catte_thumb import SIDE_POT, open_session, trick

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
thumb = phones.thumb  # the fixture: both phone sizes, with a tap counter
ACE = {"stake": "1.00", "ace_penalty": True, "sweep_double_min_players": 4}
NEXT = f"{SHEET} [data-sheet-next]"
KEPT_TAPS = """() => window.cardtableOutbox.waiting().filter(e => e.round)
  .map(e => window.cardtableOutbox.fieldOf(e, "taps"))"""
KEPT_ROUNDS = """() => window.cardtableOutbox.waiting().filter(e => e.round)
  .map(e => [window.cardtableOutbox.fieldOf(e, "taps"), e.tapping])"""


def shown(thumb, selector: str) -> list[str]:
    """The values of the sheet's buttons that `selector` finds and a person sees."""
    found = thumb.page.locator(f"{SHEET} {selector}")
    buttons = [found.nth(index) for index in range(found.count())]
    return [button.get_attribute("value") for button in buttons if button.is_visible()]


def test_with_a_side_pot_the_sheet_asks_for_the_card_first(
    thumb, live_server, alice, players, group
):
    open_session(thumb, live_server, group, players, alice, SIDE_POT)
    bình = "#round-form .tricks button[value=t1]"
    thumb.page.locator(bình).evaluate(CENTRED)
    tapped_offline(thumb, bình)  # Bình won trick 1, tapped before the card
    assert thumb.page.locator(f"{NEXT}[data-card]").is_visible()
    assert thumb.page.get_attribute(f"{SHEET} [data-card]", "open") is not None
    assert "Tap the side pot's upturned card first." in thumb.page.inner_text(SHEET)
    thumb.assert_no_sideways_scroll()
    thumb.screenshot("catte-sheet-card-first")
    thumb.page.tap(f"{SHEET} button[value=save]", force=True)  # a thumb on the greyed Save
    refused = thumb.page.inner_text(f"{SHEET} [data-refusal]")
    assert refused == "Tap the side pot's upturned card first."
    assert thumb.page.evaluate(KEPT_ROUNDS) == [["t1", True]]  # still being tapped, not saved
    on_sheet(thumb, "uKH")
    assert thumb.page.get_attribute(f"{SHEET} [data-card]", "open") is None
    assert "Trick 2: who won it?" in thumb.page.inner_text(f"{NEXT} h3")
    thumb.assert_in_view(f"{NEXT} h3")


def test_after_a_sweep_the_sheet_asks_no_trick_five_but_the_ace_then_save(
    thumb, live_server, alice, players, group
):
    session = open_session(thumb, live_server, group, players, alice, ACE)
    tapped_offline(thumb, trick(0))
    on_sheet(thumb, "f3", "t0", "t0")
    assert shown(thumb, "[data-trick-step] button") == ["t0", "t1", "t2"]  # Dũng folded
    on_sheet(thumb, "t0")  # An sweeps
    assert not thumb.page.locator(f"{SHEET} [data-trick-step]").is_visible()
    assert thumb.page.locator(f"{NEXT}[data-ace-step]").is_visible()
    assert shown(thumb, "[data-ace-step] button") == ["e1", "e2", "e3", "e-"]
    thumb.assert_in_view(f"{NEXT} legend")
    thumb.screenshot("catte-sheet-ace-after-a-sweep")
    on_sheet(thumb, "e2")
    assert thumb.page.locator(f"{NEXT}[data-save-step]").is_visible()
    thumb.assert_in_view(f"{SHEET} button[value=save]")
    save_sheet(thumb)
    back_online(thumb)
    assert recorded(session) == [[0, 0, 0, 0]]
    assert recorded(session, "ace_withheld_by") == [2]


def test_a_tap_the_table_would_refuse_is_refused_at_the_tap_and_nothing_is_kept(
    thumb, live_server, alice, players, group
):
    session = open_session(thumb, live_server, group, players, alice, ACE)
    tapped_offline(thumb, trick(0))
    on_sheet(thumb, "t0", "t0", "t0", "f0")  # An swept, and cannot fold now
    refusal = f"{SHEET} [data-refusal]"
    assert thumb.page.inner_text(refusal) == "An wins the round and so cannot fold."
    beside = thumb.page.locator(refusal).evaluate("note => note.previousElementSibling.innerHTML")
    assert 'value="f0"' in beside  # right under the fold buttons
    thumb.assert_in_view(refusal)
    thumb.screenshot("catte-sheet-refused")
    assert thumb.page.evaluate(KEPT_TAPS) == ["t0 t0 t0 t0"]
    on_sheet(thumb, "e-")  # the next tap the table takes: the message goes
    assert not thumb.page.locator(refusal).is_visible()
    save_sheet(thumb)
    back_online(thumb)
    assert recorded(session) == [[0, 0, 0, 0]] and recorded(session, "folds") == [None]
