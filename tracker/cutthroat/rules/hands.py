"""Cutthroat Spades hands: what is entered and what a scored hand, game and tournament hold,
and the scoring of one bid and of the award jacks (the house rules, "Bids and points",
"Award jacks").

Import the public names from ``tracker.cutthroat.rules``; this module is one part of it.
"""

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from basics.errors import RulesError
from basics.names import check_names
from basics.phrases import Phrase, _


def check_players(players) -> list[str]:
    """The players of a tournament, in seat order: 3 to 5 names a table can tell apart."""
    if not isinstance(players, Sequence) or isinstance(players, str):
        raise RulesError(_("players: must be a list of names in seat order"))
    if not 3 <= len(players) <= 5:
        raise RulesError(
            _("players: Cutthroat takes 3 to 5 players, not %(count)s"), count=len(players)
        )
    check_names(players)
    return list(players)


@dataclass(frozen=True)
class Hand:
    """What was entered for one hand: bids and tricks by player, award jacks card → player."""

    bids: dict[str, int | str]
    tricks: dict[str, int]
    jacks: dict[str, str] = field(default_factory=dict)


@dataclass
class HandResult:
    """One scored hand. All dicts are keyed by player in seat order.

    ``score`` = ``bid_points`` + ``jack_points`` − ``bag_penalty``; ``bags`` is the bags held
    after the hand (per-hand mode: the bags taken in the hand, after any J♥).
    """

    game: int  # 1-based game number
    number: int  # 1-based within the game
    hand_index: int  # 0-based across the tournament
    dealer: str
    first_bidder: str
    hand: Hand
    bid_points: dict[str, int]
    jack_points: dict[str, int]
    bags_taken: dict[str, int]  # overtricks of the bid, before any J♥
    score: dict[str, int]
    bag_penalty: dict[str, int]
    bags: dict[str, int]
    totals: dict[str, int]


@dataclass
class GameSummary:
    """A game as the scoreboard lists it: its winner (None while it goes on) and its totals."""

    number: int
    winner: str | None
    totals: dict[str, int]
    hand_count: int


@dataclass
class GameResult(GameSummary):
    hands: list[HandResult] = field(default_factory=list)


@dataclass
class Standings:
    """Where the tournament stands, and what the next hand looks like.

    ``next_*``, ``totals``, ``bags`` and the Blind 6 fields describe the next hand (a new game
    starts from zero after a game is won). Once ``finished`` no hand may follow; the dealer
    fields still show where the rotation stands and Blind 6 is allowed to no one. ``games``
    lists every game that has a hand, the one in play last.
    """

    players: list[str]
    games: Sequence[GameSummary]
    wins: dict[str, int]
    champion: str | None
    finished: bool
    next_dealer: str
    next_first_bidder: str
    next_game: int
    next_hand: int
    totals: dict[str, int]
    bags: dict[str, int]
    blind_six_allowed: dict[str, bool]
    blind_six_reason: dict[str, Phrase]
    hands_played: int = 0


@dataclass
class TournamentResult(Standings):
    """The standings with every scored hand, game by game."""

    games: Sequence[GameResult]


def bidding_order(player_count: int, number: int) -> list[int]:
    """The seats in the order they bid in hand `number` (across the tournament): from the left
    of its dealer, clockwise. Seat 0 deals hand 1, so seat `number` bids first."""
    return [(number + step) % player_count for step in range(player_count)]


MADE, SET, OVER = "made", "set", "over"  # OVER: 1F or 2F taking more than its number


@dataclass(frozen=True)
class BidScore:
    """What one bid scored: its outcome (made, set, or over for 1F/2F), points and bags."""

    outcome: str
    points: int
    bags: int


def bid_score(bid: int | str, tricks: int, moon: int, nil_tricks_are_bags: bool = True):
    """The outcome, points and bags of one bid and the tricks taken (the house rules, "Bids
    and points")."""
    if bid in ("NIL", "BN"):
        value = 100 if bid == "NIL" else 200
        if tricks == 0:
            return BidScore(MADE, value, 0)
        return BidScore(SET, -value, tricks if nil_tricks_are_bags else 0)
    if bid in ("1F", "2F"):
        number, value = (1, 50) if bid == "1F" else (2, 40)
        if tricks == number:
            return BidScore(MADE, value, 0)
        if tricks > number:
            return BidScore(OVER, 10 * number, tricks - number)
        return BidScore(SET, -value, 0)
    if bid == "B6":
        return BidScore(MADE, 100, tricks - 6) if tricks >= 6 else BidScore(SET, -100, 0)
    if bid == "SM":  # a made moon takes no bags
        return BidScore(MADE, 150, 0) if tricks >= moon else BidScore(SET, -150, 0)
    assert isinstance(bid, int), bid  # every named bid is scored above
    if tricks >= bid:
        return BidScore(MADE, 10 * bid, tricks - bid)
    return BidScore(SET, -10 * bid, 0)


def score_bid(bid: int | str, tricks: int, moon: int, nil_tricks_are_bags: bool = True):
    """(points, bags) for one bid and the tricks taken (the house rules, "Bids and points")."""
    scored = bid_score(bid, tricks, moon, nil_tricks_are_bags)
    return scored.points, scored.bags


def jacks_by_player(caught: Mapping[str, str], awards: Mapping[str, int | str]):
    """Player → ([cards that count], [cards that count for nothing]): a player who caught more
    than one award jack gets nothing for any, unless all three of three (the house rules,
    "Award jacks")."""
    by_player: dict[str, list[str]] = {}
    for card, player in caught.items():
        by_player.setdefault(player, []).append(card)
    counted: dict[str, tuple[list[str], list[str]]] = {}
    for player, cards in by_player.items():
        if len(cards) > 1 and not (len(cards) == 3 == len(awards)):
            counted[player] = ([], cards)
        else:
            counted[player] = (cards, [])
    return counted


def jack_effects(caught: Mapping[str, str], awards: Mapping[str, int | str]):
    """(points, bags removed) per player who caught award jacks (the house rules, "Award jacks")."""
    points: dict[str, int] = {}
    removed: dict[str, int] = {}
    for player, (cards, _void) in jacks_by_player(caught, awards).items():
        for card in cards:
            award = awards[card]
            if isinstance(award, str):  # "bag"
                removed[player] = removed.get(player, 0) + 1
            else:
                points[player] = points.get(player, 0) + award
    return points, removed


HAND_RESULT_FIELDS = (
    "bid_points",
    "jack_points",
    "bags_taken",
    "score",
    "bag_penalty",
    "bags",
    "totals",
)


def hand_result_snapshot(result: HandResult, players: list[str]) -> dict:
    """A scored hand as JSON-ready values, players by seat."""
    snapshot: dict[str, object] = {
        "game": result.game,
        "number": result.number,
        "hand_index": result.hand_index,
        "dealer": players.index(result.dealer),
        "first_bidder": players.index(result.first_bidder),
    }
    for key in HAND_RESULT_FIELDS:
        snapshot[key] = [getattr(result, key)[p] for p in players]
    return snapshot


def hand_result_from_snapshot(snapshot: dict, players: list[str], hand: Hand) -> HandResult:
    named = {key: dict(zip(players, snapshot[key], strict=True)) for key in HAND_RESULT_FIELDS}
    return HandResult(
        game=snapshot["game"],
        number=snapshot["number"],
        hand_index=snapshot["hand_index"],
        dealer=players[snapshot["dealer"]],
        first_bidder=players[snapshot["first_bidder"]],
        hand=hand,
        **named,
    )
