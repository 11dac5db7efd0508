"""Groups, players, members, changes and restores moved from the tracker app to the core app
without moving a row: a database written before the move reads the same after it, the ledger's
accounts and transactions still point at their group and player, and the content types (the
admin's log, permissions) follow the models."""

import pytest
from django.contrib.contenttypes.models import ContentType
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from core.models import Change, Group, Membership, Player
from ledger.models import Account, Transaction

# A past migration replayed on an old database: make test and CI run it, make check does not.
pytestmark = pytest.mark.migration

BEFORE = [
    ("tracker", "0023_a_change_points_at_a_game_of_any_kind"),
    ("ledger", "0011_transaction_kinds_come_from_the_games"),
    ("sheets", "0001_sheets_seats_and_rounds"),
]


def back_before_the_move():
    """The database as it was before the move: the core app unapplied, the others before it."""
    executor = MigrationExecutor(connection)
    executor.migrate([("core", None), *BEFORE])
    ContentType.objects.clear_cache()
    return executor.loader.project_state(BEFORE).apps


def forward():
    executor = MigrationExecutor(connection)
    executor.migrate(executor.loader.graph.leaf_nodes())
    ContentType.objects.clear_cache()


@pytest.fixture
def before(transactional_db):
    """Thursday's group as a database before the move held it: a member, a player with his
    account and a payment to him, and a change in a game's history."""
    apps = back_before_the_move()
    user = apps.get_model("auth", "User").objects.create(username="lan")
    group = apps.get_model("tracker", "Group").objects.create(pk=5, name="Thursday")
    apps.get_model("tracker", "Membership").objects.create(group=group, user=user, role="owner")
    player = apps.get_model("tracker", "Player").objects.create(pk=9, group=group, name="Lan")
    account = apps.get_model("ledger", "Account").objects.create(
        group=group, kind="player", player=player, balance_minor=250
    )
    apps.get_model("ledger", "Transaction").objects.create(
        pk=3, group=group, kind="payment", description="Minh paid Lan 2.50"
    )
    apps.get_model("tracker", "Change").objects.create(
        group=group, game_kind="session", game_id=1, action="round", summary="Round 1"
    )
    types = apps.get_model("contenttypes", "ContentType").objects
    old_type = types.get_or_create(app_label="tracker", model="group")[0].pk
    forward()
    return {"account": account.pk, "group type": old_type}


def test_every_row_reads_the_same_through_the_core_app(before):
    assert Group.objects.get(pk=5).name == "Thursday"
    assert Player.objects.get(pk=9).name == "Lan"
    assert Membership.objects.get(group_id=5).role == "owner"
    assert Change.objects.get(group_id=5).summary == "Round 1"


def test_the_ledger_still_points_at_its_group_and_player(before):
    account = Account.objects.get(pk=before["account"])
    assert (account.player.name, account.balance_minor) == ("Lan", 250)
    assert Transaction.objects.get(pk=3).group.name == "Thursday"
    assert list(Group.objects.get(pk=5).players.values_list("name", flat=True)) == ["Lan"]


def test_the_content_type_of_a_group_follows_it_into_the_core_app(before):
    content_type = ContentType.objects.get_for_model(Group)
    assert (content_type.pk, content_type.app_label) == (before["group type"], "core")


def test_the_move_goes_back(before):
    apps = back_before_the_move()
    assert apps.get_model("tracker", "Player").objects.get(pk=9).group.name == "Thursday"
    assert ContentType.objects.get(pk=before["group type"]).app_label == "tracker"
    forward()
