"""A score sheet's changes: a round recorded, corrected and undone, each balanced in the ledger
and written in the history; what another phone saved first is refused; a log imported whole."""

from decimal import Decimal

import pytest

from basics.errors import RulesError
from core.changes import changes_of
from core.idempotency import AlreadyDone
from core.versioning import AlreadyRecorded, StalePage
from ledger.balances import player_balances
from ledger.models import Transaction
from ledger.posting import total_of_group
from tests.factories import fresh
from tracker.sheets import rules as sheet
from tracker.sheets import services
from tracker.sheets.board import load

TIEN_LEN = {"stake": "10000", "preset": "tien_len"}
WORKED = sheet.Round(
    places=["An", "Bình", "Chi", "Dũng"],
    leftovers={"Dũng": ["red_two", "black_two"]},
    chops=[[sheet.Chop("Chi", "Dũng", "black_two"), sheet.Chop("Bình", "Chi", "three_pairs")]],
)


@pytest.fixture
def vnd_group(group):
    group.currency = "VND"
    group.save()
    return group


@pytest.fixture
def tien_len(vnd_group, players, bob):
    return services.start(vnd_group, players, TIEN_LEN, bob)


def balances(group) -> dict[str, Decimal]:
    return {player.name: amount for player, amount in player_balances(group)[0].items()}


def test_the_worked_example_is_one_balanced_transaction_in_the_ledger(tien_len, bob):
    services.record_round(load(tien_len), WORKED, bob)
    entry = Transaction.objects.get(source_type="sheet_round")
    assert entry.description == "Sheet 1 · round 1"
    assert balances(tien_len.group) == {
        "An": Decimal(50000),
        "Bình": Decimal(50000),
        "Chi": Decimal(-50000),
        "Dũng": Decimal(-50000),
    }
    assert total_of_group(tien_len.group) == 0


def test_a_round_is_stored_by_seat_with_its_state_and_its_line_in_the_history(tien_len, bob):
    services.record_round(load(tien_len), WORKED, bob)
    sheet_row = fresh(tien_len)
    assert sheet_row.round_count == 1 and sheet_row.version == 1
    assert sheet_row.rounds.get().entry["places"] == [0, 1, 2, 3]
    entered = changes_of(sheet_row).get(action="round")
    assert entered.summary == "Round 1: places An, Bình, Chi, Dũng"


def test_a_round_the_rules_refuse_saves_nothing(tien_len, bob):
    with pytest.raises(RulesError, match="the chain does not join up"):
        services.record_round(
            load(tien_len),
            sheet.Round(
                places=["An", "Bình", "Chi", "Dũng"],
                chops=[
                    [sheet.Chop("Chi", "Dũng", "black_two"), sheet.Chop("An", "Bình", "four_kind")]
                ],
            ),
            bob,
        )
    assert not tien_len.rounds.exists() and not Transaction.objects.exists()
    assert fresh(tien_len).version == 0


def test_a_round_another_phone_saved_first_is_refused(tien_len, bob):
    board = load(tien_len)
    services.record_round(load(tien_len), WORKED, bob)
    with pytest.raises((AlreadyRecorded, StalePage)):
        services.record_round(board, WORKED, bob, number=1)
    assert fresh(tien_len).rounds.count() == 1


def test_a_correction_reverses_the_rounds_money_and_posts_it_anew(tien_len, bob):
    services.record_round(load(tien_len), WORKED, bob)
    services.record_round(
        load(fresh(tien_len)), sheet.Round(places=["Dũng", "Chi", "Bình", "An"]), bob
    )
    board = load(fresh(tien_len))
    changed = services.correct_round(
        board, 1, board.sheet.version, sheet.Round(places=["An", "Bình", "Chi", "Dũng"]), bob
    )
    assert changed
    assert balances(tien_len.group) == {
        "An": Decimal(0),
        "Bình": Decimal(0),
        "Chi": Decimal(0),
        "Dũng": Decimal(0),
    }
    assert Transaction.objects.filter(kind="reversal").count() == 1
    assert total_of_group(tien_len.group) == 0


