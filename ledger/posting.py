"""The one place money is written: every transaction's postings sum to zero."""

from decimal import Decimal

from django.db import transaction as db_transaction
from django.db.models import Q, Sum

from ledger.models import Account, Posting, Transaction


class UnbalancedTransaction(ValueError):
    pass


def player_account(player) -> Account:
    account, _ = Account.objects.get_or_create(
        group_id=player.group_id, player=player, defaults={"kind": Account.Kind.PLAYER}
    )
    return account


def side_pot_account(group) -> Account:
    account, _ = Account.objects.get_or_create(group=group, kind=Account.Kind.SIDE_POT)
    return account


def post(group, kind, description, amounts, *, source=("", None), user=None, reverses=None):
    """Write one balanced transaction. `amounts` maps Account → Decimal in the group currency.

    Refuses (and writes nothing) when the amounts do not sum to exactly zero or have more
    decimals than the currency has.
    """
    minor = {account: group.to_minor(Decimal(amount)) for account, amount in amounts.items()}
    minor = {account: value for account, value in minor.items() if value}
    if sum(minor.values()) != 0:
        raise UnbalancedTransaction(
            f"{description}: postings sum to {group.from_minor(sum(minor.values()))}, not 0"
        )
    with db_transaction.atomic():
        entry = Transaction.objects.create(
            group=group,
            kind=kind,
            description=description,
            source_type=source[0],
            source_id=source[1],
            created_by=user,
            reverses=reverses,
        )
        Posting.objects.bulk_create(
            Posting(transaction=entry, account=account, amount_minor=value)
            for account, value in minor.items()
        )
    return entry


def reverse(entry: Transaction, *, user=None, description=None) -> Transaction:
    amounts = {
        posting.account: -entry.group.from_minor(posting.amount_minor)
        for posting in entry.postings.select_related("account")
    }
    return post(
        entry.group,
        Transaction.Kind.REVERSAL,
        description or f"Reversal of: {entry.description}",
        amounts,
        source=(entry.source_type, entry.source_id),
        user=user,
        reverses=entry,
    )


def live_transactions(source_type: str, source_ids):
    """Transactions of these sources that have not been reversed (and are not reversals)."""
    return Transaction.objects.filter(
        source_type=source_type,
        source_id__in=list(source_ids),
        reverses__isnull=True,
        reversed_by__isnull=True,
    )


def balances(group) -> dict[Account, Decimal]:
    rows = (
        Account.objects.filter(group=group)
        .select_related("player")
        .annotate(total=Sum("postings__amount_minor", default=0))
    )
    return {account: group.from_minor(account.total) for account in rows}


def total_of_group(group) -> Decimal:
    minor = Posting.objects.filter(Q(transaction__group=group)).aggregate(
        total=Sum("amount_minor", default=0)
    )["total"]
    return group.from_minor(minor)
