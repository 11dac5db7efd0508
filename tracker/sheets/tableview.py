"""What the table view shows of a sheet: the money (and points) after the last round and that
round with its payments, in big figures for a screen across the table."""

from tracker.sheets import display
from tracker.sheets.board import SheetBoard


def shown(board: SheetBoard) -> dict:
    played = board.latest_rounds(1)
    return {
        "board": board,
        "standings": display.standings(board),
        "last_round": display.round_row(board, played[0]) if played else None,
    }
