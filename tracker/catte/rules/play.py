"""Playing a Cắt Tê session round by round: who won, who pays what, and the side pot.

A session is a `SessionState` advanced one round at a time. The state holds all that the next
round and the closing need (running money, open side-pot shares, who is due to deal), so a page
that knows the state after round n plays round n + 1 without replaying the rounds before it.
"""

from dataclasses import dataclass, field
from decimal import Decimal
from typing import cast

from basics.errors import RulesError
from basics.names import check_names
from basics.phrases import Phrase, _
from tracker.catte.rules.cards import next_card, parse_card
from tracker.catte.rules.round import (
    AUTO_WIN_HANDS,
    FEWEST_AT_TABLE,
    Table,
    is_sweep,
    round_dealer,
    survivors_after_four,
)
from tracker.catte.rules.settings import MOST_PLAYERS, ZERO, Settings, check_amount


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
    # How each player's open share of the side pot moved: his side stake in, and on a claim
    # everything he had in it out (to the claimant). Money in the pot is never lost or made.
    share_change: dict[str, Decimal] = field(default_factory=dict)


@dataclass
class Settlement:
    """A session's money once its side pot is settled (or as it stands, while it is open)."""

    totals: dict[str, Decimal]
    side_pot: Decimal  # carried to the next session
    side_pot_shares: dict[str, Decimal]  # each player's share of what is carried
    settlement_balances: dict[str, Decimal]  # what settling up pays: sums to zero


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


class SessionState:
    """Where a session stands between two rounds."""

    def __init__(self, players, side_pot_in: dict[str, Decimal] | None = None):
        check_players(players)
        self.players = list(players)
        self.carried_in = _carried_in(self.players, side_pot_in or {})
        self.open_shares = dict(self.carried_in)
        self.running = dict.fromkeys(self.players, ZERO)
        self.due_dealer = self.players[0]
        self.rounds_played = 0

    @property
    def side_pot(self) -> Decimal:
        return sum(self.open_shares.values(), ZERO)

    def dealer_for(self, absent=()) -> str:
        """Who deals the next round when `absent` sit it out."""
        return round_dealer(self.players, self.due_dealer, absent)

    def play(self, settings: Settings, round_: Round) -> RoundResult:
        """Check the next round against the rules, score it and move on; RulesError if wrong
        (the state is left as it was)."""
        shares = dict(self.open_shares)
        result = _play_round(
            self.rounds_played + 1, self.players, settings, self.due_dealer, round_, shares
        )
        self.open_shares = shares
        for name in self.players:
            self.running[name] += result.net[name]
        self.due_dealer = result.winner
        self.rounds_played += 1
        return result

    def settle(self, settings: Settings, closed: bool) -> Settlement:
        """The money of the session: closed, its side pot refunded or carried; open, as it is."""
        if closed and settings.side_pot_at_end == "refund":
            totals = {name: self.running[name] + self.open_shares[name] for name in self.players}
            side_pot, shares = ZERO, dict.fromkeys(self.players, ZERO)
        else:
            totals, side_pot, shares = dict(self.running), self.side_pot, dict(self.open_shares)
        balances = {
            name: totals[name] + shares[name] - self.carried_in[name] for name in self.players
        }
        if sum(balances.values(), ZERO) != 0:
            raise AssertionError("the settlement balances do not add up to zero")
        return Settlement(totals, side_pot, shares, balances)

    def snapshot(self) -> dict:
        """The state as JSON-ready values, players by seat, so a renamed player keeps it."""
        amounts = {"running": self.running, "open_shares": self.open_shares}
        amounts["carried_in"] = self.carried_in
        return {
            "rounds_played": self.rounds_played,
            "due_dealer": self.players.index(self.due_dealer),
            **{key: [str(by_name[p]) for p in self.players] for key, by_name in amounts.items()},
        }

    @classmethod
    def resume(cls, players: list[str], snapshot: dict) -> "SessionState":
        """The state that `snapshot` wrote, for these players (in seat order)."""
        state = cls(players)

        def amounts(key):
            return dict(zip(players, map(Decimal, snapshot[key]), strict=True))

        state.rounds_played = snapshot["rounds_played"]
        state.due_dealer = players[snapshot["due_dealer"]]
        state.running = amounts("running")
        state.open_shares = amounts("open_shares")
        state.carried_in = amounts("carried_in")
        return state


