"""The money of a sheet's round, as the house rules price it: points, places and Tiến lên."""

from decimal import Decimal

import pytest

from tracker.sheets.rules import (
    Chop,
    Payment,
    Round,
    Settings,
    SheetState,
    TienLen,
    settings_from_rules,
)

D = Decimal
FOUR = ["An", "Bình", "Chi", "Dũng"]
TIEN_LEN = settings_from_rules({"stake": "10000", "preset": "tien_len"})
WORKED_EXAMPLE = Round(
    places=["An", "Bình", "Chi", "Dũng"],
    leftovers={"Dũng": ["red_two", "black_two"]},
    chops=[[Chop("Chi", "Dũng", "black_two"), Chop("Bình", "Chi", "three_pairs")]],
)


def played(round_, settings=TIEN_LEN, players=FOUR):
    return SheetState(players).play(settings, round_)


def net(round_, settings=TIEN_LEN, players=FOUR):
    return {name: int(amount) for name, amount in played(round_, settings, players).net.items()}


def test_the_worked_example_of_the_house_rules_pays_exactly_as_written():
    assert played(WORKED_EXAMPLE).net == {
        "An": D("50000"),
        "Bình": D("50000"),
        "Chi": D("-50000"),
        "Dũng": D("-50000"),
    }


def test_the_worked_example_in_words_names_each_payment_and_why():
    assert played(WORKED_EXAMPLE).words() == [
        "Dũng → An 20000.00 (last to first)",
        "Chi → Bình 10000.00 (third to second)",
        "Dũng → An 30000.00 (leftovers: a red 2, a black 2)",
        "Chi → Bình 40000.00 (chop chopped in turn: three pairs over a black 2)",
    ]


def test_the_words_write_the_money_as_the_caller_writes_it():
    words = played(WORKED_EXAMPLE).words(money=lambda amount: f"{amount:,.0f} ₫")
    assert words[0] == "Dũng → An 20,000 ₫ (last to first)"


def test_with_three_players_only_the_last_pays_the_first():
    round_ = Round(places=["Chi", "An", "Bình"], absent=["Dũng"])
    assert net(round_) == {"An": 0, "Bình": -20000, "Chi": 20000, "Dũng": 0}


def test_with_two_players_the_second_pays_the_first():
    round_ = Round(places=["Bình", "Dũng"], absent=["An", "Chi"])
    assert net(round_) == {"An": 0, "Bình": 20000, "Chi": 0, "Dũng": -20000}


def test_one_frozen_player_of_four_pays_the_first_and_the_third_still_pays_the_second():
    round_ = Round(places=["An", "Bình", "Chi", "Dũng"], frozen=["Dũng"])
    assert net(round_) == {"An": 40000, "Bình": 10000, "Chi": -10000, "Dũng": -40000}


def test_with_two_frozen_nobody_pays_by_place():
    round_ = Round(places=["An", "Bình", "Chi", "Dũng"], frozen=["Chi", "Dũng"])
    assert net(round_) == {"An": 80000, "Bình": 0, "Chi": -40000, "Dũng": -40000}


def test_three_frozen_of_four_each_pay_the_first():
    round_ = Round(places=["Bình", "An", "Chi", "Dũng"], frozen=["An", "Chi", "Dũng"])
    assert net(round_) == {"An": -40000, "Bình": 120000, "Chi": -40000, "Dũng": -40000}


def test_a_frozen_player_pays_his_leftovers_to_the_first_as_well():
    round_ = Round(
        places=["An", "Bình", "Chi"],
        absent=["Dũng"],
        frozen=["Chi"],
        leftovers={"Chi": ["four_kind"]},
    )
    assert net(round_) == {"An": 80000, "Bình": 0, "Chi": -80000, "Dũng": 0}


def test_an_instant_win_takes_two_units_from_every_other_player():
    round_ = Round(instant_win=("Chi", "four_twos"))
    assert net(round_) == {"An": -20000, "Bình": -20000, "Chi": 60000, "Dũng": -20000}
    assert played(round_).words()[0] == "An → Chi 20000.00 (instant win: four 2s)"


