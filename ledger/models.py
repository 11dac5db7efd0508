from typing import TYPE_CHECKING

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from core.game_choices import with_each_game
from core.stored_messages import render_stored
from ledger.banks import BANKS

if TYPE_CHECKING:
    from core.models import Player


# How many characters a transaction's description holds.
DESCRIPTION_LENGTH = 300


def account_kinds() -> dict[str, str]:
    """Every kind of account with its words: a player's own, then each game's (its
    `account_kinds` in the registry of games), read when asked for."""
    return with_each_game(Account.Kind, lambda game_kind: game_kind.account_kinds())


class Account(models.Model):
    """A player's own account, or an account of a kind a game opens beside it (its
    `account_kinds` in the registry of games).

    A player's balance is what he is owed (negative: what he owes). An account of his of another
    kind holds what he has put into pots still waiting to be won (Cắt Tê's side pots): money
    not owed to anyone yet; so does an account of no player, the group's.
    """

    class Kind(models.TextChoices):
        """The ledger's own kind; each game adds the kinds of the accounts it opens."""

        PLAYER = "player", _("Player")

    group = models.ForeignKey("core.Group", on_delete=models.CASCADE, related_name="accounts")
    kind = models.CharField(max_length=10, choices=account_kinds)
    player = models.ForeignKey(
        "core.Player",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="accounts",
    )
    # The sum of the account's postings, updated by the one function that writes postings, so a
    # balance is read without adding up the whole history.
    balance_minor = models.BigIntegerField(default=0)

    class Meta:
        # They name the stored values of Cắt Tê's kinds, as they did before the games declared
        # their kinds: a constraint is part of the table, and the table stays as it is.
        constraints = [
            models.UniqueConstraint(
                fields=["group"],
                condition=models.Q(kind="side_pot"),
                name="one_side_pot_account_per_group",
            ),
            models.UniqueConstraint(
                fields=["player", "kind"],
                condition=models.Q(player__isnull=False),
                name="one_account_of_a_kind_per_player",
            ),
            models.CheckConstraint(
                condition=models.Q(kind="side_pot", player__isnull=True)
                | models.Q(kind__in=["player", "share"], player__isnull=False),
                name="player_accounts_have_a_player",
            ),
        ]

    def __str__(self):
        if self.kind == self.Kind.PLAYER:
            return str(self.player)
        return f"{self.player} · side pot" if self.player_id else "Side pot"

    @property
    def holder(self) -> "Player":
        """The player whose account it is; only a player's own account and share have one."""
        if self.player is None:
            raise ValueError(f"the {self.kind} account {self.pk} has no player")
        return self.player


class Transaction(models.Model):
    """A balanced movement of money; never updated or deleted, only reversed."""

    class Kind(models.TextChoices):
        """The ledger's own kinds; each game adds the kinds of what it posts (its
        `ledger_kinds` in the registry of games)."""

        PAYMENT = "payment", _("Payment")
        REVERSAL = "reversal", _("Reversal")

    group = models.ForeignKey("core.Group", on_delete=models.CASCADE, related_name="transactions")
    kind = models.CharField(max_length=16)
    # Two names of 40 characters, an amount and a note of 100 fit, "Reversed: " included.
    description = models.CharField(max_length=DESCRIPTION_LENGTH)
    # The description as a stored message (core/stored_messages), shown in the
    # reader's language; `description` is its English text, for the CSV and the admin.
    words = models.JSONField(null=True, blank=True)
    # Where it came from, e.g. ("round", round.pk) or ("session", session.pk).
    source_type = models.CharField(max_length=20, blank=True)
    source_id = models.PositiveBigIntegerField(null=True, blank=True)
    # Which part of the source, e.g. the game number of a tournament's game stake.
    source_part = models.PositiveIntegerField(default=0)
    note = models.CharField(max_length=200, blank=True)
    # The idempotency key of the form that asked for it: a double tap or a retry with the same key
    # gets this transaction back instead of a second one. A key belongs to its group; NULL (no
    # key) is never equal to another, so any number of transactions have none.
    idempotency_key = models.CharField(max_length=32, null=True, blank=True)  # noqa: DJ001
    reverses = models.OneToOneField(
        "self", on_delete=models.PROTECT, null=True, blank=True, related_name="reversed_by"
    )
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["created_at", "pk"]
        constraints = [
            models.UniqueConstraint(
                fields=["group", "idempotency_key"], name="one_transaction_per_group_key"
            )
        ]
        indexes = [
            models.Index(fields=["source_type", "source_id"]),
            models.Index(fields=["group", "created_at", "id"], name="transactions_of_a_group"),
            models.Index(
                fields=["group", "kind", "created_at", "id"], name="transactions_of_a_kind"
            ),
        ]

    def __str__(self):
        return self.description

    @property
    def line(self) -> str:
        """The description in the reader's language."""
        return render_stored(self.words, self.description)

    @property
    def kind_label(self) -> str:
        """What kind of transaction it is, in the reader's language."""
        return str(kind_labels().get(self.kind, self.kind))


def kind_labels() -> dict[str, str]:
    """Every kind of transaction with its words: the ledger's own and each game's."""
    return with_each_game(Transaction.Kind, lambda game_kind: game_kind.ledger_kinds())


class Posting(models.Model):
    transaction = models.ForeignKey(Transaction, on_delete=models.PROTECT, related_name="postings")
    account = models.ForeignKey(Account, on_delete=models.PROTECT, related_name="postings")
    # In the group currency's minor unit (cents; dong for VND): exact, never a float.
    amount_minor = models.BigIntegerField()

    class Meta:
        ordering = ["pk"]

    def __str__(self):
        return f"{self.account}: {self.amount_minor}"


class PaymentDetails(models.Model):
    """One version of where a player is paid: for a group in EUR an account holder, IBAN and
    BIC; in VND a bank (its NAPAS BIN) and account number; otherwise a line of text. The latest
    version is the player's details; all blank, he has none. Never updated or deleted: a change
    is a new row, so the group sees who changed what, and when."""

    group = models.ForeignKey("core.Group", on_delete=models.CASCADE, related_name="+")
    player = models.ForeignKey(
        "core.Player", on_delete=models.CASCADE, related_name="payment_details"
    )
    number = models.PositiveIntegerField()  # 1, 2, … for each player: the compare-and-swap
    holder = models.CharField(max_length=70, blank=True, default="")
    iban = models.CharField(max_length=34, blank=True, default="")
    bic = models.CharField(max_length=11, blank=True, default="")
    bank_bin = models.CharField(max_length=6, blank=True, default="")
    account = models.CharField(max_length=19, blank=True, default="")
    text = models.CharField(max_length=140, blank=True, default="")
    changed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    changed_at = models.DateTimeField(default=timezone.now)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["player", "number"], name="one_details_per_number")
        ]
        ordering = ["player", "-number"]
        verbose_name_plural = _("payment details")

    def __str__(self):
        return f"{self.player} · payment details {self.number}"

    FIELDS = ("holder", "iban", "bic", "bank_bin", "account", "text")

    @property
    def values(self) -> dict:
        return {name: getattr(self, name) for name in self.FIELDS}

    @property
    def is_empty(self) -> bool:
        return not any(self.values.values())

    @property
    def iban_formatted(self) -> str:
        """In groups of four, as banks print it."""
        return " ".join(self.iban[i : i + 4] for i in range(0, len(self.iban), 4))

    @property
    def bank_name(self) -> str:
        return BANKS.get(self.bank_bin, self.bank_bin)
