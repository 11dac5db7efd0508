"""The history of changes of a tournament or session: who changed what, when, before and after."""

from functools import cache

from django.contrib.auth import get_user_model
from django.utils.translation import gettext as _

from tracker.common.kept import KeptRow, digest
from tracker.common.said import kept, shown
from tracker.common.sql import column, rows, table
from tracker.common.writes import insert
from tracker.models import Change

LATEST = 8  # on a game's page; ?all=1 lists them all
EVERY = 1000


def change_rows(game, names: list[str], describe, limit: int = LATEST) -> list[KeptRow]:
    """The latest changes of a tournament or session, newest first, each with the entry before
    and after in words (`describe(entry, names)` gives "" for what is not a hand or round).
    A change is never rewritten: _changes.html keeps each line drawn for its key, so a save
    draws its one new line, and a kept line's words are never worked out."""
    changes = rows(Change, _latest_sql(game._meta.model_name), [game.pk, limit])
    return [_change_row(change, names, describe) for change in changes]


def _change_row(change: Change, names: list[str], describe) -> KeptRow:
    key = digest([change.pk, change.at.timestamp(), change.username, names])
    return KeptRow(
        key,
        lambda: {
            "change": change,
            "line": line_of(change),
            "before": describe(change.before, names),
            "after": describe(change.after, names),
        },
    )


@cache
def _latest_sql(game: str) -> str:
    """The latest changes of one game with who made them (`username`), in written SQL: after
    every save the page lists them again, and the ORM took ten times as long as the database
    to compose the query and read its rows."""
    user = get_user_model()
    return (
        f"SELECT c.*, author.{column(user, user.USERNAME_FIELD)} AS username"
        f" FROM {table(Change)} c LEFT JOIN {table(user)} author"
        f" ON author.{column(user, 'pk')} = c.{column(Change, 'user')}"
        f" WHERE c.{column(Change, game)} = %s"
        f" ORDER BY c.{column(Change, 'at')} DESC, c.{column(Change, 'pk')} DESC LIMIT %s"
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


def phone_of(user) -> str:
    """Whose phone made a change: "bob's phone", or "Another phone" without a user."""
    if not user:
        return _("Another phone")
    return _("%(user)s's phone") % {"user": user.get_username()}
