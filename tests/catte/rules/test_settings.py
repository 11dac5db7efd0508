from decimal import Decimal

import pytest

from basics.errors import RulesError
from tracker.catte.rules import (
    Settings,
    describe_settings,
    rules_from_settings,
    settings_from_rules,
)

D = Decimal


def test_only_the_stake_is_required_and_the_rest_has_the_defaults_of_the_rules():
    settings = settings_from_rules({"stake": "1.00"})
    assert settings == Settings(
        stake=D("1.00"),
        sweep_double_min_players=4,
        auto_wins=(),
        auto_win_pays="double",
        false_claim_penalty=D("1.00"),
        ace_penalty=False,
        side_pot_stake=D("0"),
        side_pot_at_end="refund",
    )


def test_the_false_claim_penalty_defaults_to_the_stake():
    assert Settings(stake=D("2.50")).false_claim_penalty == D("2.50")
    assert settings_from_rules({"stake": "5"}).false_claim_penalty == D("5")


def test_every_setting_can_be_read_from_the_rules_of_a_log():
    settings = settings_from_rules(
        {"stake": "1.00", "sweep_double_min_players": None, "auto_wins": ["flush"],
         "auto_win_pays": "pot", "false_claim_penalty": "0.50", "ace_penalty": True,
         "side_pot_stake": "0.25", "side_pot_at_end": "carry"}
    )  # fmt: skip
    assert settings.sweep_double_min_players is None
    assert settings.auto_wins == ("flush",)
    assert settings.auto_win_pays == "pot"
    assert settings.false_claim_penalty == D("0.50")
    assert settings.ace_penalty is True
    assert settings.side_pot_stake == D("0.25")
    assert settings.side_pot_at_end == "carry"


def test_automatic_wins_are_kept_in_one_order():
    settings = Settings(stake=D("1"), auto_wins=("flush", "four_of_a_kind"))
    assert settings.auto_wins == ("four_of_a_kind", "flush")


@pytest.mark.parametrize(
    ("rules", "message"),
    [
        ({}, 'rules: stake is required (an amount such as "1.00")'),
        ({"stake": 1}, 'rules: stake must be an amount such as "1.00"'),
        ({"stake": 1.5}, 'rules: stake must be an amount such as "1.00"'),
        ({"stake": "1.234"}, 'rules: stake must be an amount such as "1.00"'),
        ({"stake": "-1"}, 'rules: stake must be an amount such as "1.00"'),
        ({"stake": "one"}, 'rules: stake must be an amount such as "1.00"'),
        ({"stake": "0"}, "rules: stake must be more than 0"),
        ({"stake": "0.00"}, "rules: stake must be more than 0"),
        ({"stake": "1", "bet": "1"}, 'rules: unknown setting "bet"'),
        (
            {"stake": "1", "false_claim_penalty": 1},
            'rules: false_claim_penalty must be an amount such as "1.00"',
        ),
        (
            {"stake": "1", "side_pot_stake": "0.255"},
            'rules: side_pot_stake must be an amount such as "1.00"',
        ),
        ({"stake": "1", "ace_penalty": "yes"}, "rules: ace_penalty must be true or false"),
        ({"stake": "1", "ace_penalty": 1}, "rules: ace_penalty must be true or false"),
        (
            {"stake": "1", "auto_win_pays": "triple"},
            'rules: auto_win_pays must be "pot" or "double"',
        ),
        (
            {"stake": "1", "side_pot_at_end": "keep"},
            'rules: side_pot_at_end must be "refund" or "carry"',
        ),
        (
            {"stake": "1", "auto_wins": "flush"},
            'rules: auto_wins must be a list such as ["four_of_a_kind"]',
        ),
    ],
)
def test_it_refuses_bad_settings_with_a_message_naming_the_setting(rules, message):
    with pytest.raises(RulesError) as refused:
        settings_from_rules(rules)
    assert str(refused.value) == message


@pytest.mark.parametrize("least", [2, 9, True, "4", 4.0])
def test_a_sweep_doubles_from_a_whole_number_of_players_from_3_to_8(least):
    with pytest.raises(RulesError, match="sweep_double_min_players must be a whole number"):
        settings_from_rules({"stake": "1", "sweep_double_min_players": least})


@pytest.mark.parametrize("hands", [["four_aces"], ["straight"], ["flush", "flush"], [1]])
def test_automatic_wins_are_four_of_a_kind_or_flush_each_once(hands):
    with pytest.raises(RulesError, match="rules: auto_wins must list four_of_a_kind and/or flush"):
        settings_from_rules({"stake": "1", "auto_wins": hands})


def test_the_rules_are_not_an_object():
    with pytest.raises(RulesError, match="rules: must be an object"):
        settings_from_rules(["stake", "1"])


def test_money_settings_are_decimals_never_floats():
    with pytest.raises(RulesError, match="rules: stake must be an amount"):
        Settings(stake=1.0)
    with pytest.raises(RulesError, match="rules: side_pot_stake must be an amount"):
        Settings(stake=D("1"), side_pot_stake=D("0.125"))


def test_the_rules_of_an_export_read_back_to_the_same_settings():
    settings = Settings(stake=D("2"), sweep_double_min_players=None, auto_wins=("flush",),
                        auto_win_pays="pot", false_claim_penalty=D("0.5"), ace_penalty=True,
                        side_pot_stake=D("0.25"), side_pot_at_end="carry")  # fmt: skip
    rules = rules_from_settings(settings)
    assert rules == {"stake": "2.00", "sweep_double_min_players": None, "auto_wins": ["flush"],
                     "auto_win_pays": "pot", "false_claim_penalty": "0.50", "ace_penalty": True,
                     "side_pot_stake": "0.25", "side_pot_at_end": "carry"}  # fmt: skip
    assert settings_from_rules(rules) == settings


def test_the_settings_in_plain_words():
    settings = settings_from_rules(
        {"stake": "1.00", "auto_wins": ["four_of_a_kind"], "ace_penalty": True,
         "side_pot_stake": "0.25"}
    )  # fmt: skip
    assert describe_settings(settings) == [
        "Stake 1.00 a round",
        "A sweep pays double from 4 players",
        "Automatic wins: four aces, four of a kind; they pay double",
        "False claim: 1.00 to each other player",
        "Penalty for holding an ace: on",
        "Side pot 0.25 a round; refunded at the end of the session",
    ]


def test_the_other_choices_in_plain_words():
    settings = Settings(stake=D("5"), sweep_double_min_players=None, auto_wins=("flush",),
                        auto_win_pays="pot", false_claim_penalty=D("0"),
                        side_pot_stake=D("1"), side_pot_at_end="carry")  # fmt: skip
    assert describe_settings(settings) == [
        "Stake 5.00 a round",
        "A sweep never pays double",
        "Automatic wins: four aces, six-card flush; they pay the pot",
        "False claim: 0.00 to each other player",
        "Penalty for holding an ace: off",
        "Side pot 1.00 a round; carried into the next session",
    ]


def test_no_side_pot_in_plain_words():
    assert describe_settings(Settings(stake=D("1")))[-1] == "No side pot"
