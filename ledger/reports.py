"""Read-only views of the ledger: statements, per-session settlements, text and CSV."""

from decimal import Decimal

from django.db.models import Q, Sum

from ledger.models import Posting
from ledger.settlement import fewest_transfers
from tracker.catte import services as catte_sessions
from tracker.cutthroat import services as tournaments
from tracker.cutthroat.money import wanted_transactions


def statement_lines(player):
    """Every posting that moved the player's balance, newest first."""
    return (
        Posting.objects.filter(account__player=player)
        .select_related("transaction")
        .order_by("-transaction__created_at", "-transaction_id", "-pk")
    )


def with_running_balance(group, player, page) -> list[dict]:
    """The page's postings with the balance after each (one query for what came before)."""
    postings = list(page.object_list)
    if not postings:
        return []
    oldest = postings[-1]
    moment = oldest.transaction.created_at
    before = Posting.objects.filter(account__player=player).filter(
        Q(transaction__created_at__lt=moment)
        | Q(transaction__created_at=moment, transaction_id__lt=oldest.transaction_id)
        | Q(transaction_id=oldest.transaction_id, pk__lt=oldest.pk)
    )
    running = before.aggregate(total=Sum("amount_minor", default=0))["total"]
    lines = []
    for posting in reversed(postings):
        running += posting.amount_minor
        lines.append(
            {
                "transaction": posting.transaction,
                "amount": group.from_minor(posting.amount_minor),
                "balance": group.from_minor(running),
            }
        )
    return lines[::-1]


def session_settlements(page) -> list[dict]:
    """Each session of the page with who pays whom to settle that session alone."""
    settled = []
    for session in page.object_list:
        board = catte_sessions.load(session)
        balances = board.result.settlement_balances
        settled.append(
            {
                "session": session,
                "board": board,
                "totals": board.result.totals,
                "transfers": fewest_transfers(balances) if any(balances.values()) else [],
            }
        )
    return settled


def balances_text(balances) -> str:
    """Ready to paste into a group chat."""
    group = balances.group
    lines = [f"{group.name}: who owes whom ({group.currency})", ""]
    for row in balances.rows:
        share = (
            f" (and {group.format_amount(row.open_share)} in the side pot)"
            if row.open_share
            else ""
        )
        lines.append(f"{row.player.name}: {group.format_signed(row.balance)}{share}")
    if balances.side_pot:
        lines.append(f"Side pot: {group.format_amount(balances.side_pot)}")
    lines.append("")
    if balances.transfers:
        lines.append("To settle up:")
        for transfer in balances.transfers:
            amount = group.format_amount(transfer.amount)
            lines.append(f"{transfer.payer} → {transfer.payee}: {amount}")
    else:
        lines.append("Everyone is settled.")
    return "\n".join(lines) + "\n"


class Echo:
    """A file-like object for csv.writer that hands each row back to the streaming response."""

    def write(self, value):
        return value


def csv_rows(group, postings):
    yield ["date", "transaction", "kind", "description", "account", f"amount ({group.currency})"]
    for posting in postings:
        entry = posting.transaction
        yield [
            entry.created_at.isoformat(),
            entry.pk,
            entry.kind,
            entry.description,
            str(posting.account),
            group.format_amount(group.from_minor(posting.amount_minor)),
        ]


def tournament_settlements(group, limit: int = 10) -> list[dict]:
    """The latest tournaments played for money, each with who pays whom for it alone."""
    played_for_money = group.tournaments.filter(Q(game_stake__gt=0) | Q(buy_in__gt=0))
    settled = []
    for tournament in played_for_money[:limit]:
        owed: dict[str, Decimal] = {}
        for _, amounts in wanted_transactions(tournaments.load(tournament)).values():
            for name, amount in amounts.items():
                owed[name] = owed.get(name, Decimal(0)) + amount
        transfers = fewest_transfers(owed) if any(owed.values()) else []
        settled.append({"tournament": tournament, "transfers": transfers})
    return settled
