"""Payments between players: ledger transactions like any other, reversed and never deleted.

A payment or a reversal carries the one-time key of the form that asked for it: the same key
again (a double tap, a retry, two phones tapping "Paid" for the same suggestion) gets the first
one back, and two reversals of one payment at once end with one reversal and "already
reversed", never an error.
"""

from decimal import Decimal

from django.db import IntegrityError
from django.db import transaction as db_transaction
from django.utils.translation import gettext as _

from ledger.models import Transaction
from ledger.posting import player_account, post, reverse
from tracker.common.said import Money, quoted, said
from tracker.common.versioning import touch_group

NOTE_MAX = 100


class PaymentError(ValueError):
    pass


def _first(once):
    return Transaction.objects.filter(once=once).first() if once else None


def record_payment(group, payer, payee, amount: Decimal, user, note="", once=None):
    """`payer` hands `payee` the amount: the payer's balance goes up, the payee's down."""
    if (done := _first(once)) is not None:
        return done
    if payer == payee:
        raise PaymentError(_("%(player)s cannot pay themselves.") % {"player": payer.name})
    if amount <= 0:
        raise PaymentError(_("A payment is more than zero."))
    if len(note) > NOTE_MAX:
        raise PaymentError(_("A note has at most %(most)d characters.") % {"most": NOTE_MAX})
    words = {"payer": payer.name, "payee": payee.name, "amount": Money(amount, group.currency)}
    if note:
        description = said("%(payer)s paid %(payee)s %(amount)s (%(note)s)", note=note, **words)
    else:
        description = said("%(payer)s paid %(payee)s %(amount)s", **words)
    amounts = {player_account(payer): amount, player_account(payee): -amount}
    try:
        with db_transaction.atomic():
            touch_group(group.pk)
            kind = Transaction.Kind.PAYMENT
            return post(group, kind, description, amounts, user=user, note=note, once=once)
    except IntegrityError:
        if (done := _first(once)) is not None:
            return done  # the same tap, saved a moment earlier by another request
        raise


def reverse_payment(entry: Transaction, user, once=None) -> Transaction:
    if (done := _first(once)) is not None:
        return done
    if entry.kind != Transaction.Kind.PAYMENT:
        raise PaymentError(_("Only a payment can be reversed here."))
    if Transaction.objects.filter(reverses=entry).exists():
        raise PaymentError(_("This payment was already reversed."))
    try:
        with db_transaction.atomic():
            touch_group(entry.group_id)
            payment = quoted(entry.words, entry.description)
            description = said("Reversed: %(payment)s", payment=payment)
            return reverse(entry, user=user, description=description, once=once)
    except IntegrityError as error:
        if (done := _first(once)) is not None:
            return done
        raise PaymentError(_("This payment was already reversed.")) from error
