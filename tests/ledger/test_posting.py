"""The one way money is written: a transaction is refused unless its postings sum to zero."""

from decimal import Decimal

import pytest

from ledger.models import Posting, Transaction
from ledger.posting import (
    Accounts,
    UnbalancedTransaction,
    Wanted,
    player_account,
    post,
    reverse,
    sync,
)
from tracker.catte.money import SIDE_POT_SHARE as SHARE


def test_an_unbalanced_transaction_is_refused_and_nothing_is_written(group, players):
    an, binh = player_account(players[0]), player_account(players[1])
    with pytest.raises(UnbalancedTransaction, match="postings sum to 0.01, not 0"):
        post(group, "round", "Round 1", {an: Decimal("1.00"), binh: Decimal("-0.99")})
    assert not Transaction.objects.exists() and not Posting.objects.exists()


def test_more_decimals_than_the_currency_has_are_refused(group, players):
    an, pot = player_account(players[0]), Accounts(group, players).of(players[0], SHARE)
    with pytest.raises(ValueError, match="more than 2 decimals for EUR"):
        post(group, "round", "Round 1", {an: Decimal("0.125"), pot: Decimal("-0.125")})
    assert not Transaction.objects.exists()


def test_a_balanced_transaction_is_written_in_minor_units(group, players):
    an, pot = player_account(players[0]), Accounts(group, players).of(players[0], SHARE)
    entry = post(group, "round", "Round 1", {an: Decimal("-0.25"), pot: Decimal("0.25")})
    assert sorted(entry.postings.values_list("amount_minor", flat=True)) == [-25, 25]


def test_a_reversal_posts_the_opposite_amounts(group, players):
    an, pot = player_account(players[0]), Accounts(group, players).of(players[0], SHARE)
    entry = post(group, "round", "Round 1", {an: Decimal("-0.25"), pot: Decimal("0.25")})
    undone = reverse(entry)
    assert undone.reverses == entry and undone.kind == Transaction.Kind.REVERSAL
    assert sorted(undone.postings.values_list("amount_minor", flat=True)) == [-25, 25]
    assert sum(Posting.objects.values_list("amount_minor", flat=True)) == 0


def test_sync_keeps_what_is_already_posted_and_reverses_a_part_no_longer_wanted(group, players):
    an, binh = player_account(players[0]), player_account(players[1])
    wanted = {
        part: Wanted("game", f"Game {part}", {an: Decimal(part), binh: -Decimal(part)})
        for part in (1, 2)
    }
    sync(group, ("cutthroat_game", 7), wanted, None)
    sync(group, ("cutthroat_game", 7), wanted, None)
    assert Transaction.objects.count() == 2
    sync(group, ("cutthroat_game", 7), {1: wanted[1]}, None, from_part=2)
    assert Transaction.objects.filter(kind="reversal", source_part=2).count() == 1
    assert Transaction.objects.count() == 3


def test_a_players_share_account_is_not_his_own_account(group, players):
    accounts = Accounts(group, players[:1])
    assert accounts.of(players[0]) != accounts.of(players[0], SHARE)
    assert str(accounts.of(players[0], SHARE)) == "An · side pot"


def test_every_account_keeps_its_balance_with_its_postings(group, players):
    an, binh = player_account(players[0]), player_account(players[1])
    entry = post(
        group, Transaction.Kind.PAYMENT, "Paid", {an: Decimal("2.50"), binh: Decimal("-2.50")}
    )
    reverse(entry)
    post(group, Transaction.Kind.PAYMENT, "Paid", {an: Decimal("1.25"), binh: Decimal("-1.25")})
    for account in (an, binh):
        account.refresh_from_db()
        assert account.balance_minor == sum(account.postings.values_list("amount_minor", flat=True))
    assert (an.balance_minor, binh.balance_minor) == (125, -125)


def test_a_transactions_kind_is_named_by_the_ledger_or_by_the_game_that_posts_it(db):
    assert Transaction(kind="payment").kind_label == "Payment"
    assert Transaction(kind="round").kind_label == "Cắt Tê round"
    assert Transaction(kind="game").kind_label == "Cutthroat game stake"
