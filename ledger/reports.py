"""Read-only views of the ledger: statements, text for the chat and CSV."""

from dataclasses import dataclass
from decimal import Decimal

from django.db.models import Sum
from django.utils.translation import gettext as _

from core.locale_money import amount_text, signed_text
from ledger.models import Account, Posting, Transaction
from ledger.settlement import Paid


def statement_lines(account):
    """Every posting that moved the account's balance, newest first (postings are only ever
    added, so their order of creation is the order of time)."""
    return Posting.objects.filter(account=account).select_related("transaction").order_by("-pk")


@dataclass
class StatementPage:
    """One page of a statement, newest first, each line with the balance after it. Pages are
    counted from the newest, so the first page costs the same however long the history."""

    number: int
    lines: list[dict]
    has_next: bool
    open_share: Decimal = Decimal(0)  # the player's money waiting in a side pot

    @property
    def has_previous(self) -> bool:
        return self.number > 1

    @property
    def has_other_pages(self) -> bool:
        return self.has_previous or self.has_next

    @property
    def previous_page_number(self) -> int:
        return self.number - 1

    @property
    def next_page_number(self) -> int:
        return self.number + 1


def statement_page(group, player, number: int, size: int = 50) -> StatementPage:
    account = Account.objects.filter(player=player, kind=Account.Kind.PLAYER).first()
    if account is None:
        return StatementPage(1, [], has_next=False)
    held = Account.objects.filter(player=player).exclude(kind=Account.Kind.PLAYER)
    in_pots = held.aggregate(minor=Sum("balance_minor"))["minor"]
    open_share = group.from_minor(in_pots) if in_pots is not None else Decimal(0)
    start = (number - 1) * size
    postings = list(statement_lines(account)[start : start + size + 1])
    newer = statement_lines(account)[:start].values_list("amount_minor", flat=True)
    running = account.balance_minor - sum(newer)
    lines = []
    for posting in postings[:size]:
        lines.append(
            {
                "transaction": posting.transaction,
                "amount": group.from_minor(posting.amount_minor),
                "balance": group.from_minor(running),
            }
        )
        running -= posting.amount_minor
    return StatementPage(number, lines, len(postings) > size, open_share)


def payments_made(group, since=None) -> list[Paid]:
    """The payments between players that stand (not taken back), oldest first; only those
    made after `since`, when given."""
    payments = group.transactions.filter(kind=Transaction.Kind.PAYMENT, reversed_by__isnull=True)
    if since is not None:
        payments = payments.filter(created_at__gt=since)
    postings = (
        Posting.objects.filter(transaction__in=payments)
        .select_related("account__player", "transaction")
        .order_by("transaction__created_at", "transaction_id", "pk")
    )
    by_payment: dict[int, list[Posting]] = {}
    for posting in postings:
        by_payment.setdefault(posting.transaction_id, []).append(posting)
    made = []
    for pair in by_payment.values():
        payer = next(p for p in pair if p.amount_minor > 0)  # the payer's balance goes up
        payee = next(p for p in pair if p.amount_minor < 0)
        amount = group.from_minor(payer.amount_minor)
        made.append(
            Paid(
                payer.account.holder.name,
                payee.account.holder.name,
                amount,
                payer.transaction.created_at,
            )
        )
    return made


def balances_text(balances) -> str:
    """Ready to paste into a group chat."""
    group = balances.group
    heading = _("%(group)s: who owes whom (%(currency)s)")
    lines = [heading % {"group": group.name, "currency": group.currency}, ""]
    for row in balances.rows:
        words = {
            "player": row.player.name,
            "balance": signed_text(group, row.balance),
            "share": amount_text(group, row.open_share),
        }
        if row.open_share:
            lines.append(_("%(player)s: %(balance)s (and %(share)s in the side pot)") % words)
        else:
            lines.append(f"{words['player']}: {words['balance']}")
    if balances.side_pot:
        side_pot = amount_text(group, balances.side_pot)
        lines.append(_("Side pot: %(amount)s") % {"amount": side_pot})
    lines.append("")
    if balances.transfers:
        lines.append(_("To settle up:"))
        for transfer in balances.transfers:
            amount = amount_text(group, transfer.amount)
            lines.append(f"{transfer.payer} → {transfer.payee}: {amount}")
    else:
        lines.append(_("Everyone is settled."))
    return "\n".join(lines) + "\n"


class Echo:
    """A file-like object for csv.writer that hands each row back to the streaming response."""

    def write(self, value):
        return value


FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def as_text(cell: str) -> str:
    """A text cell a spreadsheet shows as written: one starting like a formula (a name or a
    note may) gets a leading apostrophe, so it is never run."""
    return f"'{cell}" if cell.startswith(FORMULA_STARTS) else cell


def csv_rows(group, postings):
    yield ["date", "transaction", "kind", "description", "account", f"amount ({group.currency})"]
    for posting in postings:
        entry = posting.transaction
        yield [
            entry.created_at.isoformat(),
            entry.pk,
            entry.kind,
            as_text(entry.description),
            as_text(str(posting.account)),
            group.plain_amount(group.from_minor(posting.amount_minor)),
        ]
