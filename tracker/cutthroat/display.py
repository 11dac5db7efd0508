"""The scoreboard's rows: what the rules computed, arranged and worded for the table.

Hands are named within their game everywhere a person reads them ("game 2 · hand 1"); the
tournament-wide number (`Hand.number`) stays in the database, the URLs and the logs.
"""

from django.utils.functional import Promise
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from core.fragments import CachedRow, digest
from core.locale_money import amount_text
from core.versioning import game_identity
from tracker.cutthroat import rules as cutthroat
from tracker.cutthroat.board import Scoreboard, every_hand_row, latest_hand_rows, stored_result
from tracker.cutthroat.models import Hand

# How long a rendered table of played hands is cached (tournament.html).
HISTORY_SECONDS_KEPT = 24 * 60 * 60

# Bids where a table cell is narrow ("1F" and "2F" stay as the table writes them).
SHORT_BIDS: dict[str, str | Promise] = {
    # Translators: the bid Nil, in a narrow table cell.
    "NIL": gettext_lazy("Nil"),
    # Translators: short for the bid Blind Nil, in a narrow table cell.
    "BN": gettext_lazy("BN"),
    "1F": "1F",
    "2F": "2F",
    # Translators: short for the bid Blind 6, in a narrow table cell.
    "B6": gettext_lazy("B6"),
    # Translators: short for the bid Shoot the Moon, in a narrow table cell.
    "SM": gettext_lazy("Moon"),
}


def short_bid(bid: int | str) -> int | str | Promise:
    """A bid as a narrow table cell writes it: "Nil", "BN", "1F", 7."""
    return SHORT_BIDS.get(bid, bid) if isinstance(bid, str) else bid


# A bid's outcome with its points, among the parts of a hand's score.
OUTCOMES = {
    # Translators: a bid reached, with its points: "made +30".
    cutthroat.MADE: gettext_lazy("made %(points)s"),
    # Translators: a bid missed, with the points it lost: "set -40".
    cutthroat.SET: gettext_lazy("set %(points)s"),
    # Translators: 1F or 2F taking more tricks than its number, with its points: "over +10".
    cutthroat.OVER: gettext_lazy("over %(points)s"),
}


def part_text(part: cutthroat.ScorePart) -> str:
    """One part of a hand's score in a few words: "made +30", "8 bags", "bag-out -100"."""
    points, cards = signed(part.points), " ".join(cutthroat.JACK_NAMES[c] for c in part.cards)
    if part.kind == cutthroat.BID:
        assert part.outcome is not None  # every bid is made, set or over
        return OUTCOMES[part.outcome] % {"points": points}
    if part.kind == cutthroat.BAGS:
        return ngettext("%(bags)s bag", "%(bags)s bags", part.bags) % {"bags": part.bags}
    if part.kind == cutthroat.JACK_BAG:
        return _("%(jack)s: one bag fewer") % {"jack": cards}
    if part.kind == cutthroat.BAG_OUT:
        # Translators: the bag limit reached in this hand, with the points it cost.
        return _("bag-out %(points)s") % {"points": points}
    if part.kind == cutthroat.BAG_COST:
        # Translators: bags counted each hand, with the points they cost in this hand.
        return _("bags %(points)s") % {"points": points}
    if part.kind == cutthroat.JACK:
        return f"{cards} {points}"
    # Translators: a player caught more than one award jack: none of them counts.
    return _("%(jacks)s: nothing (more than one)") % {"jacks": cards}


def score_in_parts(board: Scoreboard, hand: cutthroat.HandResult) -> dict[str, list[str]]:
    """Player → what made his score in the hand, part by part, in words."""
    breakdown = cutthroat.hand_breakdown(hand, board.settings)
    return {name: [part_text(part) for part in parts] for name, parts in breakdown.items()}


def hand_name(game: int, number: int) -> str:
    """A hand as the table counts it: "game 2 · hand 1"."""
    return _("game %(game)s · hand %(hand)s") % {"game": game, "hand": number}


def capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def signed(points: int) -> str:
    return f"+{points}" if points > 0 else str(points)


