"""What every save writes (the round or hand, the line in the history, the ledger's transaction
and postings, the game's kept state), with written SQL.

Django composes an INSERT anew for every row, and for a save that took longer than the
database took to write its rows. This does what `Model.save()` does for a new row without
signals: each field's value as its `pre_save` gives it (defaults, `auto_now_add`), prepared for
the database by the field itself, and the new key read back.
"""

import functools

from django.db import connection

from tracker.common.sql import column, table


def insert(instance):
    """Write `instance` as a new row and give it its key; returns it."""
    model, meta = type(instance), type(instance)._meta
    with connection.cursor() as cursor:
        cursor.execute(_insert_sql(model, returning=True), _values(instance))
        if connection.features.can_return_columns_from_insert:
            key = cursor.fetchone()[0]
        else:
            key = connection.ops.last_insert_id(cursor, meta.db_table, meta.pk.column)
    setattr(instance, meta.pk.attname, key)
    instance._state.adding, instance._state.db = False, connection.alias
    return instance


def insert_all(instances: list) -> None:
    """Write `instances` (of one model) as new rows, without reading their keys back."""
    if not instances:
        return
    with connection.cursor() as cursor:
        sql = _insert_sql(type(instances[0]), returning=False)
        cursor.executemany(sql, [_values(instance) for instance in instances])


def _values(instance) -> list:
    """A new row's values, as `Model.save()` prepares them."""
    return [
        field.get_db_prep_save(field.pre_save(instance, True), connection)
        for field in _fields(type(instance))
    ]


@functools.cache
def _fields(model) -> list:
    return [field for field in model._meta.concrete_fields if not field.primary_key]


@functools.cache
def _insert_sql(model, returning: bool) -> str:
    columns = ", ".join(column(model, field.name) for field in _fields(model))
    placeholders = ", ".join(["%s"] * len(_fields(model)))
    sql = f"INSERT INTO {table(model)} ({columns}) VALUES ({placeholders})"
    if returning and connection.features.can_return_columns_from_insert:
        sql += " " + connection.ops.return_insert_columns([model._meta.pk])[0]
    return sql


# The integers a database column holds (64 bits); a number from outside may be any size.
SMALLEST, LARGEST = -(2**63), 2**63 - 1


def update_if(model, key, expected: dict, changes: dict) -> int:
    """UPDATE row `key` of `model` with `changes` (field → value) where its fields still hold
    `expected` (None: no value); how many rows changed, 0 or 1."""
    if any(
        isinstance(value, int) and not SMALLEST <= value <= LARGEST for value in expected.values()
    ):
        return 0  # no column holds such a number, so no row has it (SQLite refuses to compare it)
    sets, values = [], []
    for name, value in changes.items():
        field = model._meta.get_field(name)
        if hasattr(value, "prepare_database_save"):  # a row, for a foreign key: its key
            value = value.prepare_database_save(field)
        sets.append(f"{column(model, name)} = %s")
        values.append(field.get_db_prep_save(value, connection))
    where, compared = [f"{column(model, 'pk')} = %s"], [key]
    for name, value in expected.items():
        if value is None:
            where.append(f"{column(model, name)} IS NULL")
        else:
            where.append(f"{column(model, name)} = %s")
            compared.append(value)
    with connection.cursor() as cursor:
        cursor.execute(
            f"UPDATE {table(model)} SET {', '.join(sets)} WHERE {' AND '.join(where)}",
            [*values, *compared],
        )
        return cursor.rowcount


def add_to(model, name: str, amounts: dict) -> None:
    """Add to field `name` of each row (key → amount), in the database: two saves at once never
    lose one of their additions."""
    added = column(model, name)
    with connection.cursor() as cursor:
        cursor.executemany(
            f"UPDATE {table(model)} SET {added} = {added} + %s WHERE {column(model, 'pk')} = %s",
            [(amount, key) for key, amount in amounts.items()],
        )
