"""A score sheet's round refused on Save, on phones of both sizes: the round stays as tapped,
why is said next to Save and at the part it is about, which comes into view, and no part opens
that the scorer did not open. Nothing is saved."""

import pytest

from tests.browser import test_sheet_five_seats as five
from tests.browser import thumb as phones
from tests.browser.test_sheet_thumb import SETTLED, button, open_sheet
from tests.browser.thumb import radio, tap_button
from tests.factories import fresh

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
thumb = phones.thumb
five_seats = five.five_seats  # the fixture: a four-player Tiến lên sheet, five seated


def open_below(thumb, summary: str) -> None:
    """A swipe down the form to a folded part, then a tap that opens it."""
    thumb.page.locator(summary).scroll_into_view_if_needed()
    thumb.open(summary)


def save_refused(thumb, sheet_row, why: str) -> None:
    thumb.page.locator("#played [data-save]").scroll_into_view_if_needed()  # a swipe, if need be
    thumb.tap("#played [data-save]")
    thumb.page.wait_for_selector(f"#round-check .error:has-text('{why}')")
    thumb.page.wait_for_function(SETTLED)
    assert not fresh(sheet_row).rounds.exists()


def three_places_and_em_sits_out(thumb) -> None:
    for place, seat in [(1, 0), (2, 1), (3, 2)]:  # An, Bình, Chi; Dũng last
        thumb.tap(button(f"place_{place}", seat))
    thumb.open("#played details[data-absent] > summary")
    thumb.tap("#played label[for='id_absent_4']")


def open_parts(thumb) -> list[str]:
    return thumb.page.eval_on_selector_all(
        "#played details[open] > summary", "parts => parts.map(part => part.textContent.trim())"
    )


def test_three_places_of_five_without_who_sits_out_are_refused_at_the_places(
    thumb, live_server, five_seats
):
    open_sheet(thumb, live_server, five_seats)
    for place, seat in [(1, 0), (2, 1), (3, 2)]:
        thumb.tap(button(f"place_{place}", seat))
    save_refused(thumb, five_seats, "Tap the places of Dũng, Em")
    thumb.screenshot("sheet-refused-places")
    assert "Tap the places of Dũng, Em" in thumb.page.inner_text("#round-fault")
    thumb.assert_in_view("#round-fault")
    assert open_parts(thumb) == []  # the leftovers' counts of 0 open nothing
    assert thumb.page.is_checked(radio("place_3", 2))  # the round as tapped
    thumb.assert_no_sideways_scroll()


def test_a_chop_without_whom_is_refused_at_the_chop(thumb, live_server, five_seats):
    open_sheet(thumb, live_server, five_seats)
    three_places_and_em_sits_out(thumb)
    thumb.open("#played details[data-chop='1'] > summary")
    thumb.tap(button("chop_1_1_chopper", 2))
    thumb.tap(button("chop_1_1_what", "black_two"))
    save_refused(thumb, five_seats, "Chop 1: tap who chopped, whom")
    thumb.screenshot("sheet-refused-chop")
    assert thumb.page.locator("#played details[data-chop='1'] #round-fault").count() == 1
    thumb.assert_in_view("#round-fault")
    thumb.assert_in_view(button("chop_1_1_chopped", 3))  # what is missing, under the thumb
    assert open_parts(thumb) == ["Chop (chặt)"]  # who sits out is named on its summary
    thumb.assert_no_sideways_scroll()


def test_a_payment_without_its_payee_is_refused_at_the_payment(thumb, live_server, five_seats):
    open_sheet(thumb, live_server, five_seats)
    three_places_and_em_sits_out(thumb)
    open_below(thumb, "#played details:has(> summary:text('A payment')) > summary")
    thumb.tap(button("pay_1_payer", 1))
    save_refused(thumb, five_seats, "Payment 1: tap who pays and to whom")
    assert thumb.page.locator("#played details:has(#round-fault) > summary").inner_text() == (
        "A payment"
    )
    thumb.assert_in_view("#round-fault")
    assert open_parts(thumb) == ["A payment"]


def test_places_that_skip_are_refused_at_the_places(thumb, live_server, five_seats):
    open_sheet(thumb, live_server, five_seats)
    for place, seat in [(1, 0), (3, 1)]:  # nobody second
        thumb.tap(button(f"place_{place}", seat))
    save_refused(thumb, five_seats, "No one is tapped second")
    thumb.assert_in_view("#round-fault")
    assert thumb.page.is_checked(radio("place_3", 1))
    assert open_parts(thumb) == []


def test_an_instant_win_without_its_hand_is_refused_at_the_instant_win(
    thumb, live_server, five_seats
):
    open_sheet(thumb, live_server, five_seats)
    open_below(thumb, "#played details:has(> summary:text('Instant win')) > summary")
    thumb.tap(button("winner", 1))
    save_refused(thumb, five_seats, "Tap the hand Bình won with.")
    assert thumb.page.locator("#played details:has(#round-fault) > summary").inner_text() == (
        "Instant win (tới trắng)"
    )
    thumb.assert_in_view("#round-fault")
    thumb.assert_in_view(button("hand", "dragon"))  # what is missing, under the thumb
    assert open_parts(thumb) == ["Instant win (tới trắng)"]


def test_leftovers_of_a_frozen_round_without_whose_are_refused_at_the_leftovers(
    thumb, live_server, five_seats
):
    open_sheet(thumb, live_server, five_seats)
    three_places_and_em_sits_out(thumb)
    open_below(thumb, "#played details:has(> summary:text('Frozen')) > summary")
    thumb.tap("#played label[for='id_frozen_3']")  # Dũng frozen: An, Bình placed, Chi third
    open_below(thumb, "#played details[data-leftovers='1'] > summary")
    thumb.tap(tap_button("leftover_1_black_two", 1, "#played"))
    save_refused(thumb, five_seats, "Tap who held the leftovers.")
    assert thumb.page.locator("#played details[data-leftovers='1'] #round-fault").count() == 1
    thumb.assert_in_view("#round-fault")
