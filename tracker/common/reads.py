"""The rows that every save and its answer read again (a game's seats and their players, its
latest rounds or hands, the hand being played, the group's players), in written SQL.

Composing such a query through the ORM took several times as long as the database took to run
it, and a save's answer makes several. The SQL is written once per shape from the models'
own table and column names; the rows come back as model instances, as from the ORM.
"""

import functools

from tracker.common.sql import column, rows, table


def rows_of(model, owner, where: str = "", params=(), order: str = "number", limit=None):
    """`model`'s rows of `owner` (a tournament, a session, a group) in `order` ("-number":
    newest first), at most `limit`. `where` adds conditions with columns named by their fields
    in braces ("{number} > %s"), its values in `params`."""
    sql = _select(model, owner._meta.model_name, where, order, limit is not None)
    values = [owner.pk, *params] + ([limit] if limit is not None else [])
    return rows(model, sql, values)


@functools.cache
def _select(model, owner_field: str, where: str, order: str, limited: bool) -> str:
    columns = {field.name: column(model, field.name) for field in model._meta.concrete_fields}
    sql = f"SELECT * FROM {table(model)} WHERE {columns[owner_field]} = %s"
    if where:
        sql += " AND " + where.format(**columns)
    sql += f" ORDER BY {columns[order.lstrip('-')]}" + (" DESC" if order[0] == "-" else "")
    return sql + (" LIMIT %s" if limited else "")


def seats_with_players(game) -> list:
    """The seats of a tournament or session in order, each with its player."""
    seat_model = game.seats.model
    seats = list(rows_of(seat_model, game, order="seat"))
    player_model = seat_model._meta.get_field("player").related_model
    sql = _seated_players(seat_model, player_model, game._meta.model_name)
    players = {player.pk: player for player in rows(player_model, sql, [game.pk])}
    for seat in seats:
        seat.player = players[seat.player_id]
    return seats


@functools.cache
def _seated_players(seat_model, player_model, game_field: str) -> str:
    seated = (
        f"SELECT {column(seat_model, 'player')} FROM {table(seat_model)}"
        f" WHERE {column(seat_model, game_field)} = %s"
    )
    return f"SELECT * FROM {table(player_model)} WHERE {column(player_model, 'pk')} IN ({seated})"
