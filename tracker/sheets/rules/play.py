"""Playing a score sheet round by round: each round checked, its lines of money, places and the
running points.

A sheet is a `SheetState` advanced one round at a time. The state holds what the next round
needs (running money and points), so a page that knows the state after round n plays round
n + 1 without replaying the rounds before it.
"""

from collections.abc import Callable
from dataclasses import dataclass
from decimal import Decimal

from basics.errors import RulesError
from basics.money import ZERO
from basics.names import check_names
from basics.phrases import Phrase, _
from tracker.sheets.rules.described import round_words
from tracker.sheets.rules.round import (
    PLACES,
    POINTS,
    Line,
    Round,
    Table,
    check_places,
    payment_lines,
)
from tracker.sheets.rules.settings import FEWEST_PLAYERS, MOST_PLAYERS, Settings
from tracker.sheets.rules.tien_len import tien_len_round

MOST_POINTS = 100_000  # a round's points either way: past this, a slip of the thumb
TIEN_LEN_ONLY = ("instant_win", "frozen", "leftovers", "chops")


@dataclass
class RoundResult:
    number: int
    at_table: list[str]  # the players in the round, seat order
    places: dict[str, int]  # in the round → place, 1 first; equal points share a place
    points: dict[str, int]  # points mode: in the round → points; else empty
    totals: dict[str, int]  # every player → running points after the round
    net: dict[str, Decimal]  # every player → money won (lost when negative); sums to zero
    lines: list[Line]  # who pays whom what, and why

    def words(self, money: Callable[[Decimal], str] | None = None) -> list[Phrase]:
        """The round in words, a line each: "Dũng → An 20,000 ₫ (last to first)"; `money`
        writes an amount as the reader writes it (plainly, "20000.00", when not given)."""
        return round_words(self.lines, money)


@dataclass
class SheetResult:
    rounds: list[RoundResult]
    totals: dict[str, Decimal]  # every player → money over the sheet
    points: dict[str, int]  # every player → running points
    by_points: bool  # a points sheet: its points and running points are part of its result


class SheetState:
    """Where a sheet stands between two rounds."""

    def __init__(self, players):
        check_players(players)
        self.players = list(players)
        self.running = dict.fromkeys(self.players, ZERO)
        self.points = dict.fromkeys(self.players, 0)
        self.rounds_played = 0

    def play(self, settings: Settings, round_: Round) -> RoundResult:
        """Check the next round against the rules, score it and move on; RulesError if wrong
        (the state is left as it was)."""
        if not isinstance(settings, Settings) or not isinstance(round_, Round):
            raise RulesError(_("a round is played with a sheet's settings"))
        number = self.rounds_played + 1
        table = Table(number, self.players, settings, round_.absent)
        if settings.money_by == "points":
            lines, places, points = _points_round(table, round_)
        else:
            (lines, places), points = _places_round(table, round_), {}
        lines += payment_lines(table, round_.payments)
        net = dict.fromkeys(self.players, ZERO)
        for line in lines:
            net[line.payer] -= line.amount
            net[line.payee] += line.amount
        if sum(net.values(), ZERO) != 0:
            raise AssertionError(f"round {number}: the payments do not add up to zero")
        for name in self.players:
            self.running[name] += net[name]
            self.points[name] += points.get(name, 0)
        self.rounds_played = number
        return RoundResult(number, table.seats, places, points, dict(self.points), net, lines)

    def snapshot(self) -> dict:
        """The state as JSON-ready values, players by seat, so a renamed player keeps it."""
        return {
            "rounds_played": self.rounds_played,
            "running": [str(self.running[name]) for name in self.players],
            "points": [self.points[name] for name in self.players],
        }

    @classmethod
    def resume(cls, players: list[str], snapshot: dict) -> "SheetState":
        """The state that `snapshot` wrote, for these players (in seat order)."""
        state = cls(players)
        state.rounds_played = snapshot["rounds_played"]
        state.running = dict(zip(players, map(Decimal, snapshot["running"]), strict=True))
        state.points = dict(zip(players, snapshot["points"], strict=True))
        return state


def play_sheet(players: list[str], settings: Settings, rounds: list[Round]) -> SheetResult:
    """Score every round in order."""
    state = SheetState(players)
    return sheet_result(state, settings, [state.play(settings, round_) for round_ in rounds])


def sheet_result(state: SheetState, settings: Settings, rounds: list[RoundResult]) -> SheetResult:
    """The sheet as it stands after `rounds`, the rounds `state` has played."""
    by_points = settings.money_by == "points"
    return SheetResult(rounds, dict(state.running), dict(state.points), by_points)


