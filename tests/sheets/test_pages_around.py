"""A score sheet on the pages around the games, with nothing of them changed: the group page's
section, the table view, who owes whom (with the other games' money), each sheet settled on
its own, the ratings (a round a match), a player's record, the log's export and import, the
pages kept for reading offline and the demo group."""

import json
import re
from decimal import Decimal
from io import StringIO

import pytest
from django.core.management import call_command
from django.urls import reverse

from core.models import Group
from ledger.balances import group_balances
from tests.factories import fresh, session_of_sweeps
from tests.page_forms import form_on, submit
from tests.tracker.test_history_views import page_text
from tracker.catte import board as catte_board
from tracker.sheets import rules as sheet
from tracker.sheets import services
from tracker.sheets.board import load

WORKED = sheet.Round(
    places=["An", "Bình", "Chi", "Dũng"],
    leftovers={"Dũng": ["red_two", "black_two"]},
    chops=[[sheet.Chop("Chi", "Dũng", "black_two"), sheet.Chop("Bình", "Chi", "three_pairs")]],
)


@pytest.fixture
def evening(group, players, bob):
    sheet_row = services.start(group, players, {"stake": "1.00", "preset": "tien_len"}, bob)
    services.record_round(load(sheet_row), WORKED, bob)
    services.record_round(
        load(fresh(sheet_row)),
        sheet.Round(places=["Chi", "An", "Bình", "Dũng"], frozen=["Dũng"]),
        bob,
    )
    return fresh(sheet_row)


def test_the_group_page_lists_the_sheets_with_the_button_to_start_one(as_bob, group, evening):
    html = as_bob.get(group.get_absolute_url()).content.decode()
    section = html[html.index('<section class="card" id="sheets">') :]
    section = section[: section.index("</section>")]
    assert "Score sheets</h2>" in section and "Sheet 1</a>" in section
    assert "Tiến lên ·" in section and "2 rounds" in section
    assert f'href="/groups/{group.pk}/sheets/new/">New score sheet</a>' in section


def test_the_table_view_shows_the_money_and_the_last_round_in_words(as_carol, evening):
    url = reverse("sheet_table", args=[evening.group_id, evening.pk])
    text = page_text(as_carol.get(url))
    assert "Sheet 1 · Tiến lên Round 3" in text
    assert "An +€6.00" in text and "Round 2 first Chi · second An · third Bình · last Dũng" in text
    assert "Dũng → Chi €4.00 (frozen)" in text


def test_who_owes_whom_settles_the_sheet_with_the_other_games_money(group, players, evening, bob):
    session = session_of_sweeps(
        group, players, bob, rounds=1
    )  # An sweeps Cắt Tê, which pays double: +6.00
    assert catte_board.load(session).state.running["An"] == Decimal(6)
    owed = group_balances(group)
    balances = {row.player.name: row.balance for row in owed.rows}
    assert balances == {
        "An": Decimal(12),
        "Bình": Decimal(2),
        "Chi": Decimal(-3),
        "Dũng": Decimal(-11),
    }
    for transfer in owed.transfers:
        balances[transfer.payer] += transfer.amount
        balances[transfer.payee] -= transfer.amount
    assert set(balances.values()) == {Decimal(0)} and len(owed.transfers) <= 3


def test_each_sheet_is_settled_on_its_own(as_carol, group, evening):
    text = page_text(as_carol.get(reverse("balances_by_session", args=[group.pk])))
    assert "Sheet 1 Tiến lên" in text and "Dũng → An €6.00" in text


def test_each_round_is_a_match_of_the_ratings_by_place(as_carol, group, evening):
    text = page_text(as_carol.get(reverse("ratings", args=[group.pk])))
    assert "Score sheet" in text and "2 rounds won 1 (50%)" in text
    assert "Score sheets: every round, the players ranked by their places in it" in text


def test_a_players_page_has_his_record_on_the_sheets(as_carol, group, players, evening):
    text = page_text(as_carol.get(reverse("player_stats", args=[group.pk, players[2].pk])))
    assert "Rounds won 1 of 2 · 50%" in text
    assert "Places first 1 · third 1" in text and "Chops given / taken 1 / 1" in text


def test_a_sheet_exported_and_imported_is_the_same_sheet(as_alice, group, evening):
    log = as_alice.get(reverse("sheet_export", args=[group.pk, evening.pk])).json()
    assert log["format"] == "sheet-log/1" and len(log["rounds"]) == 2
    form = form_on(as_alice.get(reverse("log_import", args=[group.pk])), text="Import")
    response = submit(as_alice, form, text=json.dumps(log))
    imported = group.sheets.exclude(pk=evening.pk).get()
    assert response["Location"] == imported.get_absolute_url()
    assert load(imported).state.running == load(evening).state.running


def kept_page(client):
    worker = client.get(reverse("service_worker")).content.decode()
    return re.compile(json.loads(re.search(r"var KEPT_PAGE = new RegExp\((.+)\);", worker)[1]))


def test_a_sheet_and_its_table_view_are_kept_for_reading_offline(client):
    pattern = kept_page(client)
    assert pattern.match("/groups/7/sheets/11/") and pattern.match("/groups/7/sheets/11/table/")
    assert not pattern.match("/groups/7/sheets/new/")


def test_the_demo_group_has_a_tien_len_sheet(db):
    call_command("demo", stdout=StringIO())
    sheet_row = Group.objects.get(name="Demo table").sheets.get()
    assert sheet_row.rules["preset"] == "tien_len" and sheet_row.round_count == 4
    assert sum(load(sheet_row).state.running.values()) == 0
