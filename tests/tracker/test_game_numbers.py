"""A game without a name is called by its number among its group's games of its kind: a group's
first session is "Session 1" and its first tournament "Tournament 1", whatever other groups
played before."""

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.urls import reverse

from tests.factories import GroupFactory, PlayerFactory
from tests.page_forms import form_on, submit
from tracker.catte import services
from tracker.catte.models import CatteSession
from tracker.cutthroat import services as tournaments
from tracker.cutthroat.models import Tournament


@pytest.fixture
def other_groups_games(db):
    """Two sessions and two tournaments of another group, started before."""
    elsewhere = GroupFactory(name="Saturday table")
    table = [PlayerFactory(group=elsewhere, name=name) for name in ["Em", "Giang", "Hà"]]
    for _ in range(2):
        services.logs.start(elsewhere, table, {"stake": "1.00"}, None)
        tournaments.start(elsewhere, table, {"preset": "official"}, None)


def seated(players) -> dict:
    return {f"seat_{seat}": player.pk for seat, player in enumerate(players)}


def test_a_groups_first_session_is_session_1(as_bob, group, players, other_groups_games):
    new = form_on(as_bob.get(reverse("session_new", args=[group.pk])), text="Start")
    started = submit(as_bob, new, stake="1.00", **seated(players))
    page = as_bob.get(started["Location"]).content.decode()
    assert "<h1>Session 1 <span" in page
    assert str(CatteSession.objects.get(group=group)) == "Session 1"


def test_a_groups_first_tournament_is_tournament_1(as_bob, group, players, other_groups_games):
    new = form_on(as_bob.get(reverse("tournament_new", args=[group.pk])), text="Start")
    page = as_bob.get(submit(as_bob, new, **seated(players))["Location"]).content.decode()
    assert "<h1>Tournament 1 <span" in page
    assert str(Tournament.objects.get(group=group)) == "Tournament 1"


def test_the_next_session_is_counted_after_the_groups_last(group, players, other_groups_games):
    for _ in range(2):
        services.logs.start(group, players, {"stake": "1.00"}, None)
    assert [str(s) for s in CatteSession.objects.filter(group=group)] == ["Session 2", "Session 1"]


def test_a_number_a_cancelled_restore_took_back_is_given_again(group, players):
    services.logs.start(group, players, {"stake": "1.00"}, None)
    removed = services.logs.start(group, players, {"stake": "1.00"}, None)
    CatteSession.objects.filter(pk=removed.pk).delete()  # as a cancelled restore's step does
    assert services.logs.start(group, players, {"stake": "1.00"}, None).number == 2


BEFORE = [("tracker", "0021_a_restore_holds_its_group_until_done_or_cancelled")]


@pytest.mark.migration
def test_the_games_played_before_are_numbered_within_their_group(transactional_db):
    executor = MigrationExecutor(connection)
    executor.migrate(BEFORE)
    apps = executor.loader.project_state(BEFORE).apps
    groups = [
        apps.get_model("tracker", "Group").objects.create(name=name, currency="EUR")
        for name in ["Friday", "Saturday"]
    ]
    for model in ["CatteSession", "Tournament"]:
        for group in [groups[0], groups[1], groups[0]]:
            apps.get_model("tracker", model).objects.create(group=group, rules={})
    executor = MigrationExecutor(connection)
    executor.migrate(executor.loader.graph.leaf_nodes())
    for model in [CatteSession, Tournament]:
        numbers = model.objects.order_by("pk").values_list("group__name", "number")
        assert list(numbers) == [("Friday", 1), ("Saturday", 1), ("Friday", 2)]
