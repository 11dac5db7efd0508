"""Settling up a closed session as it stands: the transfers that settle the session alone, how
much of each the payments since it closed have paid, and those payments.

Payments are made between players, not for a session: a payment goes to the transfers from its
payer to its payee of the sessions closed before it, the longest owed first
(`ledger.settlement.paid_towards`), so one payment never counts for two sessions.
"""

from decimal import Decimal

from django.db.models import Prefetch
from django.utils.translation import gettext as _

from core.locale_money import amount_text
from ledger.reports import payments_made
from ledger.settlement import Paid, Transfer, fewest_transfers, paid_towards
from tracker.catte.board import SessionBoard, load
from tracker.catte.models import SessionSeat


def transfers_at_close(board: SessionBoard) -> list[Transfer]:
    """Who pays whom to settle the session alone, as few transfers as possible."""
    balances = board.at_close.settlement_balances
    return fewest_transfers(balances) if any(balances.values()) else []


def closed_boards(group) -> list[SessionBoard]:
    """The group's closed sessions, in the order they were closed."""
    seats = Prefetch("seats", queryset=SessionSeat.objects.select_related("player"))
    closed = group.sessions.filter(closed_at__isnull=False).prefetch_related(seats)
    return [load(session) for session in closed.order_by("closed_at", "pk")]


def paid_at_close(group) -> dict[int, list[tuple[Transfer, Decimal]]]:
    """Each closed session's transfers (by the session's id), each with what has been paid
    towards it since the session closed."""
    return paid_and_payments(group)[0]


def paid_and_payments(group) -> tuple[dict[int, list[tuple[Transfer, Decimal]]], list[Paid]]:
    """`paid_at_close`, and the payments since the first session was closed."""
    boards = closed_boards(group)
    owed = [(board.session.closed_at, transfers_at_close(board)) for board in boards]
    payments = payments_made(group, since=owed[0][0]) if owed else []
    paid = paid_towards(owed, payments)
    by_session = {
        board.session.pk: list(zip(transfers, amounts, strict=True))
        for board, (_, transfers), amounts in zip(boards, owed, paid, strict=True)
    }
    return by_session, payments


def settling_up(board: SessionBoard) -> dict:
    """What a closed session's page says of settling up: each transfer with what has been paid
    towards it, and every payment between its players since it closed."""
    group, closed_at = board.group, board.session.closed_at
    paid, payments = paid_and_payments(group)
    players = set(board.names)
    since = [p for p in payments if p.made_at > closed_at and {p.payer, p.payee} <= players]
    return {
        "transfers": [transfer_row(group, *pair) for pair in paid[board.session.pk]],
        "paid_since": [
            {
                "payer": p.payer,
                "payee": p.payee,
                "amount": amount_text(group, p.amount),
                "at": p.made_at,
            }
            for p in since
        ],
    }


def transfer_row(group, transfer: Transfer, paid: Decimal) -> dict:
    amount = amount_text(group, transfer.amount)
    if paid >= transfer.amount:
        state = _("Paid")
    elif paid:
        state = _("%(paid)s of %(amount)s paid") % {
            "paid": amount_text(group, paid),
            "amount": amount,
        }
    else:
        state = ""
    return {
        "payer": transfer.payer,
        "payee": transfer.payee,
        "amount": amount,
        "paid": state,
        "settled": paid >= transfer.amount,
    }
