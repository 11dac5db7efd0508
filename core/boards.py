"""What every game's board has: the game (each kind's board names it in its own word too:
`session`, `tournament`, `sheet`), its seats in seat order, its players' names, the settings the
rules read and the state they computed, stored with the game for the version it belongs to and
replayed only when it is not (`stored_state`).
"""

from collections.abc import Callable
from typing import Any, TypeVar

from core.models.games import Game
from core.names import short_names_of

State = TypeVar("State")


class Board:
    seats: list  # its seat rows, in seat order
    names: list[str]

    @property
    def game(self) -> Game:
        """The game itself: each kind's board says which of its fields it is."""
        raise NotImplementedError

    @property
    def group(self):
        return self.game.group

    @property
    def is_closed(self) -> bool:
        return self.game.is_closed

    @property
    def players(self) -> dict:
        return {seat.player.name: seat.player for seat in self.seats}

    @property
    def short_names(self) -> list[str]:
        """Aligned with `names`: for table headers, chart labels and buttons."""
        return short_names_of(seat.player for seat in self.seats)


class RoundsBoard(Board):
    """The board of a game played in rounds (Cắt Tê, the score sheet): its rows
    `game.rounds`, each read back with what the rules computed for it by `played`."""

    state: Any  # the rules' state after the last round

    @property
    def rounds_played(self) -> int:
        return self.state.rounds_played

    @property
    def next_number(self) -> int:
        return self.state.rounds_played + 1

    def played(self, row):
        """The round of `row` as entered, with its stored result."""
        raise NotImplementedError

    @property
    def rounds(self):
        """The game's rows of rounds: each kind played in rounds keeps them as `rounds`."""
        game: Any = self.game
        return game.rounds

    def latest_round_rows(self, limit: int | None = None) -> list:
        """The rows of the latest `limit` rounds (all of them without), newest first."""
        return list(self.rounds.order_by("-number")[:limit])

    def latest_rounds(self, limit: int | None = None) -> list:
        """The latest `limit` rounds (all of them without), newest first, with their results."""
        return [self.played(row) for row in self.latest_round_rows(limit)]

    def every_round(self) -> list:
        """Every round in order (the rounds may come prefetched)."""
        return [self.played(row) for row in self.rounds.all()]


def stored_state(
    game: Game, resume: Callable[[dict], State], rebuild: Callable[[], State]
) -> State:
    """The state the rules computed, read back when it was stored for the game's version, or
    else replayed once (and stored again) by `rebuild`."""
    if game.state is not None and game.state_version == game.version:
        return resume(game.state)
    return rebuild()
