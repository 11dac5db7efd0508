"""Who owes whom on a phone of each size: the transfers to settle up and their "Paid" buttons
are on the first screen, and a tap on one says what it recorded just above them, in view."""

import json
from pathlib import Path

import pytest

from tests.browser import thumb as phones
from tests.browser.test_phone import log_in
from tests.factories import PlayerFactory
from tracker.catte import services

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
thumb = phones.thumb
EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


@pytest.fixture
def evening(group, players, alice):
    """The worked Cắt Tê evening, and two players more in the group, who did not play."""
    PlayerFactory(group=group, name="Em")
    PlayerFactory(group=group, name="Giang")
    log = json.loads((EXAMPLES / "catte-evening.json").read_text())
    return services.logs.import_log(group, log, alice)


def test_the_paid_buttons_and_what_a_tap_recorded_are_on_the_first_screen(
    thumb, live_server, group, evening
):
    log_in(thumb.page, live_server, "alice")
    thumb.page.goto(f"{live_server.url}/groups/{group.pk}/balances/")
    paid = "#settle form button:text-is('Paid')"
    thumb.assert_in_view(paid)
    thumb.tap(paid)
    thumb.page.wait_for_selector("#messages .flash:has-text('Recorded:')")
    thumb.assert_in_view("#messages .flash")
    thumb.assert_in_view(paid)  # the next transfer's, under it
    thumb.assert_no_sideways_scroll()
