"""An edit of a group or a player, read before something else changed the row, writes only what
its form changed: never the version or the restore holding the group as they were when it was
read. Each race is played in its racing order, one step after the other."""

from decimal import Decimal
from functools import partial

import pytest
from django.contrib import admin
from django.urls import reverse

from core.models import Group, Player, Restore
from core.models.restores import RestoreRunning
from tests.backups import six_sweeps, summary
from tests.factories import UserFactory, fresh, pay
from tests.tracker.test_admin import admin_url, form_as_rendered
from tracker.gamelogs import backup, restoring
from tracker.groups import services, views
from tracker.groups.forms import GroupForm, PlayerForm

REFUSED = "Nothing was saved: a backup is being restored into this group"


@pytest.fixture
def a_restore_into(group, players, alice, empty, monkeypatch):
    """What starts a restore of a played group into `empty`: its first step holds the group,
    and a round a step leaves it running."""
    monkeypatch.setattr(restoring, "STEP_ROUNDS", 1)
    monkeypatch.setattr(restoring, "FIRST_ENTRIES", 1)
    checked = backup.read_zip(backup.export_zip(six_sweeps(group, players, alice)))
    return lambda: restoring.begin(empty, checked, alice)


def read(row):
    """The row as a page reads it: a copy of its own, which nothing done meanwhile updates."""
    return type(row).objects.get(pk=row.pk)


def meanwhile(monkeypatch, reader, name: str, step):
    """`step` taken right after the request read its row (`reader.name`), before it saves."""
    read = getattr(reader, name)

    def read_then_step(*args, **kwargs):
        row = read(*args, **kwargs)
        step()
        return row

    monkeypatch.setattr(reader, name, read_then_step)


def test_a_rename_read_before_a_restore_took_the_group_is_refused_and_the_restore_holds_it(
    as_alice, empty, a_restore_into, monkeypatch
):
    meanwhile(monkeypatch, views, "group_for", a_restore_into)
    address = reverse("group_edit", args=[empty.pk])
    answer = as_alice.post(address, {"name": "Saturday table", "currency": "EUR"})
    restore = Restore.objects.get(group=empty)
    assert answer.status_code == 200 and REFUSED in answer.content.decode()
    assert (fresh(empty).name, fresh(empty).restoring) == ("Restored", restore)


def test_after_the_refused_rename_a_payment_is_refused_and_the_restore_ends_as_its_backup(
    group, empty, alice, a_restore_into
):
    form = GroupForm({"name": "Saturday table", "currency": "EUR"}, instance=read(empty))
    assert form.is_valid()
    restore = a_restore_into()
    with pytest.raises(RestoreRunning):
        services.save_group(form)
    with pytest.raises(RestoreRunning):
        pay(empty, *empty.players.all()[:2], Decimal("1.00"), alice)
    while restore.is_running:
        restore = restoring.take_step(restore, restore.version, alice)
    assert restore.state == Restore.State.DONE and summary(empty) == summary(group)


def test_a_rename_racing_two_payments_leaves_the_version_counting_every_change(
    group, players, alice
):
    form = GroupForm({"name": "Saturday table", "currency": "EUR"}, instance=read(group))
    assert form.is_valid()
    pay(group, players[0], players[1], Decimal("2.00"), alice)
    pay(group, players[2], players[3], Decimal("3.00"), alice)
    services.save_group(form)
    assert (fresh(group).name, fresh(group).version) == ("Saturday table", 3)


def test_two_owners_editing_one_player_at_once_keep_each_others_change(group, players):
    renaming = PlayerForm({"name": "Anh", "short_name": ""}, instance=read(players[0]), group=group)
    shortening = PlayerForm(
        {"name": "An", "short_name": "AN"}, instance=read(players[0]), group=group
    )
    assert renaming.is_valid() and shortening.is_valid()
    services.save_player(renaming)
    services.save_player(shortening)
    assert (fresh(players[0]).name, fresh(players[0]).short_name) == ("Anh", "AN")
    assert fresh(group).version == 2


@pytest.fixture
def as_superuser(client, db):
    client.force_login(UserFactory(username="root", is_staff=True, is_superuser=True))
    return client


def test_the_admin_shows_the_restore_holding_a_group_and_its_version_read_only(as_superuser, group):
    form = form_as_rendered(as_superuser, admin_url(Group, "change", group.pk))
    assert "name" in form and "restoring" not in form and "version" not in form


def test_an_admin_rename_read_before_a_restore_took_the_group_keeps_the_restore(
    as_superuser, empty, a_restore_into
):
    url = admin_url(Group, "change", empty.pk)
    form = form_as_rendered(as_superuser, url)
    restore = a_restore_into()
    version = fresh(empty).version
    assert as_superuser.post(url, {**form, "name": "Saturday table"}).status_code == 302
    assert (fresh(empty).restoring, fresh(empty).version) == (restore, version + 1)
    assert fresh(empty).name == "Saturday table"


def test_an_admin_rename_of_a_player_keeps_a_short_name_given_meanwhile(
    as_superuser, group, players, monkeypatch
):
    url = admin_url(Player, "change", players[0].pk)
    form = form_as_rendered(as_superuser, url)
    shortening = PlayerForm(
        {"name": "An", "short_name": "AN"}, instance=read(players[0]), group=group
    )
    assert shortening.is_valid()
    step = partial(services.save_player, shortening)
    meanwhile(monkeypatch, admin.site._registry[Player], "get_object", step)
    assert as_superuser.post(url, {**form, "name": "Anh"}).status_code == 302
    assert (fresh(players[0]).name, fresh(players[0]).short_name) == ("Anh", "AN")