def check_players(players) -> None:
    if not isinstance(players, list) or not FEWEST_PLAYERS <= len(players) <= MOST_PLAYERS:
        count = len(players) if isinstance(players, list) else Phrase(_("no list"))
        raise RulesError(_("players: a sheet has 2 to 8 players, not %(count)s"), count=count)
    check_names(players)


def _points_round(table: Table, round_: Round):
    if round_.places:
        table.fail(_("this sheet is played by points, so a round gives points, not places"))
    _refuse_tien_len_entries(table, round_)
    points = round_.points
    if not isinstance(points, dict):
        table.fail(_("%(key)s must map each player in the round to his points"), key="points")
    for name in points:
        table.seated(name, Phrase(_("score points")))
    for name in table.seats:
        if name not in points:
            table.fail(_("no points given"), name)
        if type(points[name]) is not int or abs(points[name]) > MOST_POINTS:
            table.fail(
                _("points must be a whole number from -%(most)s to %(most)s, not %(points)s"),
                name,
                most=f"{MOST_POINTS:,}",
                points=repr(points[name]),
            )
    points = {name: points[name] for name in table.seats}
    sign = -1 if table.settings.lowest_wins else 1
    lines = []
    for index, one in enumerate(table.seats):
        for other in table.seats[index + 1 :]:
            ahead = sign * (points[one] - points[other])
            if ahead:
                payer, payee = (other, one) if ahead > 0 else (one, other)
                lines.append(
                    table.line(payer, payee, abs(ahead), POINTS, points[payee], points[payer])
                )
    ranked = sorted(points.values(), key=lambda value: -sign * value)
    return lines, {name: ranked.index(points[name]) + 1 for name in table.seats}, points


def _places_round(table: Table, round_: Round) -> tuple[list[Line], dict[str, int]]:
    if round_.points:
        table.fail(_("this sheet is played by places, so a round gives places, not points"))
    if table.settings.is_tien_len:
        return tien_len_round(table, round_)
    _refuse_tien_len_entries(table, round_)
    if not round_.places:
        table.fail(_("give the places, first to last"))
    order = check_places(table, round_.places)
    payouts = table.settings.payouts
    assert payouts is not None  # in force on every places sheet but Tiến lên
    return _payout_lines(table, order, payouts[len(order)]), {
        name: place for place, name in enumerate(order, start=1)
    }


def _payout_lines(table: Table, order: list[str], payout: tuple[int, ...]) -> list[Line]:
    """The places' units as payments: the last place pays the first as far as it can, then the
    next place up pays the next place down, and so on."""
    count = len(order)
    payers = [[place, -units] for place, units in enumerate(payout, 1) if units < 0][::-1]
    payees = [[place, units] for place, units in enumerate(payout, 1) if units > 0]
    lines = []
    while payers and payees:
        (payer, owes), (payee, due) = payers[0], payees[0]
        paid = min(owes, due)
        lines.append(
            table.line(order[payer - 1], order[payee - 1], paid, PLACES, payer, payee, count)
        )
        payers[0][1] -= paid
        payees[0][1] -= paid
        payers = [entry for entry in payers if entry[1]]
        payees = [entry for entry in payees if entry[1]]
    return lines


def _refuse_tien_len_entries(table: Table, round_: Round) -> None:
    for key in TIEN_LEN_ONLY:
        if getattr(round_, key):
            table.fail(_("%(key)s: only a Tiến lên round has them"), key=key)


def round_result_snapshot(result: RoundResult, players: list[str]) -> dict:
    """A scored round as JSON-ready values, players by seat."""
    seat = players.index
    return {
        "number": result.number,
        "at_table": [seat(name) for name in result.at_table],
        "places": [result.places.get(name) for name in players],
        "points": [result.points.get(name) for name in players],
        "totals": [result.totals[name] for name in players],
        "net": [str(result.net[name]) for name in players],
        "lines": [
            {
                "payer": seat(line.payer),
                "payee": seat(line.payee),
                "units": line.units,
                "amount": str(line.amount),
                "kind": line.kind,
                "detail": list(line.detail),
            }
            for line in result.lines
        ],
    }


def round_result_from_snapshot(snapshot: dict, players: list[str]) -> RoundResult:
    def by_name(values) -> dict:
        return {
            name: value for name, value in zip(players, values, strict=True) if value is not None
        }

    return RoundResult(
        number=snapshot["number"],
        at_table=[players[seat] for seat in snapshot["at_table"]],
        places=by_name(snapshot["places"]),
        points=by_name(snapshot["points"]),
        totals=dict(zip(players, snapshot["totals"], strict=True)),
        net=dict(zip(players, map(Decimal, snapshot["net"]), strict=True)),
        lines=[
            Line(
                players[line["payer"]],
                players[line["payee"]],
                line["units"],
                Decimal(line["amount"]),
                line["kind"],
                tuple(line["detail"]),
            )
            for line in snapshot["lines"]
        ],
    )
