"""A backup restored into a group in steps (`Restore`), each step a transaction of its own.

The upload is checked whole before anything is written: the manifest, and every log played
through by the rules (pure Python, no writes), so what the rules refuse is refused at once. The
steps then restore, in order: the players, short names and seasons; each tournament whole; each
Cắt Tê session `STEP_ROUNDS` rounds at a time; the payments `STEP_PAYMENTS` at a time; then they
check what was written against the backup (`restore_check`), and only then is it done.

From its first step until it is done or cancelled, the restore holds the group: nothing else
may change it (core/models/restores.py), so no save lands inside a restored game and no undo
or rename stops a step. A cancelled restore removes what it wrote (`cancelling`).

The upload's own request takes the steps up to `FIRST_ENTRIES` rounds and hands, all or nothing
with the players: a backup of evenings and seasons is restored there, as one change. A larger
one goes on from the owner's page, one step per request, so no request outlives the server's
timeout and no other group's save waits on more than one step. Where it stands is stored, so
any server takes the next step; `Restore.version` makes sure each step is taken once.
"""

import io
import json
import zipfile
from datetime import timedelta

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import IntegrityError, transaction
from django.db.models import F, Sum
from django.utils import timezone
from django.utils.translation import gettext as _

from basics.errors import RulesError
from core.games import RestorePiece
from core.models import Group, Restore
from core.models.restores import refuse_while_restored, step_of
from core.seats import MissingPlayers
from core.versioning import AlreadyRecorded, StalePage, touch_group
from tracker.gamelogs import backup, cancelling, limits, registry, restore_check
from tracker.gamelogs.limits import MANIFEST, megabytes

STEP_ROUNDS = 500  # Cắt Tê rounds written in one step: about half a second of writes
STEP_PAYMENTS = 250  # payments recorded in one step
FIRST_ENTRIES = 1_000  # rounds and hands restored within the upload's request
# Between two steps the owner's page waits: long enough for a save that waited for the database
# to take its turn (SQLite retries a busy write every 100 ms at most).
PAUSE_MS = 400


def restore(group, checked: tuple[dict, dict[str, bytes]], user) -> Restore:
    """A backup read by `backup.read_zip`, restored whole in one transaction: all or nothing."""
    return begin(group, checked, user, whole=True)


def import_zip(group, data: bytes, user) -> Restore:
    return begin(group, backup.read_zip(data), user, data=data, whole=True)


def begin(group, checked, user, data: bytes | None = None, whole: bool = False) -> Restore:
    """Check a backup read by `backup.read_zip` (`data`: its zip as uploaded) and restore its
    first steps, up to `FIRST_ENTRIES` rounds and hands (with `whole`, all of it, checked);
    RulesError, and nothing written, for a backup that cannot be restored into `group`."""
    manifest, logs = checked
    cancelling.cancel_if_left(group)
    refuse_while_restored(group.pk)
    backup.check_restorable(group, manifest)
    sizes = [_checked_size(entry, logs[entry["file"]]) for entry in manifest["logs"]]
    data = data or _zipped(manifest, logs)
    try:
        with transaction.atomic():
            restore = Restore.objects.create(
                group=group,
                started_by=user,
                backup=data,
                size=len(data),
                logs_total=len(sizes),
                entries_total=sum(sizes),
                payments_total=len(manifest.get("payments", [])),
            )
            _hold(group, restore)
            _refuse_past_bounds(group, user, restore)
            backup.check_restorable(group, manifest)  # again, now that nothing else writes
            with step_of(restore):
                restore.players, restore.created = backup.restore_players(group, manifest)
                restore.save(update_fields=["players", "created"])
                while restore.is_running and (whole or restore.entries_done < FIRST_ENTRIES):
                    _advance(restore, user)
    except IntegrityError as clash:  # another owner's upload began a restore first
        raise RulesError(_("backup: a restore into this group is already under way")) from clash
    return restore


def take_step(restore: Restore, version: int, user) -> Restore:
    """The next step of a running or cancelled restore, taken once: by the page that showed
    `version`; a page that showed it too just sees where the restore has got to. A step the
    rules refuse, or that finds the restore differs from the backup, stops the restore, with
    the refusal kept to show. A step that found the group changed by another tap meanwhile
    wrote nothing: `restore.taken_by_another`, and the page takes it again."""
    restore.taken_by_another = False
    try:
        with transaction.atomic():
            under_way = (Restore.State.RUNNING, Restore.State.CANCELLING)
            claimed = Restore.objects.filter(
                pk=restore.pk, version=version, state__in=under_way
            ).update(version=F("version") + 1, touched_at=timezone.now())
            if claimed:
                restore.refresh_from_db()
                with step_of(restore):
                    if restore.is_running:
                        _advance(restore, user)
                    else:
                        cancelling.remove_step(restore)
    except (StalePage, AlreadyRecorded):
        restore.taken_by_another = True
    except RulesError as refusal:
        Restore.objects.filter(pk=restore.pk, state=Restore.State.RUNNING).update(
            state=Restore.State.FAILED,
            failure=str(refusal),
            finished_at=timezone.now(),
            backup=b"",
            version=F("version") + 1,
        )
    restore.refresh_from_db()
    return restore