def test_an_instant_win_gives_the_winner_first_place_and_the_others_share_second():
    assert played(Round(instant_win=("Chi", "dragon"))).places == {
        "An": 2,
        "Bình": 2,
        "Chi": 1,
        "Dũng": 2,
    }


def test_three_triples_win_at_the_deal_where_the_table_plays_them():
    settings = Settings(D("1.00"), "tien_len", tien_len=TienLen(instant_win_three_triples=True))
    assert played(Round(instant_win=("An", "three_triples")), settings).net["An"] == D("6.00")


def test_a_pair_of_twos_chopped_costs_the_sum_of_its_two_cards():
    for pair, units in [
        ("pair_of_black_twos", 2),
        ("pair_of_mixed_twos", 3),
        ("pair_of_red_twos", 4),
    ]:
        round_ = Round(places=FOUR, chops=[[Chop("Chi", "An", pair)]])
        assert net(round_)["Chi"] == -10000 + units * 10000


def test_only_the_last_chop_of_a_chain_is_paid_and_by_the_last_one_chopped():
    chain = [
        Chop("Bình", "Dũng", "red_two"),
        Chop("Chi", "Bình", "three_pairs"),
        Chop("Bình", "Chi", "four_kind"),
    ]
    round_ = Round(places=FOUR, chops=[chain])
    assert net(round_) == {"An": 20000, "Bình": 100000, "Chi": -100000, "Dũng": -20000}


def test_a_player_may_chop_and_still_finish_last():
    round_ = Round(places=FOUR, chops=[[Chop("Dũng", "An", "red_two")]])
    assert net(round_) == {"An": 0, "Bình": 10000, "Chi": -10000, "Dũng": 0}


def test_units_set_to_0_pay_nothing_and_the_table_writes_its_own_line():
    settings = Settings(D("1000"), "tien_len", tien_len=TienLen(leftover_red_two=0))
    round_ = Round(
        places=FOUR,
        leftovers={"Dũng": ["red_two"]},
        payments=[Payment("Dũng", "Chi", 2, "thối to the one before")],
    )
    result = played(round_, settings)
    assert result.words()[-1] == "Dũng → Chi 2000.00 (thối to the one before)"
    assert len(result.lines) == 3


def test_points_pay_the_difference_of_every_pair_times_the_stake():
    settings = settings_from_rules({"stake": "0.50", "preset": "points"})
    round_ = Round(points={"An": 10, "Bình": 4, "Chi": -2, "Dũng": 0})
    # An: 0.50 × (4 × 10 − 12) = 14.00
    assert played(round_, settings).net == {
        "An": D("14.00"),
        "Bình": D("2.00"),
        "Chi": D("-10.00"),
        "Dũng": D("-6.00"),
    }


def test_hearts_turns_the_sign_the_lowest_points_win():
    settings = settings_from_rules({"stake": "0.10", "preset": "hearts"})
    round_ = Round(points={"An": 3, "Bình": 13, "Chi": 0, "Dũng": 10})
    assert played(round_, settings).net == {
        "An": D("1.40"),
        "Bình": D("-2.60"),
        "Chi": D("2.60"),
        "Dũng": D("-1.40"),
    }


def test_a_points_line_says_both_players_points():
    settings = settings_from_rules({"stake": "1", "preset": "hearts"})
    round_ = Round(points={"An": 3, "Bình": 13}, absent=["Chi", "Dũng"])
    assert played(round_, settings).words() == ["Bình → An 10.00 (points 3 to 13)"]


def test_equal_points_pay_nothing_to_each_other_and_share_a_place():
    settings = settings_from_rules({"stake": "1", "preset": "points"})
    result = played(Round(points={"An": 5, "Bình": 5, "Chi": 1, "Dũng": 9}), settings)
    assert result.places == {"An": 2, "Bình": 2, "Chi": 4, "Dũng": 1}
    assert not [line for line in result.lines if {line.payer, line.payee} == {"An", "Bình"}]


def test_places_pay_the_default_list_for_the_players_in_the_round():
    settings = settings_from_rules({"stake": "2.00", "money_by": "places"})
    assert net(Round(places=["Dũng", "Chi", "Bình", "An"]), settings) == {
        "An": -4,
        "Bình": -2,
        "Chi": 2,
        "Dũng": 4,
    }
    round_ = Round(places=["Dũng", "Chi", "Bình"], absent=["An"])
    assert net(round_, settings) == {"An": 0, "Bình": -2, "Chi": 0, "Dũng": 2}


