"""What a hostile or clumsy visitor sends is refused with a message, and nothing is saved.

Each test sends exactly an input that once answered with an error page or bent the money.
"""

import json
from decimal import Decimal

import pytest
from django.urls import reverse

from core.models import Change, Group, Player
from ledger.balances import group_balances
from ledger.models import Transaction
from tests.factories import fresh
from tests.page_forms import form_on, submit
from tracker.catte import rules as catte
from tracker.catte import services
from tracker.catte.board import load
from tracker.catte.models import CatteSession, Round


def catte_board_of(session):
    return load(fresh(session))


def payment_form(client, group):
    return form_on(client.get(reverse("payment_new", args=[group.pk])), "/payments/new/")


def pay(client, group, players, note="", amount="2.50", form=None, **sent):
    """Fill in "Record a payment" (the page as rendered, or `form`) and send it."""
    form = form or payment_form(client, group)
    typed = {"payer": players[1].pk, "payee": players[0].pk, "amount": amount, "note": note}
    return submit(client, form, **typed, **sent)


def test_a_double_tapped_payment_is_recorded_once(as_bob, group, players):
    form = payment_form(as_bob, group)
    pay(as_bob, group, players, form=form)
    pay(as_bob, group, players, form=form)
    assert Transaction.objects.filter(kind="payment").count() == 1


def test_two_payments_each_from_its_own_form_are_two_payments(as_bob, group, players):
    pay(as_bob, group, players)
    pay(as_bob, group, players)
    assert Transaction.objects.filter(kind="payment").count() == 2


def test_reversing_a_payment_twice_says_it_is_already_reversed(as_bob, group, players):
    pay(as_bob, group, players)
    url = reverse("payment_reverse", args=[group.pk, Transaction.objects.get().pk])
    two_phones = form_on(as_bob.get(reverse("balances", args=[group.pk])), url)
    submit(as_bob, two_phones, once="c" * 32)
    response = as_bob.post(url, two_phones.filled(once="d" * 32), follow=True)
    assert "This payment was already reversed." in response.content.decode()
    assert Transaction.objects.filter(kind="reversal").count() == 1


def test_a_note_longer_than_a_hundred_characters_is_refused(as_bob, group, players):
    response = pay(as_bob, group, players, note="x" * 120)
    assert response.status_code == 200
    assert "at most 100 characters" in response.content.decode()
    assert not Transaction.objects.exists()


def test_a_payment_with_the_longest_note_can_be_reversed(as_bob, group, players):
    PlayerNames = (
        "Nguyễn Thị Ánh Dương của Bàn Sài Gòn xx",
        "Jörg-Änne von und zu Mühlhausen-Wald",
    )
    Player.objects.filter(pk=players[0].pk).update(name=PlayerNames[0])
    Player.objects.filter(pk=players[1].pk).update(name=PlayerNames[1])
    pay(as_bob, group, players, note="n" * 100, amount="999999999.99")
    url = reverse("payment_reverse", args=[group.pk, Transaction.objects.get().pk])
    reverse_form = form_on(as_bob.get(reverse("balances", args=[group.pk])), url)
    assert submit(as_bob, reverse_form).status_code == 302
    assert Transaction.objects.filter(kind="reversal").count() == 1


@pytest.mark.parametrize("amount", ["abc", "0.001", "-5", "1E+30", "1000000000.01"])
def test_a_payment_of_no_sensible_amount_is_refused(as_bob, group, players, amount):
    assert pay(as_bob, group, players, amount=amount).status_code == 200
    assert not Transaction.objects.exists()


def test_a_payment_from_a_stranger_is_refused(as_bob, group, players):
    data = {"payer": 10**6, "payee": players[0].pk, "amount": "1.00", "once": "a" * 32}
    assert as_bob.post(reverse("payment_new", args=[group.pk]), data).status_code == 200
    assert not Transaction.objects.exists()


