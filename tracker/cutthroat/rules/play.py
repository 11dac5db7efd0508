"""Cutthroat Spades scoring: hands, games and the tournament, with every hand validated.

Import the public names from ``tracker.cutthroat.rules``; this module is one part of it.
"""

from typing import cast

from basics.errors import RulesError
from basics.phrases import Phrase, _
from tracker.cutthroat.rules.checks import HandChecks
from tracker.cutthroat.rules.hands import (
    GameResult,
    GameSummary,
    Hand,
    HandResult,
    Standings,
    TournamentResult,
    bidding_order,
    check_players,
    jack_effects,
    score_bid,
)
from tracker.cutthroat.rules.settings import Settings


class TournamentState(HandChecks):
    """The state of a tournament, advanced one validated hand at a time.

    It keeps the scored hands of the games it played itself (``games``, ``current``); a state
    resumed from a snapshot knows the standings, not the hands that led to them.
    """

    def __init__(self, players, settings: Settings):
        self.players = check_players(players)
        if not isinstance(settings, Settings):
            raise RulesError(_("rules: settings must be a Settings"))
        settings.check_players(len(self.players))
        self.settings = settings
        self.tricks = settings.tricks(len(self.players))
        self.moon = settings.moon(len(self.players))
        self.games: list[GameSummary] = []  # GameResults, but for a state resumed
        self.current: list[HandResult] = []
        self.wins = dict.fromkeys(self.players, 0)
        self.champion: str | None = None
        self.hand_index = 0
        self.game = 1
        self.number = 1
        self.resumed = False
        self._new_game()

    def _new_game(self) -> None:
        self.totals = dict.fromkeys(self.players, 0)
        self.bags = dict.fromkeys(self.players, 0)
        self.blind_sixes = dict.fromkeys(self.players, 0)

    def where(self) -> Phrase:
        return Phrase(_("game %(game)s hand %(hand)s"), game=self.game, hand=self.number)

    def seat(self, offset: int = 0) -> str:
        """The dealer of the next hand, or (`offset`) the one who bids `offset`-th after him."""
        dealer = bidding_order(len(self.players), self.hand_index)[offset % len(self.players)]
        return self.players[dealer]

    def play(self, hand: Hand) -> HandResult:
        if not isinstance(hand, Hand):
            raise RulesError(_("%(where)s: not a Hand"), where=self.where())
        self.check_bids(hand.bids)
        self.check_tricks(hand.tricks)
        self.check_jacks(hand.jacks, hand.tricks)
        s = self.settings
        jack_points, bags_removed = jack_effects(hand.jacks, s.award_jacks)
        seats = self.players
        bid_points, bags_taken, penalty, score = {}, {}, {}, {}
        for p in seats:
            bid_points[p], bags_taken[p] = score_bid(
                hand.bids[p], hand.tricks[p], self.moon, s.nil_tricks_are_bags
            )
            if s.bags_mode == "per_hand":
                self.bags[p] = max(0, bags_taken[p] - bags_removed.get(p, 0))
                penalty[p] = 10 * self.bags[p]
            else:
                self.bags[p] = max(0, self.bags[p] + bags_taken[p] - bags_removed.get(p, 0))
                penalty[p] = 0
                if self.bags[p] >= s.bag_limit:
                    penalty[p], self.bags[p] = 10 * self.bags[p], 0
            score[p] = bid_points[p] + jack_points.get(p, 0) - penalty[p]
            self.totals[p] += score[p]
            if hand.bids[p] == "B6":
                self.blind_sixes[p] += 1
        result = HandResult(
            game=self.game,
            number=self.number,
            hand_index=self.hand_index,
            dealer=self.seat(),
            first_bidder=self.seat(1),
            hand=hand,
            bid_points=bid_points,
            jack_points={p: jack_points.get(p, 0) for p in seats},
            bags_taken=bags_taken,
            score=score,
            bag_penalty=penalty,
            bags=dict(self.bags),
            totals=dict(self.totals),
        )
        self.current.append(result)
        self.hand_index += 1
        self.number += 1
        top = max(self.totals.values())
        leaders = [p for p in seats if self.totals[p] == top]
        if top >= s.target and len(leaders) == 1:
            self._end_game(leaders[0])
        return result

    def _end_game(self, winner: str) -> None:
        self.games.append(
            GameResult(
                number=self.game,
                winner=winner,
                totals=dict(self.totals),
                hand_count=self.number - 1,
                hands=self.current,
            )
        )
        self.current = []
        self.wins[winner] += 1
        if self.wins[winner] >= self.settings.wins_needed:
            self.champion = winner
        self.game += 1
        self.number = 1
        self._new_game()

    def _game_in_play(self) -> GameResult | None:
        if self.number == 1:
            return None
        return GameResult(
            number=self.game,
            winner=None,
            totals=dict(self.totals),
            hand_count=self.number - 1,
            hands=list(self.current),
        )

    def standings(self) -> Standings:
        return self._standings(Standings)

    def result(self) -> TournamentResult:
        """The standings with every hand; only for a state that played all of them itself."""
        if self.resumed:
            raise ValueError("a resumed tournament state has no hands to give")
        return self._standings(TournamentResult)

    def _standings(self, kind):
        games = list(self.games)
        if (in_play := self._game_in_play()) is not None:
            games.append(in_play)
        blind_six = {p: self.blind_six(p) for p in self.players}
        return kind(
            players=list(self.players),
            games=games,
            wins=dict(self.wins),
            champion=self.champion,
            finished=self.champion is not None,
            next_dealer=self.seat(),
            next_first_bidder=self.seat(1),
            next_game=self.game,
            next_hand=self.number,
            totals=dict(self.totals),
            bags=dict(self.bags),
            blind_six_allowed={p: allowed for p, (allowed, _reason) in blind_six.items()},
            blind_six_reason={p: reason for p, (_allowed, reason) in blind_six.items()},
            hands_played=self.hand_index,
        )

    def snapshot(self) -> dict:
        """The state as JSON-ready values, players by seat, so a renamed player keeps it."""
        seat = self.players.index

        def by_seat(values):
            return [values[p] for p in self.players]

        return {
            "hand_index": self.hand_index,
            "game": self.game,
            "number": self.number,
            "totals": by_seat(self.totals),
            "bags": by_seat(self.bags),
            "blind_sixes": by_seat(self.blind_sixes),
            "wins": by_seat(self.wins),
            "champion": None if self.champion is None else seat(self.champion),
            "games": [
                {
                    "number": game.number,
                    "winner": seat(cast(str, game.winner)),  # every game kept was won
                    "totals": by_seat(game.totals),
                    "hand_count": game.hand_count,
                }
                for game in self.games
            ],
        }

    @classmethod
    def resume(cls, players: list[str], settings: Settings, snapshot: dict) -> "TournamentState":
        """The state that `snapshot` wrote, for these players (in seat order)."""
        state = cls(players, settings)
        state.resumed = True

        def named(values):
            return dict(zip(players, values, strict=True))

        state.hand_index, state.game = snapshot["hand_index"], snapshot["game"]
        state.number = snapshot["number"]
        state.totals, state.bags = named(snapshot["totals"]), named(snapshot["bags"])
        state.blind_sixes, state.wins = named(snapshot["blind_sixes"]), named(snapshot["wins"])
        champion = snapshot["champion"]
        state.champion = None if champion is None else players[champion]
        state.games = [
            GameSummary(
                number=game["number"],
                winner=players[game["winner"]],
                totals=named(game["totals"]),
                hand_count=game["hand_count"],
            )
            for game in snapshot["games"]
        ]
        return state


def play_tournament(players: list[str], settings: Settings, hands: list[Hand]) -> TournamentResult:
    """Score a whole tournament from its hands in order; games are split where they are won."""
    tournament = TournamentState(players, settings)
    for hand in hands:
        tournament.play(hand)
    return tournament.result()


def validate_bids(players: list[str], settings: Settings, hands_so_far: list[Hand], bids) -> None:
    """Check the bids of the next hand (before its tricks are known); RulesError if wrong."""
    tournament = TournamentState(players, settings)
    for hand in hands_so_far:
        tournament.play(hand)
    tournament.check_bids(bids)
