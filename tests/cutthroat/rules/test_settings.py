"""Cutthroat Spades settings: presets, the log's rules object, descriptions, tables and labels."""

import copy
import pickle
import re

import pytest

from basics.errors import RulesError
from tracker.cutthroat.rules import (
    BIDS,
    PRESETS,
    Settings,
    bid_label,
    describe_settings,
    rules_from_settings,
    settings_from_rules,
    tricks_per_hand,
)


def refused(message):
    return pytest.raises(RulesError, match=f"^{re.escape(message)}$")


def test_there_are_the_four_presets_of_the_rules():
    assert list(PRESETS) == ["official", "300-five-bags", "300-per-bag", "500-three-jacks"]


def test_the_official_preset_is_500_points_ten_bags_one_blind_six_two_jacks_five_wins():
    s = settings_from_rules({"preset": "official"}, 3)
    assert (s.target, s.bags_mode, s.bag_limit, s.blind_six_per_game) == (500, "limit", 10, 1)
    assert (s.award_jacks, s.wins_needed, s.blind_six_behind) == ({"JD": 10, "JC": 10}, 5, 50)
    assert (s.moon_tricks, s.nil_tricks_are_bags, s.jokers) == (None, True, 0)


def test_the_300_five_bags_preset():
    s = settings_from_rules({"preset": "300-five-bags"}, 3)
    assert (s.target, s.bags_mode, s.bag_limit, s.blind_six_per_game) == (300, "limit", 5, 1)
    assert (s.award_jacks, s.wins_needed) == ({"JD": 10, "JC": 10}, 3)


def test_the_300_per_bag_preset():
    s = settings_from_rules({"preset": "300-per-bag"}, 3)
    assert (s.target, s.bags_mode, s.blind_six_per_game) == (300, "per_hand", 1)
    assert (s.award_jacks, s.wins_needed) == ({"JD": 10, "JC": 10}, 3)


def test_the_500_three_jacks_preset():
    s = settings_from_rules({"preset": "500-three-jacks"}, 3)
    assert (s.target, s.bags_mode, s.bag_limit, s.blind_six_per_game) == (500, "limit", 10, None)
    assert (s.award_jacks, s.wins_needed) == ({"JD": 10, "JC": 10, "JH": "bag"}, 5)


def test_the_preset_defaults_to_official():
    assert settings_from_rules({}, 4) == Settings() == Settings(preset="official")


def test_every_override_replaces_the_preset_value():
    rules = {
        "preset": "300-per-bag",
        "target": 250,
        "bags": {"mode": "limit", "limit": 7},
        "blind_six_per_game": None,
        "blind_six_behind": 30,
        "award_jacks": {"JH": "bag", "JD": 20},
        "wins_needed": 2,
        "moon_tricks": 9,
        "nil_tricks_are_bags": False,
        "jokers": 3,
    }
    assert settings_from_rules(rules, 5) == Settings(
        250, "limit", 7, None, 30, {"JD": 20, "JH": "bag"}, 2, 9, False, 3, "300-per-bag"
    )


def test_a_bag_limit_mode_without_a_limit_keeps_the_presets_limit():
    rules = {"preset": "300-five-bags", "bags": {"mode": "limit"}}
    assert settings_from_rules(rules, 3).bag_limit == 5


def test_moon_tricks_may_be_null_for_three_less_than_a_hand():
    assert settings_from_rules({"moon_tricks": None}, 3).moon(3) == 14


