"""The one place money is written: every transaction's postings sum to zero.

Games post to the ledger; the ledger knows no game. A game says what one of its sources (a
tournament's games, a session's rounds) should have posted, part by part, and `sync` makes the
ledger say so: an unreversed transaction that already says it stays, any other is reversed and
the wanted one posted anew. Nothing is ever updated or deleted.

Money stays within what its columns hold (core/bounds.py): a posting whose amounts, or the
balances it leaves, or what the group's players are owed altogether, would pass
LARGEST_MONEY_MINOR is refused (OutOfRange) and nothing of it is written.
"""

from dataclasses import dataclass
from decimal import Decimal

from django.db import transaction as db_transaction
from django.db.models import Case, F, Sum, Value, When

from basics.errors import RulesError
from basics.phrases import Phrase, _
from core.bounds import LARGEST_MONEY_MINOR
from core.stored_messages import as_stored, read_stored
from ledger.models import DESCRIPTION_LENGTH, Account, Posting, Transaction


class UnbalancedTransaction(ValueError):
    pass


class OutOfRange(RulesError):
    """Amounts past what the ledger can keep (LARGEST_MONEY_MINOR): nothing was written."""

    def __init__(self):
        super().__init__(
            _(
                "These amounts are more than the app can keep, so nothing was saved: "
                "play for a lower stake."
            )
        )


@dataclass(frozen=True)
class Wanted:
    """A transaction a source should have posted: kind, words, and Account → amount."""

    kind: str
    description: Phrase  # or plain text
    amounts: dict


class Accounts:
    """The accounts of some players of a group: each player's own and those of the kinds a
    game opens beside it (its `account_kinds`), fetched in one query and opened when missing."""

    def __init__(self, group, players):
        self.group = group
        self.players = {player.pk: player for player in players}
        found = Account.objects.filter(player__in=list(self.players))
        self._accounts = {(account.player_id, account.kind): account for account in found}

    def of(self, player, kind: str = Account.Kind.PLAYER) -> Account:
        key = (player.pk, kind)
        if key not in self._accounts:
            self._accounts[key], _created = Account.objects.get_or_create(
                group_id=self.group.pk, player=player, kind=kind
            )
        return self._accounts[key]


def player_account(player) -> Account:
    return Accounts(player.group, [player]).of(player)


def post(
    group, kind, description, amounts, *, source=("", None), part=0, **extra
) -> Transaction | None:
    """Write one balanced transaction. `amounts` maps Account → Decimal in the group currency;
    `description` given as a phrase (core/stored_messages) is stored as its message
    and values. When every amount is zero nothing moves, and nothing is posted: None.

    Refuses (and writes nothing) when the amounts do not sum to exactly zero, have more
    decimals than the currency has, or are more than the ledger can keep (OutOfRange).
    """
    entry = _balanced(group, kind, description, amounts, source=source, part=part, **extra)
    if not entry.minor:
        return None
    _write(group, [entry])
    return entry.transaction


@dataclass
class _Entry:
    """A transaction checked and not yet written, with its postings in minor units."""

    transaction: Transaction
    minor: dict  # Account → int


def _balanced(group, kind, description, amounts, *, source=("", None), part=0, **extra) -> _Entry:
    minor = {account: group.to_minor(Decimal(amount)) for account, amount in amounts.items()}
    minor = {account: value for account, value in minor.items() if value}
    words, description = as_stored(description, DESCRIPTION_LENGTH)
    if sum(minor.values()) != 0:
        raise UnbalancedTransaction(
            f"{description}: postings sum to {group.from_minor(sum(minor.values()))}, not 0"
        )
    transaction = Transaction(
        group=group,
        kind=kind,
        description=description,
        words=words,
        source_type=source[0],
        source_id=source[1],
        source_part=part,
        created_by=extra.get("user"),
        reverses=extra.get("reverses"),
        note=extra.get("note", ""),
        idempotency_key=extra.get("idempotency_key"),
    )
    return _Entry(transaction, minor)


def _write(group, entries: list[_Entry]) -> None:
    """Write checked transactions, in order, with their postings, and add them to the accounts'
    stored balances: in a few queries however many there are, and each account's row written
    once (a row written again and again in one transaction is what makes a long one slow)."""
    if not entries:
        return
    added: dict[int, int] = {}
    for entry in entries:
        for account, value in entry.minor.items():
            added[account.pk] = added.get(account.pk, 0) + value
    added = {pk: value for pk, value in added.items() if value}
    # Inside a game's change (the usual case) the postings share its transaction: no savepoint.
    with db_transaction.atomic(savepoint=False):
        in_range = _in_range(group, entries, added)
        if in_range:
            _write_rows(entries, added)
    if not in_range:  # raised past the block: the caller's transaction goes on, or rolls back
        raise OutOfRange()


def _write_rows(entries: list[_Entry], added: dict[int, int]) -> None:
    Transaction.objects.bulk_create([entry.transaction for entry in entries])
    Posting.objects.bulk_create(
        Posting(transaction=entry.transaction, account=account, amount_minor=value)
        for entry in entries
        for account, value in entry.minor.items()
    )
    if added:
        # Each account's balance is stored with its postings, added in the database.
        by_account = Case(*(When(pk=pk, then=Value(value)) for pk, value in added.items()))
        Account.objects.filter(pk__in=list(added)).update(
            balance_minor=F("balance_minor") + by_account
        )


