"""The one way money is written: a transaction is refused unless its postings sum to zero."""

from decimal import Decimal

import pytest

from ledger.models import Posting, Transaction
from ledger.posting import UnbalancedTransaction, player_account, post, reverse, side_pot_account


def test_an_unbalanced_transaction_is_refused_and_nothing_is_written(group, players):
    an, binh = player_account(players[0]), player_account(players[1])
    with pytest.raises(UnbalancedTransaction, match="postings sum to 0.01, not 0"):
        post(
            group, Transaction.Kind.ROUND, "Round 1", {an: Decimal("1.00"), binh: Decimal("-0.99")}
        )
    assert not Transaction.objects.exists() and not Posting.objects.exists()


def test_more_decimals_than_the_currency_has_are_refused(group, players):
    an, pot = player_account(players[0]), side_pot_account(group)
    with pytest.raises(ValueError, match="more than 2 decimals for EUR"):
        post(
            group, Transaction.Kind.ROUND, "Round 1", {an: Decimal("0.125"), pot: Decimal("-0.125")}
        )
    assert not Transaction.objects.exists()


def test_a_balanced_transaction_is_written_in_minor_units(group, players):
    an, pot = player_account(players[0]), side_pot_account(group)
    entry = post(
        group, Transaction.Kind.ROUND, "Round 1", {an: Decimal("-0.25"), pot: Decimal("0.25")}
    )
    assert sorted(entry.postings.values_list("amount_minor", flat=True)) == [-25, 25]


def test_a_reversal_posts_the_opposite_amounts(group, players):
    an, pot = player_account(players[0]), side_pot_account(group)
    entry = post(
        group, Transaction.Kind.ROUND, "Round 1", {an: Decimal("-0.25"), pot: Decimal("0.25")}
    )
    undone = reverse(entry)
    assert undone.reverses == entry and undone.kind == Transaction.Kind.REVERSAL
    assert sorted(undone.postings.values_list("amount_minor", flat=True)) == [-25, 25]
    assert sum(Posting.objects.values_list("amount_minor", flat=True)) == 0
