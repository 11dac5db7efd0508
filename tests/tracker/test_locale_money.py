"""Money written and read the way each language writes it, in the group's currency."""

from decimal import Decimal

import pytest
from django.urls import reverse
from django.utils import translation

from core.locale_money import amount_text, parse_amount, signed_text
from ledger.models import Transaction
from tests.factories import GroupFactory
from tests.page_forms import form_on, submit

NBSP = "\u00a0"


@pytest.mark.parametrize(
    "language, currency, amount, written",
    [
        ("en", "EUR", "1234.5", "€1,234.50"),
        ("de", "EUR", "1234.5", f"1.234,50{NBSP}€"),
        ("vi", "VND", "12000", f"12.000{NBSP}₫"),
        ("en", "VND", "12000", "₫12,000"),
        ("de", "VND", "12000", f"12.000{NBSP}₫"),
        ("vi", "EUR", "0.5", f"0,50{NBSP}€"),
    ],
)
def test_an_amount_is_written_in_the_readers_language(db, language, currency, amount, written):
    group = GroupFactory(currency=currency)
    with translation.override(language):
        assert amount_text(group, Decimal(amount)) == written


def test_a_gain_carries_its_plus_and_a_loss_its_minus(db):
    group = GroupFactory(currency="EUR")
    with translation.override("de"):
        assert signed_text(group, Decimal("7.5")) == f"+7,50{NBSP}€"
        assert signed_text(group, Decimal("-3")) == f"-3,00{NBSP}€"
        assert signed_text(group, Decimal(0)) == f"0,00{NBSP}€"


def test_files_write_amounts_the_same_in_every_language(db):
    group = GroupFactory(currency="EUR")
    with translation.override("de"):
        assert group.plain_amount(Decimal("1234.5")) == "1234.50"


@pytest.mark.parametrize(
    "language, typed, read",
    [
        ("de", "1,50", "1.50"),
        ("de", "1.234,50", "1234.50"),
        ("de", "1.50", "1.50"),
        ("en", "1,234.50", "1234.50"),
        ("en", "1,50", "1.50"),
        ("vi", "12.000", "12000"),
    ],
)
def test_a_typed_amount_is_read_in_the_readers_language(language, typed, read):
    with translation.override(language):
        assert parse_amount(typed) == Decimal(read)


@pytest.mark.parametrize("typed", ["1e5", "1.2.3", "abc", "١٢", "1,2,3"])
def test_what_is_no_plain_number_is_not_read(typed):
    with translation.override("de"):
        assert parse_amount(typed) is None


def pay(client, group, players, amount, language):
    """Type a payment on a phone in `language`, into the form as that phone renders it."""
    phone = {"Accept-Language": language}
    page = client.get(reverse("payment_new", args=[group.pk]), headers=phone)
    typed = {"payer": players[1].pk, "payee": players[0].pk, "amount": amount}
    return submit(client, form_on(page, "/payments/new/"), headers=phone, **typed)


def test_a_german_phone_pays_one_euro_fifty_typed_with_a_comma(as_bob, group, players):
    pay(as_bob, group, players, "1,50", "de")
    payment = Transaction.objects.get(kind="payment")
    assert [p.amount_minor for p in payment.postings.order_by("amount_minor")] == [-150, 150]


def test_an_amount_finer_than_the_currency_is_refused_with_a_clear_message(as_bob, group, players):
    page = pay(as_bob, group, players, "1.505", "en").content.decode()
    assert "EUR amounts have at most 2 decimals." in page
    assert not Transaction.objects.filter(kind="payment").exists()


def test_dong_are_refused_with_decimals(as_bob, group, players):
    group.currency = "VND"
    group.save()
    page = pay(as_bob, group, players, "2,5", "en").content.decode()
    assert not Transaction.objects.filter(kind="payment").exists()
    assert "VND amounts have no decimals." in page


@pytest.mark.parametrize(
    ("language", "currency", "example"),
    [("vi", "VND", "ví dụ 50.000"), ("en", "VND", "such as 50,000"), ("de", "EUR", "0,50")],
)
def test_a_refused_amounts_example_is_one_of_the_groups_money(
    as_bob, group, players, language, currency, example
):
    group.currency = currency
    group.save()
    page = pay(as_bob, group, players, "năm", language).content.decode()
    assert example in page
    assert not Transaction.objects.filter(kind="payment").exists()
