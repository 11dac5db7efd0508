"""Payments between players: ledger transactions like any other, reversed and never deleted."""

from decimal import Decimal

from django.db import transaction as db_transaction

from ledger.models import Transaction
from ledger.posting import player_account, post, reverse
from tracker.common.versioning import touch_group


class PaymentError(ValueError):
    pass


def record_payment(group, payer, payee, amount: Decimal, user, note: str = "") -> Transaction:
    """`payer` hands `payee` the amount: the payer's balance goes up, the payee's down."""
    if payer == payee:
        raise PaymentError(f"{payer.name} cannot pay themselves.")
    if amount <= 0:
        raise PaymentError("A payment is more than zero.")
    money = f"{group.format_amount(amount)} {group.currency}"
    description = f"{payer.name} paid {payee.name} {money}" + (f" ({note})" if note else "")
    amounts = {player_account(payer): amount, player_account(payee): -amount}
    with db_transaction.atomic():
        touch_group(group.pk)
        return post(group, Transaction.Kind.PAYMENT, description, amounts, user=user, note=note)


def reverse_payment(entry: Transaction, user) -> Transaction:
    if entry.kind != Transaction.Kind.PAYMENT:
        raise PaymentError("Only a payment can be reversed here.")
    if Transaction.objects.filter(reverses=entry).exists():
        raise PaymentError("This payment was already reversed.")
    with db_transaction.atomic():
        touch_group(entry.group_id)
        return reverse(entry, user=user, description=f"Reversed: {entry.description}")
