"""Score sheets: start one, record a round (online, or kept on a phone while offline), correct
a round, undo the last, import and export a log.

What is the sheet's own: each change checked against the rules (RulesError) and against what
another phone saved first (AlreadyRecorded), and its rounds written; the rest of every change
(the version the page showed, the history entry, the stored state, the ledger) is
`core.recording.record`'s. A new round is played on from the stored state; a
correction or an undo replays the sheet once.
"""

from functools import partial

from django.utils.translation import gettext as _

from basics.phrases import Phrase
from core import entries
from core.changes import once_per_key
from core.models import Change
from core.money import check_in_currency
from core.recording import Recorded
from tracker.sheets import money
from tracker.sheets import rules as sheet
from tracker.sheets.board import SheetBoard, load, replay, store_results
from tracker.sheets.entries import describe_round, entry_by_seat, rules_round
from tracker.sheets.models import Sheet, SheetRound


def start(group, players: list, rules: dict, user, name: str = "") -> Sheet:
    """A new sheet; `players` in seat order, `rules` as a log's `rules` object."""
    settings = sheet.settings_from_rules(rules)
    names = [player.name for player in players]
    state = sheet.SheetState(names)  # refuses a bad table before anything is written
    check_in_currency(group, {_("Stake"): settings.stake})

    stored = {"rules": sheet.rules_from_settings(settings), "state": state.snapshot()}
    return entries.start(group, Sheet, players, user, name=name, state_version=0, **stored)


def check_number(board: SheetBoard, number: int) -> None:
    """Refuse a page that was entering round `number` when that is not the next round."""
    changed = _("This sheet was changed on another phone; here it is.")
    entries.check_number(board.sheet, board.next_number, number, round_taken(number), changed)


def round_taken(number: int) -> str:
    return _("Round %(number)s is already recorded.") % {"number": number}


def record_round(
    board: SheetBoard, round_: sheet.Round, user, number=None, idempotency_key=None
) -> sheet.RoundResult:
    """Round `number` (the round the page was entering; the next one if left out), checked
    by the rules; `idempotency_key`, the key of its change."""
    number = board.next_number if number is None else number
    check_number(board, number)
    loaded_at = board.sheet.version
    result = board.state.play(board.settings, round_)

    def change() -> Recorded:
        entry = entry_by_seat(round_, board.names)
        snapshot = sheet.round_result_snapshot(result, board.names)
        row = board.sheet.rounds.create(
            number=number, entry=entry, result=snapshot, entered_by=user
        )
        words = Phrase("Round %(number)s: %(round)s", number=number, round=describe_round(round_))
        postings = money.Postings([result], number, new=True)
        return entries.round_recorded(row, words, postings)

    taken = round_taken(number)
    entries.record_entry(board, change, taken, loaded_at, user, idempotency_key, open_checked=True)
    return result


def record_sent_round(board: SheetBoard, number: int, round_, user, once: str | None = None):
    """Round `number` as a phone sent it: tapped on the page, or kept by its outbox while the
    network was gone. With its key (`once`, the idempotency key of its change) it is recorded
    once however often it arrives (AlreadyDone for the same round again). A round whose number
    is recorded already raises AlreadyRecorded, whoever's it is and however it differs (see
    tracker/sheets/notices.py); one kept after rounds were taken back meanwhile is the next
    round."""
    with once_per_key(board.sheet, once, Change.Action.ROUND):
        if once and number > board.next_number:
            number = board.next_number
        return record_round(board, round_, user, number, idempotency_key=once)


def same_entry(recorded: dict, entry: dict) -> bool:
    """The same round: who sat out or was frozen in any order."""

    def as_set(one: dict) -> dict:
        return {
            key: sorted(value) if key in ("absent", "frozen") else value
            for key, value in one.items()
            if value
        }

    return as_set(recorded) == as_set(entry)


