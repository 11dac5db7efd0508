"""A table of high card as its pages and changes read it: its seats, its stake and the money the
rules stored with it, replayed once only when the stored state is not of the table's version."""

from dataclasses import dataclass
from decimal import Decimal
from functools import partial

from basics.money import format_money
from core import recording
from core.boards import RoundsBoard, stored_state
from core.seats import seats_of
from tests.high_card import rules
from tests.high_card.models import HighCard, HighCardRound


@dataclass
class HighCardBoard(RoundsBoard):
    table: HighCard
    seats: list
    names: list[str]
    settings: Decimal  # the stake
    state: rules.State

    @property
    def game(self) -> HighCard:
        return self.table

    def played(self, row: HighCardRound) -> rules.RoundResult:
        if row.result is None:
            raise ValueError(f"round {row.pk} of the table is not scored")
        net = {self.names[int(seat)]: Decimal(amount) for seat, amount in row.result.items()}
        return rules.RoundResult(row.number, self.names[row.entry["winner"]], net)

    def entry_of(self, winner: str) -> dict:
        return {"winner": self.names.index(winner)}


def load(table: HighCard) -> HighCardBoard:
    seats = seats_of(table)
    names = [seat.player.name for seat in seats]
    stake = Decimal(table.rules["stake"])
    resume = partial(rules.State.resume, names)
    state = stored_state(table, resume, partial(rebuild, table, seats, names, stake))
    return HighCardBoard(table, seats, names, stake, state)


def replay(board: HighCardBoard, rows: list[HighCardRound]) -> list[rules.RoundResult]:
    """Play `rows` from the start; `board.state` becomes the state after them."""
    board.state = rules.State(board.names)
    winners = [board.names[row.entry["winner"]] for row in rows]
    return [board.state.play(board.settings, winner) for winner in winners]


def store_results(rows: list[HighCardRound], results: list, names: list[str]) -> None:
    for row, result in zip(rows, results, strict=True):
        row.result = stored_result(result, names)
    HighCardRound.objects.bulk_update(rows, ["result"])


def stored_result(result: rules.RoundResult, names: list[str]) -> dict:
    return {str(names.index(name)): format_money(amount) for name, amount in result.net.items()}


def replay_stored(board: HighCardBoard) -> list[rules.RoundResult]:
    """Every round played again from the start, its result stored with its row."""
    rows = list(board.table.rounds.all())
    results = replay(board, rows)
    store_results(rows, results, board.names)
    return results


def rebuild(table: HighCard, seats, names, stake) -> rules.State:
    """The table replayed once and what it computed stored, for the version it was read at."""
    board = HighCardBoard(table, seats, names, stake, rules.State(names))
    rows = list(table.rounds.all())
    write_results = partial(store_results, rows, replay(board, rows), names)
    stored = {"round_count": len(rows)}
    recording.store_replayed(table, board.state.snapshot(), stored, write_results)
    return board.state
