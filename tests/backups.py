"""A group that has played something of everything, to back up and restore, and the owner's
pages that restore it."""

import json
from decimal import Decimal
from pathlib import Path

from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from ledger.balances import group_balances
from tests.catte.test_sessions import CARRIED_LOG
from tests.factories import fresh, pay, session_of_sweeps, take_back
from tests.page_forms import form_on, submit
from tracker.catte import services
from tracker.cutthroat import services as tournaments

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"
CARRY = {"stake": "1.00", "side_pot_stake": "0.50", "side_pot_at_end": "carry"}


def case(name):
    return json.loads((EXAMPLES / f"{name}.json").read_text())


def summary(group):
    balances = group_balances(group)
    rows = {row.player.name: (row.balance, row.open_share) for row in balances.rows}
    return rows, balances.side_pot, balances.transfers


def played_everything(group, players, alice):
    """Two closed sessions (the second carrying its side pot), one open, a tournament with
    stakes, a payment and a payment taken back."""
    services.logs.import_log(group, case("catte-evening"), alice)
    services.logs.import_log(group, CARRIED_LOG, alice)
    services.logs.start(group, players[:3], CARRY, alice)
    money = {"game_stake": Decimal("2.00"), "buy_in": Decimal("5.00")}
    rules = {"preset": "official", "target": 100, "wins_needed": 1}
    tournament = tournaments.start(group, players[:3], rules, alice, money_rules=money)
    board = tournaments.load(fresh(tournament))
    tournaments.record_bids(board, {"An": 10, "Bình": 2, "Chi": 2}, alice)
    board = tournaments.load(fresh(tournament))
    tricks = {"An": 11, "Bình": 3, "Chi": 3}
    tournaments.record_tricks(board, 1, tricks, {"JD": "An", "JC": "Bình"}, alice)
    pay(group, players[3], players[2], Decimal("3.50"), alice, "cash")
    take_back(pay(group, players[0], players[2], Decimal("1.00"), alice), alice)
    return group


def six_sweeps(group, players, alice):
    """An open session of six sweeps by An, then An pays Bình back 2.00: restored two rounds a
    step, its session stays open for three steps."""
    session_of_sweeps(group, players, alice, 6)
    pay(group, players[0], players[1], Decimal("2.00"), alice)
    return group


def progress_of(restore) -> str:
    """The address of a restore's page."""
    return reverse("restore_progress", args=[restore.group_id, restore.pk])


def upload(client, group, data: bytes):
    page = client.get(reverse("group_restore", args=[group.pk]))
    backup_file = SimpleUploadedFile("backup.zip", data, content_type="application/zip")
    return client.post(form_on(page, "restore").action, {"file": backup_file})


def go_on(client, response, times=100):
    """Tap "Go on" as the page draws it until the restore is done or has stopped."""
    for _ in range(times):
        if response.status_code == 302 and "restores" not in response.url:
            return response
        page = client.get(response.url) if response.status_code == 302 else response
        if "Go on" not in page.content.decode():
            return page
        response = submit(client, form_on(page, text="Go on"))
    raise AssertionError("the restore never finished")
