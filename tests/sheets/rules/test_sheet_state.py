"""A sheet played round by round: running money and points, a state stored after each round
and resumed, and a scored round stored and read back."""

import json
from decimal import Decimal

import pytest

from basics.errors import RulesError
from tracker.sheets.rules import (
    Chop,
    Payment,
    Round,
    SheetState,
    play_sheet,
    round_result_from_snapshot,
    round_result_snapshot,
    settings_from_rules,
)

D = Decimal
FOUR = ["An", "Bình", "Chi", "Dũng"]
HEARTS = settings_from_rules({"stake": "0.10", "preset": "hearts"})
TIEN_LEN = settings_from_rules({"stake": "10000", "preset": "tien_len"})


def test_points_and_money_run_on_from_round_to_round():
    rounds = [
        Round(points={"An": 3, "Bình": 13, "Chi": 0, "Dũng": 10}),
        Round(points={"An": 26, "Bình": 0, "Chi": 0}, absent=["Dũng"]),
    ]
    result = play_sheet(FOUR, HEARTS, rounds)
    assert result.rounds[1].totals == {"An": 29, "Bình": 13, "Chi": 0, "Dũng": 10}
    assert result.points == {"An": 29, "Bình": 13, "Chi": 0, "Dũng": 10}
    assert result.totals == {
        "An": D("-3.80"),
        "Bình": D("-0.00"),
        "Chi": D("5.20"),
        "Dũng": D("-1.40"),
    }


def test_a_sheet_has_two_to_eight_players_with_names_a_table_tells_apart():
    for players, message in [
        (["An"], "players: a sheet has 2 to 8 players, not 1"),
        ([f"P{seat}" for seat in range(9)], "players: a sheet has 2 to 8 players, not 9"),
        (["An", "an"], "players: an: the same name as An"),
    ]:
        with pytest.raises(RulesError) as refused:
            SheetState(players)
        assert str(refused.value) == message


def test_a_state_stored_after_a_round_resumes_where_it_stood():
    state = SheetState(FOUR)
    state.play(HEARTS, Round(points={"An": 3, "Bình": 13, "Chi": 0, "Dũng": 10}))
    stored = json.loads(json.dumps(state.snapshot()))
    resumed = SheetState.resume(FOUR, stored)
    next_round = Round(points={"An": 0, "Bình": 26, "Chi": 26, "Dũng": 26})
    assert resumed.play(HEARTS, next_round) == state.play(HEARTS, next_round)
    assert (resumed.running, resumed.points) == (state.running, state.points)


def test_a_snapshot_keeps_players_by_seat_so_a_renamed_player_keeps_his_money():
    state = SheetState(FOUR)
    state.play(TIEN_LEN, Round(places=FOUR))
    renamed = SheetState.resume(["Ân", "Bình", "Chi", "Dũng"], state.snapshot())
    assert renamed.running["Ân"] == D("20000")


def test_a_scored_round_stored_and_read_back_is_the_same_round():
    round_ = Round(
        places=FOUR,
        leftovers={"Dũng": ["red_two"]},
        chops=[[Chop("Chi", "Dũng", "black_two"), Chop("Bình", "Chi", "three_pairs")]],
        payments=[Payment("An", "Chi", 1, "dealt out of turn")],
    )
    result = SheetState(FOUR).play(TIEN_LEN, round_)
    stored = json.loads(json.dumps(round_result_snapshot(result, FOUR)))
    read = round_result_from_snapshot(stored, FOUR)
    assert read == result
    assert read.words() == result.words()


def test_a_scored_round_of_a_points_sheet_with_a_player_away_reads_back_the_same():
    result = SheetState(FOUR).play(
        HEARTS, Round(points={"An": 1, "Bình": 25}, absent=["Chi", "Dũng"])
    )
    stored = json.loads(json.dumps(round_result_snapshot(result, FOUR)))
    assert round_result_from_snapshot(stored, FOUR) == result


def test_places_of_a_points_round_follow_the_points_lowest_first_in_hearts():
    result = SheetState(FOUR).play(
        HEARTS, Round(points={"An": 13, "Bình": 0, "Chi": 13, "Dũng": 0})
    )
    assert result.places == {"An": 3, "Bình": 1, "Chi": 3, "Dũng": 1}


def test_every_round_s_money_adds_up_to_zero_and_names_every_player():
    result = SheetState(FOUR).play(TIEN_LEN, Round(places=["Chi", "An"], absent=["Bình", "Dũng"]))
    assert list(result.net) == FOUR
    assert sum(result.net.values()) == 0
