"""Games of numbered entries (the rounds of a session or a sheet, the hands of a tournament): a
game started with its seats, an entry recorded as the next one, an entry corrected, the last one
taken back, a log's entries imported or played on (a backup's a piece at a time), a game closed and
opened again.

What every such game does the same way is here; each game gives only what is its own (its rows,
its rules' change, its words) as small callables, and every change goes through
`core.recording.record`:

    entries.record_entry(board, change, taken=already_recorded_words,
                         version=version, user=user, idempotency_key=key)
"""

from collections.abc import Callable, Iterable
from typing import Any

from django.db import IntegrityError, transaction

from basics.errors import RulesError
from basics.names import name_key
from basics.phrases import plural_phrase
from core import recording
from core.models import Change
from core.recording import Recorded, record, refuse_if_closed
from core.seats import match_players
from core.versioning import AlreadyRecorded, StalePage


def start(group, model, players: list, user, then: Callable | None = None, /, **fields: Any):
    """A new game of `model` for `group`, numbered after the group's others: its row made of
    the game's own `fields`, `players` seated in order (its `seats`, clockwise), `then(game)`
    writing whatever else the game starts with."""
    seats = model.seats  # every game's seats are its `seats`
    seat_model, game_field = seats.rel.related_model, seats.field.name

    def create(number: int):
        game = model.objects.create(group=group, number=number, created_by=user, **fields)
        seat_model.objects.bulk_create(
            seat_model(**{game_field: game}, player=player, seat=seat)
            for seat, player in enumerate(players)
        )
        if then is not None:
            then(game)
        return game

    return recording.start(group, model, create, user)


def check_number(game, next_number: int, number: int, taken: str, changed: str) -> None:
    """Refuse a page that was entering entry `number` when that is not the game's next one:
    AlreadyRecorded (`taken`) for one recorded already, StalePage (`changed`) for one ahead of
    the game; a closed game takes none."""
    if number < next_number:
        raise AlreadyRecorded(taken)
    refuse_if_closed(game)
    if number > next_number:
        raise StalePage(changed)


def record_entry(
    board,
    change: Callable[[], Recorded],
    taken: str,
    version: int,
    user,
    idempotency_key: str | None = None,
    action: str = Change.Action.ROUND,
    *,
    open_checked: bool = False,
) -> Recorded:
    """A new entry of the game of `board`, written by `change`; an entry of its number that
    another phone wrote a moment before (the database refuses the second) is AlreadyRecorded,
    told in the game's words (`taken`). `open_checked`: the caller's `check_number` refused a
    closed game already."""
    try:
        return _recorded(
            board, action, change, version, user, idempotency_key, open_checked=open_checked
        )
    except IntegrityError as error:
        raise AlreadyRecorded(taken) from error


def round_recorded(row, summary, postings) -> Recorded:
    """What a new round `row` (of a session or a sheet) did, as its history and ledger say it."""
    number = row.number
    stored = {"round_count": number}
    return Recorded(summary, number=number, after=row.entry, stored=stored, postings=postings)


def round_corrected(row, before: dict, summary, postings) -> Recorded:
    """What the correction of round `row` (of a session or a sheet) did, its entry `before`."""
    return Recorded(summary, number=row.number, before=before, after=row.entry, postings=postings)


def round_undone(last, rows: list, summary, postings) -> Recorded:
    """What taking back round `last` (of a session or a sheet) did, `rows` the rounds left."""
    stored = {"round_count": len(rows)}
    return Recorded(
        summary, number=last.number, before=last.entry, stored=stored, postings=postings
    )


def entry_to_correct(rows: list, number: int, no_such: str):
    """Row `number` of the game's `rows` (its entries in order), refused with `no_such` when
    there is none."""
    if not 1 <= number <= len(rows):
        raise RulesError(no_such)
    return rows[number - 1]


def correct(board, change: Callable[[], Recorded], *, version: int, user):
    """An entry corrected by `change` (every later one rescored by the game): the board."""
    record(board, Change.Action.CORRECTION, change, version=version, user=user)
    return board


