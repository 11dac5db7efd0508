"""Cắt Tê money in the ledger: what the replay of a session says, posted as balanced transactions.

Every round is one transaction (source "catte_round", the Round's pk): each player's `net` on his
account and minus their sum on the group's side-pot account. `sync_session` compares what is
posted with what the replay wants and, where they differ, reverses the old transaction and posts
a new one; nothing is ever updated or deleted. Closing a session that refunds its side pot posts
the refund (source "catte_close", the Session's pk).
"""

from decimal import Decimal

from django.db import transaction as db_transaction

from ledger.models import Account, Transaction
from ledger.posting import (
    live_transactions,
    player_account,
    post,
    reverse,
    side_pot_account,
    sync_source,
)
from tracker.models import Round

ROUND_SOURCE = "catte_round"
CLOSE_SOURCE = "catte_close"
CARRY_SOURCE = "catte_carry"
BROUGHT_IN_SOURCE = "catte_side_pot_in"


class _Accounts:
    """The group's accounts, fetched (or opened) once per sync."""

    def __init__(self, group):
        self.group = group
        self.side_pot = side_pot_account(group)
        self._players = {}

    def of(self, player) -> Account:
        if player.pk not in self._players:
            self._players[player.pk] = player_account(player)
        return self._players[player.pk]


def _with_side_pot(accounts: _Accounts, to_players: dict) -> dict[Account, Decimal]:
    """Player amounts, balanced by the side-pot account (which takes minus their sum)."""
    amounts = {accounts.of(player): amount for player, amount in to_players.items() if amount}
    total = sum(amounts.values(), Decimal(0))
    if total:
        amounts[accounts.side_pot] = -total
    return amounts


def _live(group, source_type: str, source_ids) -> dict[int, list[Transaction]]:
    """The live transactions of these sources, by source id, postings fetched with them."""
    by_source = {}
    entries = live_transactions(source_type, source_ids).filter(group=group)
    for entry in entries.prefetch_related("postings"):
        by_source.setdefault(entry.source_id, []).append(entry)
    return by_source


def sync_session(board, user=None) -> None:
    """Bring the ledger in line with the session's replay (`board` from catte_sessions.load)."""
    group, session, result = board.group, board.session, board.result
    accounts = _Accounts(group)
    players = {seat.player.name: seat.player for seat in board.seats}
    with db_transaction.atomic():
        live = _live(group, ROUND_SOURCE, [row.pk for row in board.rounds])
        for row, round_result in zip(board.rounds, result.rounds, strict=True):
            net = {players[name]: amount for name, amount in round_result.net.items()}
            sync_source(
                group,
                Transaction.Kind.ROUND,
                (ROUND_SOURCE, row.pk),
                _with_side_pot(accounts, net),
                f"{session} · round {row.number}",
                user,
                live.get(row.pk, []),
            )
        refund = {}
        if board.is_closed and board.settings.side_pot_at_end == "refund":
            refund = {players[name]: share for name, share in result.open_side_pot_shares.items()}
        sync_source(
            group,
            Transaction.Kind.SIDE_POT_REFUND,
            (CLOSE_SOURCE, session.pk),
            _with_side_pot(accounts, refund),
            f"{session} · side pot refunded",
            user,
            _live(group, CLOSE_SOURCE, [session.pk]).get(session.pk, []),
        )
        _reverse_removed_rounds(group, user)


def _reverse_removed_rounds(group, user) -> None:
    """Rounds that no longer exist (undone) keep no money in the ledger."""
    recorded = Round.objects.filter(session__group=group).values("pk")
    orphans = Transaction.objects.filter(
        group=group,
        source_type=ROUND_SOURCE,
        reverses__isnull=True,
        reversed_by__isnull=True,
    ).exclude(source_id__in=recorded)
    for entry in orphans:
        reverse(entry, user=user)


def refund_carried_shares(group, session, shares: dict, user) -> None:
    """Carried side-pot shares of players who do not sit in `session`, paid back to them."""
    accounts = _Accounts(group)
    post(
        group,
        Transaction.Kind.SIDE_POT_REFUND,
        f"{session} · carried side pot refunded to players not at the table",
        _with_side_pot(accounts, shares),
        source=(CARRY_SOURCE, session.pk),
        user=user,
    )


def bring_in_side_pot(group, session, shares: dict, user) -> None:
    """Side-pot shares an imported log brings in: the players pay them into the side pot now."""
    accounts = _Accounts(group)
    post(
        group,
        Transaction.Kind.ROUND,
        f"{session} · side pot brought in with the imported log",
        _with_side_pot(accounts, {player: -amount for player, amount in shares.items()}),
        source=(BROUGHT_IN_SOURCE, session.pk),
        user=user,
    )
