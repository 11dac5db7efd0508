"""The names written SQL gives the models' tables and columns, and a raw query's first row.

A few queries are made on every save and every page: a group and its game, the session, the
latest rows of a game, the rows a save writes. Composing them through the ORM took several
times as long as the database took to run them, so they are written as SQL
(tracker/common/reads.py, writes.py, permissions.py, sessions.py, changes.py and the ledger's
accounts), each made once per shape from the names below.
"""

from django.db import connection


def table(model) -> str:
    return connection.ops.quote_name(model._meta.db_table)


def column(model, name: str) -> str:
    """The column of field `name` of `model` ("pk": its key)."""
    field = model._meta.pk if name == "pk" else model._meta.get_field(name)
    return connection.ops.quote_name(field.column)


def first(rows):
    """The first of a raw query's rows, or None."""
    return next(iter(rows), None)
