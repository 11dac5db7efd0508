"""Every worked case of ../shared/cases replays to its expected result, field by field."""

import json
from decimal import Decimal
from pathlib import Path

import pytest
from django.core.management import call_command

from tracker.logs import registry as logs

CASES = Path(__file__).resolve().parents[2] / "shared" / "cases"
LOGS = sorted(p for p in CASES.glob("*.json") if not p.name.endswith(".expected.json"))


def expected_for(log: Path) -> dict:
    return json.loads(log.with_name(log.stem + ".expected.json").read_text())


def test_the_worked_cases_are_there():
    assert len(LOGS) >= 6


@pytest.mark.parametrize("log", LOGS, ids=lambda p: p.stem)
def test_a_worked_case_replays_to_its_expected_result(log):
    result = logs.replay(json.loads(log.read_text()))
    expected = expected_for(log)
    count = expected.pop("transfer_count", None)
    transfers = result.pop("transfers", None)
    assert result == expected
    if count is not None:
        assert len(transfers) <= count


@pytest.mark.parametrize(
    "log", [p for p in LOGS if p.stem.startswith("catte")], ids=lambda p: p.stem
)
def test_the_transfers_settle_every_total_exactly(log):
    result = logs.replay(json.loads(log.read_text()))
    owed = {name: Decimal(total) for name, total in result["totals"].items()}
    for transfer in result["transfers"]:
        owed[transfer["from"]] += Decimal(transfer["amount"])
        owed[transfer["to"]] -= Decimal(transfer["amount"])
    assert set(owed.values()) == {Decimal(0)}


@pytest.mark.parametrize("log", LOGS, ids=lambda p: p.stem)
def test_manage_py_replay_prints_the_same_document(log, capsys):
    call_command("replay", str(log))
    printed = json.loads(capsys.readouterr().out)
    assert printed == logs.replay(json.loads(log.read_text()))
