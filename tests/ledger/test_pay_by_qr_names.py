"""Beside a transfer, "Pay by QR" shows the payee by his real name, while the EPC code and the
reference to copy are in the SEPA character set that every bank's app reads."""

from decimal import Decimal
from html import unescape

from django.urls import reverse
from segno.helpers import make_epc_qr

from ledger.payment_codes import svg
from ledger.payment_details import change_details
from tests.factories import pay

IBAN = "DE89370400440532013000"


def test_the_code_and_the_reference_to_copy_are_plain_and_the_payee_keeps_his_real_name(
    as_alice, alice, group, players
):
    group.name = "Thứ Sáu bài"
    group.save()
    group.membership = group.memberships.get(user=alice)  # as the permission helper sets it
    chi, dung = players[2], players[3]
    pay(group, chi, dung, "8.20", alice)  # Chi lent it: Dũng → Chi €8.20 settles it
    change_details(group, chi, alice, {"holder": "Chi Nguyễn", "iban": IBAN, "bic": ""}, number=0)
    page = unescape(as_alice.get(reverse("balances", args=[group.pk])).content.decode())
    text = "Card table / Thu Sau bai / Dung - Chi"
    assert "Chi Nguyễn" in page and f'data-copy="{text}"' in page
    plain = make_epc_qr(
        name="Chi Nguyen", iban=IBAN, amount=Decimal("8.20"), text=text, encoding="utf-8"
    )
    assert svg(plain) in page
