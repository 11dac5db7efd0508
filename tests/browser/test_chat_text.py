"""Text for the chat, on a phone of 360 and 390 px: a page of the app in its own type, copied
whole by one tap, and without a script still there to select by hand."""

import pytest

from tests.browser import thumb as phones
from tests.browser.conftest import put_down
from tests.browser.test_phone import log_in
from tests.tracker.test_history_views import worked_session

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
thumb = phones.thumb  # the fixture: both phone sizes, with a tap counter

FONT_SIZE = "parseFloat(getComputedStyle(document.querySelector('#chat-text')).fontSize)"


def test_the_text_for_the_chat_reads_on_a_phone_and_copies_with_one_tap(
    live_server, thumb, alice, group, players
):
    worked_session(group, players, alice)
    thumb.page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    log_in(thumb.page, live_server, "alice")
    thumb.page.goto(f"{live_server.url}/groups/{group.pk}/balances/")
    thumb.page.click("a:has-text('Text for the chat')")
    assert thumb.page.evaluate("document.documentElement.clientWidth") < 400  # not 980
    assert thumb.page.evaluate(FONT_SIZE) >= 16
    thumb.assert_no_sideways_scroll()
    thumb.screenshot("chat-text")
    thumb.tap("button.copy")
    copied = thumb.page.evaluate("navigator.clipboard.readText()")
    assert copied.startswith("Friday table: who owes whom (EUR)\n\nAn: +€3.00\n")
    assert copied == thumb.page.inner_text("#chat-text")
    assert thumb.page.inner_text("button.copy") == "Copied"


def test_without_a_script_the_text_for_the_chat_is_there_to_select(
    browser, live_server, alice, group, players
):
    session = worked_session(group, players, alice)
    context = browser.new_context(viewport={"width": 360, "height": 740}, java_script_enabled=False)
    page = context.new_page()
    log_in(page, live_server, "alice")
    page.goto(f"{live_server.url}{session.get_absolute_url()}chat/")
    assert page.is_hidden("button.copy")
    text = page.inner_text("#chat-text")
    assert "An: +€3.00" in text and "Chi → An: €3.00" in text
    selection = "getComputedStyle(document.querySelector('#chat-text')).userSelect"
    assert page.evaluate(selection) == "all"
    put_down(context)
