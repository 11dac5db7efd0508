import json
import re
from decimal import Decimal
from pathlib import Path

import pytest
from django.urls import reverse

from ledger.balances import group_balances
from ledger.forms import PaymentForm
from ledger.models import Transaction
from tests.factories import PlayerFactory
from tests.page_forms import form_on, submit
from tracker.catte import services

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


@pytest.fixture
def evening(group, players, alice):
    log = json.loads((EXAMPLES / "catte-evening.json").read_text())
    return services.logs.import_log(group, log, alice)


def settle_amounts(group):
    return {row.player.name: row.to_settle for row in group_balances(group).rows}


def test_balances_show_each_players_net_and_the_fewest_transfers(as_carol, group, evening):
    page = as_carol.get(reverse("balances", args=[group.pk])).content.decode()
    assert "+€7.50" in page and "-€3.50" in page
    assert "Settle up with 3 transfers" in page


def test_the_transfers_and_their_paid_buttons_come_before_the_balances(as_bob, group, evening):
    page = as_bob.get(reverse("balances", args=[group.pk])).content.decode()
    assert page.index("Settle up with 3 transfers") < page.index(">Paid<") < page.index("Balances")


def test_a_viewer_is_not_told_of_buttons_he_does_not_have(as_carol, group, evening):
    page = as_carol.get(reverse("balances", args=[group.pk])).content.decode()
    assert ">Paid<" not in page and "Record a payment" not in page
    assert "“Paid” records the whole suggested amount" not in page


def balances_page(client, group):
    return client.get(reverse("balances", args=[group.pk]))


def payment_form(client, group):
    return form_on(client.get(reverse("payment_new", args=[group.pk])), "/payments/new/")


def record_typed(client, group, players, payer, payee, amount, note=""):
    """Record a payment as a person types it on the "Record a payment" page."""
    form = payment_form(client, group)
    chosen = {"payer": players[payer].pk, "payee": players[payee].pk}
    return submit(client, form, amount=amount, note=note, **chosen)


def tap_paid(client, group, payer, payee):
    """Tap "Paid" beside a suggested transfer, as the balances page renders it."""
    form = form_on(balances_page(client, group), "/payments/paid/", f"{payer} paid {payee}")
    return submit(client, form)


@pytest.fixture
def by_name(group, evening):
    return {player.name: player for player in group.players.all()}


def test_paying_a_suggestion_leaves_the_other_suggestions_as_they_were(as_bob, group, evening):
    before = group_balances(group).transfers
    tap_paid(as_bob, group, before[0].payer, before[0].payee)
    assert group_balances(group).transfers == before[1:]


def test_recording_every_payment_settles_everyone(as_bob, group, evening):
    for paid in group_balances(group).transfers:
        tap_paid(as_bob, group, paid.payer, paid.payee)
    assert set(settle_amounts(group).values()) == {Decimal("0.00")}
    assert "Everyone is settled." in balances_page(as_bob, group).content.decode()


def test_a_partial_payment_is_recorded(as_bob, group, by_name):
    record_typed(as_bob, group, by_name, "Dũng", "Chi", "1.00", note="cash")
    assert settle_amounts(group)["Dũng"] == Decimal("-2.50")
    assert Transaction.objects.get(kind="payment").description == "Dũng paid Chi €1.00 (cash)"


def test_a_payment_is_reversed_not_deleted(as_bob, group, by_name):
    record_typed(as_bob, group, by_name, "Dũng", "Chi", "3.50")
    payment = Transaction.objects.get(kind="payment")
    url = reverse("payment_reverse", args=[group.pk, payment.pk])
    submit(as_bob, form_on(balances_page(as_bob, group), url))
    assert settle_amounts(group)["Dũng"] == Decimal("-3.50")
    assert Transaction.objects.filter(reverses=payment).count() == 1


@pytest.mark.parametrize(
    "amount,message",
    [("0", "A payment is more than zero."), ("1.005", "at most 2 decimals"), ("x", "an amount")],
)
def test_a_bad_payment_is_refused_and_nothing_is_saved(as_bob, group, by_name, amount, message):
    response = record_typed(as_bob, group, by_name, "Dũng", "Chi", amount)
    assert message in response.content.decode()
    assert not Transaction.objects.filter(kind="payment").exists()


def test_paying_oneself_is_refused(as_bob, group, by_name):
    response = record_typed(as_bob, group, by_name, "Chi", "Chi", "1.00")
    assert "Chi cannot pay themselves." in response.content.decode()
    assert not Transaction.objects.filter(kind="payment").exists()


def test_the_statement_explains_a_balance_round_by_round(as_carol, group, evening, players):
    url = reverse("statement", args=[group.pk, players[2].pk])
    page = as_carol.get(url).content.decode()
    assert "round 1" in page and "round 4" in page
    assert "= +€7.50" in page


def test_the_chat_summary_lists_balances_and_transfers(as_carol, group, evening):
    text = as_carol.get(reverse("balances_summary", args=[group.pk])).content.decode()
    assert "Chi: +€7.50" in text and "Dũng → Chi: €3.50" in text


