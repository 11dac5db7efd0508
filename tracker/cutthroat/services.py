"""Cutthroat tournaments: start, record bids and tricks, correct and undo (logs: `logs.py`).

What is the tournament's own: each change checked against the rules (RulesError) and against
what another phone saved first (AlreadyRecorded), and its hands written; the rest of every
change (the version the page showed, the history entry, the stored state, the ledger) is
`core.recording.record`'s. A new hand is played on from the stored state; a
correction or an undo replays the tournament once.
"""

from dataclasses import dataclass

from django.db import transaction
from django.utils.translation import gettext as _

from basics.phrases import Phrase
from core import entries
from core.changes import once_per_key
from core.money import check_in_currency
from core.recording import Recorded, record
from core.stored_messages import Joined
from core.versioning import AlreadyRecorded
from tracker.cutthroat import changes
from tracker.cutthroat import rules as cutthroat
from tracker.cutthroat.board import (
    Scoreboard,
    by_seat,
    jacks_by_seat,
    load,  # noqa: F401  (the services' callers load a board through them)
    replay,
    store_results,
    stored_fields,
)
from tracker.cutthroat.models import Hand, Tournament


class NeedsConfirmation(Exception):
    """A correction that changes who won: shown to the scorer, saved once he confirms."""

    def __init__(self, changes: list[Phrase]):
        super().__init__("; ".join(map(str, changes)))
        self.changes = changes


def record_bids(
    board: Scoreboard, bids: dict[str, object], user, typed_for=None, idempotency_key=None
) -> Hand:
    """The bids of the next hand; `typed_for`: the hand (across the tournament) they were
    tapped for, refused when another phone has played it or taken hands back since;
    `idempotency_key`: the key of the form that sent them."""
    tournament, number = board.tournament, board.hands_played + 1
    game, in_game = board.next_hand()
    where = {"game": game, "hand": in_game}

    def change() -> Recorded:
        # Checked here, after the same tap sent again is told what the first one did.
        if board.pending is not None:
            raise AlreadyRecorded(
                _("The bids of game %(game)s · hand %(hand)s are already recorded.") % where
            )
        if typed_for not in (None, number):
            raise AlreadyRecorded(
                _("The hands changed on another phone since these bids were tapped.")
            )
        board.state.check_bids(bids)
        board.pending = Hand.objects.create(
            tournament=tournament, number=number, bids=by_seat(bids, board.names), entered_by=user
        )
        return Recorded(
            Phrase("Bids of game %(game)s · hand %(hand)s", **where),
            number=number,
            after=board.pending.as_entry(),
            stored=stored_fields(board),
        )

    taken = _("Game %(game)s · hand %(hand)s is already recorded.") % where
    pending = board.pending
    try:
        entries.record_entry(
            board, change, taken, tournament.version, user, idempotency_key, changes.Action.BIDS
        )
    except AlreadyRecorded:
        board.pending = pending  # not bids the database refused
        raise
    assert board.pending is not None  # change() made it: record returns only once it ran
    return board.pending


def record_tricks(
    board: Scoreboard,
    number: int,
    tricks,
    jacks,
    user,
    hand_pk=None,
    idempotency_key=None,
    bids=None,
) -> Hand:
    """Tricks and award jacks of hand `number`, on the bids the page showed (row `hand_pk`), or
    with the hand's `bids`, sent with them by a phone that kept the hand while it was offline:
    its bids are recorded first, unless the hand has just those already, all or nothing.
    `idempotency_key`, the key of the form or the phone's outbox that sent them, is the key of
    the hand's change: the hand is recorded once however often it arrives. The hand played."""
    tournament = board.tournament
    with once_per_key(tournament, idempotency_key, changes.Action.PLAYED), transaction.atomic():
        if bids is not None:
            hand_pk = _bids_of(board, number, bids, user)
        hand = board.pending
        if hand is None or hand.number != number or hand_pk not in (None, hand.pk):
            raise AlreadyRecorded(
                _("This hand is already recorded, or its bids changed on another phone.")
            )
        _play(board, hand, tricks, jacks, user, idempotency_key)
    return hand


def _bids_of(board: Scoreboard, number: int, bids: dict, user):
    """The row of hand `number`'s bids: recorded now, or before with just these bids (the same
    phone's, whose answer was lost, or another phone's)."""
    pending, typed = board.pending, by_seat(bids, board.names)
    if pending is not None and pending.number == number and pending.bids == typed:
        return pending.pk
    return record_bids(board, bids, user, typed_for=number).pk


def _play(board: Scoreboard, hand: Hand, tricks, jacks, user, idempotency_key) -> None:
    loaded_at = board.tournament.version
    played = cutthroat.Hand(bids=board.rules_hand(hand).bids, tricks=tricks, jacks=jacks)
    money_before = cutthroat.decided(board.standings)
    result = board.state.play(played)
    board.__dict__.pop("standings", None)
    where = {"game": result.game, "hand": result.number}

    def change() -> Recorded:
        hand.tricks, hand.jacks = by_seat(tricks, board.names), jacks_by_seat(jacks, board.names)
        hand.result = cutthroat.hand_result_snapshot(result, board.names)
        played = {"tricks": hand.tricks, "jacks": hand.jacks, "result": hand.result}
        if not Hand.objects.filter(pk=hand.pk, tricks__isnull=True).update(**played):
            raise AlreadyRecorded(_("Game %(game)s · hand %(hand)s is already recorded.") % where)
        won_a_game = cutthroat.decided(board.standings) != money_before
        return Recorded(
            Phrase("Game %(game)s · hand %(hand)s played", **where),
            number=hand.number,
            after=hand.as_entry(),
            stored=stored_fields(board),
            postings=True if won_a_game else None,
        )

    record(
        board,
        changes.Action.PLAYED,
        change,
        version=loaded_at,
        user=user,
        idempotency_key=idempotency_key,
    )
    board.pending = None


