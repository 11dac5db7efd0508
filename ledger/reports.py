"""Read-only views of the ledger: statements, text for the chat and CSV."""

from django.db.models import Q, Sum

from ledger.models import Account, Posting


def statement_lines(player):
    """Every posting that moved the player's balance, newest first."""
    return (
        Posting.objects.filter(account__player=player, account__kind=Account.Kind.PLAYER)
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
    before = statement_lines(player).filter(
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
