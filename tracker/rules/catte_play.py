"""Playing a Cắt Tê session round by round: who won, who pays what, and the side pot."""

from dataclasses import dataclass, field
from decimal import Decimal
from typing import NoReturn

from tracker.rules import RulesError
from tracker.rules.catte_cards import next_card, parse_card
from tracker.rules.catte_settings import (
    MOST_PLAYERS,
    ZERO,
    Settings,
    check_amount,
)

FEWEST_AT_TABLE = 3
AUTO_WIN_HANDS = ("four_aces", "four_of_a_kind", "flush")


@dataclass
class Round:
    """One round as entered: the winner of each trick in order, or an automatic win."""

    tricks: list[str] = field(default_factory=list)
    auto_win: tuple[str, str] | None = None  # (player, hand)
    absent: list[str] = field(default_factory=list)
    folds: list[str] = field(default_factory=list)
    false_claims: list[str] = field(default_factory=list)
    ace_withheld_by: str | None = None
    side_pot_upturned: str | None = None
    side_pot_claimed_by: str | None = None


@dataclass
class RoundResult:
    number: int
    dealer: str
    winner: str
    result: str  # "sweep", "last_trick" or "auto_win"
    eliminated: list[str]
    net: dict[str, Decimal]  # every player of the session, side pot included
    side_pot: Decimal  # balance after the round
    side_pot_target: str | None
    at_table: list[str]
    doubled: bool


@dataclass
class SessionResult:
    rounds: list[RoundResult]
    totals: dict[str, Decimal]
    side_pot: Decimal
    side_pot_shares: dict[str, Decimal]
    running: dict[str, Decimal]
    open_side_pot_shares: dict[str, Decimal]
    next_dealer: str
    settlement_balances: dict[str, Decimal]
    side_pot_in: dict[str, Decimal]


def survivors_after_four(at_table: list[str], first_four: list[str], folds: list[str]) -> list[str]:
    """Who plays tricks 5 and 6: players who won one of the first four and did not fold.

    A sweep leaves its sweeper as the only survivor. Seat order, as `at_table` is given.
    """
    if len(first_four) != 4:
        raise RulesError(f"{len(first_four)} tricks given; the first four are needed")
    for name in first_four:
        if name not in at_table:
            raise RulesError(f"{name}: won a trick but is not at the table")
    return [name for name in at_table if name in first_four and name not in folds]


def play_session(
    players: list[str],
    settings: Settings,
    rounds: list[Round],
    side_pot_in: dict[str, Decimal] | None = None,
    closed: bool = True,
) -> SessionResult:
    """Score every round in order. A closed session settles its side pot by `side_pot_at_end`;
    an open one (still being played) keeps the pot open, with totals the running money."""
    check_players(players)
    carried_in = _carried_in(players, side_pot_in or {})
    open_shares = dict(carried_in)
    side_pot = sum(carried_in.values(), ZERO)
    running = dict.fromkeys(players, ZERO)
    dealer = players[0]
    results = []
    for number, round_ in enumerate(rounds, start=1):
        result = _play_round(number, players, settings, dealer, round_, side_pot, open_shares)
        for name in players:
            running[name] += result.net[name]
        side_pot, dealer = result.side_pot, result.winner
        results.append(result)
    if side_pot != sum(open_shares.values(), ZERO):
        raise AssertionError("the side pot differs from the open shares in it")
    if closed and settings.side_pot_at_end == "refund":
        totals = {name: running[name] + open_shares[name] for name in players}
        side_pot, side_pot_shares = ZERO, dict.fromkeys(players, ZERO)
    else:
        totals, side_pot_shares = dict(running), dict(open_shares)
    settlement = {name: totals[name] + side_pot_shares[name] - carried_in[name] for name in players}
    if sum(settlement.values(), ZERO) != 0:
        raise AssertionError("the settlement balances do not add up to zero")
    return SessionResult(
        rounds=results,
        totals=totals,
        side_pot=side_pot,
        side_pot_shares=side_pot_shares,
        running=running,
        open_side_pot_shares=dict(open_shares),
        next_dealer=dealer,
        settlement_balances=settlement,
        side_pot_in=carried_in,
    )


