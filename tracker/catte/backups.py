"""What a backup keeps of a Cắt Tê session besides its log (open or closed, who has left an open
session for the evening), and how a restore writes a session back, a piece of rounds at a time."""

from django.utils.translation import gettext as _

from basics.errors import RulesError
from basics.names import name_key
from core.seats import MAX_PLAYERS
from core.text import shown_value
from tracker.catte import board as catte_board
from tracker.catte import services
from tracker.catte.models import CatteSession
from tracker.rules import MOST_ENTRIES

KEYS = frozenset({"closed", "left"})


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


def check_entry(entry: dict, where: str) -> None:
    if type(entry.get("closed", True)) is not bool:
        raise RulesError(_("%(where)s: closed must be true or false") % {"where": where})
    left = entry.get("left", {})
    if not isinstance(left, dict) or len(left) > MAX_PLAYERS:
        raise RulesError(
            _("%(where)s: left must name at most %(most)d players with the round each left after")
            % {"where": where, "most": MAX_PLAYERS}
        )
    for name, after_round in left.items():
        if type(after_round) is not int or not 0 <= after_round <= MOST_ENTRIES:
            raise RulesError(
                _("%(where)s: left: %(name)s must have the number of a round")
                % {"where": where, "name": shown_value(name)}
            )


def restore_piece(piece, user) -> tuple[CatteSession, int, bool]:
    """The next `piece.step` rounds; the first piece starts the session, open, and the last
    one has the players who had left leave again and closes it if it was closed."""
    log, done = piece.log, piece.done
    part = {**log, "rounds": log["rounds"][done : done + piece.step]}
    if piece.game_pk is None:
        session = services.logs.import_log(piece.group, part, user, closed=False)
    else:
        session = CatteSession.objects.get(pk=piece.game_pk, group=piece.group)
        services.logs.append_log(session, part, user)
    finished = done + len(part["rounds"]) >= len(log["rounds"])
    if finished:
        session = CatteSession.objects.get(pk=session.pk)
        for name, after_round in piece.entry.get("left", {}).items():
            _leave(session, name, piece.players.get(name_key(name)), after_round, user)
        if piece.entry.get("closed", True):
            services.closing.close(catte_board.load(session), session.version, user)
    return session, len(part["rounds"]), finished


def _leave(session: CatteSession, name: str, player_pk: int | None, after_round: int, user):
    session.refresh_from_db()
    board = catte_board.load(session)
    seat = next((seat for seat in board.seats if seat.player_id == player_pk), None)
    if seat is None or session.is_closed:
        raise RulesError(
            _("left: %(name)s does not sit at this open session") % {"name": shown_value(name)}
        )
    services.seating.leave(board, seat.player_id, session.version, user, after_round=after_round)


def check_restored(session: CatteSession, entry: dict, players: dict) -> str | None:
    """An open or closed session as the backup has it, and who had left an open one."""
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


def entries_of(doc: dict) -> int:
    return len(doc["rounds"])