def short_names(board: Scoreboard) -> list[str]:
    """Names for narrow places (table headers, buttons), aligned with `board.names`."""
    return getattr(board, "short_names", board.names)


def played_name(hand) -> str:
    """A played hand's row as the table counts it, from what the rules computed for it."""
    return hand_name(hand.result["game"], hand.result["number"])


def standings(board: Scoreboard, last: cutthroat.HandResult | None) -> list[dict]:
    """One row per seat: total, bags, what the last hand scored (unless it ended the game: the
    totals are the next game's), wins, who deals next."""
    result, settings = board.standings, board.settings
    if last is not None and last.game != result.next_game:
        last = None
    rows = []
    for name, short in zip(board.names, short_names(board), strict=True):
        bags = result.bags.get(name, 0)
        rows.append(
            {
                "name": name,
                "short": short,
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
    """A played hand's row: per player his bid, tricks, score and total; with `parts`, what made
    the score when more than the bid did ("made +10", "8 bags", "bag-out -100")."""
    parts = score_in_parts(board, hand)
    cells = [
        {
            "bid": short_bid(hand.hand.bids[name]),
            "bid_label": cutthroat.bid_label(hand.hand.bids[name]),
            "tricks": hand.hand.tricks[name],
            "score": hand.score[name],
            "total": hand.totals[name],
            "bags": hand.bags[name],
            "penalty": hand.bag_penalty[name],
            "parts": parts[name] if len(parts[name]) > 1 else [],
        }
        for name in board.names
    ]
    return {
        "number": hand.hand_index + 1,
        "in_game": hand.number,
        "dealer": hand.dealer,
        "cells": cells,
    }


def hand_line(board: Scoreboard, hand: Hand) -> CachedRow:
    """A played hand's row in the table of its game, keyed by all it shows, which is worked out
    from what the hand holds: tournament.html caches each row under its key, so playing a
    hand renders its row only, and a cached row's cells are never worked out."""
    fragment_of = [board.tournament.group_id, game_identity(board.tournament)]
    jacks = sorted((hand.jacks or {}).items())  # PostgreSQL's jsonb does not keep key order
    shown = [hand.pk, hand.bids, hand.tricks, jacks, hand.result, board.tournament.rules]
    key = digest([*fragment_of, *shown, board.names])
    return CachedRow(key, lambda: hand_row(board, board.scored(hand)))


def history(board: Scoreboard, hands: list[Hand]) -> list[dict]:
    """Each game, newest first: its winner, final totals and the given hands that belong to it
    (`hands`: rows of the latest hands, or of every hand of the tournament)."""
    by_game: dict[int, list] = {}
    for hand in hands:
        by_game.setdefault(stored_result(hand)["game"], []).append(hand_line(board, hand))
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


def in_words(names: list[str]) -> str:
    """Names as a sentence lists them: "An, Chi and Dũng"."""
    if len(names) == 1:
        return names[0]
    return _("%(names)s and %(last)s") % {"names": ", ".join(names[:-1]), "last": names[-1]}


def money_of_game(board: Scoreboard, number: int) -> list[str]:
    """Who pays whom for game `number` (and the buy-ins, once the tournament is decided), when
    the table plays for money: "An, Chi and Dũng each pay Bình €2.50"."""
    tournament, group, result = board.tournament, board.group, board.standings
    owed = cutthroat.money_owed(result, tournament.game_stake, tournament.buy_in)
    lines = []
    for (what, part), amounts in owed.items():
        if what == cutthroat.GAME and part != number:
            continue
        winner = max(amounts, key=lambda name: amounts[name])
        payers = [name for name, amount in amounts.items() if amount < 0]
        each = amount_text(group, -amounts[payers[0]])  # every loser pays the same
        values = {"payers": in_words(payers), "winner": winner, "amount": each}
        if what == cutthroat.GAME:
            line = ngettext(
                "%(payers)s pays %(winner)s %(amount)s",
                "%(payers)s each pay %(winner)s %(amount)s",
                len(payers),
            )
        else:
            line = ngettext(
                "%(payers)s pays %(winner)s %(amount)s (buy-in)",
                "%(payers)s each pay %(winner)s %(amount)s (buy-in)",
                len(payers),
            )
        lines.append(line % values)
    return lines


def game_over(board: Scoreboard) -> dict | None:
    """The game the last hand won, as the table reads it before the next one starts: its final
    scores (highest first), its winner and his tokens, its money."""
    game = just_won(board)
    if game is None:
        return None
    result = board.standings
    rows = [
        {"name": name, "short": short, "total": game.totals[name], "won": name == game.winner}
        for name, short in zip(board.names, short_names(board), strict=True)
    ]
    return {
        "number": game.number,
        "winner": game.winner,
        "tokens": result.wins[game.winner],
        "rows": sorted(rows, key=lambda row: -row["total"]),
        "money": money_of_game(board, game.number),
        "champion": result.champion,
        "next_game": result.next_game,
    }


def undo(board: Scoreboard) -> dict | None:
    """What the undo in the corrections card says before it is confirmed."""
    last = board.last_hand()
    if last is None:
        return None
    where = {"game": last[0], "hand": last[1]}
    if board.pending is not None:
        return {
            "ask": _("Undo the bids of game %(game)s · hand %(hand)s…") % where,
            "do": _("Yes, undo the bids of game %(game)s · hand %(hand)s") % where,
            "explain": _("The bids are taken back; they stay in the history."),
        }
    explain = _("Its scores are taken back; it stays in the history of changes.")
    if won := just_won(board):
        values = {"game": won.number, "winner": won.winner}
        if board.tournament.game_stake:
            explain = _(
                "Its scores are taken back; it stays in the history of changes. It won game "
                "%(game)s for %(winner)s: that win and its money goes too."
            )
        else:
            explain = _(
                "Its scores are taken back; it stays in the history of changes. It won game "
                "%(game)s for %(winner)s: that win goes too."
            )
        explain %= values
    return {
        "ask": _("Undo game %(game)s · hand %(hand)s…") % where,
        "do": _("Yes, undo game %(game)s · hand %(hand)s") % where,
        "explain": explain,
    }


def money_in_words(board: Scoreboard) -> list[str]:
    tournament, group, lines = board.tournament, board.group, []
    if tournament.game_stake:
        stake = {"amount": amount_text(group, tournament.game_stake)}
        lines.append(_("Each game: every loser pays the winner %(amount)s") % stake)
    if tournament.buy_in:
        buy_in = {"amount": amount_text(group, tournament.buy_in)}
        lines.append(_("Buy-in %(amount)s each; the champion takes them all") % buy_in)
    return lines


def describe_entry(entry: dict | None, names: list[str]) -> str:
    """A hand as stored (by seat) in words: "An 4/6, Bình Nil/0, Chi 5/11; J♦ Chi, J♣ An"."""
    if not entry or "bids" not in entry:
        return ""
    tricks = entry.get("tricks") or [None] * len(names)
    players = ", ".join(
        f"{name} {short_bid(bid)}" + (f"/{took}" if took is not None else "")
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
    hands = every_hand_row(board) if every else latest_hand_rows(board, latest)
    game, number = board.next_hand()
    played, names = history(board, hands), short_names(board)
    # The rendered table of played hands is cached under a key of what it shows
    # (tournament.html).
    shown = [
        [game["number"], game["winner"], game["hidden"], game["final"]]
        + [line.key for line in game["hands"]]
        for game in played
    ]
    fragment_of = [board.tournament.group_id, game_identity(board.tournament)]
    rows, won = standings(board, board.scored(hands[-1]) if hands else None), game_over(board)
    result = board.standings
    # The standings (or the game just won) are cached under a key of what they show
    # (tournament.html).
    standing = [rows, won, game, number, result.next_dealer, result.next_first_bidder]
    return {
        "standings": rows,
        "standings_key": digest([*fragment_of, *standing, board.settings.wins_needed]),
        "history": played,
        "history_key": digest([*fragment_of, shown, names]),
        "history_seconds": HISTORY_SECONDS_KEPT,
        "game_over": won,
        "next_name": hand_name(game, number),
        "next_game": game,
        "next_number": number,
        "short_names": names,
        "undo": undo(board),
        "rules_in_words": cutthroat.describe_settings(board.settings, len(board.names))
        + money_in_words(board),
    }