@pytest.mark.parametrize(
    ("key", "value", "must"),
    [
        ("target", "300", "be a whole number of points, 1 or more, not '300'"),
        ("target", True, "be a whole number of points, 1 or more, not True"),
        ("target", 0, "be a whole number of points, 1 or more, not 0"),
        ("blind_six_per_game", -1, "be null or 0 or more, not -1"),
        ("blind_six_behind", 2.5, "be 0 or more points, not 2.5"),
        ("wins_needed", 0, "be 1 or more game wins, not 0"),
        ("moon_tricks", 0, "be null or 1 or more tricks, not 0"),
        ("moon_tricks", 18, "be at most 17 (the tricks in a hand), not 18"),
        ("nil_tricks_are_bags", "yes", "be true or false, not 'yes'"),
        ("jokers", 1, "be 0, 2 or 3, not 1"),
        ("award_jacks", "JD", 'map cards to points or "bag"'),
        ("bags", 10, 'be {"mode": "limit", "limit": 10} or {"mode": "per_hand"}'),
    ],
)
def test_a_setting_with_a_bad_value_is_refused(key, value, must):
    with refused(f'rules: "{key}" must {must}'):
        settings_from_rules({key: value}, 3)


@pytest.mark.parametrize(
    ("rules", "players", "message"),
    [
        ({"foo": 1}, 3, 'rules: unknown setting "foo"'),
        ([], 3, "rules: must be an object"),
        (
            {"preset": "casual"},
            3,
            "rules: unknown preset 'casual' "
            "(presets: official, 300-five-bags, 300-per-bag, 500-three-jacks)",
        ),
        ({"bags": {"mode": "limit", "max": 3}}, 3, 'rules: unknown setting "bags.max"'),
        (
            {"bags": {"mode": "per_hand", "limit": 3}},
            3,
            'rules: "bags": a limit only goes with "mode": "limit"',
        ),
        (
            {"bags": {"mode": "never"}},
            3,
            """rules: "bags": "mode" must be "limit" or "per_hand", not 'never'""",
        ),
        (
            {"bags": {"mode": "limit", "limit": 0}},
            3,
            'rules: "bags" must be a limit of 1 or more bags, not 0',
        ),
        (
            {"award_jacks": {"QS": 10}},
            3,
            """rules: "award_jacks": 'QS' is not an award jack (JD, JC or JH)""",
        ),
        (
            {"award_jacks": {"JD": -5}},
            3,
            'rules: "award_jacks": JD must be worth points (1 or more) or "bag", not -5',
        ),
        ({"jokers": 2}, 4, "rules: jokers are only played with 5 players, not 4"),
        ({}, 6, "players: Cutthroat takes 3 to 5 players, not 6"),
    ],
)
def test_a_bad_rules_object_is_refused_with_a_clear_message(rules, players, message):
    with refused(message):
        settings_from_rules(rules, players)


def test_a_preset_without_changes_exports_as_just_the_preset():
    assert rules_from_settings(Settings()) == {"preset": "official"}


def test_only_the_settings_that_differ_from_the_preset_are_exported():
    s = Settings(target=300, bags_mode="per_hand", award_jacks={"JD": 10}, preset="official")
    assert rules_from_settings(s) == {
        "preset": "official",
        "target": 300,
        "bags": {"mode": "per_hand"},
        "award_jacks": {"JD": 10},
    }


def test_a_changed_bag_limit_is_exported_with_its_mode():
    s = settings_from_rules({"preset": "500-three-jacks", "bags": {"mode": "limit", "limit": 5}}, 4)
    assert rules_from_settings(s) == {
        "preset": "500-three-jacks",
        "bags": {"mode": "limit", "limit": 5},
    }


def test_rules_from_settings_round_trips_every_setting():
    rules = {"preset": "300-five-bags", "blind_six_per_game": None, "moon_tricks": 8, "jokers": 2}
    assert rules_from_settings(settings_from_rules(rules, 5)) == rules


def test_settings_are_hashable_and_compare_by_value():
    a = Settings(award_jacks={"JC": 10, "JD": 10})
    assert a == Settings() and hash(a) == hash(Settings())
    assert Settings(award_jacks=(("JD", 10), ("JC", 10))) == a


def test_the_award_jacks_of_settings_cannot_be_changed_in_place():
    with pytest.raises(TypeError):
        Settings().award_jacks["JH"] = "bag"


