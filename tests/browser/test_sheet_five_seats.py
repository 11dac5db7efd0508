"""Five at a four-player Tiến lên table: who sat out the round before sits out the next until a
tap changes it, named on the folded part, so a round with one chop is eight taps, Save
included; and with a frozen player the line under the places names the place the round says."""

import pytest

from tests.browser import thumb as phones
from tests.browser.test_sheet_thumb import button, open_sheet, wait_for
from tests.factories import PlayerFactory, fresh
from tracker.sheets import rules as sheet
from tracker.sheets import services
from tracker.sheets.board import load

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
thumb = phones.thumb


@pytest.fixture
def five_seats(alice, group, players):
    seated = [*players, PlayerFactory(group=group, name="Em")]
    return services.start(group, seated, {"stake": "1.00", "preset": "tien_len"}, alice)


def test_em_sits_out_again_and_a_round_with_a_chop_takes_eight_taps(
    thumb, live_server, alice, five_seats
):
    first = sheet.Round(absent=["Em"], places=["An", "Bình", "Chi", "Dũng"])
    services.record_round(load(five_seats), first, alice)
    open_sheet(thumb, live_server, five_seats)
    assert thumb.page.inner_text("#played details[data-absent] > summary") == "Sitting out: Em"
    for place, seat in [(1, 1), (2, 2), (3, 3)]:  # Bình, Chi, Dũng went out; An is last
        thumb.tap(button(f"place_{place}", seat))
    assert thumb.page.inner_text("#played [data-last-line]") == "last: An"
    thumb.open("#played details[data-chop='1'] > summary")
    thumb.tap(button("chop_1_1_chopper", 3))  # Dũng chopped An's black 2
    thumb.tap(button("chop_1_1_chopped", 0))
    thumb.tap(button("chop_1_1_what", "black_two"))
    thumb.page.wait_for_selector("#round-check :text('sitting out: Em')")
    thumb.tap("#played [data-save]")
    wait_for(thumb, "Round 3")
    assert thumb.taps == 8
    assert fresh(five_seats).rounds.get(number=2).entry["absent"] == [4]


def test_a_tap_changes_who_sits_out(thumb, live_server, alice, five_seats):
    first = sheet.Round(absent=["Em"], places=["An", "Bình", "Chi", "Dũng"])
    services.record_round(load(five_seats), first, alice)
    open_sheet(thumb, live_server, five_seats)
    thumb.open("#played details[data-absent] > summary")
    thumb.tap("#played label[for='id_absent_4']")  # Em is back
    thumb.tap("#played label[for='id_absent_0']")  # An sits out
    assert thumb.page.inner_text("#played details[data-absent] > summary") == "Sitting out: An"


def test_with_a_frozen_player_the_line_names_the_place_before_his(
    thumb, live_server, alice, group, players
):
    sheet_row = services.start(group, players, {"stake": "1.00", "preset": "tien_len"}, alice)
    open_sheet(thumb, live_server, sheet_row)
    thumb.page.locator(
        "#played details:has(> summary:text('Frozen')) > summary"
    ).scroll_into_view_if_needed()
    thumb.open("#played details:has(> summary:text('Frozen')) > summary")
    thumb.tap("#played label[for='id_frozen_3']")  # Dũng is frozen
    thumb.page.locator(button("place_1", 0)).scroll_into_view_if_needed()
    thumb.tap(button("place_1", 0))
    thumb.tap(button("place_2", 2))
    assert thumb.page.inner_text("#played [data-last-line]") == "third: Bình"
    thumb.page.wait_for_selector("#round-check :text('third Bình · last Dũng')")
