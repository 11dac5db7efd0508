import json
from decimal import Decimal
from io import StringIO
from pathlib import Path

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from core.models import Group, Player
from tracker.catte.models import CatteSession
from tracker.cutthroat.models import Tournament
from tracker.gamelogs import registry as logs

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"


def run(*args):
    out = StringIO()
    call_command(*args, stdout=out)
    return out.getvalue()


def balances_of(name):
    return json.loads(run("balances", "--group", name))


@pytest.mark.django_db
def test_import_log_creates_the_group_and_players_and_says_so():
    printed = run("import_log", str(EXAMPLES / "catte-evening.json"), "--group", "Stammtisch")
    assert "Created group Stammtisch (EUR)." in printed and "Created player Dũng." in printed
    assert CatteSession.objects.get().group.name == "Stammtisch"


@pytest.mark.django_db
def test_a_bad_log_is_refused_and_nothing_is_created(tmp_path, capsys):
    log = json.loads((EXAMPLES / "cutthroat-bids.json").read_text())
    log["games"][0]["hands"][3]["tricks"]["Chi"] = 13
    (tmp_path / "bad.json").write_text(json.dumps(log))
    with pytest.raises(SystemExit) as exit_:
        run("import_log", str(tmp_path / "bad.json"), "--group", "Stammtisch")
    assert exit_.value.code == 1
    assert capsys.readouterr().err == "game 1 hand 4: tricks add up to 16, not 17\n"
    assert not Group.objects.exists() and not Player.objects.exists()


@pytest.mark.django_db
def test_balances_match_the_replayed_totals_of_every_imported_log():
    names = ["catte-evening", "catte-side-pot", "catte-ace-penalty", "cutthroat-tournament"]
    expected: dict[str, Decimal] = {}
    for name in names:
        run("import_log", str(EXAMPLES / f"{name}.json"), "--group", "Stammtisch")
        result = logs.replay(json.loads((EXAMPLES / f"{name}.json").read_text()))
        for player, total in result.get("totals", {}).items():
            expected[player] = expected.get(player, Decimal(0)) + Decimal(total)
    document = balances_of("Stammtisch")
    assert {p: Decimal(a) for p, a in document["balances"].items() if Decimal(a)} == {
        p: a for p, a in expected.items() if a
    }
    assert Tournament.objects.count() == 1


@pytest.mark.django_db
def test_the_balances_transfers_settle_everything_exactly():
    run("import_log", str(EXAMPLES / "catte-side-pot.json"), "--group", "Stammtisch")
    document = balances_of("Stammtisch")
    owed = {name: Decimal(amount) for name, amount in document["balances"].items()}
    for transfer in document["transfers"]:
        owed[transfer["from"]] += Decimal(transfer["amount"])
        owed[transfer["to"]] -= Decimal(transfer["amount"])
    assert set(owed.values()) == {Decimal("0.00")}
    assert len(document["transfers"]) == 4 and document["side_pot"] == "0.00"


@pytest.mark.django_db
def test_balances_of_an_unknown_group_is_an_error():
    with pytest.raises(CommandError, match="No group is named 'Nowhere'"):
        run("balances", "--group", "Nowhere")


@pytest.mark.django_db
def test_balances_list_every_player_of_the_group_even_at_zero():
    run("import_log", str(EXAMPLES / "cutthroat-bids.json"), "--group", "Stammtisch")
    document = balances_of("Stammtisch")
    assert document["balances"] == {"An": "0.00", "Bình": "0.00", "Chi": "0.00"}
    assert document["transfers"] == []