def test_settings_survive_copy_and_pickle():
    s = Settings(award_jacks={"JD": 10, "JH": "bag"})
    assert copy.deepcopy(s) == s == pickle.loads(pickle.dumps(s))


def test_describe_settings_says_the_official_rules_in_plain_words():
    assert describe_settings(Settings(), 3) == [
        "3 players: 17 tricks a hand",
        "Preset: official",
        "Game to 500 points",
        "Bags: reaching 10 bags costs 10 points per bag held; the count starts again at 0",
        "Bids: Nil = no trick (+100); Blind Nil (BN) = Nil bid before looking (+200); 1F = "
        "exactly 1 trick (+50); 2F = exactly 2 (+40); Blind 6 (B6) = 6 or more, bid before "
        "looking (+100); Shoot the Moon = 14 or more (+150)",
        "Nil: tricks taken on a Nil count as bags",
        "Blind 6: once per game, only when 50 or more behind",
        "Shoot the Moon: 14 tricks",
        "Award jacks: J♦ +10, J♣ +10",
        "5 game wins take the tournament",
    ]


def test_describe_settings_says_the_three_jacks_preset_in_plain_words():
    lines = describe_settings(settings_from_rules({"preset": "500-three-jacks"}, 4), 4)
    assert "Blind 6: any number of times, only when 50 or more behind" in lines
    assert "Award jacks: J♦ +10, J♣ +10, J♥ removes a bag" in lines
    assert "Shoot the Moon: 10 tricks" in lines


def test_describe_settings_says_per_hand_bags_and_changes():
    lines = describe_settings(
        settings_from_rules({"preset": "300-per-bag", "wins_needed": 1}, 3), 3
    )
    assert lines[1:4] == [
        "Preset: to 300 with bags counted each hand, with changes",
        "Game to 300 points",
        "Bags: every bag costs 10 points",
    ]
    assert lines[-1] == "1 game win takes the tournament"


def test_describe_settings_says_the_other_choices():
    s = Settings(
        blind_six_per_game=2,
        blind_six_behind=0,
        award_jacks={},
        nil_tricks_are_bags=False,
        jokers=2,
    )
    lines = describe_settings(s, 5)
    assert (
        lines[0]
        == "5 players with 2 jokers: 11 tricks a hand; the dealer sits out trick 1 and the 2♣ leads"
    )
    assert "Blind 6: twice per game, only when behind the leader" in lines
    assert {"Award jacks: none", "Nil: tricks taken on a Nil are not bags"} <= set(lines)


def test_describe_settings_says_when_blind_six_is_not_allowed():
    assert "Blind 6: not allowed" in describe_settings(Settings(blind_six_per_game=0), 3)
    assert "Blind 6: 3 times per game, only when 50 or more behind" in describe_settings(
        Settings(blind_six_per_game=3), 3
    )


@pytest.mark.parametrize(
    ("players", "jokers", "tricks"), [(3, 0, 17), (4, 0, 13), (5, 0, 10), (5, 2, 11), (5, 3, 11)]
)
def test_tricks_per_hand_follow_the_table_and_deck(players, jokers, tricks):
    assert tricks_per_hand(players, jokers) == tricks


def test_tricks_per_hand_refuses_a_table_that_does_not_exist():
    with refused("players: Cutthroat takes 3 to 5 players, not 2"):
        tricks_per_hand(2)
    with refused("rules: jokers are only played with 5 players, not 3"):
        tricks_per_hand(3, 3)


def test_the_special_bids_have_labels():
    assert [bid_label(bid) for bid in BIDS] == [
        "Nil",
        "Blind Nil",
        "1 for 50",
        "2 for 40",
        "Blind 6",
        "Shoot the Moon",
    ]


def test_a_number_bid_is_labelled_with_its_number():
    assert bid_label(7) == "7"
    with refused("not a bid: 'X'"):
        bid_label("X")