def check_players(players: list[str]) -> None:
    if not FEWEST_AT_TABLE <= len(players) <= MOST_PLAYERS:
        raise RulesError(f"players: a session has 3 to 8 players, not {len(players)}")
    seen = set()
    for name in players:
        if not isinstance(name, str) or not name.strip():
            raise RulesError("players: every name must be a non-empty string")
        if name in seen:
            raise RulesError(f"players: {name}: listed twice")
        seen.add(name)


def _carried_in(players: list[str], side_pot_in: dict[str, Decimal]) -> dict[str, Decimal]:
    for name, amount in side_pot_in.items():
        if name not in players:
            raise RulesError(f"side_pot_in: {name}: not a player of this session")
        check_amount(amount, f"side_pot_in: {name}:")
    return {name: side_pot_in.get(name, ZERO) for name in players}


class _Table:
    """The players at the table in one round, and the way its problems are reported."""

    def __init__(self, number: int, players: list[str], absent: list[str]):
        self.number, self.players = number, players
        self.check_list(absent, "absent")
        self.seats = [name for name in players if name not in absent]

    def fail(self, problem: str, player: str | None = None) -> NoReturn:
        where = (
            f"round {self.number}: {player}: " if player is not None else f"round {self.number}: "
        )
        raise RulesError(where + problem)

    def seated(self, name: str, doing: str) -> None:
        if name not in self.players:
            self.fail("not a player of this session", name)
        if name not in self.seats:
            self.fail(f"absent this round, so cannot {doing}", name)

    def check_list(self, names: list[str], what: str, doing: str | None = None) -> None:
        for index, name in enumerate(names):
            if doing is None:
                if name not in self.players:
                    self.fail("not a player of this session", name)
            else:
                self.seated(name, doing)
            if name in names[:index]:
                self.fail(f"listed twice in {what}", name)


def _play_round(
    number: int,
    players: list[str],
    settings: Settings,
    dealer: str,
    round_: Round,
    side_pot: Decimal,
    open_shares: dict[str, Decimal],
) -> RoundResult:
    """Check one round, then score it; `open_shares` follows the side pot's contributions."""
    table = _Table(number, players, round_.absent)
    seats = table.seats
    if len(seats) < FEWEST_AT_TABLE:
        table.fail(f"only {len(seats)} players at the table; a round needs at least 3")
    if dealer not in seats:
        table.fail("the dealer cannot be absent", dealer)
    table.check_list(round_.folds, "folds", "fold")
    if all(name in round_.folds for name in seats):
        table.fail("everyone at the table folded; the last player left wins the remaining tricks")
    if round_.auto_win is not None and round_.tricks:
        table.fail("give either the tricks or an automatic win, not both")
    if round_.auto_win is not None:
        winner, result, eliminated = _auto_win(table, settings, round_)
    elif round_.tricks:
        winner, result, eliminated = _trick_outcome(table, round_.tricks, round_.folds)
    else:
        table.fail("give the winners of the tricks or an automatic win")
    if result == "sweep":
        doubled = settings.sweep_pays_double(len(seats))
    else:
        doubled = result == "auto_win" and settings.auto_win_pays == "double"
    table.check_list(round_.false_claims, "false_claims", "make a claim")
    _check_ace(table, settings, round_.ace_withheld_by, winner, result == "sweep" and doubled)
    target = _side_pot_target(table, settings, round_)

    stake, net = settings.stake, dict.fromkeys(players, ZERO)
    for name in seats:
        net[name] -= stake
    net[winner] += stake * len(seats)
    if doubled:
        for name in seats:
            if name != winner:
                net[round_.ace_withheld_by or name] -= stake
                net[winner] += stake
    penalty = settings.false_claim_penalty
    for claimant in round_.false_claims:
        for name in seats:
            if name != claimant:
                net[claimant] -= penalty
                net[name] += penalty
    side_pot_before = side_pot
    if settings.has_side_pot:
        for name in seats:
            net[name] -= settings.side_pot_stake
            open_shares[name] += settings.side_pot_stake
            side_pot += settings.side_pot_stake
        if round_.side_pot_claimed_by is not None:
            net[round_.side_pot_claimed_by] += side_pot
            side_pot = ZERO
            open_shares.update(dict.fromkeys(open_shares, ZERO))
    if sum(net.values(), ZERO) + side_pot - side_pot_before != 0:
        raise AssertionError(f"round {number}: the payments do not add up to zero")
    return RoundResult(
        number=number,
        dealer=dealer,
        winner=winner,
        result=result,
        eliminated=eliminated,
        net=net,
        side_pot=side_pot,
        side_pot_target=target,
        at_table=seats,
        doubled=doubled,
    )


