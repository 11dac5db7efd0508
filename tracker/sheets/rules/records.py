"""A player's record over a group's score sheets, and his rounds against each rival, counted
from the rounds as they were entered and the rules' results (nothing stored is trusted but
what the rules computed).

A round won is a first place (shared by equal points) or an instant win's. Places are counted
as the table calls them: first, second, … and last, the place after all the others, frozen
players last; a round won at the deal counts no places.
Chops are counted link by link, a chop chopped in turn too: given by the chopper, taken by the
chopped. Two players' money is what they paid each other, line by line.
"""

from collections.abc import Iterable
from dataclasses import dataclass, field
from decimal import Decimal

from tracker.rules.records import by_rival, percent, played_by, rival_rows
from tracker.sheets.rules.play import RoundResult
from tracker.sheets.rules.round import Round

LAST = "last"


@dataclass
class PlayedSheet:
    """A sheet as a record counts it: its players, each round as entered and as scored, and
    each player's money over it."""

    names: list[str]
    rounds: list[tuple[Round, RoundResult]]
    totals: dict[str, Decimal]


@dataclass
class PlayerRecord:
    sheets: int = 0
    rounds_played: int = 0  # rounds in which he was at the table
    rounds_won: int = 0
    places: dict = field(default_factory=dict)  # place (1, 2, …, or LAST) → rounds
    chops_given: int = 0
    chops_taken: int = 0
    instant_wins: int = 0
    frozen: int = 0
    net: Decimal = field(default_factory=lambda: Decimal("0.00"))

    @property
    def win_rate(self) -> int | None:
        return percent(self.rounds_won, self.rounds_played)

    @property
    def places_in_order(self) -> list[tuple]:
        """(place, rounds) first to last, LAST after every numbered place."""
        numbered = sorted(place for place in self.places if place != LAST)
        order = numbered + ([LAST] if LAST in self.places else [])
        return [(place, self.places[place]) for place in order]


@dataclass
class Rivalry:
    """The player against one rival, over the rounds both were at the table."""

    rival: str
    rounds: int = 0
    ahead: int = 0  # rounds he finished in a better place than the rival
    behind: int = 0
    money: Decimal = field(default_factory=lambda: Decimal("0.00"))  # paid him by the rival


def place_key(place: int, count: int):
    """A place as it is counted: its number, or LAST for the place after all the others."""
    return LAST if place == count > 1 else place


def player_record(name: str, sheets: Iterable[PlayedSheet]) -> PlayerRecord:
    record = PlayerRecord()
    for played in played_by(name, sheets):
        record.sheets += 1
        record.net += played.totals[name]
        for entered, result in played.rounds:
            if name not in result.at_table:
                continue
            record.rounds_played += 1
            place = result.places[name]
            record.rounds_won += place == 1
            if entered.instant_win is None:  # a round won at the deal has a winner, no places
                key = place_key(place, len(result.at_table))
                record.places[key] = record.places.get(key, 0) + 1
            for chain in entered.chops:
                record.chops_given += sum(chop.chopper == name for chop in chain)
                record.chops_taken += sum(chop.chopped == name for chop in chain)
            won_at_deal = entered.instant_win is not None and entered.instant_win[0] == name
            record.instant_wins += won_at_deal
            record.frozen += name in entered.frozen
    return record


def rivalries(name: str, sheets: Iterable[PlayedSheet]) -> list[Rivalry]:
    """One row per player who was at a round with `name`, by rival name."""
    rivals: dict[str, Rivalry] = {}
    for played in played_by(name, sheets):
        for _entered, result in played.rounds:
            if name not in result.at_table:
                continue
            places = result.places
            for row in rival_rows(rivals, name, result.at_table, Rivalry):
                row.rounds += 1
                row.ahead += places[name] < places[row.rival]
                row.behind += places[row.rival] < places[name]
            for line in result.lines:
                if line.payee == name and line.payer in rivals:
                    rivals[line.payer].money += line.amount
                elif line.payer == name and line.payee in rivals:
                    rivals[line.payee].money -= line.amount
    return by_rival(rivals)


def chops_given(played: PlayedSheet) -> list[dict[str, int]]:
    """Each round's chops, by chopper: what a match of the ratings tallies."""
    counted = []
    for entered, _result in played.rounds:
        chops: dict[str, int] = {}
        for chain in entered.chops:
            for chop in chain:
                chops[chop.chopper] = chops.get(chop.chopper, 0) + 1
        counted.append(chops)
    return counted
