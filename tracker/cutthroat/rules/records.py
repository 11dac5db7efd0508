"""A player's Cutthroat record over the group's tournaments, and his games against each rival,
counted from the rules' results (tracker/rules/records.py says what a replay is)."""

from collections.abc import Iterable
from dataclasses import dataclass
from decimal import Decimal

from tracker.rules.records import by_rival, percent, played_by, ratio, rival_rows


@dataclass
class PlayerRecord:
    tournaments: int = 0  # finished or in play
    tournaments_finished: int = 0  # those with a champion: "won 1 of 2" counts only these
    championships: int = 0
    games_played: int = 0  # games that were won by someone; a game in play does not count
    games_won: int = 0
    hands: int = 0
    bids_made: int = 0  # every bid but Nil and Blind Nil: made means it scored points
    bids_set: int = 0
    nil_tried: int = 0
    nil_made: int = 0
    blind_nil_tried: int = 0
    blind_nil_made: int = 0
    bags: int = 0  # overtricks taken, before any J♥
    bag_outs: int = 0  # bag penalties of the bag limit (limit mode only)

    @property
    def win_rate(self) -> int | None:
        return percent(self.games_won, self.games_played)

    @property
    def bags_per_hand(self) -> Decimal | None:
        return ratio(self.bags, self.hands)

    @property
    def tournaments_in_play(self) -> int:
        return self.tournaments - self.tournaments_finished


@dataclass
class Rivalry:
    """The player against one rival, over the games they both played to a winner."""

    rival: str
    games: int = 0
    won: int = 0  # games the player won
    rival_won: int = 0
    higher: int = 0  # games the player ended with more points than the rival
    lower: int = 0


def player_record(name: str, replays: Iterable) -> PlayerRecord:
    record = PlayerRecord()
    for replay in played_by(name, replays):
        record.tournaments += 1
        record.tournaments_finished += replay.result.champion is not None
        record.championships += replay.result.champion == name
        limit_mode = replay.settings.bags_mode == "limit"
        for game in replay.result.games:
            if game.winner is not None:
                record.games_played += 1
                record.games_won += game.winner == name
            for hand in game.hands:
                _count_hand(record, name, hand, limit_mode)
    return record


def _count_hand(record: PlayerRecord, name: str, hand, limit_mode: bool) -> None:
    bid, made = hand.hand.bids[name], hand.bid_points[name] > 0
    record.hands += 1
    if bid == "NIL":
        record.nil_tried += 1
        record.nil_made += made
    elif bid == "BN":
        record.blind_nil_tried += 1
        record.blind_nil_made += made
    elif made:
        record.bids_made += 1
    else:
        record.bids_set += 1
    record.bags += hand.bags_taken[name]
    record.bag_outs += limit_mode and hand.bag_penalty[name] > 0


def rivalries(name: str, replays: Iterable) -> list[Rivalry]:
    """One row per player who shared a finished game with `name`, by rival name."""
    rivals: dict[str, Rivalry] = {}
    for replay in played_by(name, replays):
        for game in replay.result.games:
            if game.winner is None:
                continue
            totals = game.totals
            for row in rival_rows(rivals, name, replay.names, Rivalry):
                row.games += 1
                row.won += game.winner == name
                row.rival_won += game.winner == row.rival
                row.higher += totals[name] > totals[row.rival]
                row.lower += totals[name] < totals[row.rival]
    return by_rival(rivals)
