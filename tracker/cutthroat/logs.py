"""Cutthroat game logs: a tournament imported from a log, more hands of a log played on in an
open tournament (the next part of a log too large for one import), and a tournament's log.
Every hand takes the path of a hand entered at the table (`core.recording.record`)."""

from django.utils.translation import gettext as _

from basics.errors import RulesError
from basics.phrases import plural_phrase
from core import entries
from core.recording import Recorded
from tracker.cutthroat import rules as cutthroat
from tracker.cutthroat.board import by_seat, jacks_by_seat, load, play_on, replay, stored_fields
from tracker.cutthroat.models import Hand, Tournament
from tracker.cutthroat.services import start


def import_log(group, doc: dict, user, create_missing: bool = False, money_rules=None):
    """A new tournament from a "cutthroat-log/1" document; a bad log creates nothing."""
    names, settings, hands, _counts = cutthroat.parse_log(doc)
    rules = cutthroat.rules_from_settings(settings)

    def add(tournament: Tournament) -> None:
        board = load(tournament)
        rows = hand_rows(tournament, names, hands, user, first=1)
        entries.add_entries(board, lambda: written(board, rows, replay(board, rows), doc), user)

    return entries.import_log(
        group,
        names,
        create_missing,
        lambda players: start(group, players, rules, user, money_rules=money_rules),
        add,
    )


def append_log(tournament: Tournament, doc: dict, user, version: int | None = None) -> Tournament:
    """The hands of a log played on after those the tournament holds, its first game going on
    with the tournament's: its players and rules must be the tournament's, and no hand may be
    half entered (bids without tricks). `version`, the tournament's as the page showed it
    (StalePage if it moved since)."""
    board = load(tournament)
    if board.pending is not None:
        raise RulesError(
            _("log: the hand being entered must be finished or undone before more hands follow")
        )
    names, hands = cutthroat.parse_more(doc, board.names, board.settings, board.state.snapshot())
    first = board.hands_played + 1
    rows = hand_rows(tournament, names, hands, user, first)

    entries.add_entries(
        board, lambda: written(board, rows, play_on(board, rows), doc), user, version
    )
    return tournament


def written(board, rows: list[Hand], results: list, doc: dict) -> Recorded:
    """The log's hands written, scored before: one insert, no update after."""
    for row, result in zip(rows, results, strict=True):
        row.result = cutthroat.hand_result_snapshot(result, board.names)
    Hand.objects.bulk_create(rows, batch_size=500)
    return Recorded(
        plural_phrase("Imported %(count)s hand", "Imported %(count)s hands", len(rows)),
        after=doc,
        stored=stored_fields(board),
        postings=True,
    )


def hand_rows(tournament: Tournament, names, hands, user, first: int) -> list[Hand]:
    """The log's hands as the tournament's rows, numbered from `first`, not yet written."""
    return [
        Hand(
            tournament=tournament,
            number=number,
            bids=by_seat(hand.bids, names),
            tricks=by_seat(hand.tricks, names),
            jacks=jacks_by_seat(hand.jacks, names),
            entered_by=user,
        )
        for number, hand in enumerate(hands, start=first)
    ]


def logged_entries(doc: dict) -> list[dict]:
    """The hands of a log as a tournament imported from it stores them (players by seat)."""
    names, _settings, hands, _counts = cutthroat.parse_log(doc)
    return [
        {
            "bids": by_seat(hand.bids, names),
            "tricks": by_seat(hand.tricks, names),
            "jacks": jacks_by_seat(hand.jacks, names),
        }
        for hand in hands
    ]


def stored_entries(tournament: Tournament) -> list[dict]:
    return [hand.as_entry() for hand in tournament.hands.filter(tricks__isnull=False)]


def export_game(tournament: Tournament) -> dict:
    board = load(tournament)
    hands = [board.rules_hand(hand) for hand in tournament.hands.filter(tricks__isnull=False)]
    return cutthroat.log_from(board.names, board.settings, hands)
