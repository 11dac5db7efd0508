"""The rows of one game that every save's answer reads again (its latest rounds or hands, the
hand being played), in written SQL.

Composing such a query through the ORM took several times as long as the database took to run
it, and a save's answer makes several. The SQL is written once per shape from the models'
own table and column names; the rows come back as model instances, as from the ORM.
"""

import functools

from django.db import connection


def rows_of_game(model, game, where: str = "", params=(), order: str = "number", limit=None):
    """`model`'s rows of `game` (a tournament or session) in `order` ("-number": newest
    first), at most `limit`. `where` adds conditions with columns named by their fields in
    braces ("{number} > %s"), its values in `params`."""
    sql = _select(model, game._meta.model_name, where, order, limit is not None)
    values = [game.pk, *params] + ([limit] if limit is not None else [])
    return model.objects.raw(sql, values)


@functools.cache
def _select(model, game_field: str, where: str, order: str, limited: bool) -> str:
    quote = connection.ops.quote_name
    columns = {field.name: quote(field.column) for field in model._meta.concrete_fields}
    sql = f"SELECT * FROM {quote(model._meta.db_table)} WHERE {columns[game_field]} = %s"
    if where:
        sql += " AND " + where.format(**columns)
    sql += f" ORDER BY {columns[order.lstrip('-')]}" + (" DESC" if order[0] == "-" else "")
    return sql + (" LIMIT %s" if limited else "")
