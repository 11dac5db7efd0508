"""A Cutthroat tournament, its seats and its hands. They were the tracker app's models and keep
its tables (`db_table`), so moving them into this app moved no row."""

from django.db import models
from django.utils.translation import gettext_noop

from core.models.games import Entry, Game, Seat


class Tournament(Game):
    """A Cutthroat Spades tournament: a flat sequence of hands; games are cut by the rules."""

    unnamed = gettext_noop("Tournament %(number)s")
    page = "tournament"

    group = models.ForeignKey("core.Group", on_delete=models.CASCADE, related_name="tournaments")
    # Stored with the state, for lists and history pages.
    champion = models.ForeignKey(
        "core.Player", on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    hand_count = models.PositiveIntegerField(default=0)
    # Optional money, in the group currency: the champion takes every player's buy-in, and each
    # loser of a game pays its winner the game stake.
    buy_in = models.DecimalField(max_digits=12, decimal_places=2, default=0)
    game_stake = models.DecimalField(max_digits=12, decimal_places=2, default=0)

    class Meta(Game.Meta):
        db_table = "tracker_tournament"
        constraints = [
            models.UniqueConstraint(
                fields=["group", "number"], name="one_tournament_number_a_group"
            )
        ]


class TournamentSeat(Seat):
    """Seat 0 deals the first hand; seats go clockwise."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="seats")

    class Meta(Seat.Meta):
        db_table = "tracker_tournamentseat"
        constraints = [
            models.UniqueConstraint(fields=["tournament", "seat"], name="one_player_per_seat"),
            models.UniqueConstraint(fields=["tournament", "player"], name="one_seat_per_player"),
        ]


class Hand(Entry):
    """One hand as entered, by seat: bids first, then tricks and jacks once it is played;
    numbered across the whole tournament."""

    called = gettext_noop("Hand %(number)d")

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="hands")
    bids = models.JSONField()  # list by seat: int or "NIL", "BN", "1F", "2F", "B6", "SM"
    tricks = models.JSONField(null=True, blank=True)  # list by seat, null until played
    jacks = models.JSONField(null=True, blank=True)  # {"JD": seat, ...}

    class Meta(Entry.Meta):
        db_table = "tracker_hand"
        constraints = [
            models.UniqueConstraint(fields=["tournament", "number"], name="one_hand_per_number")
        ]

    @property
    def is_played(self) -> bool:
        return self.tricks is not None

    def as_entry(self) -> dict:
        return {"bids": self.bids, "tricks": self.tricks, "jacks": self.jacks}
