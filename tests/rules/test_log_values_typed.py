"""Where the log format lists the values a key may hold, null is not one of them unless listed:
a log giving null there is refused with the key's own message, as any value of the wrong type.
A key left out still takes its default."""

import pytest

from basics.errors import RulesError
from tracker.catte import rules as catte
from tracker.sheets import rules as sheet

SHEET = {"format": "sheet-log/1", "rules": {"stake": "1.00"}, "players": ["An", "Bình", "Chi"]}
CATTE = {"format": "catte-log/1", "rules": {"stake": "1.00"}, "players": ["An", "Bình", "Chi"]}
POINTS_ROUND = {"points": {"An": 3, "Bình": 1, "Chi": -4}}
SWEEP = {"tricks": ["An", "An", "An", "An"]}


def refusal(read, doc) -> str:
    with pytest.raises(RulesError) as refused:
        read(doc)
    return str(refused.value)


def test_a_sheet_log_with_money_by_null_is_refused():
    doc = {**SHEET, "rules": {"stake": "1.00", "money_by": None}, "rounds": []}
    assert refusal(sheet.parse_log, doc) == 'rules: money_by must be "points" or "places", not null'


def test_a_sheet_log_with_lowest_wins_null_is_refused():
    doc = {**SHEET, "rules": {"stake": "1.00", "lowest_wins": None}, "rounds": [POINTS_ROUND]}
    assert refusal(sheet.parse_log, doc) == "rules: lowest_wins must be true or false"


def test_a_points_sheet_round_with_instant_win_null_is_refused():
    doc = {**SHEET, "rounds": [{**POINTS_ROUND, "instant_win": None}]}
    assert refusal(sheet.parse_log, doc) == (
        'round 1: instant_win must be {"player": name, "hand": "dragon"}'
    )


def test_a_sheet_log_leaving_them_out_still_reads_as_points_highest_winning():
    players, settings, rounds = sheet.parse_log({**SHEET, "rounds": [POINTS_ROUND]})
    assert (settings.money_by, settings.lowest_wins, rounds[0].instant_win) == (
        "points",
        False,
        None,
    )


def test_a_sheet_log_with_preset_null_is_read_as_no_preset():
    _players, settings, _rounds = sheet.parse_log(
        {**SHEET, "rules": {"stake": "1.00", "preset": None}, "rounds": []}
    )
    assert settings.preset is None


def test_a_catte_round_with_auto_win_null_is_refused():
    doc = {**CATTE, "rounds": [{**SWEEP, "auto_win": None}]}
    assert refusal(catte.parse_log, doc) == (
        'round 1: auto_win must be {"player": name, "hand": "four_aces"}'
    )


def test_a_catte_round_with_side_pot_null_is_refused():
    doc = {**CATTE, "rounds": [{**SWEEP, "side_pot": None}]}
    assert refusal(catte.parse_log, doc) == (
        'round 1: side_pot must be {"upturned": card, "claimed_by": name}'
    )


def test_a_catte_side_pot_claimed_by_nobody_and_a_sweep_double_never_still_read():
    rules = {"stake": "1.00", "side_pot_stake": "0.50", "sweep_double_min_players": None}
    pot = {"upturned": "7H", "claimed_by": None}
    _players, settings, rounds, _pot_in = catte.parse_log(
        {**CATTE, "rules": rules, "rounds": [{**SWEEP, "side_pot": pot}]}
    )
    assert settings.sweep_double_min_players is None and rounds[0].side_pot_claimed_by is None
