"""Cắt Tê rounds in the ledger: balanced, append-only, and always equal to the rules' money."""

from decimal import Decimal

import pytest

from ledger.balances import player_balances
from ledger.models import Posting, Transaction
from ledger.posting import total_of_group
from tests.factories import fresh
from tracker.catte import board as catte_board
from tracker.catte import money as catte_money
from tracker.catte import rules as catte
from tracker.catte import services

RULES = {"stake": "1.00", "side_pot_stake": "0.25"}


@pytest.fixture
def session(group, players):
    return services.logs.start(group, players, RULES, None)


def record(session, *rounds):
    board = catte_board.load(fresh(session))
    for round_ in rounds:
        board = services.rounds.record_round(board, round_, None, board.next_number)
    return board


def sweep(name, claimed_by=None):
    return catte.Round(tricks=[name] * 4, side_pot_upturned="7H", side_pot_claimed_by=claimed_by)


def amounts(entry: Transaction) -> dict[str, int]:
    return {
        str(p.account): p.amount_minor for p in entry.postings.select_related("account__player")
    }


def by_name(group):
    """({name: balance}, {name: open side-pot share}, side pot) of the group's ledger."""
    players, shares, side_pot = player_balances(group)

    def names(amounts):
        return {p.name: amount for p, amount in amounts.items()}

    return names(players), names(shares), side_pot


def test_a_round_posts_one_balanced_transaction_keyed_by_session_and_number(session):
    record(session, sweep("An"))
    entry = Transaction.objects.get()
    assert (entry.kind, entry.source_type, entry.source_id, entry.source_part) == (
        "round",
        "catte_round",
        session.pk,
        1,
    )
    assert amounts(entry) == {
        "An": 575, "An · side pot": 25, "Bình": -225, "Bình · side pot": 25,
        "Chi": -225, "Chi · side pot": 25, "Dũng": -225, "Dũng · side pot": 25,
    }  # fmt: skip


def test_a_claim_moves_every_open_share_to_the_claimant(session):
    record(session, sweep("An"), sweep("Bình", claimed_by="Dũng"))
    entry = Transaction.objects.get(source_part=2)
    assert amounts(entry)["An · side pot"] == -25
    assert amounts(entry)["Dũng"] == -100 - 100 - 25 + 200  # stake, double, side stake, pot
    assert by_name(session.group)[1] == dict.fromkeys(["An", "Bình", "Chi", "Dũng"], Decimal(0))


def test_a_correction_posts_a_reversal_and_a_new_transaction(session):
    board = record(session, sweep("An"))
    first = Transaction.objects.get()
    services.rounds.correct_round(board, 1, 1, sweep("Chi"), None)
    reversal = Transaction.objects.get(reverses=first)
    new = Transaction.objects.get(kind="round", reversed_by__isnull=True)
    assert amounts(reversal) == {name: -minor for name, minor in amounts(first).items()}
    assert amounts(new)["Chi"] == 575 and Transaction.objects.count() == 3


def test_a_correction_reposts_the_later_rounds_it_changes(session):
    board = record(session, sweep("An"), sweep("Bình"), sweep("Chi", claimed_by="Chi"))
    board = services.rounds.correct_round(board, 1, 3, sweep("An", claimed_by="Dũng"), None)
    assert Transaction.objects.filter(kind="reversal").count() == 2  # rounds 1 and 3, not 2
    assert by_name(session.group)[0]["Chi"] == board.state.running["Chi"] == Decimal("3.25")


def test_the_ledger_sums_to_zero_and_equals_the_running_money(session):
    board = record(session, sweep("An"), sweep("Bình", claimed_by="Dũng"), sweep("Chi"))
    players, shares, side_pot = by_name(session.group)
    assert total_of_group(session.group) == 0
    assert players == board.state.running
    assert shares == board.state.open_shares and side_pot == board.state.side_pot


def test_undo_reverses_the_round(session):
    board = record(session, sweep("An"), sweep("Bình"))
    board = services.rounds.undo_last(board, 2, None)
    players = by_name(session.group)[0]
    assert players == board.state.running and players["Bình"] == Decimal("-2.25")
    assert Transaction.objects.filter(kind="reversal").count() == 1


def test_posting_the_same_rounds_again_posts_nothing(session):
    board = record(session, sweep("An"), sweep("Bình"))
    _, results = catte_board.replay(
        session, board.names, board.settings, list(session.rounds.all())
    )
    catte_money.after_change(board, results, 1, None)
    assert Transaction.objects.count() == 2 and Posting.objects.count() == 16


def test_closing_with_a_refund_empties_the_side_pot(session):
    board = record(session, sweep("An"), sweep("Bình"))
    board = services.closing.close(board, 2, None)
    refund = Transaction.objects.get(kind="side_pot_refund")
    assert (refund.source_type, refund.source_id) == ("catte_close", session.pk)
    players, _, side_pot = by_name(session.group)
    assert side_pot == 0
    assert players == board.settled.totals == {
        "An": Decimal("4.00"), "Bình": Decimal("4.00"), "Chi": Decimal("-4.00"),
        "Dũng": Decimal("-4.00"),
    }  # fmt: skip


def test_closing_with_a_carry_leaves_the_shares_on_the_players_share_accounts(group, players):
    session = services.logs.start(group, players, {**RULES, "side_pot_at_end": "carry"}, None)
    board = services.closing.close(record(session, sweep("An")), 1, None)
    assert not Transaction.objects.filter(kind="side_pot_refund").exists()
    _, shares, side_pot = by_name(group)
    assert side_pot == Decimal("1.00") == board.settled.side_pot
    assert shares == dict.fromkeys(["An", "Bình", "Chi", "Dũng"], Decimal("0.25"))


def test_vnd_rounds_post_whole_dong(group, players):
    group.currency = "VND"
    group.save()
    session = services.logs.start(group, players[:3], {"stake": "5000"}, None)
    record(session, catte.Round(tricks=["Chi"] * 4))
    entry = Transaction.objects.get()
    assert amounts(entry) == {"An": -5000, "Bình": -5000, "Chi": 10000}
