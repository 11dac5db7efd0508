"""When everyone else folds, the last player in wins the rest of the tricks with no tap more;
taking a fold back takes back the tricks it gave, and the winner of the round cannot fold."""

from tracker.catte import rules as catte
from tracker.catte.draft import RoundDraft

NAMES = ["An", "Bình", "Chi", "Dũng"]
SETTINGS = catte.settings_from_rules({"stake": "1.00"})


def draft(taps: str) -> RoundDraft:
    return RoundDraft(NAMES, SETTINGS, 0, taps.split())


def test_three_folds_before_trick_one_make_a_sweep_by_the_fourth():
    round_ = draft("f1 f2 f3")
    assert round_.tricks == [0, 0, 0, 0] and round_.folded_to == 0
    assert round_.swept and round_.ready and round_.next_step == "save"


def test_folds_after_tricks_give_the_last_one_every_trick_left():
    round_ = draft("t1 t0 f1 f2 f3")
    assert round_.tricks == [1, 0, 0, 0, 0, 0]
    assert round_.to_round().tricks == ["Bình", "An", "An", "An", "An", "An"]


def test_after_trick_four_a_fold_by_a_survivor_leaves_the_other_the_last_two():
    round_ = draft("t0 t1 t0 t1 f1")
    assert round_.tricks == [0, 1, 0, 1, 0, 0] and round_.folded_to == 0


def test_after_trick_four_a_fold_by_a_player_already_out_changes_nothing():
    round_ = draft("t0 t1 t0 t1 f2")
    assert round_.tricks == [0, 1, 0, 1] and round_.folded_to is None


def test_two_of_four_folding_leave_the_tricks_to_be_tapped():
    round_ = draft("f1 f2")
    assert round_.tricks == [] and round_.next_step == "trick"


def test_taking_a_fold_back_takes_back_the_tricks_it_gave():
    round_ = draft("t1 f2 f3 f0 f3")
    assert round_.tricks == [1] and round_.folds == [2, 0] and round_.folded_to is None


def test_the_winner_of_the_round_cannot_fold():
    assert draft("f1 f2 f3").refusal("f0") == "An wins the round and so cannot fold."
    assert draft("f1 f2 f3").refusal("f1") is None  # a fold taken back


def test_the_rules_name_the_last_one_left_only_when_one_is():
    assert catte.last_one_left(NAMES, ["Bình", "Chi", "Dũng"], []) == "An"
    assert catte.last_one_left(NAMES, ["Bình", "Chi"], []) is None
    assert catte.last_one_left(NAMES, ["Chi"], ["An", "Chi", "An", "Chi"]) == "An"
    assert catte.last_one_left(NAMES, ["Bình", "Chi", "Dũng"], ["An"] * 4) is None
