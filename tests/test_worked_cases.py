"""Every example log replays to its expected result, field by field.

The worked cases in ../shared/cases, beside the project, are replayed the same way when that
folder is there; without it, only the project's own examples are. A log whose format is no game
of the app is replayed by its rules' own tests.
"""

import json
from decimal import Decimal
from pathlib import Path

import pytest
from django.core.management import call_command

from core import games
from tracker.gamelogs import registry as logs

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = ROOT / "examples"
SHARED_CASES = ROOT.parent / "shared" / "cases"
ALL_LOGS = [
    log
    for folder in (EXAMPLES, SHARED_CASES)
    if folder.exists()
    for log in sorted(folder.glob("*.json"))
    if not log.name.endswith(".expected.json")
]
LOGS = [log for log in ALL_LOGS if games.format_named(json.loads(log.read_text()).get("format"))]


def case_id(log: Path) -> str:
    return f"{log.parent.name}/{log.stem}"


def expected_for(log: Path) -> dict:
    return json.loads(log.with_name(log.stem + ".expected.json").read_text())


def test_the_examples_are_there():
    assert len([log for log in LOGS if log.parent == EXAMPLES]) >= 8


def test_every_example_has_its_expected_result_and_every_result_its_log():
    results = {
        path.name.removesuffix(".expected.json") for path in EXAMPLES.glob("*.expected.json")
    }
    examples = {log.stem for log in ALL_LOGS if log.parent == EXAMPLES}
    assert examples == results


@pytest.mark.parametrize("log", LOGS, ids=case_id)
def test_a_worked_case_replays_to_its_expected_result(log):
    result = logs.replay(json.loads(log.read_text()))
    expected = expected_for(log)
    count = expected.pop("transfer_count", None)
    transfers = result.pop("transfers", None)
    assert result == expected
    assert (transfers is None) == (count is None)
    if count is not None:
        assert len(transfers) <= count


@pytest.mark.parametrize("log", [p for p in LOGS if p.stem.startswith("catte")], ids=case_id)
def test_the_transfers_settle_every_balance_exactly(log):
    doc = json.loads(log.read_text())
    result = logs.replay(doc)
    carried_in = doc.get("side_pot_in", {})
    owed = {
        name: Decimal(total)
        + Decimal(result["side_pot_shares"][name])
        - Decimal(carried_in.get(name, "0"))
        for name, total in result["totals"].items()
    }
    for transfer in result["transfers"]:
        owed[transfer["from"]] += Decimal(transfer["amount"])
        owed[transfer["to"]] -= Decimal(transfer["amount"])
    assert set(owed.values()) == {Decimal(0)}


@pytest.mark.parametrize("log", LOGS, ids=case_id)
def test_manage_py_replay_prints_the_same_document(log, capsys):
    call_command("replay", str(log))
    printed = json.loads(capsys.readouterr().out)
    assert printed == logs.replay(json.loads(log.read_text()))
