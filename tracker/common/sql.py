"""The names written SQL gives the models' tables and columns, and the rows it reads as
instances of the models.

A few queries are made on every save and every page: a group and its game, the session, the
latest rows of a game, the rows a save writes. Composing them through the ORM took several
times as long as the database took to run them, so they are written as SQL
(tracker/common/reads.py, writes.py, permissions.py, sessions.py, changes.py and the ledger's
accounts), each made once per shape from the names below.
"""

import weakref

from django.db import DEFAULT_DB_ALIAS, connection, connections


def table(model) -> str:
    return connection.ops.quote_name(model._meta.db_table)


def column(model, name: str) -> str:
    """The column of field `name` of `model` ("pk": its key)."""
    field = model._meta.pk if name == "pk" else model._meta.get_field(name)
    return connection.ops.quote_name(field.column)


def first(found):
    """The first of the rows a query found, or None."""
    return next(iter(found), None)


def rows(model, sql: str, params) -> list:
    """Instances of `model` for the rows `sql` selects, as the ORM makes them: its columns
    become fields, any other column an attribute of the same name.

    What the ORM's raw queries do for every query (matching columns to fields, finding each
    field's converters) is done once per model and set of columns here: for the small queries
    of a page or a save, that took longer than reading the rows.
    """
    database = connections[DEFAULT_DB_ALIAS]
    with database.cursor() as cursor:
        cursor.execute(sql, params)
        columns = tuple(described[0] for described in cursor.description)
        found = cursor.fetchall()
    if not found:
        return []
    makers = _makers.setdefault(database, {})
    make = makers.get((model, columns))
    if make is None:
        make = makers[model, columns] = _maker(database, model, columns)
    return [make(row) for row in found]


# Per connection (one per thread): the converters are the connection's own.
_makers = weakref.WeakKeyDictionary()


def _maker(database, model, columns: tuple):
    """A function making an instance of `model` from a row of `columns`."""
    by_column = {field.column: field for field in model._meta.concrete_fields}
    if model._meta.pk.column not in columns:
        raise ValueError(f"a query for {model.__name__} rows must select its key")
    fields = [field for field in model._meta.concrete_fields if field.column in columns]
    names = [field.attname for field in fields]
    positions = [columns.index(field.column) for field in fields]
    extra = [(name, at) for at, name in enumerate(columns) if name not in by_column]
    converters = []
    for at, name in enumerate(columns):
        if name in by_column:
            expression = by_column[name].get_col(model._meta.db_table)
            found = database.ops.get_db_converters(expression)
            found += expression.get_db_converters(database)
            if found:
                converters.append((at, found, expression))
    alias = database.alias

    def make(row):
        if converters:
            row = list(row)
            for at, functions, expression in converters:
                for convert in functions:
                    row[at] = convert(row[at], expression, database)
        instance = model.from_db(alias, names, [row[at] for at in positions])
        for name, at in extra:
            setattr(instance, name, row[at])
        return instance

    return make