def test_a_correction_to_the_round_as_it_was_records_nothing(tien_len, bob):
    services.record_round(load(tien_len), WORKED, bob)
    board = load(fresh(tien_len))
    assert not services.correct_round(board, 1, board.sheet.version, WORKED, bob)
    assert fresh(tien_len).version == 1


def test_an_undo_takes_the_last_rounds_money_back_and_keeps_it_in_the_history(tien_len, bob):
    services.record_round(load(tien_len), WORKED, bob)
    board = load(fresh(tien_len))
    services.undo_last(board, board.sheet.version, bob)
    assert not fresh(tien_len).rounds.exists() and fresh(tien_len).round_count == 0
    assert set(balances(tien_len.group).values()) == {Decimal(0)}
    assert [c.summary for c in changes_of(tien_len)] == [
        "Round 1 undone",
        "Round 1: places An, Bình, Chi, Dũng",
        "Started with An, Bình, Chi, Dũng",
    ]


def test_an_undo_from_a_page_that_is_behind_is_refused(tien_len, bob):
    services.record_round(load(tien_len), WORKED, bob)
    with pytest.raises(StalePage):
        services.undo_last(load(fresh(tien_len)), 0, bob)
    assert fresh(tien_len).rounds.count() == 1


def test_a_round_kept_offline_is_recorded_once_however_often_it_arrives(tien_len, bob):
    services.record_sent_round(load(tien_len), 1, WORKED, bob, "a" * 32)
    with pytest.raises(AlreadyDone):
        services.record_sent_round(load(fresh(tien_len)), 1, WORKED, bob, "a" * 32)
    assert fresh(tien_len).rounds.count() == 1


def test_a_round_kept_offline_whose_number_another_phone_recorded_is_refused(tien_len, bob):
    services.record_round(load(tien_len), WORKED, bob)
    other = sheet.Round(places=["Dũng", "Chi", "Bình", "An"])
    with pytest.raises(AlreadyRecorded):
        services.record_sent_round(load(fresh(tien_len)), 1, other, bob, "c" * 32)
    assert fresh(tien_len).rounds.count() == 1


def test_a_round_kept_offline_after_rounds_were_taken_back_is_the_next_round(tien_len, bob):
    services.record_round(load(tien_len), WORKED, bob)
    services.undo_last(load(fresh(tien_len)), 1, bob)
    services.record_sent_round(load(fresh(tien_len)), 2, WORKED, bob, "b" * 32)
    assert list(fresh(tien_len).rounds.values_list("number", flat=True)) == [1]


def test_a_log_whose_chop_chain_does_not_join_up_imports_nothing(vnd_group, players, bob):
    chain = [
        {"chopper": "Chi", "chopped": "Dũng", "what": "black_two"},
        {"chopper": "An", "chopped": "Bình", "what": "four_kind"},
    ]
    doc = {
        "format": "sheet-log/1",
        "rules": TIEN_LEN,
        "players": ["An", "Bình", "Chi", "Dũng"],
        "rounds": [{"places": ["An", "Bình", "Chi", "Dũng"], "chops": [chain]}],
    }
    with pytest.raises(RulesError, match="round 1, chop 1: the chain does not join up"):
        services.import_log(vnd_group, doc, bob)
    assert not vnd_group.sheets.exists()


def test_a_log_imports_whole_with_its_money_and_exports_as_it_was(vnd_group, players, bob):
    doc = {
        "format": "sheet-log/1",
        "rules": TIEN_LEN,
        "players": ["An", "Bình", "Chi", "Dũng"],
        "rounds": [sheet.round_entry(WORKED)],
    }
    imported = services.import_log(vnd_group, doc, bob)
    assert imported.round_count == 1
    assert balances(vnd_group)["Bình"] == Decimal(50000)
    assert services.export_game(fresh(imported))["rounds"] == doc["rounds"]


def test_a_sheet_begins_its_history_with_who_sat_down(tien_len):
    started = changes_of(tien_len).get()
    assert started.action == "start" and started.user.username == "bob"
    assert started.summary == "Started with An, Bình, Chi, Dũng"
