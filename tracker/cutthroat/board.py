"""A Cutthroat tournament as its pages read it.

What the rules computed is stored with the tournament: its state after the last played hand
(standings, bags, games, who deals) with the version it belongs to, and each hand's result on
the hand. A page reads them back and replays nothing; only when the stored state is not of the
tournament's version (hands imported in bulk, a database made before states were stored) is
the tournament replayed once and the state stored again. Hands are stored by seat, so renaming a
player never rewrites history.
"""

from collections.abc import Mapping
from functools import cached_property, partial

from core import recording
from core.boards import Board, stored_state
from core.seats import seats_of
from tracker.cutthroat import rules as cutthroat
from tracker.cutthroat.models import Hand, Tournament


class Scoreboard(Board):
    """A tournament with its seats, settings and stored state; the pending hand (bids in, tricks
    not yet) is read when first asked for."""

    def __init__(self, tournament: Tournament, seats, names, settings, state, pending=None):
        self.tournament, self.seats, self.names = tournament, seats, names
        self.settings: cutthroat.Settings = settings
        self.state: cutthroat.TournamentState = state
        self._pending = pending

    @property
    def pending(self) -> Hand | None:
        if self._pending is None:
            last = self.tournament.hands.order_by("-number").first()
            self._pending = last if last is not None and not last.is_played else False
        return self._pending or None

    @pending.setter
    def pending(self, hand: Hand | None) -> None:
        self._pending = hand if hand is not None else False

    @property
    def game(self) -> Tournament:
        return self.tournament

    @property
    def tricks(self) -> int:
        return self.settings.tricks(len(self.names))

    @cached_property
    def standings(self) -> cutthroat.Standings:
        return self.state.standings()

    @property
    def hands_played(self) -> int:
        return self.state.hand_index

    def next_hand(self) -> tuple[int, int]:
        """(game, hand in the game) of the pending hand, or else of the next one."""
        return self.standings.next_game, self.standings.next_hand

    def last_hand(self) -> tuple[int, int] | None:
        """(game, hand in the game) of what an undo takes back: the pending bids, or else the
        last played hand; None before the first bids."""
        result = self.standings
        if self.pending is not None:
            return self.next_hand()
        if result.next_hand > 1:
            return result.next_game, result.next_hand - 1
        if result.games:
            return result.games[-1].number, result.games[-1].hand_count
        return None

    def rules_hand(self, hand: Hand) -> cutthroat.Hand:
        names = self.names
        return cutthroat.Hand(
            bids=dict(zip(names, hand.bids, strict=True)),
            tricks=dict(zip(names, hand.tricks, strict=True)) if hand.tricks else {},
            jacks={card: names[seat] for card, seat in (hand.jacks or {}).items()},
        )

    def scored(self, hand: Hand) -> cutthroat.HandResult:
        """A played hand with what the rules computed for it, as they computed it."""
        result = stored_result(hand)
        return cutthroat.hand_result_from_snapshot(result, self.names, self.rules_hand(hand))


def stored_result(hand: Hand) -> dict:
    """What the rules computed for a played hand, as stored with it (by seat)."""
    if hand.result is None:
        raise ValueError(f"hand {hand.pk} of the tournament is not scored")
    return hand.result


def by_seat(values: Mapping[str, object], names: list[str]) -> list:
    return [values[name] for name in names]


def jacks_by_seat(jacks: dict[str, str], names: list[str]) -> dict[str, int]:
    return {card: names.index(name) for card, name in jacks.items()}


def load(tournament: Tournament) -> Scoreboard:
    """The tournament with its stored state and its pending hand (seats may come prefetched)."""
    seats = seats_of(tournament)
    names = [seat.player.name for seat in seats]
    settings = cutthroat.settings_from_rules(tournament.rules, len(names))
    state = stored_state(
        tournament,
        partial(cutthroat.TournamentState.resume, names, settings),
        partial(rebuild, tournament, names, settings),
    )
    return Scoreboard(tournament, seats, names, settings, state)


def replay(board: Scoreboard, rows: list[Hand]) -> list[cutthroat.HandResult]:
    """Play `rows` (played hands, in order) from the start; `board.state` becomes the result."""
    board.state = cutthroat.TournamentState(board.names, board.settings)
    return play_on(board, rows)


def play_on(board: Scoreboard, rows: list[Hand]) -> list[cutthroat.HandResult]:
    """Play `rows` after the hands `board.state` holds; `board.state` becomes the result."""
    results = [board.state.play(board.rules_hand(row)) for row in rows]
    board.__dict__.pop("standings", None)
    return results


def store_results(rows: list[Hand], results: list, names: list[str]) -> None:
    for row, result in zip(rows, results, strict=True):
        row.result = cutthroat.hand_result_snapshot(result, names)
    Hand.objects.bulk_update(rows, ["result"], batch_size=500)


def stored_fields(board: Scoreboard) -> dict:
    """What lists and history pages read off the tournament row, stored with the state."""
    champion = board.standings.champion
    return {
        "hand_count": board.hands_played,
        "champion": board.players[champion] if champion else None,
    }


def rebuild(tournament: Tournament, names, settings) -> cutthroat.TournamentState:
    """Replay the tournament once and store what it computed, for the version it was read at."""
    board = Scoreboard(tournament, seats_of(tournament), names, settings, None)
    rows = list(tournament.hands.filter(tricks__isnull=False))
    write_results = partial(store_results, rows, replay(board, rows), names)
    recording.store_replayed(
        tournament, board.state.snapshot(), stored_fields(board), write_results
    )
    return board.state


def latest_hands(board: Scoreboard, limit: int | None = None) -> list[cutthroat.HandResult]:
    """The latest `limit` played hands (all without) of the last game that has any, in order."""
    return [board.scored(hand) for hand in latest_hand_rows(board, limit)]


def latest_hand_rows(board: Scoreboard, limit: int | None = None) -> list[Hand]:
    """The rows of the latest `limit` played hands (all without) of the last game, in order."""
    games = board.standings.games
    if not games:
        return []
    count = games[-1].hand_count if limit is None else min(limit, games[-1].hand_count)
    played = board.tournament.hands.filter(tricks__isnull=False)
    return list(played.filter(number__gt=board.hands_played - count))


def every_hand(board: Scoreboard) -> list[cutthroat.HandResult]:
    """Every played hand in order (the hands may come prefetched)."""
    return [board.scored(hand) for hand in every_hand_row(board)]


def every_hand_row(board: Scoreboard) -> list[Hand]:
    return [hand for hand in board.tournament.hands.all() if hand.is_played]
