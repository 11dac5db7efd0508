"""The guard every test runs under (tests/recorder_guard.py) tells a write past the recorder
from the recorder's own, and leaves a test's own rows alone."""

import pytest

from basics.phrases import Phrase
from core.recording import Recorded, record
from core.versioning import save_state
from tests.recorder_guard import RecorderGuard, watching
from tracker.catte import board as catte_board
from tracker.catte import services as catte_services
from tracker.cutthroat import board as cutthroat_board
from tracker.cutthroat import services as tournaments
from tracker.cutthroat.models import Tournament


@pytest.mark.past_the_recorder
def test_a_state_saved_past_the_recorder_is_named(group, players, bob):
    tournament = tournaments.start(group, players[:3], {"preset": "official"}, bob)
    guard = RecorderGuard()
    with watching(guard):
        save_state(tournament, tournament.state, tournament.version)
    assert guard.outside == ["UPDATE tracker_tournament from core/versioning.py:53 (save_state)"]


def test_the_same_state_saved_by_the_recorder_passes(group, players, bob):
    tournament = tournaments.start(group, players[:3], {"preset": "official"}, bob)
    guard = RecorderGuard()
    with watching(guard):
        board = cutthroat_board.load(tournament)
        record(board, "undo", lambda: Recorded(Phrase("Nothing")), version=0, user=bob)
    assert guard.outside == []


def test_a_tests_own_rows_are_its_own(group, players, bob):
    tournament = tournaments.start(group, players[:3], {"preset": "official"}, bob)
    guard = RecorderGuard()
    with watching(guard):
        Tournament.objects.filter(pk=tournament.pk).update(name="Friday")
    assert guard.outside == []


@pytest.mark.past_the_recorder
def test_a_round_being_entered_changed_past_the_recorder_is_named(group, players, bob):
    session = catte_services.logs.start(group, players, {"stake": "1.00"}, bob)
    guard = RecorderGuard()
    with watching(guard):
        session.swap_draft(0, ["t0"], Phrase("%(phone)s tapped."), bob)
    assert [line.split(":")[0] for line in guard.outside] == [
        "UPDATE tracker_cattesession from tracker/catte/models.py"
    ]


def test_a_tap_goes_through_the_recorder(group, players, bob):
    session = catte_services.logs.start(group, players, {"stake": "1.00"}, bob)
    guard = RecorderGuard()
    with watching(guard):
        catte_services.tapping.tap(catte_board.load(session), 1, 0, "t0", bob)
    assert guard.outside == []
