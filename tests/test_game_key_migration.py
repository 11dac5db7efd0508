"""A change points at "a game of kind K with id N" of its group: the migration from one key per
kind of game keeps every change with its game and its idempotency key, and a key stays unique
within its game only."""

import pytest
from django.db import IntegrityError, connection, transaction
from django.db.migrations.executor import MigrationExecutor

from core.changes import changes_of
from core.models import Change
from tracker.catte.models import CatteSession
from tracker.cutthroat.models import Tournament

# A past migration replayed on an old database: make test and CI run it, make check does not.
pytestmark = pytest.mark.migration

BEFORE = [("tracker", "0022_games_numbered_within_their_group")]
AFTER = [("tracker", "0023_a_change_points_at_a_game_of_any_kind")]


@pytest.fixture
def migrated(transactional_db):
    """A session and a tournament with the same primary key, each with a change made with the
    same idempotency key, written before the migration."""
    executor = MigrationExecutor(connection)
    executor.migrate(BEFORE)
    apps = executor.loader.project_state(BEFORE).apps
    group = apps.get_model("tracker", "Group").objects.create(name="Thursday", currency="EUR")
    session = apps.get_model("tracker", "CatteSession").objects.create(pk=7, group=group, number=1)
    tournament = apps.get_model("tracker", "Tournament").objects.create(pk=7, group=group, number=1)
    old_change = apps.get_model("tracker", "Change").objects
    old_change.create(session=session, action="round", summary="Round 1", idempotency_key="a" * 32)
    old_change.create(
        tournament=tournament, action="undo", summary="Undo", idempotency_key="a" * 32
    )
    old_change.create(tournament=tournament, action="bids", summary="Bids of game 1 · hand 1")
    executor = MigrationExecutor(connection)
    executor.migrate(executor.loader.graph.leaf_nodes())
    return group.pk


def test_every_change_keeps_its_game_and_its_group(migrated):
    session, tournament = CatteSession.objects.get(pk=7), Tournament.objects.get(pk=7)
    assert list(changes_of(session).values_list("summary", flat=True)) == ["Round 1"]
    assert sorted(changes_of(tournament).values_list("summary", flat=True)) == [
        "Bids of game 1 · hand 1",
        "Undo",
    ]
    assert set(Change.objects.values_list("group_id", flat=True)) == {migrated}


def test_a_key_stays_unique_within_its_game(migrated):
    with pytest.raises(IntegrityError), transaction.atomic():
        Change.objects.create(
            group_id=migrated,
            game_kind="session",
            game_id=7,
            action="undo",
            idempotency_key="a" * 32,
        )


def test_the_migration_goes_back_to_one_key_per_kind_of_game(migrated):
    executor = MigrationExecutor(connection)
    executor.migrate(BEFORE)
    old_change = executor.loader.project_state(BEFORE).apps.get_model("tracker", "Change")
    assert old_change.objects.get(session_id=7).summary == "Round 1"
    assert old_change.objects.filter(tournament_id=7).count() == 2
    executor = MigrationExecutor(connection)
    executor.migrate(executor.loader.graph.leaf_nodes())
