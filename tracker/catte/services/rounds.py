"""Rounds: a round saved from the table's draft or sent whole, recorded, corrected or undone, and a
round a phone kept while offline, taken up.

A new round is played on from the stored state; a correction or an undo replays the session
once. Saving empties the table's draft (`tapping`) in the same transaction (DraftMoved when
another phone changed it since the page showed it).
"""

from django.utils.translation import gettext as _

from basics.errors import RulesError
from basics.phrases import Phrase
from core import entries
from core.changes import once_per_key
from core.models import Change
from core.recording import Recorded, refuse_if_closed
from core.stored_messages import Joined
from tracker.catte import money
from tracker.catte import rules as catte
from tracker.catte.board import SessionBoard, replay_rounds
from tracker.catte.entries import describe_round, entry_by_seat
from tracker.catte.models import Round
from tracker.catte.services import tapping
from tracker.catte.services.checks import (
    ANOTHER_DRAFT,
    DraftMoved,
    RoundWaits,
    check_next_number,
    draft_moved,
    drop_draft,
    round_taken,
)
from tracker.catte.taps import OfflineRound


def save_round(board: SessionBoard, number: int, expected: int | None, user, taps=None) -> None:
    """Save round `number`: the table's draft as the page showed it (version `expected`), or
    `taps`, a whole round sent in one post, when the table has no draft of its own. A whole
    round the rules refuse becomes the table's draft, so nothing sent is lost, unless one of its
    taps could not have been tapped at that point."""
    check_next_number(board, number)
    session = board.session
    whole = bool(taps) and not session.draft
    if taps and not whole and taps != session.draft:
        raise DraftMoved(str(ANOTHER_DRAFT))
    if not taps and expected != session.draft_version:
        raise draft_moved(session, user)
    draft = board.draft_of(taps or session.draft)
    if whole:
        tapping.check_taps(board, taps)  # a round that could not be played is not stored
    try:
        if draft.missing:
            raise RulesError(draft.missing)
        version = None if whole else session.draft_version
        _record(board, draft.to_round(), user, number, draft_version=version)
    except RulesError:
        if whole:
            note = Phrase("%(phone)s sent a whole round first.")
            tapping.changed(board, session.draft_version, taps, note, user)
        raise


# What became of a round a phone kept while offline (`take_round_sent_later`).
RECORDED, RECORDED_ELSEWHERE, DRAFTED = "recorded", "recorded elsewhere", "drafted"


def take_round_sent_later(
    board: SessionBoard, offline_round: OfflineRound, user
) -> tuple[str, str | None]:
    """A round a phone entered while its network was gone (`offline_round`): a round it saved is
    recorded once however often it arrives (the phone's id is the idempotency key of the round's
    change); one it was still tapping becomes the table's draft, which every phone then goes on
    from.
    Taps the rules refuse leave as much of the round as could be tapped as the table's draft,
    to be finished there: DRAFTED, with the refusal. Refused with RoundWaits while an earlier
    round is not recorded, DraftMoved when another phone changed the draft otherwise than this
    one did, AlreadyRecorded when another phone recorded the round otherwise."""
    session = board.session
    with once_per_key(session, offline_round.idempotency_key, Change.Action.ROUND):
        if offline_round.number < board.next_number and recorded_as_sent(
            board, offline_round.number, offline_round.taps
        ):
            return RECORDED_ELSEWHERE, None
        if offline_round.number > board.next_number and not board.is_closed:
            raise RoundWaits(offline_round.number, board.next_number)
        check_next_number(board, offline_round.number)
        draft, version = session.draft, session.draft_version
        if (
            not offline_round.save
            and version != offline_round.started_from
            and offline_round.taken_up_in(draft)
        ):
            return DRAFTED, None  # the table has these taps and went on from them
        if not offline_round.goes_on_from(draft, version, session.draft_entry):
            raise draft_moved(session, user)
        done, refusal = tapping.first_refused(board, offline_round.taps)
        entered = board.draft_of(offline_round.taps[:done])
        refusal = refusal or (entered.missing if offline_round.save else None)
        if offline_round.save and not refusal:
            try:
                shown = version if draft else None
                key = offline_round.idempotency_key
                _record(board, entered.to_round(), user, offline_round.number, shown, key)
                return RECORDED, None
            except RulesError as whole_round:  # the rules refused the round as a whole
                refusal = str(whole_round)
        return DRAFTED, _left_to_the_table(
            board, offline_round, offline_round.taps[:done], refusal, user
        )


def _left_to_the_table(
    board: SessionBoard, offline_round, taps: list[str], refusal: str | None, user
) -> str | None:
    """`taps` of `offline_round` made the table's draft, which every phone then goes on from;
    what to say of the `refusal` that left them there, if any."""
    session, note = board.session, Phrase("%(phone)s sent a round entered offline.")
    drafted = _drafted_already(session, offline_round, taps)
    key = offline_round.idempotency_key
    if not drafted and not tapping.changed(board, session.draft_version, taps, note, user, key):
        # The same round, sent again by another page of this phone at the same moment (the
        # offline page and the game's), may have got there first.
        session.refresh_from_db(fields=["draft", "draft_version", "draft_entry"])
        if not _drafted_already(session, offline_round, taps):
            raise DraftMoved(str(ANOTHER_DRAFT))
    if refusal is None:
        return None
    return _(
        "%(refusal)s The round is the table's now, as far as it could be entered: finish it there."
    ) % {"refusal": refusal}


