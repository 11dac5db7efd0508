"""What every game's record of a player shares (tracker/rules/<game>/records.py, the score
sheet's tracker/sheets/rules/records.py): what it is counted from, and its ratios.

A record is counted from a game's results as the rules return them, never from stored totals:
a replay is anything with ``names`` (seat order), ``settings`` and ``result`` (a game's whole
result, every hand or round of it). Players are told apart by name: names are unique in a group
(ignoring case) and a replay uses the players' current names, so a renamed player keeps his
whole record.
"""

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal
from typing import Protocol, TypeVar

from basics.collation import sort_key


@dataclass
class Replay:
    """A game's players, settings and results, as a record counts them."""

    names: list[str]
    settings: object
    result: object  # the rules' result of the whole game, every hand or round in it


def ratio(part: int, whole: int, places: str = "0.01") -> Decimal | None:
    """part / whole rounded half up to `places`; None when there is nothing to divide by."""
    if not whole:
        return None
    return (Decimal(part) / Decimal(whole)).quantize(Decimal(places), rounding=ROUND_HALF_UP)


def percent(part: int, whole: int) -> int | None:
    """part / whole in whole percent, half up; None when there is nothing to divide by."""
    share = ratio(100 * part, whole, "1")
    return None if share is None else int(share)


class RivalRow(Protocol):
    rival: str


Row = TypeVar("Row", bound=RivalRow)


def played_by(name: str, replays: Iterable) -> Iterator:
    """The replays `name` played in."""
    return (replay for replay in replays if name in replay.names)


def rival_rows(
    rows: dict[str, Row], name: str, at_table: Iterable[str], new_row: Callable[[str], Row]
) -> Iterator[Row]:
    """The row of each player at the table but `name`, in `rows` by rival, made when he is
    first met."""
    for rival in at_table:
        if rival != name:
            yield rows.setdefault(rival, new_row(rival))


def by_rival(rows: dict[str, Row]) -> list[Row]:
    """Rivalry rows in the order of their rivals' names."""
    return sorted(rows.values(), key=lambda row: sort_key(row.rival))