def correct_round(board: SheetBoard, number: int, version: int, round_, user) -> bool:
    """Replace round `number`; every later round is rescored and the ledger follows. False,
    and nothing recorded, when the round is as it was."""
    rows = list(board.sheet.rounds.all())
    no_such = _("round %(number)s: there is no such round") % {"number": number}
    row = entries.entry_to_correct(rows, number, no_such)
    entry = entry_by_seat(round_, board.names)
    if same_entry(row.entry, entry):
        return False
    before, row.entry = row.entry, entry
    results = replay(board, rows)

    def change() -> Recorded:
        store_results(rows[number - 1 :], results[number - 1 :], board.names)
        row.save(update_fields=["entry"])
        words = Phrase(
            "Round %(number)s corrected: %(round)s", number=number, round=describe_round(round_)
        )
        return entries.round_corrected(
            row, before, words, money.Postings(results[number - 1 :], number)
        )

    entries.correct(board, change, version=version, user=user)
    return True


def undo_last(board: SheetBoard, version: int, user, idempotency_key=None) -> SheetBoard:
    """Take back the last round; it stays in the history of changes."""

    def take_back(last: SheetRound, rows: list[SheetRound]) -> Recorded:
        replay(board, rows)
        last.delete()
        summary = Phrase("Round %(number)s undone", number=last.number)
        return entries.round_undone(last, rows, summary, money.Postings([], last.number))

    nothing = _("There is no round to undo.")
    rows = board.sheet.rounds.all
    return entries.undo_last(board, rows, take_back, nothing, version, user, idempotency_key)


def import_log(group, doc: dict, user, create_missing: bool = False) -> Sheet:
    """A new sheet from a "sheet-log/1" document; a bad log creates nothing."""
    names, settings, rounds = sheet.parse_log(doc)  # every round checked first
    rules = sheet.rules_from_settings(settings)
    return entries.import_log(
        group,
        names,
        create_missing,
        lambda players: start(group, players, rules, user),
        lambda sheet_row: _add_rounds(load(sheet_row), names, rounds, doc, user, None),
    )


def append_log(sheet_row: Sheet, doc: dict, user, version: int | None = None) -> Sheet:
    """The rounds of a log added after those the sheet holds: the next piece of a log restored
    in pieces, or the next part of a log too large for one import. Its players and rules must
    be the sheet's; its rounds are checked by the rules as they are played on from the sheet's
    state; `version`, the sheet's as the page showed it (StalePage if it moved since)."""
    names, settings, rounds = sheet.read_log(doc)
    board = load(sheet_row)
    refusal = _("log: its players and rules are not those of this sheet")
    entries.check_same_table(board, names, settings, refusal)
    _add_rounds(board, names, rounds, doc, user, version)
    return sheet_row


def _add_rounds(board: SheetBoard, names: list[str], rounds: list, doc: dict, user, version):
    """Rounds of a log (its players, `names`, seated in the board's order) played on from the
    board's state and written in bulk with their results; the ledger follows once for all."""

    def play(number: int, round_) -> tuple:
        # By seat first: the group's players may write their names otherwise.
        entry = entry_by_seat(round_, names)
        result = board.state.play(board.settings, rules_round(entry, board.names))
        return entry, result, sheet.round_result_snapshot(result, board.names)

    postings = partial(money.Postings, new=True)
    entries.add_rounds(board, board.sheet.rounds, rounds, play, postings, doc, user, version)


def logged_entries(doc: dict) -> list[dict]:
    """The rounds of a log as a sheet imported from it stores them (players by seat)."""
    names, _settings, rounds = sheet.read_log(doc)
    return [entry_by_seat(round_, names) for round_ in rounds]


def stored_entries(sheet_row: Sheet) -> list[dict]:
    return list(sheet_row.rounds.values_list("entry", flat=True))


def export_game(sheet_row: Sheet) -> dict:
    board = load(sheet_row)
    rounds = [board.played(row).round for row in sheet_row.rounds.all()]
    return sheet.log_from(board.names, board.settings, rounds)
