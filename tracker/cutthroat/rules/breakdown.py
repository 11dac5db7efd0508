"""What made each player's score in a scored hand, part by part: the bid made or set, the bags
it took, a bag-out or the bags' cost, the award jacks. The parts' points add up to the hand's
score, so a table can read why a score is what it is ("3/3 +30 · bag-out -100 · J♦ +10").

Nothing is decided twice: the outcome of a bid and which jacks count come from the functions
the scoring uses (``bid_score``, ``jacks_by_player``), the points and penalties from the scored
hand itself.

Import the public names from ``tracker.cutthroat.rules``; this module is one part of it.
"""

from dataclasses import dataclass

from tracker.cutthroat.rules.hands import HandResult, bid_score, jacks_by_player
from tracker.cutthroat.rules.settings import Settings

BID = "bid"  # the bid made, set or (1F, 2F) over: its points
BAGS = "bags"  # the bags the bid took in this hand: no points of their own
JACK_BAG = "jack_bag"  # J♥ caught where it removes a bag
BAG_OUT = "bag_out"  # the bag limit reached: -10 a bag held, bags back to 0
BAG_COST = "bag_cost"  # bags counted each hand: -10 a bag of this hand
JACK = "jack"  # an award jack's points
NO_JACKS = "no_jacks"  # more than one award jack caught: nothing for any


@dataclass(frozen=True)
class ScorePart:
    """One reason for a player's score in a hand; ``points`` is its share of the score."""

    kind: str
    points: int = 0
    bid: int | str | None = None  # BID: the bid and the tricks taken
    tricks: int | None = None
    outcome: str | None = None  # BID: "made", "set" or "over"
    bags: int = 0  # BAGS, BAG_OUT, BAG_COST, JACK_BAG: how many bags
    cards: tuple[str, ...] = ()  # JACK, JACK_BAG, NO_JACKS: "JD", "JC", "JH"


def hand_breakdown(result: HandResult, settings: Settings) -> dict[str, list[ScorePart]]:
    """Player → the parts of his score in the hand, in the order a table reads them: the bid,
    its bags, J♥, the bags' penalty, the jacks' points."""
    hand = result.hand
    moon = settings.moon(len(result.score))
    jacks = jacks_by_player(hand.jacks, settings.award_jacks)
    breakdown = {}
    for player in result.score:
        bid, tricks = hand.bids[player], hand.tricks[player]
        outcome = bid_score(bid, tricks, moon, settings.nil_tricks_are_bags).outcome
        parts = [ScorePart(BID, result.bid_points[player], bid, tricks, outcome)]
        if result.bags_taken[player]:
            parts.append(ScorePart(BAGS, bags=result.bags_taken[player]))
        counted, void = jacks.get(player, ([], []))
        awards = {card: settings.award_jacks[card] for card in counted}
        parts += [ScorePart(JACK_BAG, bags=1, cards=(c,)) for c, a in awards.items() if a == "bag"]
        if penalty := result.bag_penalty[player]:
            kind = BAG_OUT if bagged_out(result, player, settings) else BAG_COST
            parts.append(ScorePart(kind, -penalty, bags=penalty // 10))
        parts += [ScorePart(JACK, a, cards=(c,)) for c, a in awards.items() if isinstance(a, int)]
        if void:
            parts.append(ScorePart(NO_JACKS, cards=tuple(void)))
        breakdown[player] = parts
    return breakdown


def bagged_out(result: HandResult, player: str, settings: Settings) -> bool:
    """The player reached the bag limit in this hand (a penalty under "per hand" bags is the
    bags' cost, not a bag-out)."""
    return settings.bags_mode == "limit" and result.bag_penalty[player] > 0
