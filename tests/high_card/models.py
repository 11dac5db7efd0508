"""A table of high card, its seats and its rounds, on the bases every game has
(core/models/games.py). A round is stored by seat (`entry`: {"winner": seat}) with what it paid
each seat (`result`), so renaming a player rewrites nothing."""

from django.db import models
from django.utils.translation import gettext_noop

from core.models.games import Entry, Game, Seat


class HighCard(Game):
    unnamed = gettext_noop("High card %(number)s")
    page = "highcard"

    group = models.ForeignKey("core.Group", on_delete=models.CASCADE, related_name="high_cards")
    round_count = models.PositiveIntegerField(default=0)
    closed_at = models.DateTimeField(null=True, blank=True)

    class Meta(Game.Meta):
        constraints = [
            models.UniqueConstraint(fields=["group", "number"], name="one_high_card_number")
        ]


class HighCardSeat(Seat):
    table = models.ForeignKey(HighCard, on_delete=models.CASCADE, related_name="seats")

    class Meta(Seat.Meta):
        constraints = [
            models.UniqueConstraint(fields=["table", "seat"], name="one_player_per_high_card_seat")
        ]


class HighCardRound(Entry):
    called = gettext_noop("Round %(number)d")

    table = models.ForeignKey(HighCard, on_delete=models.CASCADE, related_name="rounds")
    entry = models.JSONField()

    class Meta(Entry.Meta):
        constraints = [
            models.UniqueConstraint(fields=["table", "number"], name="one_high_card_round")
        ]
