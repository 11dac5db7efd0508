"""Comings and goings during an evening: a player sits down at an open session, leaves it for
the rest of the evening, or comes back to the table.

A player who joins takes the next seat. The rounds recorded before he came keep their entries as
they were recorded; he sat them out (`SessionSeat.joined_after_round`), which the board, the
replay and the export read: a log lists him among its players and in each earlier round's
`absent`. A player who leaves sits out every new round, unless the table seats him again for one
(`SessionSeat.left_after_round`); "back at the table" ends that. Each is a change of the session
with an entry in its history; none of them moves money. A join replays the session once, so
every stored round result has the new seat.
"""

from django.db import IntegrityError
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from basics.errors import RulesError
from basics.phrases import Phrase
from core.recording import Recorded, record
from core.seats import match_players
from core.versioning import StalePage
from tracker.catte import changes
from tracker.catte import rules as catte
from tracker.catte.board import SessionBoard, replay_rounds
from tracker.catte.models import SessionSeat
from tracker.catte.rules.settings import MOST_PLAYERS
from tracker.catte.services.checks import change_draft


def seat_of(board: SessionBoard, player_pk: int) -> SessionSeat | None:
    """The seat of player `player_pk` at this session; None for anyone else."""
    return next((seat for seat in board.seats if seat.player_id == player_pk), None)


def _seated(board: SessionBoard, player_pk: int) -> SessionSeat:
    seat = seat_of(board, player_pk)
    if seat is None:
        raise RulesError(_("That player does not sit at this table."))
    return seat


def join(board: SessionBoard, version: int, user, player=None, new_name="", idempotency_key=None):
    """`player` (or a new player of the group named `new_name`) sits down in the next seat,
    before the next round; he sat out every round recorded so far."""
    session, before = board.session, board.rounds_played

    def change() -> Recorded:
        seated = player or match_players(board.group, [new_name], create_missing=True)[0]
        if seated.pk in {seat.player_id for seat in board.seats}:
            raise RulesError(_("%(name)s already sits at this table.") % {"name": seated.name})
        if len(board.seats) >= MOST_PLAYERS:
            raise RulesError(_("A table has at most %(most)d players.") % {"most": MOST_PLAYERS})
        catte.check_players([*board.names, seated.name])
        seat = SessionSeat.objects.create(
            session=session, player=seated, seat=len(board.seats), joined_after_round=before
        )
        board.seats.append(seat)
        board.names.append(seated.name)
        replay_rounds(board, list(session.rounds.all()))
        return Recorded(
            Phrase("%(name)s joined before round %(number)d", name=seated.name, number=before + 1),
            number=before + 1,
            after={"player": seated.name, "seat": seat.seat, "joined_after_round": before},
        )

    try:
        record(
            board,
            changes.Action.JOIN,
            change,
            version=version,
            user=user,
            idempotency_key=idempotency_key,
        )
    except IntegrityError as error:  # another phone seated someone in that seat first
        raise StalePage(_("This session was changed on another phone; here it is.")) from error
    return board


def leave(
    board: SessionBoard, player_pk: int, version: int, user, idempotency_key=None, after_round=None
):
    """The player leaves for the rest of the evening: every new round starts without him.
    `after_round`, when a backup says when he left: the round he left after (else the last)."""
    seat = _seated(board, player_pk)
    if after_round is None:
        after_round = board.rounds_played
    elif not 0 <= after_round <= board.rounds_played:
        raise RulesError(
            _("%(name)s cannot have left after round %(number)d of %(played)d")
            % {"name": seat.player.name, "number": after_round, "played": board.rounds_played}
        )
    name, number = seat.player.name, after_round + 1

    def change() -> Recorded:
        if seat.left_after_round is not None:
            raise RulesError(_("%(name)s has already left.") % {"name": name})
        _move(board, seat, after_round, user, gettext_noop("%(phone)s: %(name)s left."))
        return Recorded(
            Phrase("%(name)s left before round %(number)d", name=name, number=number),
            number=number,
            after={"player": name, "seat": seat.seat, "left_after_round": seat.left_after_round},
        )

    record(
        board,
        changes.Action.LEAVE,
        change,
        version=version,
        user=user,
        idempotency_key=idempotency_key,
    )
    return board


def come_back(board: SessionBoard, player_pk: int, version: int, user, idempotency_key=None):
    """A player who left is back at the table: new rounds start with him again."""
    seat = _seated(board, player_pk)
    name, number, left = seat.player.name, board.next_number, seat.left_after_round

    def change() -> Recorded:
        if left is None:
            raise RulesError(_("%(name)s is at the table.") % {"name": name})
        _move(board, seat, None, user, gettext_noop("%(phone)s: %(name)s is back at the table."))
        return Recorded(
            Phrase("%(name)s back at the table before round %(number)d", name=name, number=number),
            number=number,
            before={"player": name, "seat": seat.seat, "left_after_round": left},
        )

    record(
        board,
        changes.Action.BACK,
        change,
        version=version,
        user=user,
        idempotency_key=idempotency_key,
    )
    return board


def _move(board: SessionBoard, seat: SessionSeat, left_after_round, user, note) -> None:
    """The seat leaves after round `left_after_round` or (None) is back; the round being
    entered starts the way the seat now is."""
    seat.left_after_round = left_after_round
    seat.save(update_fields=["left_after_round"])
    _forget_sitting_out(board, seat, user, note)


def _forget_sitting_out(board: SessionBoard, seat: SessionSeat, user, note: str) -> None:
    """Drop the taps that sat this seat out of, or back into, the round being entered: from
    now on the round starts the way the seat is (out when he left, in when he came back)."""
    session = board.session
    taps = [tap for tap in session.draft if tap != f"a{seat.seat}"]
    if taps == session.draft:
        return
    said = Phrase(note, name=seat.player.name)  # note: a template, its phone said when read
    change_draft(session, session.draft_version, taps, said, user)
