"""The "sheet-log/1" documents of docs/log-format.md: reading, replaying and exporting them,
and the examples replaying to their expected results."""

import copy
import json
from decimal import Decimal
from pathlib import Path

import pytest

from basics.errors import RulesError
from ledger.settlement import fewest_transfers
from tracker.sheets.rules import (
    Chop,
    Payment,
    Round,
    log_from,
    parse_log,
    read_log,
    replay,
    replay_log,
)

D = Decimal
EXAMPLES = Path(__file__).resolve().parents[3] / "examples"
SHEET_EXAMPLES = sorted(
    path for path in EXAMPLES.glob("sheet-*.json") if ".expected" not in path.name
)
SMALL_LOG = {
    "format": "sheet-log/1",
    "rules": {"stake": "10000", "preset": "tien_len"},
    "players": ["An", "Bình", "Chi", "Dũng"],
    "rounds": [
        {
            "places": ["An", "Bình", "Chi", "Dũng"],
            "leftovers": {"Dũng": ["red_two", "black_two"]},
            "chops": [
                [
                    {"chopper": "Chi", "chopped": "Dũng", "what": "black_two"},
                    {"chopper": "Bình", "chopped": "Chi", "what": "three_pairs"},
                ]
            ],
        }
    ],
}


def round_with(**changes):
    doc = copy.deepcopy(SMALL_LOG)
    doc["rounds"][0].update(changes)
    return doc


def refusal(doc):
    with pytest.raises(RulesError) as refused:
        parse_log(doc)
    return str(refused.value)


def expected_for(path: Path) -> dict:
    return json.loads(path.with_name(path.stem + ".expected.json").read_text())


def test_there_are_sheet_examples_of_every_kind():
    names = {path.stem for path in SHEET_EXAMPLES}
    assert {"sheet-tien-len-example", "sheet-hearts-evening", "sheet-points-evening"} <= names
    assert "sheet-tien-len-frozen" in names


@pytest.mark.parametrize("path", SHEET_EXAMPLES, ids=lambda path: path.stem)
def test_every_sheet_example_replays_to_its_expected_result(path):
    expected = expected_for(path)
    del expected["transfer_count"]
    assert replay_log(json.loads(path.read_text())) == expected


@pytest.mark.parametrize("path", SHEET_EXAMPLES, ids=lambda path: path.stem)
def test_the_fewest_transfers_settle_an_example_in_its_transfer_count(path):
    _, balances = replay(json.loads(path.read_text()))
    assert sum(balances.values()) == 0
    assert len(fewest_transfers(balances)) <= expected_for(path)["transfer_count"]


def test_the_worked_example_of_the_house_rules_replays_exactly():
    result = replay_log(SMALL_LOG)
    assert result["totals"] == {
        "An": "50000.00",
        "Bình": "50000.00",
        "Chi": "-50000.00",
        "Dũng": "-50000.00",
    }
    assert [payment["why"] for payment in result["rounds"][0]["payments"]] == [
        "last to first",
        "third to second",
        "leftovers: a red 2, a black 2",
        "chop chopped in turn: three pairs over a black 2",
    ]


def test_a_points_sheet_s_result_has_its_points_and_running_points():
    doc = {
        "format": "sheet-log/1",
        "rules": {"stake": "0.10", "preset": "hearts"},
        "players": ["An", "Bình", "Chi"],
        "rounds": [{"points": {"An": 1, "Bình": 25}, "absent": ["Chi"]}],
    }
    played = replay_log(doc)["rounds"][0]
    assert played["points"] == {"An": 1, "Bình": 25, "Chi": None}
    assert played["points_totals"] == {"An": 1, "Bình": 25, "Chi": 0}
    assert played["places"] == {"An": 1, "Bình": 2, "Chi": None}
    assert replay_log(doc)["points_totals"] == {"An": 1, "Bình": 25, "Chi": 0}


