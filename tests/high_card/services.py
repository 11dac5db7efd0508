"""High card's changes, each through the numbered entries every game shares (core/entries.py)
and so through the recorder: start a table, record a round, correct one, undo the last, close
the table; and its logs, imported, played on and exported."""

from decimal import Decimal
from functools import partial

from django.utils import timezone
from django.utils.translation import gettext as _

from basics.money import format_money
from basics.phrases import Phrase, plural_phrase
from core import entries
from core.changes import once_per_key
from core.models import Change
from core.money import check_in_currency
from core.recording import Recorded
from tests.high_card import rules
from tests.high_card.board import HighCardBoard, load, replay, store_results, stored_result
from tests.high_card.models import HighCard
from tests.high_card.money import Postings


def start(group, players: list, stake: Decimal, user, name: str = "") -> HighCard:
    state = rules.State([player.name for player in players])  # a bad table writes nothing
    check_in_currency(group, {_("Stake"): stake})
    stored = {"rules": {"stake": format_money(stake)}, "state": state.snapshot()}
    return entries.start(group, HighCard, players, user, name=name, state_version=0, **stored)


def round_taken(number: int) -> str:
    return _("Round %(number)s is already recorded.") % {"number": number}


def record_round(board: HighCardBoard, winner: str, user, number=None, idempotency_key=None):
    """Round `number` (the next one if left out) won by `winner`; sent again with the same
    `idempotency_key`, it is told what the first one did (AlreadyDone)."""
    number = board.next_number if number is None else number
    with once_per_key(board.table, idempotency_key, Change.Action.ROUND):
        changed = _("This table was changed on another phone; here it is.")
        taken = round_taken(number)
        entries.check_number(board.table, board.next_number, number, taken, changed)
        loaded_at = board.table.version
        result = board.state.play(board.settings, winner)

        def change() -> Recorded:
            row = board.table.rounds.create(
                number=number,
                entry=board.entry_of(winner),
                result=stored_result(result, board.names),
                entered_by=user,
            )
            words = Phrase("Round %(number)s: %(winner)s wins", number=number, winner=winner)
            return entries.round_recorded(row, words, Postings([result], number, new=True))

        entries.record_entry(board, change, taken, loaded_at, user, idempotency_key)
    return result


def correct_round(board: HighCardBoard, number: int, version: int, winner: str, user) -> bool:
    """Round `number` won by `winner` after all; False, and nothing recorded, when it was."""
    rows = list(board.table.rounds.all())
    no_such = _("round %(number)s: there is no such round") % {"number": number}
    row = entries.entry_to_correct(rows, number, no_such)
    if row.entry == board.entry_of(winner):
        return False
    before, row.entry = row.entry, board.entry_of(winner)
    results = replay(board, rows)

    def change() -> Recorded:
        store_results(rows[number - 1 :], results[number - 1 :], board.names)
        row.save(update_fields=["entry"])
        words = Phrase("Round %(number)s corrected: %(winner)s wins", number=number, winner=winner)
        postings = Postings(results[number - 1 :], number)
        return entries.round_corrected(row, before, words, postings)

    entries.correct(board, change, version=version, user=user)
    return True


def undo_last(board: HighCardBoard, version: int, user, idempotency_key=None) -> HighCardBoard:
    """Take back the last round; it stays in the history of changes."""

    def take_back(last, rows: list) -> Recorded:
        replay(board, rows)
        last.delete()
        summary = Phrase("Round %(number)s undone", number=last.number)
        return entries.round_undone(last, rows, summary, Postings([], last.number))

    nothing = _("There is no round to undo.")
    rows = board.table.rounds.all
    return entries.undo_last(board, rows, take_back, nothing, version, user, idempotency_key)


def close(board: HighCardBoard, version: int, user, idempotency_key=None) -> HighCardBoard:
    """The table closed: it takes no more rounds."""

    def change() -> Recorded:
        one, many = "Closed after %(count)s round", "Closed after %(count)s rounds"
        words = plural_phrase(one, many, board.rounds_played)
        return Recorded(words, stored={"closed_at": timezone.now()})

    return entries.close(board, change, version=version, user=user, idempotency_key=idempotency_key)


def import_log(group, doc: dict, user, create_missing: bool = False) -> HighCard:
    """A new table from a log, every round checked first; a bad log creates nothing."""
    names, stake, winners = rules.read_log(doc)
    rules.play_log(doc)

    def add(table: HighCard) -> None:
        _add_rounds(load(table), names, winners, doc, user, None)

    started = partial(start, group, stake=stake, user=user)
    return entries.import_log(group, names, create_missing, started, add)


def append_log(table: HighCard, doc: dict, user, version: int | None = None) -> HighCard:
    """A log's rounds played on after the table's own: its players and stake must be the
    table's."""
    names, stake, winners = rules.read_log(doc)
    rules.play_log(doc)
    board = load(table)
    refusal = _("log: its players and stake are not those of this table")
    entries.check_same_table(board, names, stake, refusal)
    _add_rounds(board, names, winners, doc, user, version)
    return table


def _add_rounds(board: HighCardBoard, names, winners: list[str], doc: dict, user, version) -> None:
    """A log's rounds (its players `names`, seated in the board's order) played on and
    written in bulk; the ledger follows once for them all."""

    def play(number: int, winner: str) -> tuple:
        # By seat: the group's players may write their names otherwise than the log.
        seated = board.names[names.index(winner)]
        result = board.state.play(board.settings, seated)
        return board.entry_of(seated), result, stored_result(result, board.names)

    def postings(results: list, first: int) -> Postings:
        return Postings(results, first, new=True)

    entries.add_rounds(board, board.table.rounds, winners, play, postings, doc, user, version)


def logged_entries(doc: dict) -> list[dict]:
    names, _stake, winners = rules.read_log(doc)
    return [{"winner": names.index(winner)} for winner in winners]


def export_game(table: HighCard) -> dict:
    board = load(table)
    winners = [played.winner for played in board.every_round()]
    return rules.log_from(board.names, board.settings, winners)


def stored_entries(table: HighCard) -> list[dict]:
    return list(table.rounds.values_list("entry", flat=True))