def undo_last(
    board,
    entries: Callable[[], Iterable],
    take_back: Callable[[Any, list], Recorded],
    nothing: str,
    version: int,
    user,
    idempotency_key: str | None = None,
):
    """Take back the last of the game's `entries()` (refused with `nothing` when there is
    none): `take_back(last, the others)` deletes it and plays the others again. It stays in the
    history of changes. The board."""

    def change() -> Recorded:
        rows = list(entries())
        if not rows:
            raise RulesError(nothing)
        last = rows.pop()
        return take_back(last, rows)

    _recorded(board, Change.Action.UNDO, change, version, user, idempotency_key)
    return board


def import_log(group, names: list[str], create_missing: bool, start: Callable, add: Callable):
    """A new game from a log, all or nothing: its players (`names`) matched among the group's,
    or added with `create_missing`, the game started by `start(players)` and its entries
    written by `add(game)`. The game."""
    with transaction.atomic():
        players = match_players(group, names, create_missing)
        game = start(players)
        add(game)
    return game


def check_same_table(board, names: list[str], settings, refusal: str) -> None:
    """A log's entries go on a game only with its players (whatever the case of their names)
    and rules: else refused with `refusal`."""
    same_names = list(map(name_key, names)) == list(map(name_key, board.names))
    if not same_names or settings != board.settings:
        raise RulesError(refusal)


def add_entries(board, change: Callable[[], Recorded], user, version: int | None = None) -> None:
    """A log's entries, written in bulk by `change` as one import in the history; `version`,
    the game's as the page showed it (StalePage if it moved since; its version now if left
    out)."""
    version = board.game.version if version is None else version
    record(board, Change.Action.IMPORT, change, version=version, user=user)


def add_rounds(
    board, rounds, logged: list, play: Callable, postings: Callable, doc: dict, user, version=None
):
    """The `logged` rounds of a log `doc` written after the game's `rounds` (its rows' manager)
    as one import: `play(number, logged round)` plays each on from the board's state and gives
    its entry (players by seat), its result and the result as stored; `postings(results,
    first number)`, what the ledger is given for them all."""
    model, to_game, game, first = (
        rounds.model,
        rounds.field.name,
        rounds.instance,
        board.next_number,
    )

    def change() -> Recorded:
        rows, results = [], []
        for number, round_ in enumerate(logged, start=first):
            entry, result, stored = play(number, round_)
            results.append(result)
            written = {"number": number, "entry": entry, "result": stored, "entered_by": user}
            rows.append(model(**{to_game: game}, **written))
        model.objects.bulk_create(rows, batch_size=500)
        return Recorded(
            plural_phrase("Imported %(count)s round", "Imported %(count)s rounds", len(rows)),
            after=doc,
            stored={"round_count": first - 1 + len(rows)},
            postings=postings(results, first),
        )

    add_entries(board, change, user, version)


def restore_rounds(piece, user, model, import_log: Callable, append_log: Callable) -> tuple:
    """The next `piece.step` rounds of a backup's log (a RestorePiece of a game whose log holds
    it all under "rounds"): the first piece starts the game, `import_log(group, part, user)`,
    each later one plays on the game of `model` it started, `append_log(game, part, user)`.
    (The game, the rounds written, whether the whole log is written.)"""
    log, done = piece.log, piece.done
    part = {**log, "rounds": log["rounds"][done : done + piece.step]}
    if piece.game_pk is None:
        game = import_log(piece.group, part, user)
    else:
        game = model.objects.get(pk=piece.game_pk, group=piece.group)
        append_log(game, part, user)
    return game, len(part["rounds"]), done + len(part["rounds"]) >= len(log["rounds"])


def close(board, change: Callable[[], Recorded], *, version: int, user, idempotency_key=None):
    """The game closed by `change`: it takes no more entries. The board."""
    _recorded(board, Change.Action.CLOSE, change, version, user, idempotency_key)
    return board


def reopen(board, change: Callable[[], Recorded], *, version: int, user, idempotency_key=None):
    """A closed game opened again by `change`. The board."""
    _recorded(board, Change.Action.REOPEN, change, version, user, idempotency_key, when_closed=True)
    return board


def _recorded(board, action, change, version, user, idempotency_key, **closed: bool) -> Recorded:
    """`record`; `closed` says whether a closed game takes the change (`when_closed`) or was
    refused already (`open_checked`)."""
    key = idempotency_key
    return record(board, action, change, version=version, user=user, idempotency_key=key, **closed)