def _hold(group, restore: Restore) -> None:
    """The group held by `restore`: compared and set on the group's row, which every other
    write updates too, so a write waiting for it sees the restore once it goes on."""
    if not Group.objects.filter(pk=group.pk, restoring__isnull=True).update(restoring=restore):
        raise RulesError(_("backup: a restore into this group is already under way"))
    touch_group(group.pk, while_restored=True)


def _refuse_past_bounds(group, user, restore: Restore) -> None:
    """Uploads waiting to be restored are bounded: the bytes of a user's running restores
    together, and the restores begun into one group in a day (the user's row held, so two
    uploads at once count one after the other)."""
    if user is not None:
        get_user_model().objects.select_for_update().filter(pk=user.pk).first()
        running = Restore.objects.filter(started_by=user, state=Restore.State.RUNNING)
        waiting = running.aggregate(total=Sum("size"))["total"] or 0
        if waiting > settings.RESTORE_BYTES_PER_USER:
            raise RulesError(
                _(
                    "backup: your restores under way hold %(size)s of backups, more than "
                    "%(most)s; let them finish, or cancel one, then upload this one again"
                )
                % {"size": megabytes(waiting), "most": megabytes(settings.RESTORE_BYTES_PER_USER)}
            )
    day_ago = timezone.now() - timedelta(days=1)
    if group.restores.filter(created_at__gt=day_ago).count() > settings.RESTORES_PER_GROUP_PER_DAY:
        raise RulesError(
            _("backup: %(most)d restores into this group began within a day; try again tomorrow")
            % {"most": settings.RESTORES_PER_GROUP_PER_DAY}
        )


def _advance(restore: Restore, user) -> None:
    """One step: the next piece of the log being restored, the next payments after the last,
    then the check against the backup, which ends it."""
    with limits.BoundedZip(bytes(restore.backup)) as archive:
        manifest = limits.parse_json(archive.read(MANIFEST), MANIFEST)
        logs, payments = manifest["logs"], manifest.get("payments", [])
        if restore.log_index < len(logs):
            _restore_log(restore, logs[restore.log_index], archive.read, user)
        elif restore.log_entries_done < len(payments):
            _restore_payments(restore, payments, user)
        else:
            restore_check.check_logs(restore, logs, archive.read)
            if restore.logs_checked == len(logs):
                restore_check.check_group(restore, manifest)
                _finish(restore)


def _restore_log(restore: Restore, entry: dict, read, user) -> None:
    where = _("backup: %(file)s") % {"file": entry["file"]}
    try:
        written, finished = _restore_piece(restore, entry, registry.read(read(entry["file"])), user)
    except MissingPlayers as missing:
        raise RulesError(
            _("%(where)s: %(missing)s; %(manifest)s must list them")
            % {"where": where, "missing": missing, "manifest": MANIFEST}
        ) from missing
    except RulesError as error:
        if str(error).startswith(where):
            raise
        raise RulesError(f"{where}: {error}") from error
    restore.entries_done += written
    restore.log_entries_done = 0 if finished else restore.log_entries_done + written
    restore.log_index += finished
    restore.game_pk = None if finished else restore.game_pk
    fields = ["entries_done", "log_entries_done", "log_index", "game_pk", "created"]
    restore.save(update_fields=fields)


def _restore_payments(restore: Restore, payments: list[dict], user) -> None:
    """The next `STEP_PAYMENTS` payments."""
    done = restore.log_entries_done
    piece = payments[done : done + STEP_PAYMENTS]
    backup.restore_payments(restore.group, piece, user, restore.players, done + 1)
    restore.log_entries_done = done + len(piece)
    restore.save(update_fields=["log_entries_done"])


def _finish(restore: Restore) -> None:
    """Everything restored and checked: the group is the owners' again."""
    restore.state, restore.finished_at, restore.backup = Restore.State.DONE, timezone.now(), b""
    restore.save(update_fields=["state", "finished_at", "backup"])
    Group.objects.filter(pk=restore.group_id, restoring=restore).update(restoring=None)
    touch_group(restore.group_id)


def _restore_piece(restore: Restore, entry: dict, log: dict, user) -> tuple[int, bool]:
    """The next piece of one log, as its kind of game writes it (a tournament whole, a session
    `STEP_ROUNDS` rounds at a time): (entries written, whether the log is all restored)."""
    game_kind = registry.format_of(log)
    first = restore.log_entries_done == 0
    piece = RestorePiece(
        group=restore.group,
        entry=entry,
        log=log,
        done=restore.log_entries_done,
        step=STEP_ROUNDS,
        game_pk=None if first else restore.game_pk,
        players=restore.players,
    )
    game, written, finished = game_kind.restore_piece(piece, user)
    if first:
        restore.created.setdefault("games", []).append([game_kind.kind, game.pk])
        restore.game_pk = game.pk
    if finished:
        backup.named(game, entry)
    return written, finished


def _checked_size(entry: dict, text: bytes) -> int:
    """The rounds or hands of a backup's log, which the rules have played through whole."""
    where = _("backup: %(file)s") % {"file": entry["file"]}
    try:
        log = registry.read(text)
        registry.replay(log)
    except RulesError as error:
        raise RulesError(f"{where}: {error}") from error
    return _entries_of(log)


def _entries_of(log: dict) -> int:
    return registry.format_of(log).entries_of(log)


def _zipped(manifest: dict, logs: dict[str, bytes]) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, text in logs.items():
            archive.writestr(name, text)
        archive.writestr(MANIFEST, json.dumps(manifest, ensure_ascii=False))
    return buffer.getvalue()
