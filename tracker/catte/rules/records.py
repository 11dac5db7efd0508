"""A player's Cắt Tê record over the group's sessions, and his rounds against each rival,
counted from the rules' results (tracker/rules/records.py says what a replay is)."""

from collections.abc import Iterable
from dataclasses import dataclass, field
from decimal import Decimal

from tracker.rules.records import by_rival, percent, played_by, rival_rows


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
    for replay in played_by(name, replays):
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
    for replay in played_by(name, replays):
        for round_ in replay.result.rounds:
            if name not in round_.at_table:
                continue
            for row in rival_rows(rivals, name, round_.at_table, Rivalry):
                row.rounds += 1
                row.rounds_won += round_.winner == name
                row.rival_rounds_won += round_.winner == row.rival
    return by_rival(rivals)
