"""A score sheet's round written to the history before listed names were stored joined reads,
after the migration, as it was said: "places An, Bình, Chi", not "places ['An', 'Bình', 'Chi']"."""

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from core.models import Change
from core.stored_messages import render_stored

# A past migration replayed on an old database: make test and CI run it, make check does not.
pytestmark = pytest.mark.migration

BEFORE = [("sheets", "0002_groups_and_players_are_the_core_apps")]


def words_of_a_round(listed: str) -> dict:
    """How a round's line was stored: "Round 1: places …", the names kept as one text."""
    round_ = {"said": "places %(places)s", "args": {"places": listed}}
    return {"said": "Round %(number)s: %(round)s", "args": {"number": 1, "round": round_}}


@pytest.fixture
def migrated(transactional_db, group):
    executor = MigrationExecutor(connection)
    executor.migrate(BEFORE)
    changes = executor.loader.project_state(BEFORE).apps.get_model("core", "Change").objects
    for game_kind, listed in [("sheet", "['An', 'Bình', 'Chi']"), ("session", "['An']")]:
        words = words_of_a_round(listed)
        changes.create(
            group_id=group.pk, game_kind=game_kind, game_id=1, action="round", words=words
        )
    executor = MigrationExecutor(connection)
    executor.migrate(executor.loader.graph.leaf_nodes())


def test_a_sheets_round_lists_its_names_joined_after_the_migration(migrated):
    change = Change.objects.get(game_kind="sheet")
    assert render_stored(change.words, "") == "Round 1: places An, Bình, Chi"


def test_the_line_of_another_kind_of_game_is_left_as_it_was(migrated):
    change = Change.objects.get(game_kind="session")
    assert change.words == words_of_a_round("['An']")
