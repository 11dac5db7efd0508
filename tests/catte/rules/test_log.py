"""The "catte-log/1" documents of docs/log-format.md: reading, replaying and exporting them."""

import copy
import json
from decimal import Decimal
from pathlib import Path

import pytest

from basics.errors import RulesError
from tracker.catte.rules import Round, Settings, log_from, parse_log, replay, replay_log

D = Decimal
ROOT = Path(__file__).resolve().parents[3]
EXAMPLES = ROOT / "examples"
SHARED_CASES = ROOT.parent / "shared" / "cases"  # replayed as well when it is beside the project
CATTE_CASES = [
    path
    for folder in (EXAMPLES, SHARED_CASES)
    for path in sorted(folder.glob("catte-*.json"))
    if ".expected" not in path.name
]
SMALL_LOG = {
    "format": "catte-log/1",
    "rules": {"stake": "1.00", "side_pot_stake": "0.25"},
    "players": ["An", "Bình", "Chi"],
    "rounds": [{"tricks": ["Chi"] * 4, "side_pot": {"upturned": "7H", "claimed_by": None}}],
}


def log_with(**changes):
    doc = copy.deepcopy(SMALL_LOG)
    doc.update(changes)
    return doc


def round_with(**changes):
    return log_with(rounds=[{**SMALL_LOG["rounds"][0], **changes}])


def refusal(doc):
    with pytest.raises(RulesError) as refused:
        parse_log(doc)
    return str(refused.value)


def case_id(path):
    return f"{path.parent.name}/{path.stem}"


def test_there_are_worked_cases_to_replay():
    assert {path.name for path in EXAMPLES.glob("catte-*.json")} >= {
        "catte-ace-penalty.json", "catte-ace-penalty.expected.json",
        "catte-carried-pot.json", "catte-carried-pot.expected.json",
        "catte-dealer-away.json", "catte-dealer-away.expected.json",
        "catte-evening.json", "catte-evening.expected.json",
        "catte-side-pot.json", "catte-side-pot.expected.json",
    }  # fmt: skip


@pytest.mark.parametrize("case", CATTE_CASES, ids=case_id)
def test_every_worked_case_replays_to_its_expected_result(case):
    expected = json.loads(case.with_suffix(".expected.json").read_text())
    del expected["transfer_count"]
    result = replay_log(json.loads(case.read_text()))
    assert result == expected
    assert list(result) == list(expected)
    assert [list(round_) for round_ in result["rounds"]] == [list(r) for r in expected["rounds"]]


@pytest.mark.parametrize("case", CATTE_CASES, ids=case_id)
def test_the_settlement_balances_of_a_worked_case_add_up_to_zero(case):
    _, balances = replay(json.loads(case.read_text()))
    assert sum(balances.values()) == 0


def test_replay_gives_the_balances_the_transfers_settle():
    result, balances = replay(json.loads((EXAMPLES / "catte-evening.json").read_text()))
    assert balances == {"An": D("-2.50"), "Bình": D("-1.50"), "Chi": D("7.50"), "Dũng": D("-3.50")}
    assert "transfers" not in result


def test_amounts_are_written_with_two_places():
    result = replay_log(log_with(rules={"stake": "5"}, rounds=[{"tricks": ["Chi"] * 4}]))
    assert result["rounds"][0]["net"] == {"An": "-5.00", "Bình": "-5.00", "Chi": "10.00"}
    assert result["side_pot"] == "0.00"
    assert result["rounds"][0]["side_pot_target"] is None


def test_a_carried_side_pot_is_written_with_its_shares():
    doc = log_with(rules={"stake": "1", "side_pot_stake": "0.25", "side_pot_at_end": "carry"})
    doc["side_pot_in"] = {"Bình": "0.50"}
    result, balances = replay(doc)
    assert result["side_pot"] == "1.25"
    assert result["side_pot_shares"] == {"An": "0.25", "Bình": "0.75", "Chi": "0.25"}
    assert result["totals"] == {"An": "-1.25", "Bình": "-1.25", "Chi": "1.75"}
    assert balances == {"An": D("-1.00"), "Bình": D("-1.00"), "Chi": D("2.00")}


def test_a_log_is_read_into_players_settings_rounds_and_carried_in_shares():
    players, settings, rounds, side_pot_in = parse_log(log_with(side_pot_in={"Chi": "0.50"}))
    assert players == ["An", "Bình", "Chi"]
    assert settings == Settings(stake=D("1.00"), side_pot_stake=D("0.25"))
    assert rounds == [Round(tricks=["Chi"] * 4, side_pot_upturned="7H")]
    assert side_pot_in == {"Chi": D("0.50")}


def test_an_export_reads_back_to_the_same_session():
    players, settings, rounds, side_pot_in = parse_log(
        json.loads((EXAMPLES / "catte-evening.json").read_text())
    )
    doc = log_from(players, settings, rounds, {"Dũng": D("0.5")})
    assert doc["side_pot_in"] == {"Dũng": "0.50"}
    assert doc["rounds"][2] == {
        "absent": ["Dũng"],
        "auto_win": {"player": "Chi", "hand": "four_aces"},
        "side_pot": {"upturned": "10D", "claimed_by": None},
    }
    assert parse_log(doc) == (players, settings, rounds, {"Dũng": D("0.50")})


