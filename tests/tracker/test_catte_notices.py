"""What a Cắt Tê phone is told when the round it sent was recorded first: by this phone (the same
round sent again after its answer was lost, its own earlier save or correction) or by another
phone, online and from the outbox alike. Never "recorded on another phone" for its own."""

from html import unescape

import pytest

from tests.tracker.test_round_sent_later import ENTRY, SWEEP_BY_AN, kept, send
from tracker.catte import board as catte_board
from tracker.catte import gate
from tracker.catte.gate.rounds import take_round_sent_later
from tracker.catte.taps import KeptRound


@pytest.fixture
def session(group, players, bob):
    return gate.logs.start(group, players, {"stake": "1.00"}, bob)


def test_a_round_sent_again_after_its_answer_was_lost_is_told_as_this_phones(as_bob, session, bob):
    fields = kept(as_bob, session, SWEEP_BY_AN)
    sent = KeptRound(entry=ENTRY, number=1, taps=SWEEP_BY_AN, reached=[], started_from=0)
    take_round_sent_later(catte_board.load(session), sent, bob)  # recorded, answer lost
    said = send(as_bob, session, fields).json()["recorded"]
    assert said == "Already recorded from this phone (Round 1: tricks An, An, An, An)."


def test_a_round_this_phone_saved_online_the_same_is_told_as_its_own(as_bob, session, bob):
    fields = kept(as_bob, session, SWEEP_BY_AN)
    gate.rounds.save_round(catte_board.load(session), 1, 0, bob, SWEEP_BY_AN)
    said = send(as_bob, session, fields).json()["recorded"]
    assert said == "Round 1 was already recorded from this phone, just as it had it."


def test_a_round_another_phone_saved_the_same_is_told_as_the_other_phones(as_bob, session, alice):
    fields = kept(as_bob, session, SWEEP_BY_AN)
    gate.rounds.save_round(catte_board.load(session), 1, 0, alice, SWEEP_BY_AN)
    said = send(as_bob, session, fields).json()["recorded"]
    assert said == "Round 1 was recorded on another phone, just as this one had it."


def test_a_round_this_phone_saved_otherwise_names_this_phone(as_bob, session, bob):
    fields = kept(as_bob, session, SWEEP_BY_AN)
    gate.rounds.save_round(catte_board.load(session), 1, 0, bob, ["t1"] * 4)
    conflict = unescape(send(as_bob, session, fields).json()["conflict"])
    assert "This phone saved round 1: tricks Bình, Bình, Bình, Bình." in conflict
    assert "another phone" not in conflict and "bob's phone" not in conflict


def test_a_round_another_phone_saved_otherwise_names_that_phone(as_bob, session, alice):
    fields = kept(as_bob, session, SWEEP_BY_AN)
    gate.rounds.save_round(catte_board.load(session), 1, 0, alice, ["t1"] * 4)
    conflict = unescape(send(as_bob, session, fields).json()["conflict"])
    assert "alice's phone saved round 1: tricks Bình, Bình, Bình, Bình." in conflict
