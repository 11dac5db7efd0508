"""Settling by scanning, as a phone's camera reads it: the code beside a transfer on "Who owes
whom" is screenshot at 360×740 in a dark theme and decoded by zbar, and every field is checked
against its standard (EPC069-12 for EUR, VietQR for VND) in English, Vietnamese and German."""

import shutil
import subprocess
from decimal import Decimal

import pytest

from core.models import Role
from ledger.payment_codes import crc16
from ledger.payment_details import change_details
from tests.browser.conftest import put_down
from tests.browser.test_languages import log_in
from tests.browser.test_pwa import WORKER_ACTIVE
from tests.factories import GroupFactory, PlayerFactory, pay
from tests.ledger.test_payment_codes import fields

pytestmark = [
    pytest.mark.browser,
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(not shutil.which("zbarimg"), reason="zbar-tools reads the code"),
]
LANGUAGES = ["en", "vi", "de"]
PLAIN_CARD_TABLE = {"en": "Card table", "vi": "Ban bai", "de": "Kartentisch"}  # SEPA letters


@pytest.fixture
def dark_phone(browser):
    contexts = []

    def open_phone(locale):
        size = {"width": 360, "height": 740}
        context = browser.new_context(
            viewport=size, has_touch=True, is_mobile=True, locale=locale, color_scheme="dark"
        )
        contexts.append(context)
        return context.new_page()

    yield open_phone
    for context in contexts:
        put_down(context)


def table_owing_chi(alice, currency, amount, details):
    """An owes Chi `amount` (Chi lent it to him); Chi's payment details are `details`."""
    group = GroupFactory(name="Thursday table", currency=currency)
    group.memberships.create(user=alice, role=Role.OWNER)
    an, chi = (PlayerFactory(group=group, name=name) for name in ["An", "Chi"])
    pay(group, chi, an, amount, alice)
    group.membership = group.memberships.get(user=alice)
    change_details(group, chi, alice, details, number=0)
    return group


def scanned(page, tmp_path) -> str:
    """The code of the first transfer, opened and read as a camera reads the screen."""
    page.click("details.pay summary")
    code = page.locator("details.pay .pay-code")
    box = code.bounding_box()
    assert box["width"] >= 240 and box["x"] + box["width"] <= 360  # across the table, in view
    assert page.evaluate("document.documentElement.scrollWidth") <= 360  # nothing sideways
    picture = tmp_path / "code.png"
    code.screenshot(path=str(picture))
    read = subprocess.run(
        ["zbarimg", "--raw", "-q", "-Sbinary", str(picture)], capture_output=True, check=True
    )
    return read.stdout.removesuffix(b"\n").decode("utf-8")


@pytest.mark.parametrize("language", LANGUAGES)
def test_an_epc_code_pays_exactly_the_transfer_to_chis_iban(
    dark_phone, live_server, alice, tmp_path, language
):
    details = {"holder": "Chi Nguyễn", "iban": "DE89 3704 0044 0532 0130 00", "bic": "COBADEFFXXX"}
    group = table_owing_chi(alice, "EUR", "21.50", details)
    page = dark_phone(language)
    log_in(page, live_server, "alice")
    page.goto(f"{live_server.url}/groups/{group.pk}/balances/")
    lines = scanned(page, tmp_path).split("\n")
    assert lines[:4] == ["BCD", "002", "1", "SCT"]  # EPC, version 002, UTF-8, a SEPA transfer
    assert lines[4:7] == ["COBADEFFXXX", "Chi Nguyen", "DE89370400440532013000"]
    assert lines[7].startswith("EUR") and Decimal(lines[7][3:]) == Decimal("21.50")
    assert lines[8:10] == ["", ""]  # no purpose code, no structured reference
    assert lines[10] == f"{PLAIN_CARD_TABLE[language]} / Thursday table / An - Chi"
    beside = page.inner_text("details.pay")  # the payee by his real name, the reference as coded
    assert "Chi Nguyễn" in beside
    assert f"{PLAIN_CARD_TABLE[language]} / Thursday table / An - Chi" in beside


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_vietqr_code_pays_exactly_the_transfer_to_chis_account(
    dark_phone, live_server, alice, tmp_path, language
):
    group = table_owing_chi(alice, "VND", "150000", {"bank_bin": "970436", "account": "1023456789"})
    page = dark_phone(language)
    log_in(page, live_server, "alice")
    page.goto(f"{live_server.url}/groups/{group.pk}/balances/")
    text = scanned(page, tmp_path)
    top = fields(text)
    assert (top["00"], top["01"]) == ("01", "12")  # format 01; a code for one payment
    napas = fields(top["38"])
    assert (napas["00"], napas["02"]) == ("A000000727", "QRIBFTTA")
    assert fields(napas["01"]) == {"00": "970436", "01": "1023456789"}  # Vietcombank, Chi's
    assert (top["53"], top["54"], top["58"]) == ("704", "150000", "VN")
    assert fields(top["62"]) == {"08": "An Chi Thursday table"}
    assert top["63"] == crc16(text[:-4])
    assert "Vietcombank" in page.inner_text("details.pay")


def test_the_code_reads_offline_from_the_kept_page(dark_phone, live_server, alice, tmp_path):
    details = {"holder": "Chi Nguyen", "iban": "DE89370400440532013000"}
    group = table_owing_chi(alice, "EUR", "21.00", details)
    page = dark_phone("en")
    log_in(page, live_server, "alice")
    page.goto(f"{live_server.url}/groups/{group.pk}/balances/")
    page.evaluate(WORKER_ACTIVE)
    page.reload()  # read under the worker, which keeps it aside
    page.context.set_offline(True)
    page.reload()
    assert "offline" in page.inner_text("#kept-copy")
    assert scanned(page, tmp_path).split("\n")[6] == "DE89370400440532013000"
