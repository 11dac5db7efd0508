"""A score sheet, its seats and its rounds, on the bases every game has (core/models/games.py).

A round is stored as it was entered, players by seat (`entry`), with what the rules computed
for it (`result`), so renaming a player never rewrites a sheet and a page replays nothing.
"""

from django.db import models
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from core.models.games import Entry, Game, Seat
from tracker.sheets.rules import PRESET_NAMES


class Sheet(Game):
    """Rounds of any game a table plays, in points or places, with money."""

    unnamed = gettext_noop("Sheet %(number)s")
    page = "sheet"

    group = models.ForeignKey("core.Group", on_delete=models.CASCADE, related_name="sheets")
    round_count = models.PositiveIntegerField(default=0)

    class Meta(Game.Meta):
        constraints = [
            models.UniqueConstraint(fields=["group", "number"], name="one_sheet_number_a_group")
        ]

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


class SheetRound(Entry):
    """One round as entered, players by seat (tracker/sheets/entries.py), with its scored result."""

    called = gettext_noop("Round %(number)d")

    sheet = models.ForeignKey(Sheet, on_delete=models.CASCADE, related_name="rounds")
    entry = models.JSONField()

    class Meta(Entry.Meta):
        constraints = [
            models.UniqueConstraint(fields=["sheet", "number"], name="one_sheet_round_per_number")
        ]
