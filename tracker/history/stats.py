"""A player's record over the whole history, counted from the rules' replays.

Plain Python over what ``tracker.rules`` returns: every number here is read off a
``TournamentResult`` or a ``SessionResult`` (or counted from them), never from stored totals.
A replay is anything with ``names`` (seat order), ``result`` and, for Cutthroat, ``settings``:
``tracker.history.services.Replay`` is, built from the results stored with each game.

Players are told apart by name: names are unique in a group (ignoring case) and a replay uses
the players' current names, so a renamed player keeps his whole record.
"""

from collections.abc import Iterable
from dataclasses import dataclass, field
from decimal import ROUND_HALF_UP, Decimal

from tracker.rules.collation import sort_key

NIL_BIDS = ("NIL", "BN")


def ratio(part: int, whole: int, places: str = "0.01") -> Decimal | None:
    """part / whole rounded half up to `places`; None when there is nothing to divide by."""
    if not whole:
        return None
    return (Decimal(part) / Decimal(whole)).quantize(Decimal(places), rounding=ROUND_HALF_UP)


def percent(part: int, whole: int) -> int | None:
    share = ratio(100 * part, whole, "1")
    return None if share is None else int(share)


@dataclass
class CutthroatRecord:
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
class CatteRecord:
    sessions: int = 0
    rounds_played: int = 0  # rounds at the table (not absent)
    rounds_won: int = 0
    sweeps: int = 0
    auto_wins: int = 0
    eliminated: int = 0  # out after trick 4 of a round won on the last trick
    net: Decimal = field(default_factory=lambda: Decimal("0.00"))  # sum of session totals

    @property
    def win_rate(self) -> int | None:
        return percent(self.rounds_won, self.rounds_played)


@dataclass
class HeadToHead:
    """The player against one rival, over the games and rounds they both played."""

    rival: str
    games: int = 0
    won: int = 0  # games the player won
    rival_won: int = 0
    higher: int = 0  # games the player ended with more points than the rival
    lower: int = 0
    rounds: int = 0  # Cắt Tê rounds where both sat at the table
    rounds_won: int = 0
    rival_rounds_won: int = 0


@dataclass
class PlayerRecord:
    name: str
    cutthroat: CutthroatRecord
    catte: CatteRecord
    rivals: list[HeadToHead]  # by rival name, in alphabetical order


def cutthroat_record(name: str, replays: Iterable) -> CutthroatRecord:
    record = CutthroatRecord()
    for replay in replays:
        if name not in replay.names:
            continue
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


def _count_hand(record: CutthroatRecord, name: str, hand, limit_mode: bool) -> None:
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


def catte_record(name: str, replays: Iterable) -> CatteRecord:
    record = CatteRecord()
    for replay in replays:
        if name not in replay.names:
            continue
        record.sessions += 1
        record.net += replay.result.totals[name]
        for round_ in replay.result.rounds:
            if name not in round_.at_table:
                continue
            record.rounds_played += 1
            if round_.winner == name:
                record.rounds_won += 1
                record.sweeps += round_.result == "sweep"
                record.auto_wins += round_.result == "auto_win"
            record.eliminated += name in round_.eliminated
    return record


def head_to_head(name: str, tournaments: Iterable, sessions: Iterable) -> list[HeadToHead]:
    """One row per player who shared a finished game or a round with `name`, by rival name."""
    rivals: dict[str, HeadToHead] = {}
    for replay in tournaments:
        if name not in replay.names:
            continue
        for game in replay.result.games:
            if game.winner is None:
                continue
            totals = game.totals
            for rival in replay.names:
                if rival == name:
                    continue
                row = rivals.setdefault(rival, HeadToHead(rival))
                row.games += 1
                row.won += game.winner == name
                row.rival_won += game.winner == rival
                row.higher += totals[name] > totals[rival]
                row.lower += totals[name] < totals[rival]
    for replay in sessions:
        if name not in replay.names:
            continue
        for round_ in replay.result.rounds:
            if name not in round_.at_table:
                continue
            for rival in round_.at_table:
                if rival == name:
                    continue
                row = rivals.setdefault(rival, HeadToHead(rival))
                row.rounds += 1
                row.rounds_won += round_.winner == name
                row.rival_rounds_won += round_.winner == rival
    return sorted(rivals.values(), key=lambda row: sort_key(row.rival))


def player_record(name: str, tournaments: list, sessions: list) -> PlayerRecord:
    """The whole record of `name` over these replays (Scoreboards and SessionBoards)."""
    return PlayerRecord(
        name=name,
        cutthroat=cutthroat_record(name, tournaments),
        catte=catte_record(name, sessions),
        rivals=head_to_head(name, tournaments, sessions),
    )