def test_the_currency_is_fixed_once_money_was_posted(as_alice, group, players, alice):
    session = services.logs.start(group, players, {"stake": "1.25"}, alice)
    services.rounds.record_round(catte_board_of(session), catte.Round(tricks=["An"] * 4), alice)
    response = as_alice.post(
        reverse("group_edit", args=[group.pk]), {"name": "X", "currency": "JPY"}
    )
    assert "The currency stays EUR" in response.content.decode()
    assert fresh(group).currency == "EUR"
    balances = {row.player.name: row.balance for row in group_balances(group).rows}
    assert balances["An"] == Decimal("7.50")  # a sweep of four at 1.25: 3.75 and the double


def test_the_currency_may_change_before_anything_is_played(as_alice, group):
    as_alice.post(reverse("group_edit", args=[group.pk]), {"name": "X", "currency": "VND"})
    assert Group.objects.get().currency == "VND"


def test_a_double_tapped_undo_undoes_one_round(as_bob, group, players, bob):
    session = services.logs.start(group, players, {"stake": "1.00"}, bob)
    for _ in range(2):
        services.rounds.record_round(catte_board_of(session), catte.Round(tricks=["An"] * 4), bob)
    url = reverse("round_undo", args=[group.pk, session.pk])
    tap = {"version": fresh(session).version, "once": "e" * 32}
    as_bob.post(url, tap)
    response = as_bob.post(url, tap, follow=True)
    assert "The last round was undone" in response.content.decode()
    assert Round.objects.count() == 1 and Change.objects.filter(action="undo").count() == 1


def test_a_group_id_beyond_what_the_database_holds_is_404(as_alice, group):
    assert as_alice.get(f"/groups/{2**63 + 5}/").status_code == 404
    assert as_alice.get(f"/groups/{group.pk}/sessions/{2**64}/").status_code == 404


@pytest.mark.parametrize("name", ["\u202eSimon", "An\u200b", "x" * 41, "Bình\u0000"])
def test_a_name_that_does_not_show_as_typed_is_refused(as_alice, group, name):
    response = as_alice.post(reverse("player_add", args=[group.pk]), {"name": name}, follow=True)
    assert response.status_code == 200
    assert not Player.objects.exists()


def test_a_name_differing_only_in_case_or_accent_encoding_is_the_same_player(as_alice, group):
    as_alice.post(reverse("player_add", args=[group.pk]), {"name": "Nguyễn"})
    as_alice.post(reverse("player_add", args=[group.pk]), {"name": "NGUYE\u0302\u0303N"})
    assert Player.objects.count() == 1


def test_a_name_starting_like_a_formula_is_written_as_text_into_the_csv(as_bob, group, players):
    Player.objects.filter(pk=players[1].pk).update(name="=HYPERLINK(1)")
    pay(as_bob, group, players, note="+1")
    csv = b"".join(as_bob.get(reverse("ledger_csv", args=[group.pk])).streaming_content)
    assert ",'=HYPERLINK(1) paid An €2.50 (+1),".encode() in csv
    assert b",'=HYPERLINK(1),2.50" in csv


def test_a_group_named_with_a_right_to_left_override_is_refused(as_alice):
    response = as_alice.post(reverse("group_create"), {"name": "\u202eelbat", "currency": "EUR"})
    assert "invisible or control character (U+202E)" in response.content.decode()
    assert not Group.objects.filter(name__contains="elbat").exists()


def test_a_tournament_name_longer_than_its_column_is_refused(as_bob, group, players):
    seats = {f"seat_{n}": players[n].pk for n in range(3)}
    form = {**seats, "name": "x" * 300, "preset": "official", "first_dealer": 0}
    response = as_bob.post(reverse("tournament_new", args=[group.pk]), form)
    assert response.status_code == 200 and not group.tournaments.exists()


def test_a_log_with_cents_is_refused_by_a_group_that_plays_in_dong(as_alice, group):
    Group.objects.filter(pk=group.pk).update(currency="VND")
    log = {"format": "catte-log/1", "rules": {"stake": "0.50"}, "players": ["An", "Bình", "Chi"],
           "rounds": [{"tricks": ["An"] * 4}]}  # fmt: skip
    form = {"text": json.dumps(log), "create_missing": "on"}
    response = as_alice.post(reverse("log_import", args=[group.pk]), form)
    assert "stake: VND amounts have no decimals, not 0.50" in response.content.decode()
    assert not CatteSession.objects.exists() and not Transaction.objects.exists()
