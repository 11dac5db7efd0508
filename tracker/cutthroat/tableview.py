"""What the table view shows of a tournament: the stored state as the tournament's page words
it, only what matters from across a table (the scores and bags, whose deal, the bids in, the
last hand), with short names for the big tiles."""

from tracker.cutthroat import display
from tracker.cutthroat.board import Scoreboard, latest_hands


def last_hand_row(board: Scoreboard, hand) -> dict:
    """The last played hand: per player what he bid, took and scored."""
    row = display.hand_row(board, hand)
    return {
        "name": display.hand_name(hand.game, hand.number),
        "dealer": row["dealer"],
        "cells": [
            {**cell, "short": short}
            for cell, short in zip(row["cells"], display.short_names(board), strict=True)
        ],
    }


def shown(board: Scoreboard) -> dict:
    hands = latest_hands(board, 1)
    last = hands[-1] if hands else None
    game, number = board.next_hand()
    pending = board.pending
    bids = {"bids": pending.bids} if pending is not None else None
    return {
        "board": board,
        "standings": display.standings(board, last),
        "next_name": display.capital(display.hand_name(game, number)),
        "bids_in": display.describe_entry(bids, board.names),
        "last_hand": last_hand_row(board, last) if last else None,
        "game_over": display.game_over(board),
        "wins_needed": board.settings.wins_needed,
    }
