"""A score sheet's round entered with one thumb on phones of both sizes: a Tiến lên round of
four with a chop in eight taps, Save included, each next thing to tap in view; a Hearts round
as one typed number per player, then Save."""

import pytest

from tests.browser import thumb as phones
from tests.browser.test_phone import log_in
from tests.factories import fresh
from tracker.sheets import services
from tracker.sheets.board import load

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
thumb = phones.thumb  # the fixture: both phone sizes, with a tap counter

SETTLED = "() => !document.querySelector('.htmx-request, .htmx-swapping, .htmx-settling')"


def button(field: str, value) -> str:
    """The button of one choice in a tap grid: `place_1` 0, `chop_1_1_what` "black_two"."""
    return phones.tap_button(field, value, "#played")


def open_sheet(thumb, live_server, sheet_row):
    log_in(thumb.page, live_server, "alice")
    thumb.page.goto(live_server.url + sheet_row.get_absolute_url())


def wait_for(thumb, text: str) -> None:
    thumb.page.wait_for_selector(f"text={text}")
    thumb.page.wait_for_function(SETTLED)


def test_a_tien_len_round_of_four_with_a_chop_takes_eight_taps(
    thumb, live_server, alice, group, players
):
    sheet_row = services.start(group, players, {"stake": "1.00", "preset": "tien_len"}, alice)
    open_sheet(thumb, live_server, sheet_row)
    thumb.screenshot("sheet-1-round")
    for place, seat in [(1, 0), (2, 1), (3, 2)]:  # An, Bình and Chi went out; Dũng is last
        thumb.tap(button(f"place_{place}", seat))
    assert thumb.page.inner_text("[data-last-line]") == "last: Dũng"
    thumb.screenshot("sheet-2-places")
    thumb.tap("#played details[data-chop='1'] > summary")
    thumb.tap(button("chop_1_1_chopper", 2))  # Chi chopped
    thumb.tap(button("chop_1_1_chopped", 3))  # Dũng's
    thumb.tap(button("chop_1_1_what", "black_two"))
    thumb.page.wait_for_selector("#round-check :text('chop: a black 2')")
    thumb.screenshot("sheet-3-chop")
    assert "Dũng → An €2.00 (last to first)" in thumb.page.inner_text("#round-check")
    thumb.tap("#played [data-save]")
    wait_for(thumb, "Round 2")
    thumb.screenshot("sheet-4-saved")
    assert thumb.taps == 8
    assert "Round 1 saved." in thumb.page.inner_text("#entry-messages")
    thumb.assert_in_view("#entry-messages")
    thumb.assert_no_sideways_scroll()
    board = load(fresh(sheet_row))
    assert board.state.running == {"An": 2, "Bình": 1, "Chi": 0, "Dũng": -3}


def test_a_hearts_round_is_a_number_typed_for_each_player_then_save(
    thumb, live_server, alice, group, players
):
    sheet_row = services.start(group, players, {"stake": "0.10", "preset": "hearts"}, alice)
    open_sheet(thumb, live_server, sheet_row)
    thumb.tap("#id_points_0")
    for points in ("3", "0", "13", "10"):  # the keyboard's Enter goes on to the next player
        thumb.page.keyboard.type(points)
        thumb.page.keyboard.press("Enter")
    assert thumb.page.evaluate("document.activeElement.matches('[data-save]')")
    thumb.page.wait_for_selector("#round-check :text('points')")
    thumb.screenshot("sheet-5-hearts")
    thumb.tap("#played [data-save]")
    wait_for(thumb, "Round 2")
    assert thumb.taps == 2
    board = load(fresh(sheet_row))
    assert board.state.points == {"An": 3, "Bình": 0, "Chi": 13, "Dũng": 10}
