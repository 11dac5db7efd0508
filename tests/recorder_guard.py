"""Every test watches what the project writes: a game's rows (the game, its seats, its entries),
the history of changes and the ledger are written by the recorder (core/recording.py) and by
nothing else. A statement that writes one of those tables from the project's code with no
recorder function on the stack fails the test that made it, naming the code that did.

Rows a test writes itself (its set-up, a factory) have no project code on the stack and are
not watched, nor are the ledger and the history of changes when a test calls them directly
(their own tests); payments and the removal of a cancelled restore write the ledger on purpose.
"""

import re
import sys
from contextlib import ExitStack
from importlib import import_module
from pathlib import Path

from django.db import connections

from core import games

ROOT = Path(__file__).resolve().parent.parent
PROJECT = tuple(str(ROOT / package) + "/" for package in ("basics", "core", "ledger", "tracker"))
RECORDER = str(ROOT / "core" / "recording.py")
# Writers of the ledger that are no game's: a payment and its reversal, a cancelled restore.
OTHER_WRITERS = (str(ROOT / "ledger" / "payments.py"), str(ROOT / "tracker" / "gamelogs"))
# What a test may call directly and have written: the ledger's postings, a line of history.
PRIMITIVES = (str(ROOT / "ledger") + "/", str(ROOT / "core" / "changes.py"))
WRITE = re.compile(r'^\s*(INSERT INTO|UPDATE|DELETE FROM)\s+"?(\w+)"?', re.IGNORECASE)


def watched_tables() -> frozenset[str]:
    """The tables only the recorder writes: each game's row and the rows that point at it,
    the history of changes, the ledger's transactions, postings and accounts."""
    tables = {"tracker_change", "ledger_transaction", "ledger_posting", "ledger_account"}
    for game_kind in games.every_kind():
        tables.add(game_kind.model._meta.db_table)
        for relation in game_kind.model._meta.related_objects:
            if relation.one_to_many and relation.related_model._meta.app_label != "ledger":
                tables.add(relation.related_model._meta.db_table)
    return frozenset(tables)


def registered_games() -> tuple[str, ...]:
    """The folder of every registered game's package: the project's, and a game that lives in
    the tests (tests/high_card), whose code is watched as the project's is."""
    declared = (import_module(type(game_kind).__module__) for game_kind in games.every_kind())
    return tuple(str(Path(str(module.__file__)).parent) + "/" for module in declared)


def writer_outside_the_recorder(project=PROJECT) -> str | None:
    """The `project`'s code that wrote, when no recorder function or other writer is on the
    stack; None when the write is the recorder's, another writer's or a test's own."""
    frame, writer, called = sys._getframe(2), None, None
    while frame is not None:
        filename = frame.f_code.co_filename
        if filename == RECORDER or filename.startswith(OTHER_WRITERS):
            return None
        if filename.startswith(project) and "/migrations/" not in filename:
            called = filename  # the outermost project code so far: what the caller called
            if writer is None:
                where = filename[len(str(ROOT)) + 1 :]
                writer = f"{where}:{frame.f_lineno} ({frame.f_code.co_name})"
        elif called is not None and filename.startswith(str(ROOT / "tests")):
            return None if called.startswith(PRIMITIVES) else writer
        frame = frame.f_back
    return writer


class RecorderGuard:
    """An execute wrapper (Django's `connection.execute_wrapper`) noting each write of a watched
    table that did not come through the recorder."""

    def __init__(self):
        self.tables = watched_tables()
        self.project = PROJECT + registered_games()
        self.outside: list[str] = []

    def __call__(self, execute, sql, params, many, context):
        written = WRITE.match(sql)
        if written and written.group(2).lower() in self.tables:
            writer = writer_outside_the_recorder(self.project)
            if writer is not None:
                self.outside.append(f"{written.group(1)} {written.group(2)} from {writer}")
        return execute(sql, params, many, context)


def watching(guard: RecorderGuard) -> ExitStack:
    """The guard installed on every database connection of this thread."""
    stack = ExitStack()
    for connection in connections.all():
        stack.enter_context(connection.execute_wrapper(guard))
    return stack