def _drafted_already(session, offline_round: OfflineRound, taps: list[str]) -> bool:
    return taps == session.draft and session.draft_entry == offline_round.idempotency_key


def recorded_as_sent(board: SessionBoard, number: int, taps: list[str]) -> bool:
    """Round `number` is recorded already, just as `taps` enter it (another phone's)."""
    row = board.session.rounds.filter(number=number).first()
    return row is not None and recorded_as_tapped(board, row, taps)


def recorded_as_tapped(board: SessionBoard, row: Round, taps: list[str]) -> bool:
    """The recorded round `row` is the round `taps` enter."""
    tapped = entry_by_seat(board.draft_of(taps).usable().to_round(), board.names)
    return same_entry(row.entry, tapped)


def record_round(
    board: SessionBoard,
    round_: catte.Round,
    user,
    number=None,
    draft_version=None,
    idempotency_key=None,
) -> SessionBoard:
    """Save round `number` (the round the page was entering; the next one if left out) and
    empty the round being tapped in: `draft_version` is the version of it the page saved;
    `idempotency_key`, the key of its change."""
    number = board.next_number if number is None else number
    check_next_number(board, number)
    return _record(board, round_, user, number, draft_version, idempotency_key)


def _record(
    board: SessionBoard,
    round_: catte.Round,
    user,
    number: int,
    draft_version: int | None,
    idempotency_key: str | None = None,
) -> SessionBoard:
    """`record_round`, its round's number checked by the caller (`check_next_number`, which
    refuses a closed session too, before the checks of the round being entered)."""
    loaded_at = board.session.version
    result = board.state.play(board.settings, round_)

    def change() -> Recorded:
        saved = Phrase("%(phone)s saved round %(number)s.", number=number)
        drop_draft(board.session, draft_version, saved, user)
        entry = entry_by_seat(round_, board.names)
        snapshot = catte.round_result_snapshot(result, board.names)
        row = board.session.rounds.create(
            number=number, entry=entry, result=snapshot, entered_by=user
        )
        words = Phrase("Round %(number)s: %(round)s", number=number, round=describe_round(round_))
        return entries.round_recorded(row, words, money.Postings([result], number, new=True))

    taken = round_taken(number)
    entries.record_entry(board, change, taken, loaded_at, user, idempotency_key, open_checked=True)
    return board


def correct_round(
    board: SessionBoard, number: int, version: int, round_: catte.Round, user
) -> SessionBoard:
    """Replace round `number`; every later round is rescored and the ledger follows."""
    refuse_if_closed(board.session)
    rows = list(board.session.rounds.all())
    no_such = _("round %(number)s: there is no such round") % {"number": number}
    row = entries.entry_to_correct(rows, number, no_such)
    entry = _as_recorded(board, number, entry_by_seat(round_, board.names))
    if same_entry(row.entry, entry):
        return board  # a page sent again unchanged: nothing to record, the version stays
    before, row.entry = row.entry, entry

    def change() -> Recorded:
        results = replay_rounds(board, rows)
        row.save(update_fields=["entry"])
        words = Phrase(
            "Round %(number)s corrected: %(round)s", number=number, round=describe_round(round_)
        )
        return entries.round_corrected(
            row, before, words, money.Postings(results[number - 1 :], number)
        )

    return entries.correct(board, change, version=version, user=user)


def _as_recorded(board: SessionBoard, number: int, entry: dict) -> dict:
    """A corrected round's entry as it is recorded: without the players who joined after it
    (they sat it out without being named); refused when it seats one of them."""
    later = [board.names.index(name) for name in board.not_yet_seated(number)]
    for seat in later:
        if seat not in entry.get("absent", []):
            raise RulesError(
                _("%(name)s joined after round %(number)d and so sat it out.")
                % {"name": board.names[seat], "number": number}
            )
    if later:
        absent = [seat for seat in entry["absent"] if seat not in later]
        entry = {key: value for key, value in entry.items() if key != "absent"}
        entry.update({"absent": absent} if absent else {})
    return entry


def same_entry(recorded: dict, entry: dict) -> bool:
    """The same round: who sat out, folded or claimed falsely in any order."""
    unordered = ("absent", "folds", "false_claims")

    def as_set(e):
        return {k: sorted(v) if k in unordered else v for k, v in e.items() if v}

    return as_set(recorded) == as_set(entry)


def undo_last(board: SessionBoard, version: int, user, idempotency_key=None) -> SessionBoard:
    def take_back(last: Round, rows: list[Round]) -> Recorded:
        joined = _seat_before(board, last.number)
        replay_rounds(board, rows)
        last.delete()
        undone = [Phrase("Round %(number)s undone", number=last.number)]
        undone += [
            Phrase("%(name)s now joined before round %(number)d", name=name, number=last.number)
            for name in joined
        ]
        return entries.round_undone(
            last, rows, Joined("; ", undone), money.Postings([], last.number)
        )

    nothing = _("There is no round to undo.")
    rows = board.session.rounds.all
    return entries.undo_last(board, rows, take_back, nothing, version, user, idempotency_key)


def _seat_before(board: SessionBoard, number: int) -> list[str]:
    """Players who joined after round `number`, which is being undone, now join before it (the
    round entered again in its place is played with them). Their names."""
    moved = []
    for seat in board.seats:
        if seat.joined_after_round is not None and seat.joined_after_round >= number:
            seat.joined_after_round = number - 1
            seat.save(update_fields=["joined_after_round"])
            moved.append(seat.player.name)
    return moved
