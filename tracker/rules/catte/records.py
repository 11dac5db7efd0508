"""A player's Cắt Tê record over the group's sessions, and his rounds against each rival,
counted from the rules' results (tracker/rules/records.py says what a replay is)."""

from collections.abc import Iterable
from dataclasses import dataclass, field
from decimal import Decimal

from basics.collation import sort_key
from tracker.rules.records import percent


@dataclass
class PlayerRecord:
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
class Rivalry:
    """The player against one rival, over the rounds both sat at the table (money between two
    players of a round is not defined)."""

    rival: str
    rounds: int = 0
    rounds_won: int = 0
    rival_rounds_won: int = 0


def player_record(name: str, replays: Iterable) -> PlayerRecord:
    record = PlayerRecord()
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


def rivalries(name: str, replays: Iterable) -> list[Rivalry]:
    """One row per player who sat at a round with `name`, by rival name."""
    rivals: dict[str, Rivalry] = {}
    for replay in replays:
        if name not in replay.names:
            continue
        for round_ in replay.result.rounds:
            if name not in round_.at_table:
                continue
            for rival in round_.at_table:
                if rival == name:
                    continue
                row = rivals.setdefault(rival, Rivalry(rival))
                row.rounds += 1
                row.rounds_won += round_.winner == name
                row.rival_rounds_won += round_.winner == rival
    return sorted(rivals.values(), key=lambda row: sort_key(row.rival))