def play_session(
    players: list[str],
    settings: Settings,
    rounds: list[Round],
    side_pot_in: dict[str, Decimal] | None = None,
    closed: bool = True,
) -> SessionResult:
    """Score every round in order. A closed session settles its side pot by `side_pot_at_end`;
    an open one (still being played) keeps the pot open, with totals the running money."""
    state = SessionState(players, side_pot_in)
    results = [state.play(settings, round_) for round_ in rounds]
    return session_result(state, settings, results, closed)


def session_result(
    state: SessionState, settings: Settings, rounds: list[RoundResult], closed: bool
) -> SessionResult:
    settled = state.settle(settings, closed)
    return SessionResult(
        rounds=rounds,
        totals=settled.totals,
        side_pot=settled.side_pot,
        side_pot_shares=settled.side_pot_shares,
        running=dict(state.running),
        open_side_pot_shares=dict(state.open_shares),
        next_dealer=state.due_dealer,
        settlement_balances=settled.settlement_balances,
        side_pot_in=dict(state.carried_in),
    )


def check_players(players: list[str]) -> None:
    if not isinstance(players, list) or not FEWEST_AT_TABLE <= len(players) <= MOST_PLAYERS:
        count = len(players) if isinstance(players, list) else Phrase(_("no list"))
        raise RulesError(_("players: a session has 3 to 8 players, not %(count)s"), count=count)
    check_names(players)


def _carried_in(players: list[str], side_pot_in: dict[str, Decimal]) -> dict[str, Decimal]:
    for name, amount in side_pot_in.items():
        if name not in players:
            raise RulesError(
                _("side_pot_in: %(player)s: not a player of this session"), player=name
            )
        check_amount(amount, f"side_pot_in: {name}:")
    return {name: side_pot_in.get(name, ZERO) for name in players}


def _play_round(
    number: int,
    players: list[str],
    settings: Settings,
    due_dealer: str,
    round_: Round,
    open_shares: dict[str, Decimal],
) -> RoundResult:
    """Check one round, then score it; `open_shares` follows the side pot's contributions."""
    table = Table(number, players, round_.absent)
    seats = table.seats
    if len(seats) < FEWEST_AT_TABLE:
        table.fail(
            _("only %(count)s players at the table; a round needs at least 3"), count=len(seats)
        )
    dealer = round_dealer(players, due_dealer, round_.absent)
    table.check_list(round_.folds, "folds", Phrase(_("fold")))
    if all(name in round_.folds for name in seats):
        table.fail(
            _("everyone at the table folded; the last player left wins the remaining tricks")
        )
    if round_.auto_win is not None and round_.tricks:
        table.fail(_("give either the tricks or an automatic win, not both"))
    if round_.auto_win is not None:
        winner, result, eliminated = _auto_win(table, settings, round_)
    elif round_.tricks:
        winner, result, eliminated = _trick_outcome(table, round_.tricks, round_.folds)
    else:
        table.fail(_("give the winners of the tricks or an automatic win"))
    if result == "sweep":
        doubled = settings.sweep_pays_double(len(seats))
    else:
        doubled = result == "auto_win" and settings.auto_win_pays == "double"
    table.check_list(round_.false_claims, "false_claims", Phrase(_("make a claim")))
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
    penalty = cast(Decimal, settings.false_claim_penalty)  # a stake when left out (Settings)
    for claimant in round_.false_claims:
        for name in seats:
            if name != claimant:
                net[claimant] -= penalty
                net[name] += penalty
    share_change = _side_pot_round(settings, seats, round_.side_pot_claimed_by, open_shares, net)
    if sum(net.values(), ZERO) + sum(share_change.values(), ZERO) != 0:
        raise AssertionError(f"round {number}: the payments do not add up to zero")
    return RoundResult(
        number=number,
        dealer=dealer,
        winner=winner,
        result=result,
        eliminated=eliminated,
        net=net,
        side_pot=sum(open_shares.values(), ZERO),
        side_pot_target=target,
        at_table=seats,
        doubled=doubled,
        share_change=share_change,
    )


