"""One way to record a change of any game: `record` does what every change of every game does,
in one transaction, and each game's services say only what is their own.

    record(board, Change.Action.UNDO, change, version=page_version, user=user, idempotency_key=key)

`change()` checks the change against the rules and writes the game's own rows (a round, a hand,
a seat), leaving the rules' new state on the board; `record` then stores that state with the
new version (refused when the page was behind: StalePage), writes the entry in the game's
history of changes, and has the ledger follow through the game's own postings (the registry of
games, core/games.py). The same tap sent again is told what the first one did
(AlreadyDone). Views call the games' services, which call this; imports and restores take the
same path as a tap.
"""

from collections.abc import Callable
from dataclasses import dataclass, field

from django.db import transaction
from django.db.models import Max

from basics.errors import RulesError
from basics.phrases import Phrase
from core import games
from core.changes import once_per_key, record_change
from core.models import Change
from core.stored_messages import Joined, Line
from core.versioning import save_state, touch_group


@dataclass
class Recorded:
    """What a game's change did, as its history says it and its ledger postings need it."""

    summary: Line  # the history's line
    number: int | None = None  # the round or hand it changed
    before: dict | None = None  # the entry as it was
    after: dict | None = None  # the entry as it is now
    stored: dict = field(default_factory=dict)  # fields of the game's row stored with the state
    postings: object = None  # what the game's postings are given; None: the money is unchanged


def record(
    board,
    action: str,
    change: Callable[[], Recorded],
    *,
    version: int,
    user,
    idempotency_key: str | None = None,
    when_closed: bool = False,
    open_checked: bool = False,
) -> Recorded:
    """Record `change` of the game of `board` as the page at `version` asked for it with
    `idempotency_key`; a closed game takes none but those made `when_closed` (a reopen).
    With `open_checked` the caller refused a closed game already, before checks of its own
    that must come after that one (the next-number check, `entries.check_number`)."""
    game = board.game
    with once_per_key(game, idempotency_key, action):
        if not (when_closed or open_checked):
            refuse_if_closed(game)
        with transaction.atomic():
            recorded = change()
            save_state(game, board.state.snapshot(), version, **recorded.stored)
            record_change(
                game=game,
                action=action,
                number=recorded.number,
                before=recorded.before,
                after=recorded.after,
                summary=recorded.summary,
                user=user,
                idempotency_key=idempotency_key,
            )
            if recorded.postings is not None:
                games.kind_of(game).post(board, recorded.postings, user)
    return recorded


def record_draft(game, swap: Callable[[], bool], *, number: int, summary: Line, user) -> bool:
    """A change of entry `number` while it is being entered at the table (a game's draft,
    shared by every phone until it is saved), made by `swap`: a compare-and-swap on the draft's
    own version, so a tap never makes another phone's page of the game stale. Written in the
    game's history, where the game's page folds a run of them into the latest
    (core/changes.py); False, and nothing written, when another phone changed the draft first.
    A draft changed as part of a recorded change (emptied when its round is saved) is swapped
    inside that change and has no line of its own."""
    with transaction.atomic():
        if not swap():
            return False
        record_change(
            game=game, action=Change.Action.DRAFT, number=number, summary=summary, user=user
        )
    return True


def refuse_if_closed(game) -> None:
    """A closed game takes no change (but being opened again)."""
    if game.is_closed:
        raise RulesError(games.kind_of(game).closed_refusal())


def start(group, model, create: Callable, user):
    """A new game of `group`, a row of `model` made by `create(number)` (its row and its seats)
    with the next number among the group's games of that kind, started by `user` as the first
    entry of its history. The group's row is touched first: the update holds it until the
    transaction ends, so two games started at once are numbered one after the other, and the
    group's pages show the game from then on."""
    with transaction.atomic():
        touch_group(group.pk)
        numbers = model.objects.filter(group=group).aggregate(highest=Max("number"))
        game = create((numbers["highest"] or 0) + 1)
        names = games.kind_of(game).load(game).names
        summary = Phrase("Started with %(players)s", players=Joined(", ", names))
        record_change(game=game, action=Change.Action.START, summary=summary, user=user)
        return game


def store_replayed(game, snapshot: dict, stored: dict, write_results: Callable[[], None]) -> None:
    """A state replayed on reading (the one stored was of an older version) stored for the
    version the game was read at, with the results of its entries (`write_results`); a save
    made meanwhile keeps its own. Nothing in the history: nothing was changed."""
    with transaction.atomic():
        write_results()
        type(game).objects.filter(pk=game.pk, version=game.version).update(
            state=snapshot, state_version=game.version, **stored
        )


def catch_up(game, user=None):
    """A game whose entries were written in bulk, past the services (a benchmark's long history,
    a test's): its state replayed from them and stored, and the ledger brought in line, with no
    entry in its history. The board, as the rules left it."""
    game_kind = games.kind_of(game)
    board = game_kind.load(game)
    with transaction.atomic():
        postings, stored = game_kind.replay_entries(board)
        save_state(game, board.state.snapshot(), game.version, **stored)
        game_kind.post(board, postings, user)
    return board
