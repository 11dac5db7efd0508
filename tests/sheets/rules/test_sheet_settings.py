"""A sheet's settings: the presets, the defaults of the house rules, every value checked, the
log's `rules` object both ways, and the settings in plain words."""

from decimal import Decimal

import pytest

from basics.errors import RulesError
from tracker.sheets.rules import (
    DEFAULT_PAYOUTS,
    Settings,
    SheetLine,
    TienLen,
    describe_settings,
    rules_from_settings,
    settings_from_rules,
)

D = Decimal


def refusal(rules):
    with pytest.raises(RulesError) as refused:
        settings_from_rules(rules)
    return str(refused.value)


def test_tien_len_is_played_by_places_with_the_house_rules_units():
    settings = settings_from_rules({"stake": "10000", "preset": "tien_len"})
    assert (settings.money_by, settings.lowest_wins, settings.payouts) == ("places", False, None)
    units = settings.tien_len
    assert (units.first_from_last, units.second_from_third, units.instant_win, units.frozen) == (
        2,
        1,
        2,
        4,
    )
    assert (units.leftover_black_two, units.leftover_red_two) == (1, 2)
    assert (units.leftover_three_pairs, units.leftover_four_kind) == (3, 4)
    assert (units.chop_black_two, units.chop_red_two) == (1, 2)
    assert (units.chop_three_pairs, units.chop_four_kind) == (3, 4)
    assert units.instant_win_three_triples is False


def test_hearts_is_played_by_points_lowest_winning():
    settings = settings_from_rules({"stake": "0.10", "preset": "hearts"})
    assert (settings.money_by, settings.lowest_wins, settings.tien_len) == ("points", True, None)


def test_a_points_game_and_a_sheet_without_preset_are_played_by_points_highest_winning():
    for rules in ({"stake": "1", "preset": "points"}, {"stake": "1"}):
        settings = settings_from_rules(rules)
        assert (settings.money_by, settings.lowest_wins) == ("points", False)


def test_places_pay_the_house_rules_lists_and_symmetric_lists_up_to_eight():
    settings = settings_from_rules({"stake": "1", "money_by": "places"})
    assert settings.payouts == DEFAULT_PAYOUTS
    assert settings.payouts[2] == (1, -1)
    assert settings.payouts[3] == (1, 0, -1)
    assert settings.payouts[4] == (2, 1, -1, -2)
    assert settings.payouts[7] == (3, 2, 1, 0, -1, -2, -3)
    assert all(sum(payout) == 0 for payout in settings.payouts.values())


def test_a_table_s_payouts_replace_the_lists_it_gives():
    rules = {"stake": "1", "money_by": "places", "payouts": {"3": [2, -1, -1]}}
    payouts = settings_from_rules(rules).payouts
    assert payouts[3] == (2, -1, -1)
    assert payouts[4] == (2, 1, -1, -2)


def test_tien_len_units_may_be_changed_and_set_to_zero():
    rules = {"stake": "1", "preset": "tien_len", "leftover_red_two": 0, "frozen": 3}
    units = settings_from_rules(rules).tien_len
    assert (units.leftover_red_two, units.frozen, units.chop_red_two) == (0, 3, 2)


def test_named_lines_are_read_with_their_units():
    rules = {"stake": "1", "lines": [{"name": "bounty", "units": 2}]}
    assert settings_from_rules(rules).lines == (SheetLine("bounty", 2),)


@pytest.mark.parametrize(
    "rules",
    [
        {"stake": "10000", "preset": "tien_len"},
        {
            "stake": "10000",
            "preset": "tien_len",
            "chop_red_two": 3,
            "instant_win_three_triples": True,
        },
        {"stake": "0.10", "preset": "hearts", "lines": [{"name": "queen", "units": 1}]},
        {"stake": "0.05", "preset": "points"},
        {"stake": "2.50", "money_by": "places", "payouts": {"5": [3, 1, 0, -2, -2]}},
        {"stake": "1", "lowest_wins": True},
    ],
)
def test_the_rules_written_out_read_back_to_the_same_settings(rules):
    settings = settings_from_rules(rules)
    assert settings_from_rules(rules_from_settings(settings)) == settings


def test_an_export_writes_every_setting_in_force():
    rules = rules_from_settings(settings_from_rules({"stake": "10000", "preset": "tien_len"}))
    assert rules["stake"] == "10000.00"
    assert rules["money_by"] == "places" and "lowest_wins" not in rules and "payouts" not in rules
    assert rules["chop_four_kind"] == 4 and rules["lines"] == []


