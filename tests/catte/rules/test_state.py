"""A session goes on from where it stands: the dealer who is away, and the state between rounds."""

from decimal import Decimal

import pytest

from basics.errors import RulesError
from tracker.catte.rules import (
    Round,
    SessionState,
    Settings,
    asks_about_the_ace,
    eliminated_after_four,
    may_win_next,
    play_session,
    round_dealer,
    round_result_from_snapshot,
    round_result_snapshot,
    tricks_if_taken_by,
)

D = Decimal
PLAYERS = ["An", "Bình", "Chi", "Dũng"]
SIDE_POT = {"side_pot_upturned": "7H", "side_pot_claimed_by": None}


def settings(**rules):
    return Settings(**{"stake": D("1.00"), "side_pot_stake": D("0.25"), **rules})


def test_the_first_dealer_away_passes_the_deal_to_the_next_seat_at_the_table():
    result = play_session(
        PLAYERS, settings(), [Round(tricks=["Bình"] * 4, absent=["An"], **SIDE_POT)]
    )
    assert result.rounds[0].dealer == "Bình"


def test_a_winner_away_from_the_next_round_passes_the_deal_on_in_seat_order():
    rounds = [
        Round(tricks=["Chi"] * 4, **SIDE_POT),
        Round(tricks=["An"] * 4, absent=["Chi", "Dũng"], **SIDE_POT),
    ]
    result = play_session(["An", "Bình", "Chi", "Dũng", "Ế"], settings(), rounds)
    assert [r.dealer for r in result.rounds] == ["An", "Ế"]


def test_the_deal_wraps_round_the_table():
    assert round_dealer(PLAYERS, "Dũng", ["Dũng"]) == "An"


def test_a_state_saved_between_rounds_plays_on_to_the_same_money():
    rounds = [
        Round(tricks=["An"] * 4, **SIDE_POT),
        Round(tricks=["Bình", "An", "Chi", "Bình", "An", "Bình"], folds=["Dũng"], **SIDE_POT),
        Round(tricks=["Chi"] * 4, side_pot_upturned="AS", side_pot_claimed_by="Dũng"),
    ]
    state = SessionState(PLAYERS, {"An": D("0.50")})
    state.play(settings(), rounds[0])
    resumed = SessionState.resume(PLAYERS, state.snapshot())
    for round_ in rounds[1:]:
        resumed.play(settings(), round_)
    whole = play_session(PLAYERS, settings(), rounds, {"An": D("0.50")}, closed=False)
    assert resumed.running == whole.running
    assert resumed.open_shares == whole.open_side_pot_shares
    assert resumed.due_dealer == "Chi"


def test_a_refused_round_leaves_the_state_as_it_was():
    state = SessionState(PLAYERS)
    before = state.snapshot()
    with pytest.raises(RulesError):
        state.play(settings(), Round(tricks=["An"] * 3, **SIDE_POT))
    assert state.snapshot() == before


def test_a_claim_moves_every_open_share_to_the_claimant():
    state = SessionState(PLAYERS, {"Dũng": D("1.00")})
    claimed = Round(tricks=["An"] * 4, side_pot_upturned="7H", side_pot_claimed_by="Chi")
    result = state.play(settings(sweep_double_min_players=None), claimed)
    assert result.share_change == {
        "An": D("0.00"), "Bình": D("0.00"), "Chi": D("0.00"), "Dũng": D("-1.00")
    }  # fmt: skip
    assert result.net["Chi"] == D("-1.00") - D("0.25") + D("2.00")
    assert state.side_pot == 0


def test_a_round_result_survives_its_snapshot():
    result = SessionState(PLAYERS).play(settings(), Round(tricks=["An"] * 4, **SIDE_POT))
    assert round_result_from_snapshot(round_result_snapshot(result, PLAYERS), PLAYERS) == result


def test_while_tapping_only_the_survivors_may_win_trick_five():
    tricks = ["An", "Bình", "An", "Bình"]
    assert may_win_next(PLAYERS, ["Bình"], tricks) == ["An"]
    assert eliminated_after_four(PLAYERS, [], tricks) == ["Chi", "Dũng"]


def test_no_one_may_win_a_trick_after_a_sweep():
    assert may_win_next(PLAYERS, [], ["Chi"] * 4) == []


def test_the_last_player_in_taking_the_rest_sweeps_only_if_he_won_every_trick_so_far():
    assert tricks_if_taken_by(["Chi", "Chi"], "Chi") == 4
    assert tricks_if_taken_by(["Chi", "An"], "Chi") == 6


def test_the_ace_question_comes_only_after_a_sweep_that_pays_double():
    with_penalty = settings(ace_penalty=True)
    assert asks_about_the_ace(with_penalty, PLAYERS, ["An"] * 4)
    assert not asks_about_the_ace(with_penalty, PLAYERS[:3], ["An"] * 4)
    assert not asks_about_the_ace(settings(), PLAYERS, ["An"] * 4)
