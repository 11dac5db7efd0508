"""Who owes whom: the group's balances from the ledger, and the fewest transfers that settle them.

A player's balance is the sum of his postings (positive: he is owed). What he has put into a side
pot that is still waiting to be won is his open share, held on an account of its own: not owed
to anyone yet, so settling up adds it back (the house rules, Money). The suggested plan is
stable: it is computed as of the last game or round, then carried through each payment since,
so paying one suggestion leaves the others.
"""

from dataclasses import dataclass
from decimal import Decimal

from django.core.cache import cache

from core.models import Player
from core.names import by_name
from ledger.models import Account, Posting, Transaction
from ledger.posting import balances as account_balances
from ledger.settlement import Transfer, apply_payment, fewest_transfers


@dataclass
class BalanceRow:
    player: Player
    balance: Decimal
    open_share: Decimal

    @property
    def to_settle(self) -> Decimal:
        return self.balance + self.open_share


@dataclass
class Balances:
    group: object
    rows: list[BalanceRow]
    side_pot: Decimal
    transfers: list[Transfer]
    played_for_money: bool  # anything ever posted, even if it is all settled since

    @property
    def any_money(self) -> bool:
        """Anything owed or waiting in a side pot now."""
        return any(row.balance or row.open_share for row in self.rows) or bool(self.side_pot)

    def row_of(self, name: str) -> BalanceRow:
        return next(row for row in self.rows if row.player.name == name)


def player_balances(group) -> tuple[dict, dict, Decimal]:
    """({Player: balance}, {Player: open side-pot share}, side pot), from one query."""
    players, side_pot = {}, Decimal(0)
    shares: dict[Player, Decimal] = {}
    for account, amount in account_balances(group).items():
        if account.kind == Account.Kind.PLAYER:
            players[account.player] = amount
        else:
            side_pot += amount
            holder = account.player  # a player's money in a pot is his open share
            if holder is not None:
                shares[holder] = shares.get(holder, Decimal(0)) + amount
    return players, shares, side_pot


def payments_since_last_result(group) -> list[list[Posting]]:
    """Postings of each payment (or payment reversal) made after the latest game or round,
    oldest first: read from the newest transaction back to the first that is no payment."""
    entries = group.transactions.select_related("reverses").order_by("-created_at", "-pk")
    payments = []
    for entry in entries.iterator(chunk_size=20):
        if not is_payment_like(entry):
            break
        payments.append(entry.pk)
    postings = (
        Posting.objects.filter(transaction__in=payments)
        .select_related("account__player")
        .order_by("transaction__created_at", "transaction_id", "pk")
    )
    by_entry: dict[int, list[Posting]] = {}
    for posting in postings:
        by_entry.setdefault(posting.transaction_id, []).append(posting)
    return list(by_entry.values())


def any_payment(group) -> bool:
    return group.transactions.filter(kind=Transaction.Kind.PAYMENT).exists()


def is_payment_like(entry: Transaction) -> bool:
    if entry.kind == Transaction.Kind.REVERSAL and entry.reverses is not None:
        return entry.reverses.kind == Transaction.Kind.PAYMENT
    return entry.kind == Transaction.Kind.PAYMENT


def stable_plan(group, settle: dict[str, Decimal]) -> list[Transfer]:
    """The fewest transfers for `settle`, carried from the plan before the latest payments."""
    payments = payments_since_last_result(group)
    before = dict(settle)
    for postings in payments:
        for posting in postings:
            name = posting.account.holder.name
            before[name] = before.get(name, Decimal(0)) - group.from_minor(posting.amount_minor)
    plan = fewest_transfers(before)
    current = before
    for postings in payments:
        payer = next(p for p in postings if p.amount_minor > 0).account.holder.name
        payee = next(p for p in postings if p.amount_minor < 0).account.holder.name
        amount = group.from_minor(max(p.amount_minor for p in postings))
        current = apply_payment(current, payer, payee, amount)
        plan = fewest_transfers(current, prefer=plan)
    return plan


BALANCES_SECONDS = 24 * 60 * 60


def cached_balances(group, players=None) -> Balances:
    """`group_balances`, worked out once per version of the group, whichever server and phone
    asks: every change of the money bumps that version."""
    key = f"balances:{group.pk}:{group.version}"
    balances = cache.get(key)
    if balances is None:
        balances = group_balances(group, players)
        cache.add(key, balances, BALANCES_SECONDS)
    return balances


def group_balances(group, players=None) -> Balances:
    """Every player's balance and open share (`players`, the group's, if already read)."""
    balances, shares, side_pot = player_balances(group)
    # Every player of the group, those who never played for money at 0.
    everyone = set(group.players.all() if players is None else players)
    everyone |= set(balances) | set(shares)
    players = by_name(everyone)
    rows = [BalanceRow(p, balances.get(p, Decimal(0)), shares.get(p, Decimal(0))) for p in players]
    settle = {row.player.name: row.to_settle for row in rows}
    transfers = stable_plan(group, settle) if any(settle.values()) else []
    # A player's account is opened by his first posting, and stays after he settles.
    played = bool(balances or shares)
    return Balances(group, rows, side_pot, transfers, played_for_money=played)
