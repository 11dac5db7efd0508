import re
import secrets
from datetime import timedelta
from decimal import Decimal
from typing import TYPE_CHECKING

from django.conf import settings
from django.db import models
from django.db.models.functions import Lower
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from basics.names import name_key

if TYPE_CHECKING:
    from django.contrib.auth.models import User

# Code → number of decimals of the minor unit. Amounts are stored as integers of that unit.
CURRENCIES = {
    "EUR": 2,
    "USD": 2,
    "GBP": 2,
    "CHF": 2,
    "AUD": 2,
    "CAD": 2,
    "VND": 0,
    "JPY": 0,
    "KRW": 0,
}


class Role(models.TextChoices):
    VIEWER = "viewer", _("Viewer (can look)")
    SCORER = "scorer", _("Scorer (can enter results)")
    OWNER = "owner", _("Owner (manages the group)")

    @classmethod
    def rank(cls, role: str) -> int:
        return [cls.VIEWER.value, cls.SCORER.value, cls.OWNER.value].index(role)


class Group(models.Model):
    name = models.CharField(max_length=80)
    currency = models.CharField(
        max_length=3, choices=[(code, code) for code in CURRENCIES], default="EUR"
    )
    created_at = models.DateTimeField(default=timezone.now)
    members: "models.ManyToManyField[User, Membership]" = models.ManyToManyField(
        settings.AUTH_USER_MODEL, through="Membership", related_name="card_groups"
    )
    # Bumped by every change the group's own pages show (a game, a payment, a player, a
    # member), so what those pages cache is keyed by it.
    version = models.PositiveIntegerField(default=0)
    # The reader's membership, set on the group a view fetched (core/web/permissions.py).
    membership: "Membership"
    # The restore writing into the group, which keeps it read-only for everyone else until it
    # is done or cancelled (core/models/restores.py).
    restoring = models.ForeignKey(
        "core.Restore", null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )

    class Meta:
        db_table = "tracker_group"
        ordering = ["name", "pk"]

    def __str__(self):
        return self.name

    def get_absolute_url(self):
        return reverse("group", args=[self.pk])

    @property
    def decimals(self) -> int:
        return CURRENCIES[self.currency]

    def to_minor(self, amount: Decimal) -> int:
        minor = amount.scaleb(self.decimals)
        if minor != minor.to_integral_value():
            raise ValueError(f"{amount} has more than {self.decimals} decimals for {self.currency}")
        return int(minor)

    def from_minor(self, minor: int) -> Decimal:
        return Decimal(minor).scaleb(-self.decimals)

    def plain_amount(self, amount: Decimal) -> str:
        """For files (backups, CSV): "1234.50" in any language, so any phone reads it back."""
        return f"{amount:.{self.decimals}f}"


class Membership(models.Model):
    group = models.ForeignKey(Group, on_delete=models.CASCADE, related_name="memberships")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="memberships"
    )
    role = models.CharField(max_length=10, choices=Role.choices, default=Role.VIEWER)
    joined_at = models.DateTimeField(default=timezone.now)

    class Meta:
        db_table = "tracker_membership"
        constraints = [
            models.UniqueConstraint(fields=["group", "user"], name="one_membership_per_user")
        ]
        ordering = ["joined_at", "pk"]

    def __str__(self):
        return f"{self.user} in {self.group} ({self.role})"

    def allows(self, role: str) -> bool:
        return Role.rank(self.role) >= Role.rank(role)


class Player(models.Model):
    """Somebody at the table; most players never open the app, so a user link is optional."""

    group = models.ForeignKey(Group, on_delete=models.CASCADE, related_name="players")
    name = models.CharField(max_length=40)
    # The name as names are compared (basics.names.name_key: one encoding, one case; "ß" as
    # "ss", so up to three letters for one), unique in the group; set with the name (set_name).
    name_key = models.CharField(max_length=120, editable=False)
    # For table headers, chart labels and buttons; blank: derived from the name
    # (basics.names.short_names), so that two players at a table never look the same.
    short_name = models.CharField(max_length=12, blank=True, default="")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="players",
    )
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        db_table = "tracker_player"
        constraints = [
            models.UniqueConstraint(
                fields=["group", "name_key"], name="unique_player_name_key_in_group"
            ),
            models.UniqueConstraint(
                "group",
                Lower("short_name"),
                condition=~models.Q(short_name=""),
                name="unique_player_short_name_in_group",
            ),
        ]
        ordering = ["name", "pk"]

    def __str__(self):
        return self.name

    def set_name(self, name: str) -> "Player":
        """Calls the player `name`, keyed as the app compares names: every way a name is set."""
        self.name, self.name_key = name, name_key(name)
        return self

    @classmethod
    def named(cls, group, name: str) -> models.QuerySet["Player"]:
        """The player of `group` (at most one) whose name is `name`, whatever its case or
        encoding."""
        return cls.objects.filter(group=group, name_key=name_key(name))


def new_invite_token() -> str:
    return secrets.token_urlsafe(24)


# What an invite's token can look like; an address with anything else names no invite.
INVITE_TOKEN = re.compile(r"[A-Za-z0-9_-]{1,64}")


def invite_expiry():
    return timezone.now() + timedelta(days=settings.INVITE_DAYS)


class Invite(models.Model):
    group = models.ForeignKey(Group, on_delete=models.CASCADE, related_name="invites")
    role = models.CharField(
        max_length=10, choices=[(Role.SCORER, _("Scorer")), (Role.VIEWER, _("Viewer"))]
    )
    token = models.CharField(max_length=64, unique=True, default=new_invite_token)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    created_at = models.DateTimeField(default=timezone.now)
    expires_at = models.DateTimeField(default=invite_expiry)
    revoked_at = models.DateTimeField(null=True, blank=True)
    uses = models.PositiveIntegerField(default=0)
    # The whole link and its QR code, as the invite list shows them (set there, not stored).
    url: str
    qr: str

    class Meta:
        db_table = "tracker_invite"
        ordering = ["-created_at", "-pk"]

    def __str__(self):
        return f"{self.role} invite to {self.group}"

    def get_absolute_url(self):
        return reverse("invite", args=[self.token])

    @property
    def is_usable(self) -> bool:
        return self.revoked_at is None and self.expires_at > timezone.now()

    @property
    def status(self) -> str:
        if self.revoked_at is not None:
            return "revoked"
        if self.expires_at <= timezone.now():
            return "expired"
        return "active"
