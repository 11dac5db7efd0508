from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from core.game_choices import with_each_game

# How many characters a change's English summary holds.
SUMMARY_LENGTH = 200


class Change(models.Model):
    """One entry of a game's history: who changed what, when, before and after.

    Hands and rounds are replayed from their current rows; this table is what holds every earlier
    version, so a correction or an undo never loses what was entered.
    """

    class Action(models.TextChoices):
        """What the recorder does for every game; each game adds its own verbs (its
        `change_actions` in the registry of games)."""

        START = "start", _("Started")
        ROUND = "round", _("Round entered")
        CORRECTION = "correction", _("Correction")
        UNDO = "undo", _("Undo")
        CLOSE = "close", _("Closed")
        REOPEN = "reopen", _("Reopened")
        IMPORT = "import", _("Imported")
        # A change of the entry being entered, before it is saved (core.recording.record_draft).
        DRAFT = "draft", _("Being entered")

    # The game it changed: a game of kind `game_kind` ("session", "tournament": the registry of
    # games, core/games.py) with the primary key `game_id`, in `group`.
    group = models.ForeignKey("core.Group", on_delete=models.CASCADE, related_name="+")
    game_kind = models.CharField(max_length=12)
    game_id = models.PositiveBigIntegerField()
    number = models.PositiveIntegerField(null=True, blank=True)
    action = models.CharField(max_length=12)
    before = models.JSONField(null=True, blank=True)
    after = models.JSONField(null=True, blank=True)
    # The line in English (exports, the admin) and as a stored message (see
    # core/stored_messages.py), shown to each reader in his language; rows written
    # before messages were stored have none.
    summary = models.CharField(max_length=SUMMARY_LENGTH, blank=True)
    # The user's name, annotated by the query of core/changes.py (None: no user).
    username: str | None
    words = models.JSONField(null=True, blank=True)
    # The idempotency key of the form that asked for the change (an undo, a close): a repeat of
    # the same tap is told it is done, not refused. A key belongs to its game; NULL (no key)
    # is never equal to another, so any number of changes have none.
    idempotency_key = models.CharField(max_length=32, null=True, blank=True)  # noqa: DJ001
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    at = models.DateTimeField(default=timezone.now)

    class Meta:
        db_table = "tracker_change"
        ordering = ["-at", "-pk"]
        constraints = [
            models.UniqueConstraint(
                fields=["game_kind", "game_id", "idempotency_key"], name="one_change_per_game_key"
            ),
        ]
        # A game's page lists its latest changes after every save: read off an index in
        # order, not sorted out of every change the game ever had.
        indexes = [
            models.Index(
                fields=["game_kind", "game_id", "-at", "-id"], name="latest_changes_of_a_game"
            ),
        ]

    def __str__(self):
        return f"{self.action_label} {self.number or ''}".strip()

    @property
    def action_label(self) -> str:
        """What kind of change it is, in the reader's language."""
        return str(action_labels().get(self.action, self.action))


def action_labels() -> dict[str, str]:
    """Every action of a change with its words: the recorder's own and each game's."""
    return with_each_game(Change.Action, lambda game_kind: game_kind.change_actions())