def test_eight_players_pay_four_three_two_one_by_default():
    names = ["An", "Bình", "Chi", "Dũng", "Em", "Phúc", "Giang", "Hoa"]
    settings = settings_from_rules({"stake": "1", "money_by": "places"})
    money = net(Round(places=names), settings, names)
    assert list(money.values()) == [4, 3, 2, 1, -1, -2, -3, -4]


def test_a_table_s_own_payouts_are_paid_last_place_first():
    rules = {"stake": "1", "money_by": "places", "payouts": {"3": [2, -1, -1]}}
    result = played(
        Round(places=["Chi", "An", "Bình"], absent=["Dũng"]), settings_from_rules(rules)
    )
    assert result.words() == ["Bình → Chi 1.00 (last to first)", "An → Chi 1.00 (second to first)"]


def test_a_player_sitting_out_gets_no_points_no_place_and_no_money():
    settings = settings_from_rules({"stake": "1", "preset": "points"})
    result = played(Round(points={"An": 3, "Bình": 1, "Chi": 2}, absent=["Dũng"]), settings)
    assert result.at_table == ["An", "Bình", "Chi"]
    assert "Dũng" not in result.places and "Dũng" not in result.points
    assert result.net["Dũng"] == 0


def test_a_named_payment_moves_its_units_in_any_mode():
    settings = settings_from_rules({"stake": "0.25", "preset": "points"})
    round_ = Round(points={"An": 0, "Bình": 0, "Chi": 0, "Dũng": 0})
    round_.payments = [Payment("Chi", "An", 4, "bought the drinks")]
    assert net(round_, settings) == {"An": 1, "Bình": 0, "Chi": -1, "Dũng": 0}


def test_money_is_exact_for_a_stake_in_cents():
    settings = settings_from_rules({"stake": "0.01", "preset": "points"})
    result = played(Round(points={"An": 1, "Bình": 0, "Chi": 0}, absent=["Dũng"]), settings)
    assert result.net == {"An": D("0.02"), "Bình": D("-0.01"), "Chi": D("-0.01"), "Dũng": D("0")}


@pytest.mark.parametrize(
    ("setting", "round_", "winner_units"),
    [
        ("first_from_last", Round(places=FOUR), {"An": 5, "Bình": 1}),
        ("second_from_third", Round(places=FOUR), {"An": 2, "Bình": 5}),
        ("instant_win", Round(instant_win=("An", "six_pairs")), {"An": 15}),
        ("frozen", Round(places=FOUR, frozen=["Dũng"]), {"An": 5, "Bình": 1}),
        ("leftover_black_two", Round(places=FOUR, leftovers={"Dũng": ["black_two"]}), {"An": 7}),
        ("leftover_red_two", Round(places=FOUR, leftovers={"Dũng": ["red_two"]}), {"An": 7}),
        (
            "leftover_three_pairs",
            Round(places=FOUR, leftovers={"Dũng": ["three_pairs"]}),
            {"An": 7},
        ),
        ("leftover_four_kind", Round(places=FOUR, leftovers={"Dũng": ["four_kind"]}), {"An": 7}),
        (
            "chop_black_two",
            Round(places=FOUR, chops=[[Chop("Bình", "Chi", "black_two")]]),
            {"Bình": 6},
        ),
        ("chop_red_two", Round(places=FOUR, chops=[[Chop("Bình", "Chi", "red_two")]]), {"Bình": 6}),
        (
            "chop_three_pairs",
            Round(places=FOUR, chops=[[Chop("Bình", "Chi", "three_pairs")]]),
            {"Bình": 6},
        ),
        (
            "chop_four_kind",
            Round(places=FOUR, chops=[[Chop("Bình", "Chi", "four_kind")]]),
            {"Bình": 6},
        ),
    ],
)
def test_each_tien_len_unit_setting_sets_what_its_payment_pays(setting, round_, winner_units):
    settings = Settings(D("1"), "tien_len", tien_len=TienLen(**{setting: 5}))
    result = played(round_, settings)
    assert {name: int(result.net[name]) for name in winner_units} == winner_units
