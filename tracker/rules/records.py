"""What every game's record of a player shares (tracker/rules/<game>/records.py, the score
sheet's tracker/sheets/rules/records.py): what it is counted from, and its ratios.

A record is counted from a game's results as the rules return them, never from stored totals:
a replay is anything with ``names`` (seat order), ``settings`` and ``result`` (a game's whole
result, every hand or round of it). Players are told apart by name: names are unique in a group
(ignoring case) and a replay uses the players' current names, so a renamed player keeps his
whole record.
"""

from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal


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