def _side_pot_round(settings, seats, claimant, open_shares, net) -> dict[str, Decimal]:
    """Side stakes go in; a claim takes the whole pot. Returns how each open share moved."""
    change = dict.fromkeys(open_shares, ZERO)
    if not settings.has_side_pot:
        return change
    for name in seats:
        net[name] -= settings.side_pot_stake
        change[name] += settings.side_pot_stake
        open_shares[name] += settings.side_pot_stake
    if claimant is not None:
        net[claimant] += sum(open_shares.values(), ZERO)
        for name, share in open_shares.items():
            change[name] -= share
            open_shares[name] = ZERO
    return change


def _auto_win(table: Table, settings: Settings, round_: Round) -> tuple[str, str, list[str]]:
    assert round_.auto_win is not None  # asked only of a round won so
    winner, hand = round_.auto_win
    table.seated(winner, Phrase(_("win the round")))
    if hand not in AUTO_WIN_HANDS:
        table.fail(
            _('"%(hand)s" is no automatic win; use four_aces, four_of_a_kind or flush'),
            winner,
            hand=hand,
        )
    if not settings.allows_auto_win(hand):
        table.fail(
            _("an automatic win by %(hand)s is not played in this session"), winner, hand=hand
        )
    if winner in round_.folds:
        table.fail(_("folded, so cannot win the round"), winner)
    return winner, "auto_win", []


def _trick_outcome(table: Table, tricks: list[str], folds: list[str]) -> tuple[str, str, list[str]]:
    if len(tricks) not in (4, 6):
        table.fail(
            _("%(count)s tricks recorded; record 4 when one player won the first four, else 6"),
            count=len(tricks),
        )
    for trick, name in enumerate(tricks, start=1):
        table.seated(name, Phrase(_("win trick %(trick)s"), trick=trick))
    first_four = tricks[:4]
    if len(tricks) == 4:
        if not is_sweep(first_four):
            table.fail(_("4 tricks recorded but no one won all four; record all 6 tricks"))
        if first_four[0] in folds:
            table.fail(_("folded, so cannot sweep"), first_four[0])
        return first_four[0], "sweep", []
    if is_sweep(first_four):
        table.fail(
            _("won the first four tricks: that sweep ends the round, record 4"), first_four[0]
        )
    for trick in (5, 6):
        name = tricks[trick - 1]
        if name not in first_four:
            table.fail(
                _("won none of the first four tricks, so cannot win trick %(trick)s"),
                name,
                trick=trick,
            )
    if tricks[5] in folds:
        table.fail(_("folded, so cannot win trick 6"), tricks[5])
    survivors = survivors_after_four(table.seats, first_four, folds)
    return tricks[5], "last_trick", [name for name in table.seats if name not in survivors]


def _check_ace(
    table: Table, settings: Settings, guilty: str | None, winner: str, sweep_doubles: bool
) -> None:
    if guilty is None:
        return
    table.seated(guilty, Phrase(_("be penalised for holding an ace")))
    if not settings.ace_penalty:
        table.fail(_("the penalty for holding an ace is off in this session"), guilty)
    if not sweep_doubles:
        table.fail(_("the penalty for holding an ace needs a sweep that pays double"), guilty)
    if guilty == winner:
        table.fail(_("swept, so cannot be penalised for holding an ace"), guilty)


def _side_pot_target(table: Table, settings: Settings, round_: Round) -> str | None:
    upturned, claimant = round_.side_pot_upturned, round_.side_pot_claimed_by
    if not settings.has_side_pot:
        if upturned is not None or claimant is not None:
            table.fail(_("side pot: there is no side pot in this session"))
        return None
    if upturned is None:
        # An automatic win ends the round at the deal: the side stakes go in all the same, and
        # the card is needed only for a claim, whose card it names.
        if round_.auto_win is not None and claimant is None:
            return None
        table.fail(_("side pot: the upturned card is missing"))
    try:
        parse_card(upturned)
    except RulesError as problem:
        table.fail(_("side pot: %(problem)s"), problem=problem.phrase)
    if claimant is not None:
        table.seated(claimant, Phrase(_("claim the side pot")))
    return next_card(upturned)