def test_an_export_reads_back_to_the_same_sheet():
    rounds = [
        Round(
            absent=["Chi"],
            instant_win=("Dũng", "five_pairs"),
            payments=[Payment("An", "Bình", 3, "side bet")],
        ),
        Round(
            places=["Chi", "An", "Bình", "Dũng"],
            frozen=["Dũng"],
            leftovers={"Dũng": ["four_kind"]},
            chops=[[Chop("Bình", "Chi", "red_two")]],
        ),
    ]
    players, settings, _ = read_log(SMALL_LOG)
    doc = json.loads(json.dumps(log_from(players, settings, rounds)))
    assert parse_log(doc) == (players, settings, rounds)
    assert log_from(*parse_log(doc)) == doc


def test_an_export_leaves_out_what_a_round_does_not_have():
    players, settings, rounds = read_log(SMALL_LOG)
    entry = log_from(players, settings, rounds)["rounds"][0]
    assert set(entry) == {"places", "leftovers", "chops"}


@pytest.mark.parametrize(
    ("doc", "message"),
    [
        ([], "log: must be a JSON object"),
        ({**SMALL_LOG, "note": 1}, 'log: unknown key "note"'),
        (
            {**SMALL_LOG, "format": "catte-log/1"},
            "format: must be \"sheet-log/1\", not 'catte-log/1'",
        ),
        ({k: v for k, v in SMALL_LOG.items() if k != "rounds"}, "log: rounds is missing"),
        ({**SMALL_LOG, "players": "An"}, "players: must be a list of names in seat order"),
        ({**SMALL_LOG, "rounds": {}}, "rounds: must be a list of rounds"),
        (
            {**SMALL_LOG, "rules": {"stake": "1", "preset": "tien_len", "bags": 5}},
            'rules: unknown setting "bags"',
        ),
        (round_with(note="x"), 'round 1: unknown key "note"'),
        (round_with(places="An"), "round 1: places must be a list of player names"),
        (round_with(frozen=[1]), "round 1: frozen must be a list of player names"),
        (round_with(points=[1]), 'round 1: points must be an object such as {"An": 12}'),
        (
            round_with(instant_win={"player": "An"}),
            'round 1: instant_win must be {"player": name, "hand": "dragon"}',
        ),
        (
            round_with(leftovers={"Dũng": "red_two"}),
            'round 1: leftovers must be an object such as {"Dũng": ["red_two"]}',
        ),
        (
            round_with(chops=[{"chopper": "Chi", "chopped": "Dũng", "what": "red_two"}]),
            "round 1: chops must be a list of chains, each a list of chops",
        ),
        (
            round_with(chops=[[{"chopper": "Chi", "chopped": "Dũng", "card": "red_two"}]]),
            'round 1: each of chops is an object with "chopper", "chopped", "what"',
        ),
        (
            round_with(payments=[{"payer": "Chi", "payee": "An", "units": "2", "name": "x"}]),
            "round 1: payments: units must be a whole number",
        ),
        (
            round_with(payments=[{"payer": "Chi", "payee": "An", "units": 2, "name": 7}]),
            "round 1: payments: name must be text",
        ),
        (
            round_with(places=["An", "Bình", "Dũng", "Chi"]),
            "round 1: Dũng: finished third; only the last player and frozen players pay for "
            "leftovers",
        ),
    ],
)
def test_a_log_that_is_not_well_formed_or_breaks_a_rule_is_refused(doc, message):
    assert refusal(doc) == message


def test_replay_refuses_what_parse_log_refuses():
    with pytest.raises(RulesError, match="listed twice in places"):
        replay(round_with(places=["An", "An", "Chi", "Dũng"]))


def test_a_log_of_more_rounds_than_any_evening_is_refused():
    doc = {**SMALL_LOG, "rounds": [{"places": ["An", "Bình", "Chi", "Dũng"]}] * 5001}
    assert refusal(doc) == "rounds: a log holds at most 5,000 rounds"


def test_the_log_and_result_in_docs_log_format_replay_as_written():
    docs = (EXAMPLES.parent / "docs" / "log-format.md").read_text()
    section = docs[docs.index("## Score sheet: `sheet-log/1`") :]
    log, result = [block.split("```")[0] for block in section.split("```json\n")[1:3]]
    assert replay_log(json.loads(log)) == json.loads(result)
