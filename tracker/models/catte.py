from django.conf import settings
from django.db import models
from django.urls import reverse
from django.utils import timezone


class Session(models.Model):
    """An evening of Cắt Tê: rounds played for money at one table."""

    group = models.ForeignKey("tracker.Group", on_delete=models.CASCADE, related_name="sessions")
    name = models.CharField(max_length=80, blank=True)
    # The log's "rules" object (stake, side stake, variant settings) as decimal strings.
    rules = models.JSONField(default=dict)
    # Open side-pot shares carried in from the group's previous session, by seat.
    side_pot_in = models.JSONField(default=dict, blank=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    created_at = models.DateTimeField(default=timezone.now)
    closed_at = models.DateTimeField(null=True, blank=True)
    # Bumped by every write; a form carries the version it was drawn from, so a stale page
    # can never overwrite a newer change.
    version = models.PositiveIntegerField(default=0)
    # What the rules computed after the last round (money, open side-pot shares, who deals),
    # kept for the version it belongs to, so a page replays nothing.
    state = models.JSONField(null=True, blank=True)
    state_version = models.PositiveIntegerField(null=True, blank=True)
    round_count = models.PositiveIntegerField(default=0)

    class Meta:
        ordering = ["-created_at", "-pk"]

    def __str__(self):
        return self.name or f"Session {self.pk}"

    def get_absolute_url(self):
        return reverse("session", args=[self.group_id, self.pk])

    @property
    def is_closed(self) -> bool:
        return self.closed_at is not None


class SessionSeat(models.Model):
    """Seat 0 deals the first round; after that the winner of a round deals."""

    session = models.ForeignKey(Session, on_delete=models.CASCADE, related_name="seats")
    player = models.ForeignKey("tracker.Player", on_delete=models.PROTECT, related_name="+")
    seat = models.PositiveSmallIntegerField()

    class Meta:
        ordering = ["seat"]
        constraints = [
            models.UniqueConstraint(fields=["session", "seat"], name="one_player_per_session_seat"),
            models.UniqueConstraint(
                fields=["session", "player"], name="one_session_seat_per_player"
            ),
        ]

    def __str__(self):
        return f"Seat {self.seat + 1}"


class Round(models.Model):
    """One round as entered: the log's round object with players written as seat numbers."""

    session = models.ForeignKey(Session, on_delete=models.CASCADE, related_name="rounds")
    number = models.PositiveIntegerField()
    entry = models.JSONField()
    # What the rules computed for this round (by seat), kept with the session's state.
    result = models.JSONField(null=True, blank=True)
    entered_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    entered_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["number"]
        constraints = [
            models.UniqueConstraint(fields=["session", "number"], name="one_round_per_number")
        ]

    def __str__(self):
        return f"Round {self.number}"
