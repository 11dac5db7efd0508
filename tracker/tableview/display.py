"""What the table view shows of a game: the stored state as the game's own page words it, only
what matters from across a table (the money or the scores, whose deal, the side pot, the last
round or hand), with short names for the big tiles."""

from tracker.catte import display as catte_display
from tracker.catte.board import SessionBoard, latest_rounds
from tracker.cutthroat import display as cutthroat_display
from tracker.cutthroat.board import Scoreboard, latest_hands


def session_context(board: SessionBoard) -> dict:
    played = latest_rounds(board, 1)
    last = played[0] if played else None
    money = catte_display.money_rows(board, board.settled)
    return {
        "board": board,
        "money": [
            {**row, "short": short} for row, short in zip(money, board.short_names, strict=True)
        ],
        "side_pot": catte_display.side_pot_line(board, last),
        "last_round": catte_display.round_row(board, last, can_correct=False) if last else None,
    }


def last_hand_row(board: Scoreboard, hand) -> dict:
    """The last played hand: per player what he bid, took and scored."""
    row = cutthroat_display.hand_row(board, hand)
    return {
        "name": cutthroat_display.hand_name(hand.game, hand.number),
        "dealer": row["dealer"],
        "cells": [
            {**cell, "short": short}
            for cell, short in zip(row["cells"], cutthroat_display.short_names(board), strict=True)
        ],
    }


def tournament_context(board: Scoreboard) -> dict:
    hands = latest_hands(board, 1)
    last = hands[-1] if hands else None
    game, number = board.next_hand()
    pending = board.pending
    bids = {"bids": pending.bids} if pending is not None else None
    return {
        "board": board,
        "standings": cutthroat_display.standings(board, last),
        "next_name": cutthroat_display.capital(cutthroat_display.hand_name(game, number)),
        "bids_in": cutthroat_display.describe_entry(bids, board.names),
        "last_hand": last_hand_row(board, last) if last else None,
        "game_over": cutthroat_display.game_over(board),
        "wins_needed": board.settings.wins_needed,
    }
