from django.conf import settings
from django.db import models
from django.utils import timezone


class Restore(models.Model):
    """A backup being restored into a group one step at a time, each step its own short
    transaction, so a large backup never holds a request past the server's timeout nor keeps
    other groups' writes waiting. Where it stands is stored, so any server, any page of the
    owner's, takes the next step; `version` makes sure each step is taken once."""

    class State(models.TextChoices):
        RUNNING = "running"
        DONE = "done"
        FAILED = "failed"

    group = models.ForeignKey("tracker.Group", on_delete=models.CASCADE, related_name="restores")
    started_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL
    )
    backup = models.BinaryField()  # the zip as uploaded; emptied once the restore has finished
    state = models.CharField(max_length=8, choices=State.choices, default=State.RUNNING)
    logs_total = models.PositiveIntegerField()
    entries_total = models.PositiveIntegerField()  # rounds and hands in all of its logs
    log_index = models.PositiveIntegerField(default=0)  # the game log the next step works on
    entries_done = models.PositiveIntegerField(default=0)  # in all logs
    # in the log being restored (after the last log: the payments recorded)
    log_entries_done = models.PositiveIntegerField(default=0)
    game_pk = models.PositiveBigIntegerField(null=True, blank=True)  # made by its first step
    failure = models.TextField(blank=True)
    version = models.PositiveIntegerField(default=0)
    created_at = models.DateTimeField(default=timezone.now)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                "group",
                condition=models.Q(state="running"),
                name="one_running_restore_per_group",
            ),
        ]

    def __str__(self):
        return f"{self.group} · {self.get_state_display()}"

    @property
    def is_running(self) -> bool:
        return self.state == self.State.RUNNING

    @property
    def percent(self) -> int:
        """How far along, for the progress bar: logs count one entry each, so a backup of
        empty games still moves."""
        done = self.entries_done + self.log_index
        return min(100, 100 * done // max(1, self.entries_total + self.logs_total))
