"""The details beside a code to pay, as a phone of 360 and 390 px shows them in each language:
an account number, an IBAN's groups and a bank's name are never broken inside a word."""

import pytest

from tests.browser import thumb as phones
from tests.browser.test_pay_by_qr import table_owing_chi
from tests.browser.test_phone import log_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
thumb = phones.thumb  # the fixture: both phone sizes

# Every word of the details, and the lines it is drawn on: more than one is a word broken.
BROKEN_WORDS = """() => [...document.querySelectorAll('.copy-list dd > span')].flatMap(span => {
  const text = span.firstChild, broken = [];
  for (const word of text.data.matchAll(/\\S+/g)) {
    const range = document.createRange();
    range.setStart(text, word.index);
    range.setEnd(text, word.index + word[0].length);
    const lines = new Set([...range.getClientRects()].map(rect => Math.round(rect.top)));
    if (lines.size > 1) broken.push(word[0]);
  }
  return broken;
})"""


def details_shown(page, live_server, group, language):
    log_in(page, live_server, "alice")
    page.goto(live_server.url + "/language/")
    page.click(f"button[value={language}]")
    page.goto(f"{live_server.url}/groups/{group.pk}/balances/")
    page.click("details.pay summary")


@pytest.mark.parametrize("language", ["vi", "en", "de"])
def test_an_account_number_and_a_bank_name_are_not_broken_mid_word(
    live_server, thumb, alice, language
):
    details = {"bank_bin": "970410", "account": "0071001234567890123"}  # Standard Chartered
    group = table_owing_chi(alice, "VND", "1250000", details)
    details_shown(thumb.page, live_server, group, language)
    thumb.page.locator(".copy-list").scroll_into_view_if_needed()
    thumb.screenshot(f"pay-details-vietqr-{language}")
    assert "0071001234567890123" in thumb.page.inner_text(".copy-list")
    assert thumb.page.evaluate(BROKEN_WORDS) == []
    thumb.assert_no_sideways_scroll()


@pytest.mark.parametrize("language", ["vi", "de"])
def test_an_iban_and_a_holder_are_not_broken_mid_word(live_server, thumb, alice, language):
    details = {"holder": "Nguyễn Thị Thanh Hương", "iban": "DE89370400440532013000"}
    group = table_owing_chi(alice, "EUR", "21.50", details)
    details_shown(thumb.page, live_server, group, language)
    assert thumb.page.evaluate(BROKEN_WORDS) == []
    thumb.assert_no_sideways_scroll()


def test_a_change_by_another_is_said_beside_the_code_and_fits_a_small_phone(
    live_server, thumb, alice
):
    details = {"holder": "Chi Nguyen", "iban": "DE89370400440532013000"}
    group = table_owing_chi(alice, "EUR", "21.50", details)
    details_shown(thumb.page, live_server, group, "de")
    note = thumb.page.locator("details.pay .flash.warning")
    assert "hat heute alice geändert" in note.inner_text()
    box, width = note.bounding_box(), thumb.page.viewport_size["width"]
    assert note.is_visible() and box["x"] + box["width"] <= width
    thumb.assert_no_sideways_scroll()
