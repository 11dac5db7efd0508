"""What the table view shows of a session: the stored state as the session's page words it,
only what matters from across a table (the money, whose deal, the side pot, the last round),
with short names for the big tiles."""

from tracker.catte import display
from tracker.catte.board import SessionBoard


def shown(board: SessionBoard) -> dict:
    played = board.latest_rounds(1)
    last = played[0] if played else None
    money = display.money_rows(board, board.settled)
    return {
        "board": board,
        "money": [
            {**row, "short": short} for row, short in zip(money, board.short_names, strict=True)
        ],
        "side_pot": display.side_pot_line(board, last),
        "last_round": display.round_row(board, last, can_correct=False) if last else None,
    }
