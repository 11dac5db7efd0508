"""The history of changes of a tournament or session: who changed what, when, before and after."""

from functools import cache, cached_property

from django.contrib.auth import get_user_model
from django.db import connection

from tracker.common.said import kept, shown
from tracker.common.versioning import digest
from tracker.common.writes import insert
from tracker.models import Change

LATEST = 8  # on a game's page; ?all=1 lists them all
EVERY = 1000


class ChangeRow:
    """One change in a game's history. A change is never rewritten, so its line is drawn once
    for its key (_changes.html) and its words are worked out only when it is drawn: each save
    draws the one new line, not the whole history again."""

    def __init__(self, change: Change, names: list[str], describe):
        self.change, self._names, self._describe = change, names, describe
        self.key = digest([change.pk, change.at.timestamp(), change.username, names])

    @cached_property
    def line(self) -> str:
        return line_of(self.change)

    @cached_property
    def before(self) -> str:
        return self._describe(self.change.before, self._names)

    @cached_property
    def after(self) -> str:
        return self._describe(self.change.after, self._names)


def change_rows(game, names: list[str], describe, limit: int = LATEST) -> list[ChangeRow]:
    """The latest changes of a tournament or session, newest first, each with the entry before
    and after in words (`describe(entry, names)` gives "" for what is not a hand or round)."""
    sql = _latest_sql(game._meta.model_name)
    return [
        ChangeRow(change, names, describe) for change in Change.objects.raw(sql, [game.pk, limit])
    ]


@cache
def _latest_sql(game: str) -> str:
    """The latest changes of one game with who made them (`username`), in written SQL: after
    every save the page lists them again, and the ORM took ten times as long as the database
    to compose the query and read its rows."""
    quote, user = connection.ops.quote_name, get_user_model()
    column, by = Change._meta.get_field(game).column, Change._meta.get_field("user").column
    name = user._meta.get_field(user.USERNAME_FIELD).column
    at, key = Change._meta.get_field("at").column, Change._meta.pk.column
    return (
        f"SELECT c.*, author.{quote(name)} AS username"
        f" FROM {quote(Change._meta.db_table)} c"
        f" LEFT JOIN {quote(user._meta.db_table)} author"
        f" ON author.{quote(user._meta.pk.column)} = c.{quote(by)}"
        f" WHERE c.{quote(column)} = %s"
        f" ORDER BY c.{quote(at)} DESC, c.{quote(key)} DESC LIMIT %s"
    )


def change_context(game, names: list[str], describe, every: bool) -> dict:
    """The history of changes for a game's page: the latest ones, or with `every` all."""
    rows = change_rows(game, names, describe, EVERY if every else LATEST)
    return {"changes": rows, "more_changes": not every and len(rows) == LATEST}


def record_change(*, summary, **fields) -> Change:
    """A change in a game's history; `summary` given as words (tracker/common/said) is kept as
    words, to be read in each reader's language, and as English text."""
    words, english = kept(summary, Change._meta.get_field("summary").max_length)
    return insert(Change(summary=english, words=words, **fields))


def line_of(change: Change) -> str:
    """A change's summary in the reader's language."""
    return shown(change.words, change.summary)
