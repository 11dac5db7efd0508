"""What every game of a group has, whatever is played: a name, the settings the table agreed on
(`rules`, as its log writes them), who started it and when, a version every change bumps, and
what the rules computed after the last change (`state`) with the version it belongs to; and its
seats, a player each, in seat order.

Each kind of game is a concrete model on these bases, with its group (`related_name` its own:
`group.sessions`, `group.tournaments`) and its entries (rounds, hands); the registry of games
(core/games.py) says which models they are.
"""

from typing import TYPE_CHECKING

from django.conf import settings
from django.db import models
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _

from basics.phrases import Phrase

if TYPE_CHECKING:
    from core.models.groups import Group


class Game(models.Model):
    name = models.CharField(max_length=80, blank=True)
    # The group's games of this kind counted from 1 in the order they were started ("Session 1"
    # when it has no name): given by `core.recording.start`.
    number = models.PositiveIntegerField()
    # The log's "rules" object: the game's settings, amounts as decimal strings.
    rules = models.JSONField(default=dict)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    created_at = models.DateTimeField(default=timezone.now)
    # Bumped by every write; a form carries the version it was rendered from, so a stale page
    # can never overwrite a newer change.
    version = models.PositiveIntegerField(default=0)
    # What the rules computed after the last change, stored with the version it belongs to,
    # so a page replays nothing.
    state = models.JSONField(null=True, blank=True)
    state_version = models.PositiveIntegerField(null=True, blank=True)

    class Meta:
        abstract = True
        ordering = ["-created_at", "-pk"]

    group: "Group"  # each kind's own foreign key (its `related_name` its own)
    group_id: int

    # What a game without a name is called, with its number ("Session 3"): each kind says it.
    unnamed: str
    # The name of its page's address ("session"), which takes the group and the game.
    page: str

    def __str__(self):
        return self.name or _(self.unnamed) % {"number": self.number}

    def get_absolute_url(self):
        return reverse(self.page, args=[self.group_id, self.pk])

    @property
    def called(self) -> str | Phrase:
        """Its name, or words for it when it has none, in the reader's language."""
        return self.name or Phrase(self.unnamed, number=self.number)

    @property
    def is_closed(self) -> bool:
        """A closed game takes no more entries; a kind that closes stores when it did."""
        return getattr(self, "closed_at", None) is not None


class Seat(models.Model):
    """A player in a seat of a game; seat 0 deals first."""

    player = models.ForeignKey("core.Player", on_delete=models.PROTECT, related_name="+")
    seat = models.PositiveSmallIntegerField()

    class Meta:
        abstract = True
        ordering = ["seat"]

    def __str__(self):
        return _("Seat %(number)d") % {"number": self.seat + 1}


class Entry(models.Model):
    """What a scorer entered of a game (a round, a hand), numbered from 1 in the order it was
    played, with what the rules computed for it (`result`, by seat), stored with the game's
    state. Each kind adds its game's foreign key and what it enters."""

    number = models.PositiveIntegerField()
    result = models.JSONField(null=True, blank=True)
    entered_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    entered_at = models.DateTimeField(default=timezone.now)

    class Meta:
        abstract = True
        ordering = ["number"]

    # What it is called with its number ("Round 3"): each kind says it.
    called: str

    def __str__(self):
        return _(self.called) % {"number": self.number}
