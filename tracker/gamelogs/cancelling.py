"""A restore cancelled: what it wrote is removed a step at a time, each step a short transaction
of at most `STEP_ROWS` rows, until the group is as empty as before it began and a backup can be
uploaded again. An owner cancels a running or failed restore from its page; one left untouched
for `settings.RESTORE_LEFT_FOR` is cancelled by itself when someone next looks at the group or
tries a new upload (nothing runs in the background to do it sooner).

The ledger is append-only: live money is corrected and reversed, never deleted. The one
exception is here: a restore writes only into a group that had played nothing and that nobody
else could change meanwhile, so its rows are no one's money yet, and removing them whole is
what leaves the group as it was.
"""

from django.conf import settings
from django.db.models import F
from django.utils import timezone

from core import games
from core.models import Change, Group, Player, Restore
from core.versioning import touch_group
from ledger.models import Account, Posting, Transaction
from tracker.models import Season

STEP_ROWS = 5_000  # rows removed in one step


def cancel(restore: Restore) -> bool:
    """Stop `restore` and have its steps remove what it wrote; False when it had stopped."""
    return _cancel(Restore.objects.filter(pk=restore.pk))


def cancel_if_left(group) -> None:
    """Cancel a restore of `group` that no step has touched for `RESTORE_LEFT_FOR`."""
    if group.restoring_id is not None:
        left_since = timezone.now() - settings.RESTORE_LEFT_FOR
        _cancel(Restore.objects.filter(group=group, touched_at__lt=left_since))


def _cancel(restores) -> bool:
    """The restore's state and version compared and set in one update: a step that holds the
    row is waited for, and the next step removes what it wrote. Only a restore that holds its
    group is cancelled: what a cancel removes is the group's whole."""
    held = restores.filter(group__restoring=F("pk")).values_list("pk", flat=True)
    return bool(
        Restore.objects.filter(pk__in=list(held), state__in=Restore.CANCELLABLE).update(
            state=Restore.State.CANCELLING,
            backup=b"",
            version=F("version") + 1,
            touched_at=timezone.now(),
        )
    )


def remove_step(restore: Restore) -> None:
    """The next `STEP_ROWS` rows the restore wrote, in the order that frees the next ones (the
    ledger's postings before their transactions, reversals before what they reverse, rounds
    and hands before their games, games before their players); after the last, the group is
    free again."""
    budget = STEP_ROWS
    for rows in _written(restore):
        pks = list(rows.values_list("pk", flat=True)[:budget])
        if pks:
            rows.model.objects.filter(pk__in=pks).delete()
            budget -= len(pks)
            restore.rows_removed += len(pks)
        if budget <= 0:
            restore.save(update_fields=["rows_removed"])
            touch_group(restore.group_id)  # the group's pages show it going
            return
    _put_back_short_names(restore)
    restore.state, restore.finished_at = Restore.State.CANCELLED, timezone.now()
    restore.save(update_fields=["rows_removed", "state", "finished_at"])
    Group.objects.filter(pk=restore.group_id, restoring=restore).update(restoring=None)
    touch_group(restore.group_id)


def _written(restore: Restore) -> list:
    """What the restore wrote, as querysets in the order they are removed. The group had
    played nothing before (no game, no transaction), so every game and ledger row is its."""
    group, created = restore.group_id, restore.created
    return [
        Posting.objects.filter(transaction__group=group),
        Transaction.objects.filter(group=group, reverses__isnull=False),
        Transaction.objects.filter(group=group),
        Account.objects.filter(group=group),
        Change.objects.filter(group=group),
        *(rows for game_kind in games.every_kind() for rows in game_kind.rows_of_group(group)),
        Season.objects.filter(group=group, pk__in=created.get("seasons", [])),
        Player.objects.filter(group=group, pk__in=created.get("players", [])),
    ]


def _put_back_short_names(restore: Restore) -> None:
    """The short names of the players the group had, as they were before the restore."""
    before = restore.created.get("short_names", {})
    players = list(Player.objects.filter(group=restore.group_id, pk__in=list(map(int, before))))
    for player in players:
        player.short_name = before[str(player.pk)]
    Player.objects.bulk_update(players, ["short_name"])
