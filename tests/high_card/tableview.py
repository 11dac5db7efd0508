"""What the table view shows of a table of high card: the money after the last round."""


def shown(board) -> dict:
    return {"board": board, "money": board.state.money}
