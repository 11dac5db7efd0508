"""Cắt Tê rounds in the ledger: balanced, append-only, and always equal to the replay."""

from decimal import Decimal

import pytest

from ledger.models import Posting, Transaction
from ledger.posting import balances, side_pot_account, total_of_group
from tracker.catte import money as ledger_catte
from tracker.catte import services as catte_sessions
from tracker.rules import catte

RULES = {"stake": "1.00", "side_pot_stake": "0.25"}


@pytest.fixture
def session(group, players):
    return catte_sessions.start(group, players, RULES, None)


def record(session, *rounds):
    board = catte_sessions.load(session)
    for round_ in rounds:
        board = catte_sessions.record_round(board, round_, None)
    return board


def sweep(name, claimed_by=None):
    return catte.Round(tricks=[name] * 4, side_pot_upturned="7H", side_pot_claimed_by=claimed_by)


def amounts(entry: Transaction) -> dict[str, int]:
    return {
        str(p.account): p.amount_minor for p in entry.postings.select_related("account__player")
    }


def test_a_round_posts_one_balanced_transaction(session):
    board = record(session, sweep("An"))
    entry = Transaction.objects.get()
    assert (entry.kind, entry.source_type, entry.source_id) == (
        "round",
        "catte_round",
        board.rounds[0].pk,
    )
    assert amounts(entry) == {"An": 575, "Bình": -225, "Chi": -225, "Dũng": -225, "Side pot": 100}


def test_a_correction_posts_a_reversal_and_a_new_transaction(session):
    board = record(session, sweep("An"))
    first = Transaction.objects.get()
    catte_sessions.correct_round(board, 1, 1, sweep("Chi"), None)
    reversal = Transaction.objects.get(reverses=first)
    new = Transaction.objects.get(kind="round", reversed_by__isnull=True)
    assert amounts(reversal) == {name: -minor for name, minor in amounts(first).items()}
    assert amounts(new)["Chi"] == 575 and Transaction.objects.count() == 3


def test_a_correction_reposts_the_later_rounds_it_changes(session):
    board = record(session, sweep("An"), sweep("Bình"), sweep("Chi", claimed_by="Chi"))
    board = catte_sessions.correct_round(board, 1, 3, sweep("An", claimed_by="Dũng"), None)
    assert Transaction.objects.filter(kind="reversal").count() == 2  # rounds 1 and 3, not 2
    chi = next(a for a in balances(session.group) if a.player and a.player.name == "Chi")
    assert balances(session.group)[chi] == board.result.running["Chi"] == Decimal("3.25")


def test_the_ledger_sums_to_zero_and_equals_the_running_money(session):
    board = record(session, sweep("An"), sweep("Bình", claimed_by="Dũng"), sweep("Chi"))
    assert total_of_group(session.group) == 0
    by_player = {a.player.name: v for a, v in balances(session.group).items() if a.player}
    assert by_player == board.result.running
    assert balances(session.group)[side_pot_account(session.group)] == board.result.side_pot


def test_undo_reverses_the_round(session):
    board = record(session, sweep("An"), sweep("Bình"))
    board = catte_sessions.undo_last(board, 2, None)
    by_player = {a.player.name: v for a, v in balances(session.group).items() if a.player}
    assert by_player == board.result.running and by_player["Bình"] == Decimal("-2.25")
    assert Transaction.objects.filter(kind="reversal").count() == 1


def test_syncing_again_posts_nothing(session):
    board = record(session, sweep("An"), sweep("Bình"))
    ledger_catte.sync_session(board, None)
    assert Transaction.objects.count() == 2 and Posting.objects.count() == 10


def test_closing_with_a_refund_empties_the_side_pot(session):
    board = record(session, sweep("An"), sweep("Bình"))
    board = catte_sessions.close(board, 2, None)
    refund = Transaction.objects.get(kind="side_pot_refund")
    assert (refund.source_type, refund.source_id) == ("catte_close", session.pk)
    assert balances(session.group)[side_pot_account(session.group)] == 0
    by_player = {a.player.name: v for a, v in balances(session.group).items() if a.player}
    assert (
        by_player
        == board.result.totals
        == {
            "An": Decimal("4.00"),
            "Bình": Decimal("4.00"),
            "Chi": Decimal("-4.00"),
            "Dũng": Decimal("-4.00"),
        }
    )


def test_closing_with_a_carry_leaves_the_side_pot_in_the_group(group, players):
    session = catte_sessions.start(group, players, {**RULES, "side_pot_at_end": "carry"}, None)
    board = catte_sessions.close(record(session, sweep("An")), 1, None)
    assert not Transaction.objects.filter(kind="side_pot_refund").exists()
    assert balances(group)[side_pot_account(group)] == Decimal("1.00") == board.result.side_pot


def test_vnd_rounds_post_whole_dong(group, players):
    group.currency = "VND"
    group.save()
    session = catte_sessions.start(group, players[:3], {"stake": "5000"}, None)
    record(session, catte.Round(tricks=["Chi"] * 4))
    entry = Transaction.objects.get()
    assert amounts(entry) == {"An": -5000, "Bình": -5000, "Chi": 10000}
