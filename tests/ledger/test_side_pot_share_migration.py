"""A database made before side-pot shares were held per player migrates with every balance kept
to the cent, and the app goes on from it.

The rows in tests/fixtures/before_side_pot_shares.json were made by the app as it was then: a
tournament played for money with a correction, sessions with side pots carried, refunded,
claimed, brought in with an imported log, corrected and undone, and payments.
"""

from decimal import Decimal

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from core.models import Change, Group
from ledger.balances import group_balances
from ledger.models import Posting, Transaction
from tests.fixtures.old_database import insert_rows, read_fixture
from tracker.catte import board as catte_board
from tracker.catte import rules as catte
from tracker.catte import services
from tracker.catte.models import CatteSession, Round, SessionSeat

# A past migration replayed on an old database: make test and CI run it, make check does not.
pytestmark = pytest.mark.migration

BEFORE = [("tracker", "0002_tournament_buy_in_tournament_game_stake"),
          ("ledger", "0002_transaction_note_transaction_source_part")]  # fmt: skip
FIXTURE = read_fixture("before_side_pot_shares.json")


@pytest.fixture
def migrated(transactional_db):
    """The old rows, inserted at the old migrations, then migrated to today's."""
    executor = MigrationExecutor(connection)
    executor.migrate(BEFORE)
    insert_rows(executor.loader.project_state(BEFORE).apps, FIXTURE)
    executor = MigrationExecutor(connection)
    executor.migrate(executor.loader.graph.leaf_nodes())
    return FIXTURE["expected"]


def test_every_balance_and_open_share_is_kept_to_the_cent(migrated):
    for name in ["Euro table", "Bàn Sài Gòn"]:
        group, expected = Group.objects.get(name=name), migrated["groups"][name]
        balances = group_balances(group)
        kept = {r.player.name: group.plain_amount(r.balance) for r in balances.rows}
        assert kept == expected["balances"], name
        shares = {r.player.name: group.plain_amount(r.open_share) for r in balances.rows}
        kept_shares = {n: s for n, s in shares.items() if n in expected["open_shares"]}
        assert kept_shares == expected["open_shares"], name
        assert group.plain_amount(balances.side_pot) == expected["side_pot"], name


def test_no_transaction_is_added_none_is_left_on_the_old_side_pot_account_and_all_sum_to_zero(
    migrated,
):
    assert Transaction.objects.count() == migrated["transactions"]
    left = Posting.objects.filter(account__kind="side_pot")
    assert sum(left.values_list("amount_minor", flat=True)) == 0
    for entry in Transaction.objects.prefetch_related("postings"):
        assert sum(p.amount_minor for p in entry.postings.all()) == 0, entry.description


def test_round_transactions_are_keyed_by_session_and_round_number(migrated):
    sunday = CatteSession.objects.get(name="Sunday")
    live = Transaction.objects.filter(
        source_type="catte_round",
        source_id=sunday.pk,
        reverses__isnull=True,
        reversed_by__isnull=True,
    )
    assert sorted(live.values_list("source_part", flat=True)) == [1, 2, 3]


def test_every_session_reads_the_same_money_as_before(migrated):
    for pk, expected in migrated["sessions"].items():
        board = catte_board.load(CatteSession.objects.get(pk=int(pk)))
        totals = {n: board.group.plain_amount(a) for n, a in board.settled.totals.items()}
        assert totals == expected["totals"], f"session {pk}"


def test_the_open_session_plays_on_and_the_ledger_follows(migrated):
    sunday = CatteSession.objects.get(name="Sunday")
    board = catte_board.load(sunday)
    claimed = catte.Round(tricks=["Chi"] * 4, side_pot_upturned="2C", side_pot_claimed_by="An")
    board = services.rounds.record_round(board, claimed, None)
    balances = group_balances(board.group)
    assert {r.player.name: r.open_share for r in balances.rows}["An"] == Decimal("0.25")
    assert sum((r.balance + r.open_share for r in balances.rows), Decimal(0)) == 0


def test_a_correction_of_a_round_made_before_the_migration_reverses_it_cleanly(migrated):
    board = catte_board.load(CatteSession.objects.get(name="Sunday"))
    first = board.played(board.session.rounds.get(number=1)).round
    first.side_pot_claimed_by = first.side_pot_claimed_by or "Bình"
    board = services.rounds.correct_round(board, 1, board.session.version, first, None)
    balances = group_balances(board.group)
    assert sum((r.balance + r.open_share for r in balances.rows), Decimal(0)) == 0
    shares = {r.player.name: r.open_share for r in balances.rows}
    assert shares["An"] - Decimal("0.25") == board.state.open_shares["An"]  # + session 4's 0.25


def test_every_session_keeps_its_rows_under_the_games_name(migrated):
    """The model took the game's name (CatteSession) with a migration: every session, seat,
    round and change of a session made before it is still there, with its key."""
    before = {table["model"]: table["rows"] for table in FIXTURE["tables"]}
    sessions = CatteSession.objects.order_by("pk")
    assert list(sessions.values_list("pk", "name")) == [
        (row["id"], row["name"]) for row in before["tracker.Session"]
    ]
    assert SessionSeat.objects.count() == len(before["tracker.SessionSeat"])
    assert Round.objects.count() == len(before["tracker.Round"])
    session_changes = [row for row in before["tracker.Change"] if row["session_id"]]
    assert Change.objects.filter(game_kind="session").count() == len(session_changes)
