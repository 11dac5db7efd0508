"""A score sheet as its pages and changes read it: its seats, settings and the state the rules
stored with it (money and points after the last round).

A page reads the stored state back and replays nothing; only when the stored state is not of
the sheet's version (rounds written in bulk, a state never stored) is the sheet replayed once
and the state stored again. Rounds are stored by seat, so renaming a player rewrites nothing.
"""

from dataclasses import dataclass
from functools import partial

from core import recording
from core.boards import RoundsBoard, stored_state
from core.locale_money import amount_text
from core.seats import seats_of
from tracker.sheets import rules as sheet
from tracker.sheets.entries import rules_round
from tracker.sheets.models import Sheet, SheetRound
from tracker.sheets.rules import RoundResult, Settings, SheetState


@dataclass
class PlayedRound:
    row: SheetRound
    round: sheet.Round  # as entered, players by name
    result: sheet.RoundResult


@dataclass
class SheetBoard(RoundsBoard):
    sheet: Sheet
    seats: list  # SheetSeat rows in seat order
    names: list[str]
    settings: Settings
    state: SheetState

    @property
    def game(self) -> Sheet:
        return self.sheet

    @property
    def by_points(self) -> bool:
        return self.settings.money_by == "points"

    def money(self, amount) -> str:
        """An amount of the group's money as the reader writes it."""
        return amount_text(self.group, amount)

    def words(self, result: RoundResult) -> list:
        """A scored round's payments in words, a line each, money as the reader writes it."""
        return result.words(partial(amount_text, self.group))

    def sat_out_last(self) -> dict:
        """The round form's ticks of who sat the last round out: the table stays as it was
        until a tap changes it."""
        last = self.sheet.rounds.order_by("-number").values_list("entry", flat=True).first()
        return {f"absent_{seat}": True for seat in (last or {}).get("absent", [])}

    def played(self, row: SheetRound) -> PlayedRound:
        if row.result is None:
            raise ValueError(f"round {row.pk} of the sheet is not scored")
        result = sheet.round_result_from_snapshot(row.result, self.names)
        return PlayedRound(row, rules_round(row.entry, self.names), result)


def load(sheet_row: Sheet) -> SheetBoard:
    """The sheet with its stored state (seats may come prefetched)."""
    seats = seats_of(sheet_row)
    names = [seat.player.name for seat in seats]
    settings = sheet.settings_from_rules(sheet_row.rules)
    state = stored_state(
        sheet_row,
        partial(sheet.SheetState.resume, names),
        partial(rebuild, sheet_row, names, settings),
    )
    return SheetBoard(sheet_row, seats, names, settings, state)


def replay(board: SheetBoard, rows: list[SheetRound]) -> list[sheet.RoundResult]:
    """Play `rows` from the start; `board.state` becomes the state after them."""
    board.state = sheet.SheetState(board.names)
    return [board.state.play(board.settings, rules_round(row.entry, board.names)) for row in rows]


def store_results(rows: list[SheetRound], results: list, names: list[str]) -> None:
    for row, result in zip(rows, results, strict=True):
        row.result = sheet.round_result_snapshot(result, names)
    SheetRound.objects.bulk_update(rows, ["result"], batch_size=500)


def rebuild(sheet_row: Sheet, names, settings) -> sheet.SheetState:
    """Replay the sheet once and store what it computed, for the version it was read at."""
    board = SheetBoard(sheet_row, seats_of(sheet_row), names, settings, sheet.SheetState(names))
    rows = list(sheet_row.rounds.all())
    write_results = partial(store_results, rows, replay(board, rows), names)
    stored = {"round_count": len(rows)}
    recording.store_replayed(sheet_row, board.state.snapshot(), stored, write_results)
    return board.state
