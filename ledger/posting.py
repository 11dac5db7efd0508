"""The one place money is written: every transaction's postings sum to zero."""

from decimal import Decimal

from django.db import transaction as db_transaction
from django.db.models import Sum

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


def post(group, kind, description, amounts, *, source=("", None), part=0, **extra):
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
            source_part=part,
            created_by=extra.get("user"),
            reverses=extra.get("reverses"),
            note=extra.get("note", ""),
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
        part=entry.source_part,
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
    minor = Posting.objects.filter(transaction__group=group).aggregate(
        total=Sum("amount_minor", default=0)
    )["total"]
    return group.from_minor(minor)


def posted_minor(entry: Transaction) -> dict[int, int]:
    """{account pk: amount in minor units} of a transaction (postings prefetched or fetched)."""
    return {posting.account_id: posting.amount_minor for posting in entry.postings.all()}


def sync_source(group, kind, source: tuple, wanted: dict, description: str, user, live, part=0):
    """Make the live transactions of one source say `wanted` ({Account: Decimal}).

    A live transaction that already says it is kept; any other is reversed, and `wanted` is
    posted anew when nothing kept says it. The ledger only ever grows.
    """
    wanted_minor = {account.pk: group.to_minor(amount) for account, amount in wanted.items()}
    wanted_minor = {pk: minor for pk, minor in wanted_minor.items() if minor}
    kept = False
    for entry in live:
        if not kept and posted_minor(entry) == wanted_minor:
            kept = True
        else:
            reverse(entry, user=user)
    if not kept and wanted_minor:
        post(group, kind, description, wanted, source=source, part=part, user=user)
