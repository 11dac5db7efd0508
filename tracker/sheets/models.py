"""A score sheet, its seats and its rounds, on the bases every game has (core/models/games.py).

A round is stored as it was entered, players by seat (`entry`), with what the rules computed
for it (`result`), so renaming a player never rewrites a sheet and a page replays nothing.
"""

from django.conf import settings
from django.db import models
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from core.models.games import Game, Seat
from tracker.sheets.rules import PRESET_NAMES


class Sheet(Game):
    """Rounds of any game a table plays, in points or places, with money."""

    unnamed = gettext_noop("Sheet %(number)s")

    group = models.ForeignKey("core.Group", on_delete=models.CASCADE, related_name="sheets")
    round_count = models.PositiveIntegerField(default=0)

    class Meta(Game.Meta):
        constraints = [
            models.UniqueConstraint(fields=["group", "number"], name="one_sheet_number_a_group")
        ]

    def __str__(self):
        return self.name or _("Sheet %(number)s") % {"number": self.number}

    def get_absolute_url(self):
        return reverse("sheet", args=[self.group_id, self.pk])

    @property
    def game_words(self) -> str:
        """The game it keeps: "Tiến lên", "Hearts", or how it is scored."""
        preset = self.rules.get("preset")
        if preset in PRESET_NAMES:
            return str(PRESET_NAMES[preset])
        return _("Places") if self.rules.get("money_by") == "places" else _("Points")


class SheetSeat(Seat):
    sheet = models.ForeignKey(Sheet, on_delete=models.CASCADE, related_name="seats")

    class Meta(Seat.Meta):
        constraints = [
            models.UniqueConstraint(fields=["sheet", "seat"], name="one_player_per_sheet_seat"),
            models.UniqueConstraint(fields=["sheet", "player"], name="one_sheet_seat_per_player"),
        ]

    def __str__(self):
        return _("Seat %(number)d") % {"number": self.seat + 1}


class SheetRound(models.Model):
    """One round as entered, players by seat (tracker/sheets/entries.py), with its scored result."""

    sheet = models.ForeignKey(Sheet, on_delete=models.CASCADE, related_name="rounds")
    number = models.PositiveIntegerField()  # 1-based
    entry = models.JSONField()
    result = models.JSONField(null=True, blank=True)
    entered_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    entered_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["number"]
        constraints = [
            models.UniqueConstraint(fields=["sheet", "number"], name="one_sheet_round_per_number")
        ]

    def __str__(self):
        return _("Round %(number)d") % {"number": self.number}