@pytest.mark.parametrize(
    ("rules", "message"),
    [
        ({"preset": "hearts"}, 'rules: stake is required (an amount such as "1.00")'),
        ({"stake": "0"}, "rules: stake must be more than 0"),
        ({"stake": 5}, 'rules: stake must be an amount such as "1.00"'),
        ({"stake": "1", "target": 100}, 'rules: unknown setting "target"'),
        (
            {"stake": "1", "preset": "bridge"},
            "rules: preset must be tien_len, hearts, points or null, not 'bridge'",
        ),
        (
            {"stake": "1", "money_by": "tricks"},
            'rules: money_by must be "points" or "places", not \'tricks\'',
        ),
        (
            {"stake": "1", "preset": "hearts", "lowest_wins": False},
            "rules: the hearts preset is played by points with lowest_wins true; "
            "leave them out, or choose no preset",
        ),
        (
            {"stake": "1", "preset": "tien_len", "money_by": "points"},
            "rules: the tien_len preset is played by places with lowest_wins false; "
            "leave them out, or choose no preset",
        ),
        ({"stake": "1", "lowest_wins": "yes"}, "rules: lowest_wins must be true or false"),
        (
            {"stake": "1", "money_by": "places", "lowest_wins": True},
            "rules: lowest_wins is for a sheet played by points",
        ),
        (
            {"stake": "1", "payouts": {"2": [1, -1]}},
            "rules: payouts are for a sheet played by places without a preset",
        ),
        ({"stake": "1", "frozen": 4}, "rules: frozen is a setting of the tien_len preset"),
        (
            {"stake": "1", "preset": "tien_len", "frozen": -1},
            "rules: frozen must be a whole number of units from 0 to 1,000",
        ),
        (
            {"stake": "1", "preset": "tien_len", "instant_win_three_triples": 1},
            "rules: instant_win_three_triples must be true or false",
        ),
    ],
)
def test_a_setting_out_of_its_values_is_refused(rules, message):
    assert refusal(rules) == message


@pytest.mark.parametrize(
    ("payouts", "message"),
    [
        ({"9": [1, -1]}, "rules: payouts: '9' is not a number of players from 2 to 8"),
        ({"3": [1, -1]}, "rules: payouts for 3 players: give 3 units, one a place"),
        ({"3": [2, 0, -1]}, "rules: payouts for 3 players: the places must add up to 0, not 1"),
        (
            {"3": [1, 0.5, -1.5]},
            "rules: payouts for 3 players: each place pays a whole number of units, at most 1,000",
        ),
        (
            {"3": [-1, 0, 1]},
            "rules: payouts for 3 players: a place may not get more than a place before it",
        ),
        ([1, -1], 'rules: payouts must be an object such as {"3": [1, 0, -1]}'),
    ],
)
def test_payouts_that_do_not_add_up_or_run_backwards_are_refused(payouts, message):
    assert refusal({"stake": "1", "money_by": "places", "payouts": payouts}) == message


@pytest.mark.parametrize(
    ("lines", "message"),
    [
        ([{"name": "bounty"}], 'rules: line 1 must be {"name": text, "units": number}'),
        ([{"name": "", "units": 1}], "rules: line 1: a name cannot be empty"),
        (
            [{"name": "bounty", "units": 0}],
            "rules: line 1: units must be a whole number from 1 to 1,000",
        ),
        (
            [{"name": "bounty", "units": 1}, {"name": "Bounty", "units": 2}],
            "rules: line 2: Bounty is named twice",
        ),
        ("bounty", 'rules: lines must be a list such as [{"name": "bonus", "units": 1}]'),
    ],
)
def test_named_lines_are_checked(lines, message):
    assert refusal({"stake": "1", "lines": lines}) == message


def test_settings_built_in_python_are_checked_as_well():
    with pytest.raises(RulesError, match="Tiến lên's units are for the tien_len preset"):
        Settings(D("1"), "hearts", tien_len=TienLen())
    with pytest.raises(RulesError, match="must be a whole number of units"):
        TienLen(frozen=True)


def test_tien_len_settings_in_plain_words():
    settings = settings_from_rules({"stake": "10000", "preset": "tien_len"})
    assert describe_settings(settings, money=lambda amount: f"{amount:,.0f} ₫") == [
        "Stake 10,000 ₫ a unit",
        "Preset: Tiến lên",
        "Places: the last pays the first 2 units; with four players the third pays the second "
        "1 unit",
        "Instant win (tới trắng): every other player pays 2 units; three consecutive triples do "
        "not",
        "Frozen (cóng): pays the first 4 units instead of his place",
        "Leftovers (thối), paid by the last and the frozen to the first: 1 unit for a black 2, "
        "2 units for a red 2, 3 units for three pairs, 4 units for four of a kind",
        "Chops (chặt): 1 unit for a black 2, 2 units for a red 2, 3 units for three pairs, "
        "4 units for four of a kind, a pair of 2s the sum of its cards; a chop chopped in turn "
        "(chặt chồng): the last one chopped pays the whole chain",
    ]


def test_points_and_places_settings_in_plain_words():
    hearts = settings_from_rules({"stake": "0.10", "preset": "hearts"})
    assert describe_settings(hearts) == [
        "Stake 0.10 a point",
        "Preset: Hearts",
        "Money by points, lowest wins: every two players settle the difference of their points",
    ]
    rules = {"stake": "1", "money_by": "places", "lines": [{"name": "bounty", "units": 1}]}
    said = describe_settings(settings_from_rules(rules))
    assert said[:2] == ["Stake 1.00 a unit", "No preset"]
    assert (
        said[2]
        .english()
        .startswith("Money by places, in units: 2 players +1/-1, 3 players +1/0/-1")
    )
    assert said[3] == "Named payments: 1 unit for bounty"