def _in_range(group, entries: list[_Entry], added: dict[int, int]) -> bool:
    """Whether every transaction moves at most LARGEST_MONEY_MINOR, and the balances it leaves
    (`added` to the accounts') have what the players are owed altogether within it too: what
    any total of the group's money adds up to. The group's accounts are locked first, so
    postings to it at once are checked one after the other."""
    moved = (sum(value for value in entry.minor.values() if value > 0) for entry in entries)
    if max(moved) > LARGEST_MONEY_MINOR:
        return False
    rows = Account.objects.select_for_update().filter(group_id=group.pk).order_by("pk")
    balances = dict(rows.values_list("pk", "balance_minor"))
    for pk, value in added.items():
        balances[pk] = balances.get(pk, 0) + value
    owed = sum(balance for balance in balances.values() if balance > 0)
    owing = sum(balance for balance in balances.values() if balance < 0)
    return owed <= LARGEST_MONEY_MINOR and owing >= -LARGEST_MONEY_MINOR


def reverse(
    entry: Transaction, *, user=None, description=None, idempotency_key=None
) -> Transaction:
    reversal = _reversal(entry, user=user, description=description, idempotency_key=idempotency_key)
    _write(entry.group, [reversal])
    return reversal.transaction


def _reversal(entry: Transaction, *, user=None, description=None, idempotency_key=None) -> _Entry:
    amounts = {
        posting.account: -entry.group.from_minor(posting.amount_minor)
        for posting in entry.postings.select_related("account")
    }
    return _balanced(
        entry.group,
        Transaction.Kind.REVERSAL,
        description
        or Phrase("Reversal of: %(entry)s", entry=read_stored(entry.words, entry.description)),
        amounts,
        source=(entry.source_type, entry.source_id),
        part=entry.source_part,
        user=user,
        reverses=entry,
        idempotency_key=idempotency_key,
    )


def unreversed_transactions(group, source_type: str, source_id: int, from_part: int = 0):
    """A source's transactions that have not been reversed (and are not reversals)."""
    return Transaction.objects.filter(
        group=group,
        source_type=source_type,
        source_id=source_id,
        source_part__gte=from_part,
        reverses__isnull=True,
        reversed_by__isnull=True,
    )


def sync(group, source: tuple[str, int], wanted: dict[int, Wanted], user, from_part=0) -> None:
    """Make the unreversed transactions of `source`, parts `from_part` and up, say `wanted`
    (part → Wanted); a part that is not wanted any more is reversed."""
    wanted = {part: entry for part, entry in wanted.items() if part >= from_part}
    unreversed: dict[int, list[Transaction]] = {}
    rows = unreversed_transactions(group, *source, from_part).prefetch_related("postings")
    for row in rows:
        unreversed.setdefault(row.source_part, []).append(row)
    entries: list[_Entry] = []
    for part in sorted(set(wanted) | set(unreversed)):
        entries += _sync_part(group, source, part, wanted.get(part), unreversed.get(part, []), user)
    with db_transaction.atomic():
        _write(group, entries)


def post_new(group, source: tuple[str, int], wanted: dict[int, Wanted], user) -> None:
    """Post each part of `wanted` (part → Wanted) of `source`: parts never posted before (a round
    just entered), so nothing is looked up."""
    for part, entry in wanted.items():
        amounts = entry.amounts
        post(group, entry.kind, entry.description, amounts, source=source, part=part, user=user)


def _sync_part(group, source, part: int, wanted: Wanted | None, unreversed: list, user) -> list:
    """What part `part` of `source` needs written: reversals of what it should not say, and
    what it should say and does not yet."""
    amounts = wanted.amounts if wanted else {}
    wanted_minor = {account.pk: group.to_minor(amount) for account, amount in amounts.items()}
    wanted_minor = {pk: minor for pk, minor in wanted_minor.items() if minor}
    matched, entries = False, []
    for entry in unreversed:
        posted = {posting.account_id: posting.amount_minor for posting in entry.postings.all()}
        # A part that moves nothing keeps nothing: an empty one posted before is reversed too.
        if not matched and wanted_minor and posted == wanted_minor:
            matched = True
        else:
            entries.append(_reversal(entry, user=user))
    if wanted is not None and not matched and wanted_minor:
        entries.append(
            _balanced(
                group, wanted.kind, wanted.description, amounts, source=source, part=part, user=user
            )
        )
    return entries


def balances(group) -> dict[Account, Decimal]:
    """Every account of the group with its balance (stored on the account, updated by `post`)."""
    rows = Account.objects.filter(group=group).select_related("player")
    return {account: group.from_minor(account.balance_minor) for account in rows}


def total_of_group(group) -> Decimal:
    minor = Posting.objects.filter(transaction__group=group).aggregate(
        total=Sum("amount_minor", default=0)
    )["total"]
    return group.from_minor(minor)
