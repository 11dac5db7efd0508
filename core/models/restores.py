"""A backup restored into a group in steps, and the group it keeps read-only meanwhile.

A group being restored names its restore (`Group.restoring`) from the restore's first step
until it is done or cancelled. Every write to the group's games, players and money is compared
with that column in the write's own statement (`unrestored`, through `touch_group`,
`claim_group_version` and `CatteSession.swap_draft`), so a save racing a step waits for the
group's row and is refused once the restore holds it: it can neither land inside the restored
games nor be lost to them.
"""

from contextlib import contextmanager
from contextvars import ContextVar

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.urls import reverse
from django.utils import timezone
from django.utils.html import format_html
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from basics.errors import RulesError
from core.models.groups import Group

# The restore whose step runs in this call stack, as a parameter handed down through the gates
# would be: it lets that step write the group it keeps read-only. Which group a restore holds is
# the database's word (`Group.restoring`), never this process's.
_step_of: ContextVar[int | None] = ContextVar("step_of", default=None)
READ_ONLY = gettext_noop(
    "Nothing was saved: a backup is being restored into this group, and nothing in it can "
    "change until the restore ends."
)


class Restore(models.Model):
    """A backup being restored into a group one step at a time, each step its own short
    transaction, so a large backup never holds a request past the server's timeout nor keeps
    other groups' writes waiting. Where it stands is stored, so any server, any page of the
    owner's, takes the next step; `version` makes sure each step is taken once.

    After the last game and payment, it checks what it wrote against the backup; a difference
    fails it. A cancelled or failed restore removes what it wrote, a step at a time too."""

    class State(models.TextChoices):
        RUNNING = "running"
        DONE = "done"
        FAILED = "failed"  # what it wrote stays, read-only, until it is cancelled
        CANCELLING = "cancelling"  # what it wrote is being removed
        CANCELLED = "cancelled"

    CANCELLABLE = (State.RUNNING, State.FAILED)
    # Set by a step that found the group changed by another tap (not stored: the page that
    # took the step shows it once).
    taken_by_another = False

    group = models.ForeignKey("core.Group", on_delete=models.CASCADE, related_name="restores")
    started_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL
    )
    backup = models.BinaryField()  # the zip as uploaded; emptied once the restore has stopped
    size = models.PositiveIntegerField(default=0)  # of the zip as uploaded
    state = models.CharField(max_length=10, choices=State.choices, default=State.RUNNING)
    logs_total = models.PositiveIntegerField()
    entries_total = models.PositiveIntegerField()  # rounds and hands in all of its logs
    log_index = models.PositiveIntegerField(default=0)  # the game log the next step works on
    entries_done = models.PositiveIntegerField(default=0)  # in all logs
    # in the log being restored (after the last log: the payments recorded)
    log_entries_done = models.PositiveIntegerField(default=0)
    game_pk = models.PositiveBigIntegerField(null=True, blank=True)  # made by its first step
    payments_total = models.PositiveIntegerField(default=0)
    logs_checked = models.PositiveIntegerField(default=0)  # against the backup, once written
    # The group's player for each of the backup's names (by `name_key`): a payment finds its
    # players by these, whatever they are called meanwhile.
    players = models.JSONField(default=dict, blank=True)
    # What a cancel removes besides the group's games and ledger: {"players": [pk], "seasons":
    # [pk]} it created, and {"short_names": {pk: short name}} of players it found, as they were.
    created = models.JSONField(default=dict, blank=True)
    rows_removed = models.PositiveIntegerField(default=0)  # by a cancel, so far
    failure = models.TextField(blank=True)
    version = models.PositiveIntegerField(default=0)
    created_at = models.DateTimeField(default=timezone.now)
    touched_at = models.DateTimeField(default=timezone.now)  # its last step
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        db_table = "tracker_restore"
        constraints = [
            models.UniqueConstraint(
                "group",
                condition=models.Q(state__in=["running", "cancelling"]),
                name="one_restore_under_way_per_group",
            ),
        ]

    def __str__(self):
        return f"{self.group} · {self.get_state_display()}"

    def get_absolute_url(self):
        return reverse("restore_progress", args=[self.group_id, self.pk])

    @property
    def is_running(self) -> bool:
        return self.state == self.State.RUNNING

    @property
    def can_cancel(self) -> bool:
        return self.state in self.CANCELLABLE

    @property
    def stage(self) -> str:
        """What its steps do now: "games", "payments" (`log_entries_done` of them recorded),
        then "checking" what was written against the backup."""
        if self.log_index < self.logs_total:
            return "games"
        return "payments" if self.log_entries_done < self.payments_total else "checking"

    @property
    def percent(self) -> int:
        """How far along, for the progress bar: logs count one entry each, so a backup of
        empty games still moves."""
        done = self.entries_done + self.log_index
        return min(100, 100 * done // max(1, self.entries_total + self.logs_total))


class RestoreRunning(RulesError):
    """A change to a group that a restore keeps read-only; nothing was saved. Shown as a
    sentence with a link to the restore's page; `text` is the sentence alone."""

    def __init__(self, group_id: int, restore_id: int):
        super().__init__(READ_ONLY)
        self.url = reverse("restore_progress", args=[group_id, restore_id])

    @property
    def text(self) -> str:
        return _(READ_ONLY)

    def __str__(self) -> str:
        return format_html('{} <a href="{}">{}</a>', self.text, self.url, _("See the restore."))


@contextmanager
def step_of(restore: Restore):
    """Around a step of `restore`: the writes it makes to the group it holds go through."""
    token = _step_of.set(restore.pk)
    try:
        yield
    finally:
        _step_of.reset(token)


def unrestored(prefix: str = "") -> Q:
    """Groups (through `prefix`, e.g. "group__") that a write may change now: none is being
    restored, or the step writing is that restore's own."""
    free = Q(**{f"{prefix}restoring__isnull": True})
    own = _step_of.get()
    return free | Q(**{f"{prefix}restoring": own}) if own is not None else free


def refuse_while_restored(group_id: int) -> None:
    """RestoreRunning when group `group_id` is being restored (but for that restore's steps)."""
    held = Group.objects.filter(pk=group_id).exclude(unrestored()).values_list("restoring")
    restore_id = held.first()
    if restore_id is not None:
        raise RestoreRunning(group_id, restore_id[0])
