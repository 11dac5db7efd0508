"""The payment forms posted exactly as the balances page and "Record a payment" render them, in
every language and in a currency with and without cents."""

import pytest
from django.urls import reverse

from core.models import Role
from ledger.balances import group_balances
from ledger.models import Transaction
from tests.factories import GroupFactory, MembershipFactory, PlayerFactory
from tests.page_forms import form_on, forms_on, submit
from tracker.catte import board, services
from tracker.catte import rules as catte

STAKES = {"EUR": "2.50", "VND": "15000"}
RECORDED = {"en": "Recorded:", "vi": "Đã ghi:", "de": "Erfasst:"}


@pytest.fixture
def played(bob):
    """Per currency: a group where An swept two rounds and Bình one, so that Chi owes An 6
    stakes, Dũng owes An 4 and Bình 2."""

    def play(currency: str):
        group = GroupFactory(name=f"Table in {currency}", currency=currency)
        MembershipFactory(group=group, user=bob, role=Role.SCORER)
        players = [PlayerFactory(group=group, name=name) for name in ["An", "Bình", "Chi", "Dũng"]]
        session = services.logs.start(group, players, {"stake": STAKES[currency]}, bob)
        for winner in ["An", "An", "Bình"]:
            services.rounds.record_round(board.load(session), catte.Round(tricks=[winner] * 4), bob)
            session.refresh_from_db()
        return group

    return play


def balances(client, group, language="en"):
    return client.get(reverse("balances", args=[group.pk]), headers={"Accept-Language": language})


def paid_form(page, group, transfer):
    """The "Paid" button of `transfer` on the balances `page`, whatever its language."""
    players = {player.name: str(player.pk) for player in group.players.all()}
    payer, payee = players[transfer.payer], players[transfer.payee]
    drawn = [form for form in forms_on(page) if form.action.endswith("/payments/paid/")]
    return next(f for f in drawn if (f.fields["payer"], f.fields["payee"]) == (payer, payee))


@pytest.mark.parametrize("language", ["en", "vi", "de"])
@pytest.mark.parametrize("currency", ["EUR", "VND"])
def test_paid_records_the_first_suggestion_as_drawn(as_bob, played, language, currency):
    group = played(currency)
    first = group_balances(group).transfers[0]
    paid = paid_form(balances(as_bob, group, language), group, first)
    phone = {"Accept-Language": language}
    page = as_bob.get(submit(as_bob, paid, headers=phone)["Location"], headers=phone)
    payment = Transaction.objects.get(group=group, kind="payment")
    assert group.from_minor(max(p.amount_minor for p in payment.postings.all())) == first.amount
    assert RECORDED[language] in page.content.decode()
    assert first not in group_balances(group).transfers


@pytest.mark.parametrize("language", ["en", "vi", "de"])
@pytest.mark.parametrize(
    "currency,plain", [("EUR", {"15.00", "10.00", "5.00"}), ("VND", {"90000", "60000", "30000"})]
)
def test_the_hidden_amount_is_written_plainly_in_every_language(
    as_bob, played, language, currency, plain
):
    page = balances(as_bob, played(currency), language)
    amounts = {form.fields["amount"] for form in forms_on(page) if "amount" in form.fields}
    assert amounts == plain


@pytest.mark.parametrize("language", ["en", "vi", "de"])
@pytest.mark.parametrize("currency,typed", [("EUR", {"en": "1.50", "vi": "1,50", "de": "1,50"})])
def test_a_typed_payment_is_read_in_the_readers_language(as_bob, played, language, currency, typed):
    group = played(currency)
    phone = {"Accept-Language": language}
    page = as_bob.get(reverse("payment_new", args=[group.pk]), headers=phone)
    players = {player.name: player.pk for player in group.players.all()}
    sent = {"payer": players["Chi"], "payee": players["An"], "amount": typed[language]}
    submit(as_bob, form_on(page, "/payments/new/"), headers=phone, **sent)
    payment = Transaction.objects.get(group=group, kind="payment")
    assert sorted(p.amount_minor for p in payment.postings.all()) == [-150, 150]


def test_a_double_tap_on_record_a_payment_says_recorded_once(as_bob, played):
    group = played("EUR")
    form = form_on(as_bob.get(reverse("payment_new", args=[group.pk])), "/payments/new/")
    players = {player.name: player.pk for player in group.players.all()}
    sent = {"payer": players["Chi"], "payee": players["An"], "amount": "1.00"}
    submit(as_bob, form, **sent)
    page = as_bob.get(submit(as_bob, form, **sent)["Location"]).content.decode()
    assert page.count("Recorded: Chi paid An €1.00.") == 1
    assert Transaction.objects.filter(group=group, kind="payment").count() == 1


def test_paid_on_balances_another_phone_changed_records_nothing_and_says_so(as_bob, played):
    group = played("EUR")
    first, second = group_balances(group).transfers[:2]
    page = balances(as_bob, group)
    submit(as_bob, paid_form(page, group, first))
    stale = paid_form(page, group, second)
    after = as_bob.get(submit(as_bob, stale)["Location"]).content.decode()
    assert "The balances changed on another phone; here they are now." in after
    assert Transaction.objects.filter(group=group, kind="payment").count() == 1


def test_a_payment_form_drawn_before_another_change_keeps_what_was_typed(as_bob, played):
    group = played("EUR")
    form = form_on(as_bob.get(reverse("payment_new", args=[group.pk])), "/payments/new/")
    players = {player.name: player.pk for player in group.players.all()}
    first = group_balances(group).transfers[0]
    submit(as_bob, paid_form(balances(as_bob, group), group, first))
    sent = {"payer": players["Chi"], "payee": players["An"], "amount": "1.00", "note": "cash"}
    page = submit(as_bob, form, **sent)
    assert "The balances changed on another phone" in page.content.decode()
    assert submit(as_bob, form_on(page, "/payments/new/")).status_code == 302
    assert Transaction.objects.filter(group=group, note="cash").count() == 1
