"""A Cắt Tê session, its seats and its rounds. They were the tracker app's models and keep its
tables (`db_table`), so moving them into this app moved no row."""

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_noop

from basics.phrases import Phrase
from core.models.games import Entry, Game, Seat
from core.models.restores import refuse_while_restored, unrestored
from core.stored_messages import stored


class CatteSession(Game):
    """An evening of Cắt Tê: rounds played for money at one table."""

    unnamed = gettext_noop("Session %(number)s")
    page = "session"

    group = models.ForeignKey("core.Group", on_delete=models.CASCADE, related_name="sessions")
    # Open side-pot shares carried in from the group's previous session, by seat.
    side_pot_in = models.JSONField(default=dict, blank=True)
    closed_at = models.DateTimeField(null=True, blank=True)
    round_count = models.PositiveIntegerField(default=0)
    # The round being tapped in (tokens, see tracker/catte/taps.py), shared by every phone at
    # the table; it never touches the money until it is saved as a round.
    draft = models.JSONField(default=list, blank=True)
    # Bumped by every change of the draft, which a phone makes only to the version it showed.
    draft_version = models.PositiveIntegerField(default=0)
    # What the draft's last change did and who made it, for a phone whose tap came second: a
    # stored message (core/stored_messages.py) whose %(phone)s is said as it is read, in the
    # reader's language: "This phone" when the reader made it, else "bob's phone".
    draft_words = models.JSONField(null=True, blank=True)
    draft_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    # The phone's id of a round kept offline whose taps the draft is, until its next change:
    # that phone may go on from them, wherever it left off.
    draft_entry = models.CharField(max_length=32, blank=True)

    class Meta(Game.Meta):
        db_table = "tracker_cattesession"
        constraints = [
            models.UniqueConstraint(fields=["group", "number"], name="one_session_number_a_group")
        ]

    def swap_draft(
        self, expected: int, taps: list[str], note: Phrase, user, idempotency_key: str = ""
    ) -> bool:
        """Compare-and-swap on `draft_version`: the draft is written only if it is still at the
        version the phone showed; False, and nothing written, when another phone came first;
        RestoreRunning while a restore holds the group. `note`: what `user` did, its %(phone)s
        left to be said when read; `idempotency_key`: the id of the round entered offline these taps
        are (stored as `draft_entry`)."""
        rows = CatteSession.objects.filter(
            unrestored("group__"), pk=self.pk, draft_version=expected
        )
        changed = {"draft": taps, "draft_version": expected + 1, "draft_entry": idempotency_key}
        words, by = stored(note), getattr(user, "pk", None)
        if not rows.update(**changed, draft_words=words, draft_by_id=by):
            refuse_while_restored(self.group_id)
            return False
        self.draft, self.draft_version, self.draft_entry = taps, expected + 1, idempotency_key
        self.draft_words, self.draft_by_id = words, by
        # Imported here: core reads the models when it loads.
        from core.live import announce

        announce("session", self.pk)  # the draft is part of what the session's pages follow
        return True


class SessionSeat(Seat):
    """Seat 0 deals the first round; after that the winner of a round deals."""

    session = models.ForeignKey(CatteSession, on_delete=models.CASCADE, related_name="seats")
    # A player who sat down during the evening: how many rounds were recorded before he did. He
    # sits out those rounds, which keep their entries as they were recorded (None: seated from
    # the start).
    joined_after_round = models.PositiveIntegerField(null=True, blank=True)
    # A player who left for the rest of the evening after this many rounds: every new round
    # starts with him sitting out (None: at the table).
    left_after_round = models.PositiveIntegerField(null=True, blank=True)

    class Meta(Seat.Meta):
        db_table = "tracker_sessionseat"
        constraints = [
            models.UniqueConstraint(fields=["session", "seat"], name="one_player_per_session_seat"),
            models.UniqueConstraint(
                fields=["session", "player"], name="one_session_seat_per_player"
            ),
        ]


class Round(Entry):
    """One round as entered: the log's round object with players written as seat numbers."""

    called = gettext_noop("Round %(number)d")

    session = models.ForeignKey(CatteSession, on_delete=models.CASCADE, related_name="rounds")
    entry = models.JSONField()

    class Meta(Entry.Meta):
        db_table = "tracker_round"
        constraints = [
            models.UniqueConstraint(fields=["session", "number"], name="one_round_per_number")
        ]
