"""The language switch sits on a page of its own, reached from the foot of every page: a double
tap on an action cannot land on it, and a switch made by mistake is taken back in one tap."""

import pytest

from core.models import Preferences
from ledger.models import Transaction
from tests.browser import thumb as phones
from tests.browser.test_phone import log_in
from tests.factories import session_of_sweeps

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
thumb = phones.thumb  # the fixture: both phone sizes, with a tap counter


def test_a_double_tap_on_paid_records_once_and_keeps_the_language(
    thumb, live_server, alice, group, players
):
    session_of_sweeps(group, players, alice, rounds=2)
    log_in(thumb.page, live_server, "alice")
    thumb.page.goto(f"{live_server.url}/groups/{group.pk}/balances/")
    paid = thumb.page.locator("button:has-text('Paid')").first
    paid.scroll_into_view_if_needed()
    box = paid.bounding_box()
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    with thumb.page.expect_navigation():
        thumb.page.touchscreen.tap(x, y)
    thumb.page.touchscreen.tap(x, y)  # the second tap of the double tap, on the next page
    thumb.page.wait_for_load_state()
    assert thumb.page.get_attribute("html", "lang") == "en"
    assert not Preferences.objects.filter(user=alice).exclude(language="en").exists()
    assert Transaction.objects.filter(group=group, kind="payment").count() == 1


def test_a_switch_made_by_mistake_is_taken_back_in_one_tap(thumb, live_server, alice, group):
    log_in(thumb.page, live_server, "alice")
    thumb.page.goto(f"{live_server.url}/groups/{group.pk}/")
    thumb.page.locator("#language-link").scroll_into_view_if_needed()
    thumb.tap("#language-link")
    thumb.tap("button[lang=de]")
    thumb.page.wait_for_selector("html[lang=de]")
    assert thumb.page.url.endswith(f"/groups/{group.pk}/")
    thumb.tap("#language-back button")  # "Back to English", said in English
    thumb.page.wait_for_selector("html[lang=en]")
    assert Preferences.objects.get(user=alice).language == "en"
    assert thumb.taps == 3 and not thumb.page.locator("#language-back").count()
