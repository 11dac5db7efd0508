"""A session in a backup (tracker/gamelogs/backup.py): what the backup keeps beside its log
(open or closed, who has left an open session for the evening, and after which round), and the
session restored from it, a piece of its rounds at a time, then finished as the backup says;
afterwards, what of it is not as the backup says."""

from django.utils.translation import gettext as _

from tracker.catte.board import load
from tracker.catte.gate import closing, logs, seating
from tracker.models import CatteSession
from tracker.rules import RulesError
from tracker.rules.names import name_key


def backup_entry(session: CatteSession) -> dict:
    return {"closed": session.is_closed, **left_the_table(session)}


def left_the_table(session: CatteSession) -> dict:
    """Who has left an open session for the evening, and after which round: a log only shows
    him absent from the rounds since, not that the next one starts without him."""
    if session.is_closed:
        return {}
    seats = session.seats.select_related("player").filter(left_after_round__isnull=False)
    left = {seat.player.name: seat.left_after_round for seat in seats.order_by("seat")}
    return {"left": left} if left else {}


def restore_piece(group, entry: dict, doc: dict, user, *, game, done: int, most: int, players):
    """The next `most` rounds of the backup's log (`done` of them restored into `game`
    already, None before the first); once the last is in, who had left and whether it was
    closed. (The session, rounds restored.)"""
    piece = {**doc, "rounds": doc["rounds"][done : done + most]}
    if game is None:
        session = logs.import_log(group, piece, user, closed=False)
    else:
        session = CatteSession.objects.get(pk=game.pk, group=group)
        logs.append_log(session, piece, user)
    if done + len(piece["rounds"]) >= len(doc["rounds"]):
        session = CatteSession.objects.get(pk=session.pk)
        for name, after_round in entry.get("left", {}).items():
            _restore_left(session, name, players.get(name_key(name)), after_round, user)
        if entry.get("closed", True):
            closing.close(load(session), session.version, user)
    return session, len(piece["rounds"])


def _restore_left(session, name: str, player_pk: int | None, after_round: int, user) -> None:
    board = load(session)
    seat = next((seat for seat in board.seats if seat.player_id == player_pk), None)
    if seat is None or session.is_closed:
        shown = repr(name) if len(repr(name)) <= 60 else f"{repr(name)[:57]}..."
        raise RulesError(_("left: %(name)s does not sit at this open session") % {"name": shown})
    seating.leave(board, seat.player_id, session.version, user, after_round=after_round)


def restored_differs(session: CatteSession, entry: dict, players: dict) -> str | None:
    """Whether the session is open or closed as the backup's is, and, open, who has left."""
    where = {"file": entry["file"]}
    if session.is_closed != entry.get("closed", True):
        if session.is_closed:
            return _("%(file)s: the session is closed, the backup's is open") % where
        return _("%(file)s: the session is open, the backup's is closed") % where
    if session.is_closed:
        return None
    left = {
        seat.player_id: seat.left_after_round
        for seat in session.seats.filter(left_after_round__isnull=False)
    }
    wanted = {players.get(name_key(name)): after for name, after in entry.get("left", {}).items()}
    if left != wanted:
        return _("%(file)s: who has left the table is not as in the backup") % where
    return None