def _auto_win(table: _Table, settings: Settings, round_: Round) -> tuple[str, str, list[str]]:
    winner, hand = round_.auto_win
    table.seated(winner, "win the round")
    if hand not in AUTO_WIN_HANDS:
        table.fail(f'"{hand}" is no automatic win; use four_aces, four_of_a_kind or flush', winner)
    if not settings.allows_auto_win(hand):
        table.fail(f"an automatic win by {hand} is not played in this session", winner)
    if winner in round_.folds:
        table.fail("folded, so cannot win the round", winner)
    return winner, "auto_win", []


def _trick_outcome(
    table: _Table, tricks: list[str], folds: list[str]
) -> tuple[str, str, list[str]]:
    if len(tricks) not in (4, 6):
        table.fail(
            f"{len(tricks)} tricks recorded; record 4 when one player won the first four, else 6"
        )
    for trick, name in enumerate(tricks, start=1):
        table.seated(name, f"win trick {trick}")
    first_four = tricks[:4]
    swept = len(set(first_four)) == 1
    if len(tricks) == 4:
        if not swept:
            table.fail("4 tricks recorded but no one won all four; record all 6 tricks")
        if first_four[0] in folds:
            table.fail("folded, so cannot sweep", first_four[0])
        return first_four[0], "sweep", []
    if swept:
        table.fail("won the first four tricks: that sweep ends the round, record 4", first_four[0])
    for trick in (5, 6):
        name = tricks[trick - 1]
        if name not in first_four:
            table.fail(f"won none of the first four tricks, so cannot win trick {trick}", name)
    if tricks[5] in folds:
        table.fail("folded, so cannot win trick 6", tricks[5])
    survivors = survivors_after_four(table.seats, first_four, folds)
    return tricks[5], "last_trick", [name for name in table.seats if name not in survivors]


def _check_ace(
    table: _Table, settings: Settings, guilty: str | None, winner: str, sweep_doubles: bool
) -> None:
    if guilty is None:
        return
    table.seated(guilty, "be penalised for holding an ace")
    if not settings.ace_penalty:
        table.fail("the penalty for holding an ace is off in this session", guilty)
    if not sweep_doubles:
        table.fail("the penalty for holding an ace needs a sweep that pays double", guilty)
    if guilty == winner:
        table.fail("swept, so cannot be penalised for holding an ace", guilty)


def _side_pot_target(table: _Table, settings: Settings, round_: Round) -> str | None:
    upturned, claimant = round_.side_pot_upturned, round_.side_pot_claimed_by
    if not settings.has_side_pot:
        if upturned is not None or claimant is not None:
            table.fail("side pot: there is no side pot in this session")
        return None
    if upturned is None:
        table.fail("side pot: the upturned card is missing")
    try:
        parse_card(upturned)
    except RulesError as problem:
        table.fail(f"side pot: {problem}")
    if claimant is not None:
        table.seated(claimant, "claim the side pot")
    return next_card(upturned)
