from decimal import Decimal

import pytest
from django.urls import reverse

from ledger.posting import balances
from tests.factories import fresh
from tracker.cutthroat import services as tournaments


@pytest.fixture
def tournament(group, players, alice):
    money = {"game_stake": Decimal("2.50"), "buy_in": Decimal("10.00")}
    rules = {"preset": "official", "target": 100, "wins_needed": 1}
    return tournaments.start(group, players[:3], rules, alice, money_rules=money)


def money_of(group):
    return {str(account): amount for account, amount in balances(group).items() if amount}


def record(tournament, bids, tricks, user):
    board = tournaments.load(fresh(tournament))
    tournaments.record_bids(board, dict(zip(board.names, bids, strict=True)), user)
    board = tournaments.load(fresh(tournament))
    named = dict(zip(board.names, tricks, strict=True))
    tournaments.record_tricks(board, board.pending.number, named, {"JD": "An", "JC": "An"}, user)
    return tournaments.load(fresh(tournament))


def test_the_game_winner_and_champion_collect_stakes_and_buy_ins(tournament, alice, group):
    record(tournament, [10, 2, 2], [11, 3, 3], alice)
    assert money_of(group) == {
        "An": Decimal("25.00"),
        "Bình": Decimal("-12.50"),
        "Chi": Decimal("-12.50"),
    }


def test_a_correction_that_changes_the_winner_reverses_the_money(tournament, alice, group):
    board = record(tournament, [10, 2, 2], [11, 3, 3], alice)

    def named(values):
        return dict(zip(board.names, values, strict=True))

    tournaments.correct_hand(
        board,
        1,
        tournament.__class__.objects.get().version,
        named([10, 2, 2]),
        named([9, 4, 4]),
        {"JD": "An", "JC": "An"},
        alice,
        confirmed=True,
    )
    assert money_of(group) == {}
    assert group.transactions.filter(kind="reversal").count() == 2


def test_no_money_moves_without_stakes(group, players, alice):
    tournament = tournaments.start(group, players[:3], {"preset": "official", "target": 100}, alice)
    record(tournament, [10, 2, 2], [11, 3, 3], alice)
    assert money_of(group) == {}


def test_the_per_session_view_lists_a_tournament_played_for_money(as_carol, tournament, alice):
    record(tournament, [10, 2, 2], [11, 3, 3], alice)
    page = as_carol.get(reverse("balances_by_session", args=[tournament.group_id])).content
    assert "Bình → An" in page.decode() and "12.50" in page.decode()