def test_an_export_without_carried_in_shares_leaves_the_key_out():
    doc = log_from(["An", "Bình", "Chi"], Settings(stake=D("1")), [Round(tricks=["An"] * 4)])
    assert doc == {
        "format": "catte-log/1",
        "rules": {"stake": "1.00", "sweep_double_min_players": 4, "auto_wins": [],
                  "auto_win_pays": "double", "false_claim_penalty": "1.00", "ace_penalty": False,
                  "side_pot_stake": "0.00", "side_pot_at_end": "refund"},
        "players": ["An", "Bình", "Chi"],
        "rounds": [{"tricks": ["An", "An", "An", "An"]}],
    }  # fmt: skip


@pytest.mark.parametrize(
    ("doc", "message"),
    [
        ([], "log: must be a JSON object"),
        (
            log_with(format="cutthroat-log/1"),
            'format: must be "catte-log/1", not "cutthroat-log/1"',
        ),
        (
            {k: v for k, v in SMALL_LOG.items() if k != "format"},
            'format: must be "catte-log/1", not missing',
        ),
        ({k: v for k, v in SMALL_LOG.items() if k != "rules"}, "log: rules is missing"),
        ({k: v for k, v in SMALL_LOG.items() if k != "players"}, "log: players is missing"),
        ({k: v for k, v in SMALL_LOG.items() if k != "rounds"}, "log: rounds is missing"),
        (log_with(totals={}), 'log: unknown key "totals"'),
        (log_with(rules={"stake": 1}), 'rules: stake must be an amount such as "1.00"'),
        (log_with(rules={"stake": "1", "jokers": 2}), 'rules: unknown setting "jokers"'),
        (log_with(players="An, Bình, Chi"), "players: must be a list of names in seat order"),
        (log_with(players=["An", "Bình"]), "players: a session has 3 to 8 players, not 2"),
        (log_with(players=["An", "Bình", "An"]), "players: An: listed twice"),
        (log_with(players=["An", "Bình", 3]), "players: 3: a name must be text"),
        (log_with(side_pot_in=["An"]), 'side_pot_in: must be an object such as {"An": "0.50"}'),
        (log_with(side_pot_in={"Zed": "0.50"}), "side_pot_in: Zed: not a player of this log"),
        (log_with(side_pot_in={"An": 0.5}), 'side_pot_in: An: must be an amount such as "1.00"'),
        (log_with(rounds={}), "rounds: must be a list of rounds"),
        (log_with(rounds=[["Chi"] * 4]), "round 1: must be an object"),
        (round_with(winner="Chi"), 'round 1: unknown key "winner"'),
        (round_with(tricks="Chi"), "round 1: tricks must be a list of player names"),
        (round_with(folds=[None]), "round 1: folds must be a list of player names"),
        (round_with(absent="An"), "round 1: absent must be a list of player names"),
        (round_with(false_claims=[1]), "round 1: false_claims must be a list of player names"),
        (
            round_with(ace_withheld_by=["An"]),
            "round 1: ace_withheld_by must be a player's name or null",
        ),
        (
            round_with(auto_win={"player": "An", "hand": "four_aces"}),
            "round 1: give either the tricks or an automatic win, not both",
        ),
        (
            round_with(side_pot={"upturned": "7H", "claimed_by": None, "by": "An"}),
            'round 1: side_pot: unknown key "by"',
        ),
        (
            round_with(side_pot={"claimed_by": "An"}),
            'round 1: side pot: the upturned card is missing (such as "7H")',
        ),
        (
            round_with(side_pot={"upturned": "7H", "claimed_by": 2}),
            "round 1: side pot: claimed_by must be a player's name or null",
        ),
        (
            round_with(side_pot="7H"),
            'round 1: side_pot must be {"upturned": card, "claimed_by": name}',
        ),
        (
            round_with(side_pot=None),
            'round 1: side_pot must be {"upturned": card, "claimed_by": name}',
        ),
        (
            round_with(side_pot={"upturned": "7Z"}),
            'round 1: side pot: "7Z" is not a card code such as "7H" or "10D"',
        ),
        (round_with(tricks=["Chi"] * 4, folds=["Chi"]), "round 1: Chi: folded, so cannot sweep"),
    ],
)
def test_a_log_that_is_not_well_formed_or_breaks_a_rule_is_refused(doc, message):
    assert refusal(doc) == message


@pytest.mark.parametrize(
    "auto_win",
    [{"player": "An"}, {"player": "An", "hand": "four_aces", "cards": []}, ["An", "four_aces"],
     {"player": "An", "hand": 4}],
)  # fmt: skip
def test_an_automatic_win_names_the_player_and_the_hand(auto_win):
    doc = log_with(rounds=[{"auto_win": auto_win, "side_pot": {"upturned": "7H"}}])
    assert refusal(doc) == 'round 1: auto_win must be {"player": name, "hand": "four_aces"}'


def test_replay_refuses_what_parse_log_refuses():
    with pytest.raises(RulesError, match="round 1: Chi: folded, so cannot sweep"):
        replay(round_with(folds=["Chi"]))