@dataclass
class Correction:
    before: cutthroat.Standings
    after: cutthroat.Standings

    @property
    def winner_changes(self) -> list[Phrase]:
        """Plain-words differences in who won each game and the tournament."""
        # Translators: in "winner An → none": no one.
        notes, nobody = [], Phrase("none")
        old = {game.number: game.winner for game in self.before.games}
        new = {game.number: game.winner for game in self.after.games}
        for number in sorted(set(old) | set(new)):
            if old.get(number) != new.get(number):
                was, now = old.get(number) or nobody, new.get(number) or nobody
                notes.append(
                    Phrase("Game %(game)s: winner %(was)s → %(now)s", game=number, was=was, now=now)
                )
        if self.before.champion != self.after.champion:
            was, now = self.before.champion or nobody, self.after.champion or nobody
            notes.append(Phrase("Champion: %(was)s → %(now)s", was=was, now=now))
        return notes


def correct_hand(board: Scoreboard, number, version, bids, tricks, jacks, user, confirmed=False):
    """Replace hand `number` (across the tournament); every later hand is rescored and the
    ledger follows. A change of who won a game is refused with NeedsConfirmation until the
    scorer confirms it. The hand as it was changes nothing and gives None."""
    rows = list(board.tournament.hands.filter(tricks__isnull=False))
    no_such = _("hand %(number)s: there is no such played hand") % {"number": number}
    row = entries.entry_to_correct(rows, number, no_such)
    before = row.as_entry()
    after = {
        "bids": by_seat(bids, board.names),
        "tricks": by_seat(tricks, board.names),
        "jacks": jacks_by_seat(jacks, board.names),
    }
    if after == before:
        return None
    row.bids, row.tricks, row.jacks = after["bids"], after["tricks"], after["jacks"]
    standings_before = board.standings
    results = replay(board, rows)
    if board.pending is not None:
        board.state.check_bids(board.rules_hand(board.pending).bids)
    correction = Correction(standings_before, board.standings)
    if correction.winner_changes and not confirmed:
        raise NeedsConfirmation(correction.winner_changes)

    def change() -> Recorded:
        store_results(rows[number - 1 :], results[number - 1 :], board.names)
        row.save(update_fields=["bids", "tricks", "jacks"])
        notes = correction.winner_changes
        where = {"game": results[number - 1].game, "hand": results[number - 1].number}
        if notes:
            summary = Phrase("Game %(game)s · hand %(hand)s corrected (%(changes)s)", **where,
                           changes=Joined("; ", notes))  # fmt: skip
        else:
            summary = Phrase("Game %(game)s · hand %(hand)s corrected", **where)
        return Recorded(
            summary,
            number=number,
            before=before,
            after=row.as_entry(),
            stored=stored_fields(board),
            postings=True,
        )

    return entries.correct(board, change, version=version, user=user)


def undone(board: Scoreboard) -> Phrase | None:
    """What an undo takes back, as its history entry says: "Game 1 · hand 3 undone"."""
    last = board.last_hand()
    if last is None:
        return None
    where = {"game": last[0], "hand": last[1]}
    if board.pending is not None:
        return Phrase("Bids of game %(game)s · hand %(hand)s undone", **where)
    return Phrase("Game %(game)s · hand %(hand)s undone", **where)


def undo_last(board: Scoreboard, version: int, user, idempotency_key=None) -> Scoreboard:
    """Take back the pending bids, or else the last played hand."""
    summary = undone(board)

    def hands() -> list[Hand]:
        played = list(board.tournament.hands.filter(tricks__isnull=False))
        return played + ([board.pending] if board.pending is not None else [])

    def take_back(last: Hand, rows: list[Hand]) -> Recorded:
        assert summary is not None  # a tournament with a hand to undo has its last hand
        if board.pending is None:
            replay(board, rows)
        before = last.as_entry()
        last.delete()
        board.pending = None
        return Recorded(
            summary,
            number=last.number,
            before=before,
            stored=stored_fields(board),
            postings=True,
        )

    nothing = _("There is no hand to undo.")
    return entries.undo_last(board, hands, take_back, nothing, version, user, idempotency_key)


def start(group, players: list, rules: dict, user, name: str = "", money_rules=None):
    """A new tournament; `players` in seat order, clockwise, the first dealer first.

    `money_rules` may set a "game_stake" and a "buy_in" (Decimal, in the group currency).
    """
    settings = cutthroat.settings_from_rules(rules, len(players))
    state = cutthroat.TournamentState([player.name for player in players], settings)
    check_in_currency(group, money_rules or {})

    stored = {"rules": cutthroat.rules_from_settings(settings), "state": state.snapshot()}
    stored.update(money_rules or {})
    return entries.start(group, Tournament, players, user, name=name, state_version=0, **stored)
