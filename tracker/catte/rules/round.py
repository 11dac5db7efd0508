"""The shape of one Cắt Tê round: who deals, who is at the table, and how the tricks go.

These rules are asked both when a round is scored and while it is being tapped in at the table
(which tricks are left, who may still win one, whether the ace question applies), so the entry
screen never works them out on its own. Players may be names or seat numbers: anything that
tells them apart.
"""

from collections.abc import Hashable, Sequence
from typing import NoReturn, TypeVar

from basics.errors import RulesError
from basics.phrases import Phrase, _
from tracker.catte.rules.settings import Settings

Player = TypeVar("Player", bound=Hashable)  # a name, or a seat
FEWEST_AT_TABLE = 3
AUTO_WIN_HANDS = ("four_aces", "four_of_a_kind", "flush")
SWEEP_TRICKS, ALL_TRICKS = 4, 6


def round_dealer(players: Sequence[Player], due: Player, absent: Sequence[Player] = ()) -> Player:
    """Who deals: the player due to deal (the last round's winner), or, when he sits the round
    out, the next player after him in seat order who is at the table."""
    start = players.index(due)
    for step in range(len(players)):
        player = players[(start + step) % len(players)]
        if player not in absent:
            return player
    raise RulesError(_("no one is at the table to deal"))


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


def survivors_after_four(
    at_table: Sequence[Player], first_four: Sequence[Player], folds: Sequence[Player]
) -> list[Player]:
    """Who plays tricks 5 and 6: players who won one of the first four and did not fold.

    A sweep leaves its sweeper as the only survivor. Seat order, as `at_table` is given.
    """
    if len(first_four) != SWEEP_TRICKS:
        raise RulesError(
            _("%(count)s tricks given; the first four are needed"), count=len(first_four)
        )
    for name in first_four:
        if name not in at_table:
            raise RulesError(_("%(player)s: won a trick but is not at the table"), player=name)
    return [name for name in at_table if name in first_four and name not in folds]


def next_trick(tricks: Sequence) -> int | None:
    """The number of the trick to record next, or None when the round has all its tricks."""
    return None if len(tricks) >= tricks_in_round(tricks) else len(tricks) + 1


def may_win_next(
    at_table: Sequence[Player], folds: Sequence[Player], tricks: Sequence[Player]
) -> list[Player]:
    """Who may win the next trick: at the table and not folded; after four, the survivors."""
    if next_trick(tricks) is None:
        return []
    if len(tricks) >= SWEEP_TRICKS:
        return survivors_after_four(at_table, tricks[:SWEEP_TRICKS], folds)
    return [player for player in at_table if player not in folds]


def last_one_left(
    at_table: Sequence[Player], folds: Sequence[Player], tricks: Sequence[Player]
) -> Player | None:
    """The player left when everyone else who could still win a trick has folded: he wins the
    remaining tricks, and the round is scored from them like any other (a sweep if he won all
    of the first four). None while two or more are in, or when no trick is left to play.

    After trick four only the survivors are still in: a fold by a player already out changes
    nothing, a fold by a survivor may leave the other one alone."""
    left = may_win_next(at_table, folds, tricks)
    return left[0] if len(left) == 1 else None


def eliminated_after_four(
    at_table: Sequence[Player], folds: Sequence[Player], tricks: Sequence[Player]
) -> list[Player]:
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
    """The players at the table in one round, and the way its problems are reported: a
    problem is a phrase, put after the round and the player it is about."""

    def __init__(self, number: int, players: list[str], absent: list[str]):
        self.number, self.players = number, players
        self.check_list(absent, "absent")
        self.seats = [name for name in players if name not in absent]

    def fail(self, problem: str | Phrase, player: str | None = None, /, **params) -> NoReturn:
        """Refuse the round: `problem` is a template marked with `_` filled with `params` (or a
        built phrase), about `player` if given."""
        if not isinstance(problem, Phrase):
            problem = Phrase(problem, **params)
        where = Phrase(_("round %(number)s"), number=self.number)
        if player is None:
            raise RulesError(_("%(where)s: %(problem)s"), where=where, problem=problem)
        raise RulesError(
            _("%(where)s: %(player)s: %(problem)s"), where=where, player=player, problem=problem
        )

    def seated(self, name: str, doing: Phrase) -> None:
        if name not in self.players:
            self.fail(_("not a player of this session"), name)
        if name not in self.seats:
            self.fail(_("absent this round, so cannot %(doing)s"), name, doing=doing)

    def check_list(self, names: list[str], what: str, doing: Phrase | None = None) -> None:
        """Refuse a name twice in the list `what` (its key in the log), or a name that is no
        player; with `doing`, one who is not at the table to do it."""
        for index, name in enumerate(names):
            if doing is None:
                if name not in self.players:
                    self.fail(_("not a player of this session"), name)
            else:
                self.seated(name, doing)
            if name in names[:index]:
                self.fail(_("listed twice in %(what)s"), name, what=what)
