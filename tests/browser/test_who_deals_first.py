"""Who deals first, on a phone of 360 and 390 px: the start form offers the players picked for
the seats, by name, as they are picked, and the one tapped deals the first round."""

import pytest

from tests.browser import thumb as phones
from tests.browser.test_phone import log_in
from tracker.catte.models import CatteSession

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
thumb = phones.thumb  # the fixture: both phone sizes, with a tap counter

OFFERED = """() => [...document.querySelectorAll('input[name=first_dealer]')]
  .filter(choice => choice.offsetParent !== null)
  .map(choice => choice.closest('label').textContent.trim())"""


def test_who_deals_first_offers_the_players_picked_by_name(
    live_server, thumb, alice, group, players
):
    log_in(thumb.page, live_server, "alice")
    thumb.page.goto(f"{live_server.url}/groups/{group.pk}/sessions/new/")
    assert thumb.page.evaluate(OFFERED) == []  # no seat picked yet
    for seat, name in enumerate(["Chi", "An", "Dũng"]):
        thumb.page.select_option(f"select[name=seat_{seat}]", label=name)
    assert thumb.page.evaluate(OFFERED) == ["Chi", "An", "Dũng"]
    thumb.page.locator(
        "label:has(input[name=first_dealer]):has-text('Dũng')"
    ).scroll_into_view_if_needed()
    thumb.tap("label:has(input[name=first_dealer]):has-text('Dũng')")
    thumb.page.fill("input[name=stake]", "1.00")
    with thumb.page.expect_navigation():
        thumb.page.click("button:has-text('Start the session')")
    assert "Dũng" in thumb.page.inner_text(".badge:has-text('deals') >> xpath=..")
    session = CatteSession.objects.get()
    assert [seat.player.name for seat in session.seats.all()] == ["Dũng", "Chi", "An"]
