"""The shape of one Cắt Tê round: who deals, who is at the table, and how the tricks go.

These rules are asked both when a round is scored and while it is being tapped in at the table
(which tricks are left, who may still win one, whether the ace question applies), so the entry
screen never works them out on its own. Players may be names or seat numbers: anything that
tells them apart.
"""

from collections.abc import Hashable, Sequence
from typing import NoReturn

from tracker.rules import RulesError
from tracker.rules.catte_settings import Settings

FEWEST_AT_TABLE = 3
AUTO_WIN_HANDS = ("four_aces", "four_of_a_kind", "flush")
SWEEP_TRICKS, ALL_TRICKS = 4, 6


def round_dealer(players: Sequence, due: Hashable, absent: Sequence = ()) -> Hashable:
    """Who deals: the player due to deal (the last round's winner), or, when he sits the round
    out, the next player after him in seat order who is at the table."""
    start = players.index(due)
    for step in range(len(players)):
        player = players[(start + step) % len(players)]
        if player not in absent:
            return player
    raise RulesError("no one is at the table to deal")


def is_sweep(tricks: Sequence) -> bool:
    """One player won each of the first four tricks."""
    return len(tricks) >= SWEEP_TRICKS and len(set(tricks[:SWEEP_TRICKS])) == 1


def tricks_in_round(tricks: Sequence) -> int:
    """How many tricks the round has: four when they were a sweep, else six."""
    return SWEEP_TRICKS if is_sweep(tricks) else ALL_TRICKS


def tricks_if_taken_by(tricks: Sequence, player: Hashable) -> int:
    """How many tricks the round has when `player` takes every trick still to play: a sweep
    when he also won every trick so far of the first four."""
    first = tricks[:SWEEP_TRICKS]
    swept = len(first) < SWEEP_TRICKS and all(winner == player for winner in first)
    return SWEEP_TRICKS if swept else ALL_TRICKS


def survivors_after_four(at_table: Sequence, first_four: Sequence, folds: Sequence) -> list:
    """Who plays tricks 5 and 6: players who won one of the first four and did not fold.

    A sweep leaves its sweeper as the only survivor. Seat order, as `at_table` is given.
    """
    if len(first_four) != SWEEP_TRICKS:
        raise RulesError(f"{len(first_four)} tricks given; the first four are needed")
    for name in first_four:
        if name not in at_table:
            raise RulesError(f"{name}: won a trick but is not at the table")
    return [name for name in at_table if name in first_four and name not in folds]


def next_trick(tricks: Sequence) -> int | None:
    """The number of the trick to record next, or None when the round has all its tricks."""
    return None if len(tricks) >= tricks_in_round(tricks) else len(tricks) + 1


def may_win_next(at_table: Sequence, folds: Sequence, tricks: Sequence) -> list:
    """Who may win the next trick: at the table and not folded; after four, the survivors."""
    if next_trick(tricks) is None:
        return []
    if len(tricks) >= SWEEP_TRICKS:
        return survivors_after_four(at_table, tricks[:SWEEP_TRICKS], folds)
    return [player for player in at_table if player not in folds]


def eliminated_after_four(at_table: Sequence, folds: Sequence, tricks: Sequence) -> list:
    """Who is out after trick four of a round that goes on to the last trick."""
    if len(tricks) < SWEEP_TRICKS or is_sweep(tricks):
        return []
    survivors = survivors_after_four(at_table, tricks[:SWEEP_TRICKS], folds)
    return [player for player in at_table if player not in survivors]


def sweep_doubles(settings: Settings, at_table: Sequence, tricks: Sequence) -> bool:
    return is_sweep(tricks) and settings.sweep_pays_double(len(at_table))


def asks_about_the_ace(settings: Settings, at_table: Sequence, tricks: Sequence) -> bool:
    """Whether the table must say who, if anyone, held back the ace (the house rules)."""
    complete = len(tricks) == tricks_in_round(tricks)
    return settings.ace_penalty and complete and sweep_doubles(settings, at_table, tricks)


class Table:
    """The players at the table in one round, and the way its problems are reported."""

    def __init__(self, number: int, players: list[str], absent: list[str]):
        self.number, self.players = number, players
        self.check_list(absent, "absent")
        self.seats = [name for name in players if name not in absent]

    def fail(self, problem: str, player: str | None = None) -> NoReturn:
        where = (
            f"round {self.number}: {player}: " if player is not None else f"round {self.number}: "
        )
        raise RulesError(where + problem)

    def seated(self, name: str, doing: str) -> None:
        if name not in self.players:
            self.fail("not a player of this session", name)
        if name not in self.seats:
            self.fail(f"absent this round, so cannot {doing}", name)

    def check_list(self, names: list[str], what: str, doing: str | None = None) -> None:
        for index, name in enumerate(names):
            if doing is None:
                if name not in self.players:
                    self.fail("not a player of this session", name)
            else:
                self.seated(name, doing)
            if name in names[:index]:
                self.fail(f"listed twice in {what}", name)
