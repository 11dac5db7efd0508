"""A round in which nobody pays anybody moves no money: nothing is posted for it, and taking it
back or correcting it leaves the ledger balanced with nothing left unreversed."""

from decimal import Decimal

import pytest

from ledger.models import Transaction
from ledger.posting import player_account, post, total_of_group, unreversed_transactions
from tracker.sheets import money, services
from tracker.sheets import rules as sheet
from tracker.sheets.board import load

EVEN = sheet.Round(points={"An": 5, "Bình": 5, "Chi": 5, "Dũng": 5})
UNEVEN = sheet.Round(points={"An": 9, "Bình": 5, "Chi": 5, "Dũng": 5})


@pytest.fixture
def points_sheet(group, players, bob):
    return services.start(group, players, {"stake": "1.00", "preset": "points"}, bob)


def unreversed(points_sheet):
    return unreversed_transactions(points_sheet.group, money.ROUND_SOURCE, points_sheet.pk)


def test_amounts_that_are_all_zero_post_nothing(group, players):
    an, binh = player_account(players[0]), player_account(players[1])
    assert post(group, "round", "Round 1", {an: Decimal(0), binh: Decimal("0.00")}) is None
    assert not Transaction.objects.exists()


def test_a_round_in_which_nobody_pays_leaves_no_transaction(points_sheet, bob):
    services.record_round(load(points_sheet), EVEN, bob)
    assert points_sheet.rounds.count() == 1
    assert not Transaction.objects.exists()


def test_undoing_a_round_in_which_nobody_paid_leaves_nothing_to_reverse(points_sheet, bob):
    services.record_round(load(points_sheet), UNEVEN, bob)
    services.record_round(load(points_sheet), EVEN, bob)
    board = load(points_sheet)
    services.undo_last(board, board.sheet.version, bob)
    assert Transaction.objects.count() == 1 and unreversed(points_sheet).count() == 1
    assert total_of_group(points_sheet.group) == 0


def test_an_empty_round_posted_before_is_reversed_when_its_round_is_undone(points_sheet, bob):
    services.record_round(load(points_sheet), EVEN, bob)
    source = {"source_type": money.ROUND_SOURCE, "source_id": points_sheet.pk, "source_part": 1}
    Transaction.objects.create(group=points_sheet.group, kind=money.ROUND, **source)
    board = load(points_sheet)
    services.undo_last(board, board.sheet.version, bob)
    assert not unreversed(points_sheet).exists()
    assert Transaction.objects.filter(kind="reversal", source_part=1).count() == 1


def test_a_round_corrected_to_pay_and_back_to_nobody_paying_leaves_two_transactions(
    points_sheet, bob
):
    services.record_round(load(points_sheet), EVEN, bob)
    for round_ in (UNEVEN, EVEN):
        board = load(points_sheet)
        services.correct_round(board, 1, board.sheet.version, round_, bob)
    assert Transaction.objects.count() == 2  # posted when it paid, reversed when it did not
    assert not unreversed(points_sheet).exists()
    assert total_of_group(points_sheet.group) == 0
