"""Two phones at one table: every write to a tournament or session is checked against the
version the writer read, and keeps what the rules computed with the version it belongs to."""

import hashlib
import json

from django.db import connection
from django.utils.translation import gettext as _

from tracker.models import Group


class AlreadyRecorded(Exception):
    """Somebody else saved this hand or round first; nothing was saved."""


class StalePage(Exception):
    """The tournament or session changed since the page was drawn; nothing was saved."""


def save_state(game, state: dict, expected: int, **fields) -> None:
    """Compare-and-swap on a tournament's or session's version, keeping `state` with the new
    version (and any other `fields`).

    `expected` is the version the change was computed from; when another phone changed the
    game since, nothing is written and the page is told so.
    """
    new = expected + 1
    changes = {"version": new, "state": state, "state_version": new, **fields}
    if not _update_if(game, {"version": expected}, changes):
        if game._meta.model_name == "session":
            raise StalePage(_("This session was changed on another phone; here is the new state."))
        raise StalePage(_("This tournament was changed on another phone; here is the new state."))
    game.version = game.state_version = new
    game.state = state
    for name, value in fields.items():
        setattr(game, name, value)
    touch_group(game.group_id)


def game_identity(game) -> tuple:
    """What tells a tournament or session apart in whatever is kept of it, even from one that had
    its number before (a number freed by a database rolled back)."""
    return (game.pk, game.created_at.timestamp())


def digest(shown) -> str:
    """A key for what a part of a page shows, to keep it drawn under (lazy translations in it
    count as their text)."""
    return hashlib.sha256(json.dumps(shown, default=str).encode()).hexdigest()


def touch_group(group_id: int) -> None:
    """Something the group's pages show has changed (in the same transaction as the change)."""
    quote = connection.ops.quote_name
    version, key = quote(_column(Group, "version")), quote(Group._meta.pk.column)
    with connection.cursor() as cursor:
        cursor.execute(
            f"UPDATE {quote(Group._meta.db_table)} SET {version} = {version} + 1 WHERE {key} = %s",
            [group_id],
        )


def _update_if(game, expected: dict, changes: dict) -> int:
    """UPDATE the game's row with `changes` where its fields still hold `expected`; how many
    rows changed (0 or 1). Written SQL: every save makes this update and the group's, and
    the ORM took longer to compose them than the database to run them."""
    model, quote = type(game), connection.ops.quote_name
    sets, values = [], []
    for name, value in changes.items():
        field = model._meta.get_field(name)
        if hasattr(value, "prepare_database_save"):  # a row for a foreign key: its key
            value = value.prepare_database_save(field)
        sets.append(f"{quote(field.column)} = %s")
        values.append(field.get_db_prep_save(value, connection))
    where = [f"{quote(model._meta.pk.column)} = %s"] + [
        f"{quote(_column(model, name))} = %s" for name in expected
    ]
    with connection.cursor() as cursor:
        cursor.execute(
            f"UPDATE {quote(model._meta.db_table)} SET {', '.join(sets)}"
            f" WHERE {' AND '.join(where)}",
            [*values, game.pk, *expected.values()],
        )
        return cursor.rowcount


def _column(model, name: str) -> str:
    return model._meta.get_field(name).column
