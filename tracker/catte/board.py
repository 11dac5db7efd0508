"""A Cắt Tê session as its pages read it.

What the rules computed is stored with the session: its state after the last round (money, open
side-pot shares, who deals) with the version it belongs to, and each round's result on the
round. A page reads them back and replays nothing; only when the stored state is not of the
session's version (rounds imported in bulk, a database made before states were stored) is the
session replayed once and the state stored again.
"""

from dataclasses import dataclass
from decimal import Decimal
from functools import cached_property, partial

from core import recording
from core.boards import RoundsBoard, stored_state
from core.locale_money import amount_text
from core.seats import seats_of
from tracker.catte import rules as catte
from tracker.catte.draft import RoundDraft
from tracker.catte.entries import rules_round
from tracker.catte.models import CatteSession, Round


@dataclass
class PlayedRound:
    row: Round
    round: catte.Round  # as entered, players by name
    result: catte.RoundResult


@dataclass
class SessionBoard(RoundsBoard):
    session: CatteSession
    seats: list  # SessionSeat rows in seat order
    names: list[str]
    settings: catte.Settings
    state: catte.SessionState

    @property
    def game(self) -> CatteSession:
        return self.session

    @property
    def next_dealer(self) -> str:
        """Who deals the next round as the table stands: the player due to deal, or the next
        one at the table when he has left for the evening."""
        away = self.away
        if len(away) == len(self.names):
            return self.state.due_dealer
        return self.state.dealer_for(away)

    @property
    def away(self) -> list[str]:
        """Players who left for the rest of the evening: every new round starts without them."""
        return [seat.player.name for seat in self.seats if seat.left_after_round is not None]

    def not_yet_seated(self, number: int) -> list[str]:
        """Players who joined after round `number`: they sat it out."""
        return not_yet_seated(self.seats, number)

    @property
    def side_pot_in(self) -> dict[str, Decimal]:
        return {name: amount for name, amount in self.state.carried_in.items() if amount}

    @cached_property
    def settled(self) -> catte.Settlement:
        """The money as it stands: settled if the session is closed, running if not."""
        return self.state.settle(self.settings, closed=self.is_closed)

    @cached_property
    def at_close(self) -> catte.Settlement:
        """The money as it will be once the session is closed and its side pot settled."""
        return self.state.settle(self.settings, closed=True)

    def draft_of(self, taps: list[str], due_dealer: str | None = None) -> RoundDraft:
        """The round entered with `taps`: the next one, where the players who left start out
        sitting out, or, correcting a round, the one `due_dealer` was due to deal."""
        away = [] if due_dealer else [self.names.index(name) for name in self.away]
        return RoundDraft(
            self.names,
            self.settings,
            self.names.index(due_dealer or self.state.due_dealer),
            list(taps),
            short_names=self.short_names,
            money=partial(amount_text, self.group),
            away=away,
        )

    def played(self, row: Round) -> PlayedRound:
        if row.result is None:
            raise ValueError(f"round {row.pk} of the session is not scored")
        result = catte.round_result_from_snapshot(row.result, self.names)
        round_ = rules_round(row.entry, self.names, self.not_yet_seated(row.number))
        return PlayedRound(row, round_, result)


def load(session: CatteSession) -> SessionBoard:
    """The session with its stored state (seats may come prefetched)."""
    seats = seats_of(session)
    names = [seat.player.name for seat in seats]
    settings = catte.settings_from_rules(session.rules)
    state = stored_state(
        session,
        partial(catte.SessionState.resume, names),
        partial(rebuild, session, seats, names, settings),
    )
    return SessionBoard(session, seats, names, settings, state)


def not_yet_seated(seats: list, number: int) -> list[str]:
    """The players of `seats` who joined the session after round `number`."""
    return [
        seat.player.name
        for seat in seats
        if seat.joined_after_round is not None and number <= seat.joined_after_round
    ]


def carried_in(session: CatteSession, names: list[str]) -> dict[str, Decimal]:
    return {names[int(seat)]: Decimal(amount) for seat, amount in session.side_pot_in.items()}


def replay(
    session: CatteSession, names, settings, rows, upto: int | None = None, seats=()
) -> tuple[catte.SessionState, list[catte.RoundResult]]:
    """The session's state and round results replayed from `rows` (the first `upto` only);
    `seats` tells who joined during the evening (they sat out the rounds before)."""
    state = catte.SessionState(names, carried_in(session, names))
    shown = rows if upto is None else rows[:upto]
    results = [
        state.play(settings, rules_round(row.entry, names, not_yet_seated(seats, row.number)))
        for row in shown
    ]
    return state, results


def rebuild(session: CatteSession, seats, names, settings) -> catte.SessionState:
    """Replay the session once and store what it computed, for the version it was read at."""
    rows = list(session.rounds.all())
    state, results = replay(session, names, settings, rows, seats=seats)
    stored, write_results = {"round_count": len(rows)}, partial(store_results, rows, results, names)
    recording.store_replayed(session, state.snapshot(), stored, write_results)
    return state


def replay_rounds(board: SessionBoard, rows: list[Round]) -> list[catte.RoundResult]:
    """The board's state replayed from `rows` (a correction, an undo, a join), with each round's
    result stored on its row."""
    board.state, results = replay(
        board.session, board.names, board.settings, rows, seats=board.seats
    )
    store_results(rows, results, board.names)
    return results


def store_results(rows: list[Round], results: list[catte.RoundResult], names: list[str]) -> None:
    for row, result in zip(rows, results, strict=True):
        row.result = catte.round_result_snapshot(result, names)
    Round.objects.bulk_update(rows, ["result"], batch_size=500)
