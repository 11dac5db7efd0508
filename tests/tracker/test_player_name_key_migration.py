"""Players written before a player's name was unique as the app compares names: after the
migration each has his name's key, and the later of two players of one name in a group is
renamed with the first free number after it, keeping his games; other groups keep theirs."""

import unicodedata

import pytest
from django.db import IntegrityError, connection, transaction
from django.db.migrations.executor import MigrationExecutor

from core.models import Player

# A past migration replayed on an old database: make test and CI run it, make check does not.
pytestmark = pytest.mark.migration

BEFORE = [("core", "0001_shared_rows_moved_from_tracker")]
NFC, NFD = unicodedata.normalize("NFC", "Dũng"), unicodedata.normalize("NFD", "Dũng")


@pytest.fixture
def migrated(transactional_db):
    """Two groups' players as the database held them before the migration, by primary key."""
    executor = MigrationExecutor(connection)
    executor.migrate(BEFORE)
    apps = executor.loader.project_state(BEFORE).apps
    groups = apps.get_model("core", "Group").objects
    thursday, sunday = groups.create(name="Thursday"), groups.create(name="Sunday")
    rows = [
        (1, thursday, NFC),
        (2, thursday, "Straße"),
        (3, thursday, NFD),
        (4, thursday, "STRASSE"),
        (5, thursday, f"{NFC} (2)"),
        (6, thursday, "Straße-Marie Nguyễn Thị Ánh Hồng Ngọc X"),
        (7, thursday, "STRASSE-MARIE NGUYỄN THỊ ÁNH HỒNG NGỌC X"),
        (8, sunday, "Straße"),
    ]
    for pk, group, name in rows:
        apps.get_model("core", "Player").objects.create(pk=pk, group=group, name=name)
    executor = MigrationExecutor(connection)
    executor.migrate(executor.loader.graph.leaf_nodes())
    return {"Thursday": thursday.pk}


def name_of(pk: int) -> str:
    return Player.objects.get(pk=pk).name


def test_the_first_of_a_name_in_a_group_keeps_it(migrated):
    assert [name_of(1), name_of(2), name_of(8)] == [NFC, "Straße", "Straße"]


def test_the_later_one_takes_the_first_free_number(migrated):
    assert name_of(4) == "STRASSE (2)"
    assert name_of(3) == f"{NFD} (3)"  # "Dũng (2)" was already a player's
    assert name_of(5) == f"{NFC} (2)"


def test_a_long_name_is_cut_to_make_room_for_its_number(migrated):
    assert name_of(7) == "STRASSE-MARIE NGUYỄN THỊ ÁNH HỒNG NG (2)"
    assert len(name_of(7)) == 40


def test_every_player_has_his_names_key(migrated):
    assert Player.objects.get(pk=4).name_key == "strasse (2)"
    assert list(Player.objects.filter(name_key="").values_list("pk", flat=True)) == []


def test_afterwards_the_database_refuses_a_second_player_of_a_name(migrated):
    with pytest.raises(IntegrityError), transaction.atomic():
        Player(group_id=migrated["Thursday"]).set_name("STRASSE").save()
