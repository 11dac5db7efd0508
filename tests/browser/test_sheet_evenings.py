"""Evenings kept on score sheets, on phones of both sizes: a Tiến lên evening and a Hearts
evening, each with one round entered while the network is gone (kept on the phone, then
recorded once), and "who owes whom" settling them with the group's Cắt Tê money."""

from decimal import Decimal

import pytest

from tests.browser import thumb as phones
from tests.browser.test_sheet_thumb import button, open_sheet, wait_for
from tests.factories import PlayerFactory, fresh, session_of_sweeps
from tracker.sheets import services
from tracker.sheets.board import load

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
thumb = phones.thumb  # the fixture: both phone sizes, with a tap counter


def tap_places(thumb, *seats) -> None:
    for place, seat in enumerate(seats, start=1):
        thumb.tap(button(f"place_{place}", seat))


def open_part(thumb, summary: str) -> None:
    selector = f"#played summary:has-text('{summary}')"
    thumb.page.locator(selector).first.scroll_into_view_if_needed()
    thumb.open(selector)


def save(thumb) -> None:
    thumb.page.locator("#played [data-save]").scroll_into_view_if_needed()
    thumb.tap("#played [data-save]")


def kept_offline(thumb) -> None:
    thumb.page.wait_for_selector("#outbox-kept")
    assert thumb.page.inner_text("#outbox-badge") == "1 waiting to be sent"


def back_online(thumb, heading: str) -> None:
    thumb.page.context.set_offline(False)
    wait_for(thumb, heading)
    thumb.page.wait_for_selector("#outbox-badge", state="detached")


def owed_on_the_balances_page(thumb, live_server, group) -> str:
    thumb.page.goto(f"{live_server.url}/groups/{group.pk}/balances/")
    thumb.assert_no_sideways_scroll()
    return thumb.page.inner_text("main")


def test_a_tien_len_evening_with_a_round_entered_offline(thumb, live_server, alice, group, players):
    session_of_sweeps(group, players, alice, rounds=1)  # Cắt Tê: An +6.00, the others -2.00
    sheet_row = services.start(group, players, {"stake": "1.00", "preset": "tien_len"}, alice)
    open_sheet(thumb, live_server, sheet_row)
    tap_places(thumb, 0, 1, 2)  # round 1: An, Bình, Chi; Chi chopped Dũng's black 2
    open_part(thumb, "Chop (chặt)")
    thumb.tap(button("chop_1_1_chopper", 2))
    thumb.tap(button("chop_1_1_chopped", 3))
    thumb.tap(button("chop_1_1_what", "black_two"))
    save(thumb)
    wait_for(thumb, "Round 2")
    thumb.page.context.set_offline(True)  # round 2: Chi, An, Bình; Dũng frozen
    tap_places(thumb, 2, 0)
    open_part(thumb, "Frozen (cóng)")
    thumb.tap("#played label[for='id_frozen_3']")
    assert thumb.page.inner_text("[data-last-line]") == "third: Bình"  # Dũng, frozen, is last
    save(thumb)
    kept_offline(thumb)
    thumb.screenshot("sheet-tien-len-kept-offline")
    assert fresh(sheet_row).round_count == 1
    back_online(thumb, "Round 3")
    open_part(thumb, "Instant win (tới trắng)")  # round 3: Bình wins at the deal, a dragon
    thumb.tap(button("winner", 1))
    thumb.tap(button("hand", "dragon"))
    save(thumb)
    wait_for(thumb, "Round 4")
    thumb.assert_no_sideways_scroll()
    running = load(fresh(sheet_row)).state.running
    assert running == {"An": 1, "Bình": 6, "Chi": 2, "Dũng": -9}
    owed = owed_on_the_balances_page(thumb, live_server, group)
    assert "+€7.00" in owed and "-€11.00" in owed  # An 6 + 1, Dũng -2 - 9


def test_a_hearts_evening_with_a_round_entered_offline(thumb, live_server, alice, group, players):
    em = PlayerFactory(group=group, name="Em")
    session_of_sweeps(group, players, alice, rounds=1)  # Cắt Tê: An +6.00, the others -2.00
    rules = {"stake": "0.10", "preset": "hearts"}
    sheet_row = services.start(group, [*players, em], rules, alice)
    open_sheet(thumb, live_server, sheet_row)
    typed = {"0": "3", "1": "0", "2": "13", "3": "10"}  # round 1: Em sits out
    for seat, points in typed.items():
        thumb.page.fill(f"#id_points_{seat}", points)
    thumb.tap("#played label[for='id_absent_4']")
    thumb.screenshot("sheet-hearts-round-1")
    save(thumb)
    wait_for(thumb, "Round 2")
    thumb.page.context.set_offline(True)  # round 2: An sits out, Em shoots the moon
    for seat, points in {"1": "26", "2": "26", "3": "26", "4": "0"}.items():
        thumb.page.fill(f"#id_points_{seat}", points)
    thumb.page.locator("#played label[for='id_absent_0']").scroll_into_view_if_needed()
    thumb.tap("#played label[for='id_absent_0']")
    save(thumb)
    kept_offline(thumb)
    back_online(thumb, "Round 3")
    board = load(fresh(sheet_row))
    assert board.state.points == {"An": 3, "Bình": 26, "Chi": 39, "Dũng": 36, "Em": 0}
    assert board.state.running["Em"] == Decimal("7.80")  # 3 × 26 points, at 0.10 each
    owed = owed_on_the_balances_page(thumb, live_server, group)
    assert "Em" in owed and "+€7.80" in owed
