"""The scoreboard's rows: what the rules computed, arranged and worded for the table."""

from tracker.cutthroat.board import Scoreboard, every_hand, latest_hands
from tracker.rules import cutthroat

SHORT_BIDS = {"NIL": "Nil", "BN": "BN", "1F": "1F", "2F": "2F", "B6": "B6", "SM": "Moon"}


def standings(board: Scoreboard, last: cutthroat.HandResult | None) -> list[dict]:
    """One row per seat: total, bags, what the last hand scored, wins, who deals next."""
    result, settings = board.standings, board.settings
    rows = []
    for name in board.names:
        bags = result.bags.get(name, 0)
        rows.append(
            {
                "name": name,
                "total": result.totals.get(name, 0),
                "bags": bags,
                "bags_left": settings.bag_limit - bags if settings.bags_mode == "limit" else None,
                "last_score": last.score[name] if last else None,
                "wins": result.wins.get(name, 0),
                "deals_next": name == result.next_dealer,
            }
        )
    return rows


def hand_row(board: Scoreboard, hand: cutthroat.HandResult) -> dict:
    cells = [
        {
            "bid": SHORT_BIDS.get(hand.hand.bids[name], hand.hand.bids[name]),
            "bid_label": cutthroat.bid_label(hand.hand.bids[name]),
            "tricks": hand.hand.tricks[name],
            "score": hand.score[name],
            "total": hand.totals[name],
            "bags": hand.bags[name],
            "penalty": hand.bag_penalty[name],
        }
        for name in board.names
    ]
    return {
        "number": hand.hand_index + 1,
        "in_game": hand.number,
        "dealer": hand.dealer,
        "cells": cells,
    }


def history(board: Scoreboard, hands: list[cutthroat.HandResult]) -> list[dict]:
    """Each game, newest first: its winner, final totals and the given hands that belong to it
    (`hands`: the latest hands, or every hand of the tournament)."""
    by_game: dict[int, list] = {}
    for hand in hands:
        by_game.setdefault(hand.game, []).append(hand_row(board, hand))
    return [
        {
            "number": game.number,
            "winner": game.winner,
            "hands": by_game.get(game.number, []),
            "hidden": game.hand_count - len(by_game.get(game.number, [])),
            "final": [game.totals[name] for name in board.names],
        }
        for game in reversed(board.standings.games)
    ]


def just_won(board: Scoreboard):
    """The game the last hand won, if it did and the next game has not started yet."""
    games = board.standings.games
    if board.pending is None and games and games[-1].winner:
        return games[-1]
    return None


def money_in_words(board: Scoreboard) -> list[str]:
    tournament, group, lines = board.tournament, board.group, []
    if tournament.game_stake:
        stake = group.format_amount(tournament.game_stake)
        lines.append(f"Each game: every loser pays the winner {stake} {group.currency}")
    if tournament.buy_in:
        buy_in = group.format_amount(tournament.buy_in)
        lines.append(f"Buy-in {buy_in} {group.currency} each; the champion takes them all")
    return lines


def describe_entry(entry: dict | None, names: list[str]) -> str:
    """A hand as stored (by seat) in words: "An 4/6, Bình Nil/0, Chi 5/11; J♦ Chi, J♣ An"."""
    if not entry or "bids" not in entry:
        return ""
    tricks = entry.get("tricks") or [None] * len(names)
    players = ", ".join(
        f"{name} {SHORT_BIDS.get(bid, bid)}" + (f"/{took}" if took is not None else "")
        for name, bid, took in zip(names, entry["bids"], tricks, strict=True)
    )
    caught = entry.get("jacks") or {}
    jacks = ", ".join(
        f"{cutthroat.JACK_NAMES[card]} {names[caught[card]]}"
        for card in cutthroat.AWARD_JACKS  # PostgreSQL's jsonb does not keep key order
        if card in caught
    )
    return players + (f"; {jacks}" if jacks else "")


def scoreboard_context(board: Scoreboard, every: bool, latest: int) -> dict:
    """Everything the scoreboard shows of the tournament: with `every`, every hand of every
    game; else the latest hands of the last game."""
    hands = every_hand(board) if every else latest_hands(board, latest)
    return {
        "standings": standings(board, hands[-1] if hands else None),
        "history": history(board, hands),
        "just_won": just_won(board),
        "rules_in_words": cutthroat.describe_settings(board.settings, len(board.names))
        + money_in_words(board),
    }
