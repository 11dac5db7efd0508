"""Payments between players: ledger transactions like any other, reversed and never deleted.

This is the one gate for them. A payment or a reversal is made against the version of the
group's pages the form was rendered from (compare-and-swap on the group's version): when anything
changed the balances since, nothing is recorded and the form says so. Its form also carries a
idempotency key, minted when the form was rendered: the same tap sent again (a double tap, a retry)
gets the first transaction back, not a refusal.
"""

from contextlib import contextmanager
from decimal import Decimal
from functools import partial

from django.db import IntegrityError
from django.db import transaction as db_transaction
from django.utils.translation import gettext as _

from basics.names import hidden_character
from basics.phrases import Phrase
from core.idempotency import AlreadyDone, done_once
from core.stored_messages import Money, read_stored
from core.versioning import StalePage, claim_group_version
from ledger.models import Transaction
from ledger.posting import OutOfRange, player_account, post, reverse

NOTE_MAX = 100


class PaymentError(ValueError):
    pass


def record_payment(
    group, payer, payee, amount: Decimal, user, *, version, idempotency_key=None, note=""
):
    """`payer` hands `payee` the amount: the payer's balance goes up, the payee's down."""
    try:
        with _once_per_key(group, idempotency_key, Transaction.Kind.PAYMENT):
            check_payment(payer, payee, amount, note)
            words = {"payer": payer.name, "payee": payee.name}
            words["amount"] = Money(amount, group.currency)
            if note:
                line = Phrase("%(payer)s paid %(payee)s %(amount)s (%(note)s)", note=note, **words)
            else:
                line = Phrase("%(payer)s paid %(payee)s %(amount)s", **words)
            amounts = {player_account(payer): amount, player_account(payee): -amount}
            with _kept_in_range(), db_transaction.atomic():
                claim_group_version(group, version)
                kind = Transaction.Kind.PAYMENT
                entry = post(
                    group,
                    kind,
                    line,
                    amounts,
                    user=user,
                    note=note,
                    idempotency_key=idempotency_key,
                )
            assert entry is not None  # a payment is more than zero: it moves money
            return entry
    except AlreadyDone as repeat:
        return repeat.first


def check_payment(payer, payee, amount: Decimal, note: str = "") -> None:
    if payer == payee:
        raise PaymentError(_("%(player)s cannot pay themselves.") % {"player": payer.name})
    if amount <= 0:
        raise PaymentError(_("A payment is more than zero."))
    check_note(note)


def check_note(note: str) -> None:
    """A payment's note: visible text of at most NOTE_MAX characters, however it came in (a
    form or a backup)."""
    if len(note) > NOTE_MAX:
        raise PaymentError(_("A note has at most %(most)d characters.") % {"most": NOTE_MAX})
    if (hidden := hidden_character(note)) is not None:
        raise PaymentError(
            _("A note cannot hold an invisible or control character (%(code)s).") % {"code": hidden}
        )


def reverse_payment(entry: Transaction, user, *, version, idempotency_key=None) -> Transaction:
    try:
        with _once_per_key(entry.group, idempotency_key, Transaction.Kind.REVERSAL, reverses=entry):
            if entry.kind != Transaction.Kind.PAYMENT:
                raise PaymentError(_("Only a payment can be reversed here."))
            if Transaction.objects.filter(reverses=entry).exists():
                raise PaymentError(_("This payment was already reversed."))
            with _kept_in_range(), db_transaction.atomic():
                claim_group_version(entry.group, version)
                payment = read_stored(entry.words, entry.description)
                line = Phrase("Reversed: %(payment)s", payment=payment)
                return reverse(entry, user=user, description=line, idempotency_key=idempotency_key)
    except AlreadyDone as repeat:
        return repeat.first
    except IntegrityError as error:  # another phone reversed it at the same moment
        raise PaymentError(_("This payment was already reversed.")) from error


@contextmanager
def _kept_in_range():
    """A payment, or its reversal, the ledger cannot keep (OutOfRange) is refused as any
    payment is: with a PaymentError, after its transaction rolled back."""
    try:
        yield
    except OutOfRange as refusal:
        raise PaymentError(
            _("This payment takes the balances past what the app can keep; nothing was recorded.")
        ) from refusal


def _once_per_key(group, idempotency_key: str | None, kind: str, reverses=None):
    """Around a payment or reversal asked for with `idempotency_key`: the same tap sent
    again raises AlreadyDone with the transaction the first one recorded."""
    first_made = partial(_made_with_key, group, idempotency_key, kind, reverses)
    return done_once(first_made, (StalePage, PaymentError, IntegrityError))


def _made_with_key(group, idempotency_key: str | None, kind: str, reverses) -> Transaction | None:
    if not idempotency_key:
        return None
    first = Transaction.objects.filter(group=group, idempotency_key=idempotency_key).first()
    if first is not None and (
        first.kind != kind or (reverses is not None and first.reverses_id != reverses.pk)
    ):
        # A key is minted for one form: sent with another, it is forged or stale.
        raise PaymentError(_("Reload the page and try again."))
    return first
