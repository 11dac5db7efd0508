"""A backup restored into a group in steps (`Restore`), each step a transaction of its own.

The upload is checked whole before anything is written: the manifest, and every log played
through by the rules (pure Python, no writes), so what the rules refuse is refused at once. The
steps then restore, in order: the players, short names and seasons; each tournament whole; each
Cắt Tê session `STEP_ROUNDS` rounds at a time; the payments `STEP_PAYMENTS` at a time.

The upload's own request takes the steps up to `FIRST_ENTRIES` rounds and hands, all or nothing
with the players: a backup of evenings and seasons is restored there, as one change. A larger
one goes on from the owner's page, one step per request, so no request outlives the server's
timeout and no other group's save waits on more than one step. Where it stands is stored, so
any server takes the next step; `Restore.version` makes sure each step is taken once.
"""

import io
import json
import zipfile

from django.db import IntegrityError, transaction
from django.db.models import F
from django.utils import timezone
from django.utils.translation import gettext as _

from tracker.catte import gate
from tracker.common.seats import MissingPlayers
from tracker.gamelogs import backup, limits, registry
from tracker.gamelogs.limits import MANIFEST
from tracker.models import CatteSession, Restore, Tournament
from tracker.rules import RulesError

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
    first steps, up to `FIRST_ENTRIES` rounds and hands (with `whole`, all of it); RulesError,
    and nothing written, for a backup that cannot be restored into `group`."""
    manifest, logs = checked
    backup.check_restorable(group, manifest)
    sizes = [_checked_size(entry, logs[entry["file"]]) for entry in manifest["logs"]]
    try:
        with transaction.atomic():
            backup.restore_players(group, manifest)
            restore = Restore.objects.create(
                group=group,
                started_by=user,
                backup=data or _zipped(manifest, logs),
                logs_total=len(sizes),
                entries_total=sum(sizes),
            )
            while restore.is_running and (whole or restore.entries_done < FIRST_ENTRIES):
                _advance(restore, user)
    except IntegrityError as clash:  # another owner's upload began a restore first
        raise RulesError(_("backup: a restore into this group is already under way")) from clash
    return restore


def take_step(restore: Restore, version: int, user) -> Restore:
    """The next step of a running restore, taken once: by the page that showed `version`; a
    page that showed it too just sees where the restore has got to. A step the rules refuse
    stops the restore, with the refusal kept to show."""
    try:
        with transaction.atomic():
            claimed = Restore.objects.filter(
                pk=restore.pk, version=version, state=Restore.State.RUNNING
            ).update(version=F("version") + 1)
            if claimed:
                restore.refresh_from_db()
                _advance(restore, user)
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


def _advance(restore: Restore, user) -> None:
    """One step: the next piece of the log being restored, or the payments after the last."""
    manifest, text = _source(restore)
    if text is None:
        _restore_payments(restore, manifest.get("payments", []), user)
        return
    entry = manifest["logs"][restore.log_index]
    where = _("backup: %(file)s") % {"file": entry["file"]}
    try:
        written, finished = _restore_piece(restore, entry, registry.read(text), user)
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
    restore.save(update_fields=["entries_done", "log_entries_done", "log_index", "game_pk"])


def _restore_payments(restore: Restore, payments: list[dict], user) -> None:
    """The next `STEP_PAYMENTS` payments; the restore is done after the last."""
    done = restore.log_entries_done
    backup.restore_payments(restore.group, payments[done : done + STEP_PAYMENTS], user, done + 1)
    restore.log_entries_done = done + STEP_PAYMENTS
    if restore.log_entries_done >= len(payments):
        restore.state, restore.finished_at, restore.backup = Restore.State.DONE, timezone.now(), b""
    restore.save(update_fields=["log_entries_done", "state", "finished_at", "backup"])


def _restore_piece(restore: Restore, entry: dict, log: dict, user) -> tuple[int, bool]:
    """The next piece of one log: (rounds or hands written, whether the log is all restored)."""
    group = restore.group
    if registry.format_of(log).model is Tournament:
        backup.restore_tournament(group, entry, log, user)
        return _entries_of(log), True
    done = restore.log_entries_done
    piece = {**log, "rounds": log["rounds"][done : done + STEP_ROUNDS]}
    if done == 0:
        session = registry.import_log(group, piece, user, closed=False)
        restore.game_pk = session.pk
    else:
        session = CatteSession.objects.get(pk=restore.game_pk, group=group)
        gate.logs.append_log(session, piece, user)
    finished = done + len(piece["rounds"]) >= len(log["rounds"])
    if finished:
        backup.finish_session(CatteSession.objects.get(pk=session.pk), entry, user)
    return len(piece["rounds"]), finished


def _source(restore: Restore) -> tuple[dict, bytes | None]:
    """The backup's manifest and the text of the log the next step restores (None: the
    payments are next), read from the zip as uploaded."""
    with limits.BoundedZip(bytes(restore.backup)) as archive:
        manifest = limits.parse_json(archive.read(MANIFEST), MANIFEST)
        if restore.log_index == len(manifest["logs"]):
            return manifest, None
        return manifest, archive.read(manifest["logs"][restore.log_index]["file"])


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
    if registry.format_of(log).model is CatteSession:
        return len(log["rounds"])
    return sum(len(game["hands"]) for game in log["games"])


def _zipped(manifest: dict, logs: dict[str, bytes]) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, text in logs.items():
            archive.writestr(name, text)
        archive.writestr(MANIFEST, json.dumps(manifest, ensure_ascii=False))
    return buffer.getvalue()