def test_the_text_for_the_chat_is_a_page_of_the_app_with_a_copy_button(as_carol, group, evening):
    page = as_carol.get(reverse("balances_summary", args=[group.pk])).content.decode()
    text = page.split('<pre class="chat-text" id="chat-text">')[1].split("</pre>")[0]
    assert text.startswith("Friday table: who owes whom (EUR)\n\n")
    assert f'<button type="button" class="copy wide" data-copy="{text}" hidden>Copy' in page
    assert '<a href="/groups/' in page and "js/copy.js" in page


def test_the_ledger_exports_as_csv(as_carol, group, evening):
    response = as_carol.get(reverse("ledger_csv", args=[group.pk]))
    rows = b"".join(response.streaming_content).decode().splitlines()
    assert rows[0].startswith("date,transaction,kind")
    assert sum(Decimal(row.rsplit(",", 1)[1]) for row in rows[1:]) == 0


def test_the_per_session_view_settles_each_session_alone(as_carol, group, evening):
    page = as_carol.get(reverse("balances_by_session", args=[group.pk])).content.decode()
    assert "Dũng → Chi" in page


# (url name, extra kwargs, read method, write method, refused methods)
LEDGER_URLS = [
    ("balances", {}, "get", None, ["post"]),
    ("balances_by_session", {}, "get", None, ["post"]),
    ("balances_summary", {}, "get", None, ["post"]),
    ("ledger_csv", {}, "get", None, ["post"]),
    ("payment_new", {}, None, "post", ["put"]),
    ("transfer_paid", {}, None, "post", ["get"]),
    ("payment_reverse", {"transaction_pk": 1}, None, "post", ["get"]),
    ("statement", {"player_pk": 1}, "get", None, ["post"]),
]


@pytest.mark.parametrize("name,extra,read,write,refused", LEDGER_URLS)
def test_an_outsider_gets_404(as_dave, group, name, extra, read, write, refused):
    url = reverse(name, kwargs={"pk": group.pk, **extra})
    for method in filter(None, [read, write]):
        assert getattr(as_dave, method)(url).status_code == 404


@pytest.mark.parametrize("name,extra,read,write,refused", LEDGER_URLS)
def test_a_viewer_cannot_write(as_carol, group, name, extra, read, write, refused):
    url = reverse(name, kwargs={"pk": group.pk, **extra})
    if write:
        assert getattr(as_carol, write)(url).status_code == 403


@pytest.mark.parametrize("name,extra,read,write,refused", LEDGER_URLS)
def test_the_wrong_method_gets_405(as_alice, group, name, extra, read, write, refused):
    url = reverse(name, kwargs={"pk": group.pk, **extra})
    for method in refused:
        assert getattr(as_alice, method)(url).status_code == 405


def test_paid_records_a_suggestion_with_one_tap(as_bob, group, evening):
    first = group_balances(group).transfers[0]
    page = balances_page(as_bob, group).content.decode()
    assert f'aria-label="{first.payer} paid {first.payee}"' in page
    response = tap_paid(as_bob, group, first.payer, first.payee)
    assert response.status_code == 302
    assert len(group_balances(group).transfers) == 2


def test_the_statement_of_another_groups_player_is_404(as_carol, group):
    from tests.factories import GroupFactory, PlayerFactory

    stranger = PlayerFactory(group=GroupFactory(name="Elsewhere"), name="Zed")
    assert as_carol.get(reverse("statement", args=[group.pk, stranger.pk])).status_code == 404


def test_balances_and_payment_choices_list_players_as_they_read(as_bob, group, players):
    for name in ["Êm", "Straße", "Đức", "Ánh", "Müller", "Anh", "Muller"]:
        PlayerFactory(group=group, name=name)
    expected = ["An", "Anh", "Ánh", "Bình", "Chi", "Dũng", "Đức", "Êm", "Muller", "Müller"]
    expected += ["Straße"]
    assert [row.player.name for row in group_balances(group).rows] == expected
    choices = [label for _, label in PaymentForm(group=group).fields["payer"].choices]
    assert choices == ["—", *expected]
    page = as_bob.get(reverse("balances", args=[group.pk])).content.decode()
    shown = re.findall(r"<li><span><strong>([^<]+)</strong>", page)
    assert shown == expected


def test_reversing_a_payment_takes_two_taps(as_bob, group, by_name):
    record_typed(as_bob, group, by_name, "Dũng", "Chi", "3.50")
    payment = Transaction.objects.get(kind="payment")
    url = reverse("payment_reverse", args=[group.pk, payment.pk])
    page = balances_page(as_bob, group).content.decode()
    confirm = re.search(rf'<details class="confirm">.*?action="{url}".*?</details>', page, re.S)
    assert confirm and "Reverse this payment</button>" in confirm.group()
    form = form_on(balances_page(as_bob, group), url)
    for _ in range(2):  # a double tap reverses it once
        submit(as_bob, form)
    assert Transaction.objects.filter(reverses=payment).count() == 1
