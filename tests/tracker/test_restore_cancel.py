"""A restore can be cancelled: what it wrote is removed a step at a time and the group is as it
was before, so a backup can be uploaded again. One left for a day is cancelled by itself, and
the uploads waiting to be restored are bounded per user and per group."""

from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from core.models import Change, Restore, Role
from ledger.models import Account, Posting, Transaction
from tests.backups import go_on, played_everything, progress_of, summary, upload
from tests.factories import GroupFactory, MembershipFactory, PlayerFactory, fresh
from tests.page_forms import form_on, submit
from tests.tracker.test_restore_in_steps import zipped
from tracker.catte.models import Round
from tracker.gamelogs import backup, cancelling, restoring
from tracker.models import Season


@pytest.fixture
def played_group(group, players, alice):
    group.seasons.create(name="Spring", name_key="spring", starts_on="2026-03-01",
                         ends_on="2026-05-31")  # fmt: skip
    return played_everything(group, players, alice)


@pytest.fixture
def empty(alice):
    """A group that has a player of its own, with a short name, and nothing played yet."""
    group = GroupFactory(name="Restored", currency="EUR")
    MembershipFactory(group=group, user=alice, role=Role.OWNER)
    PlayerFactory(group=group, name="An", short_name="Annie")
    return group


@pytest.fixture
def small_steps(monkeypatch):
    monkeypatch.setattr(restoring, "STEP_ROUNDS", 2)
    monkeypatch.setattr(restoring, "FIRST_ENTRIES", 3)
    monkeypatch.setattr(restoring, "STEP_PAYMENTS", 1)
    monkeypatch.setattr(cancelling, "STEP_ROWS", 7)


def cancel(client, restore):
    """The two taps of "Cancel the restore", as its page draws them."""
    page = client.get(progress_of(restore))
    return submit(client, form_on(page, reverse("restore_cancel", args=[restore.group_id,
                                                                        restore.pk])))  # fmt: skip


def as_before(group) -> bool:
    """Nothing played, paid or posted; only the group's own player, as he was."""
    nothing = not (group.sessions.exists() or group.tournaments.exists())
    nothing = nothing and not Transaction.objects.filter(group=group).exists()
    nothing = nothing and not Posting.objects.filter(transaction__group=group).exists()
    nothing = nothing and not Account.objects.filter(group=group).exists()
    nothing = nothing and not Change.objects.filter(group=group).exists()
    players = list(group.players.values_list("name", "short_name"))
    return nothing and players == [("An", "Annie")] and not group.seasons.exists()


def test_an_owner_cancels_a_restore_and_the_group_is_as_before(
    as_alice, played_group, empty, small_steps
):
    restore = Restore.objects.get(pk=upload(as_alice, empty, backup.export_zip(played_group))
                                  .url.split("/")[-2])  # fmt: skip
    assert Round.objects.filter(session__group=empty).exists()
    page = go_on(as_alice, cancel(as_alice, restore)).content.decode()
    assert "The restore was cancelled" in page and fresh(restore).state == "cancelled"
    assert fresh(restore).rows_removed > 7 and as_before(empty)
    assert fresh(empty).restoring is None


def test_after_a_cancel_the_backup_is_uploaded_again_and_restored_whole(
    as_alice, played_group, empty, small_steps
):
    upload(as_alice, empty, backup.export_zip(played_group))
    go_on(as_alice, cancel(as_alice, Restore.objects.get(group=empty)))
    done = go_on(as_alice, upload(as_alice, empty, backup.export_zip(played_group)))
    assert done.url == empty.get_absolute_url() and summary(empty) == summary(played_group)


def test_a_failed_restore_is_cancelled_and_leaves_nothing_behind(
    as_alice, played_group, empty, small_steps
):
    manifest, logs = backup.read_zip(backup.export_zip(played_group))
    manifest["logs"][2]["left"] = {"Dũng": 0}  # Dũng does not sit at that session
    upload(as_alice, empty, zipped(manifest, logs))
    failed = go_on(as_alice, as_alice.get(progress_of(Restore.objects.get())))
    assert "The restore stopped:" in failed.content.decode() and empty.sessions.exists()
    go_on(as_alice, cancel(as_alice, Restore.objects.get()))
    assert as_before(empty)


def test_a_restore_left_for_a_day_is_cancelled_when_the_group_is_next_looked_at(
    as_alice, played_group, empty, small_steps
):
    upload(as_alice, empty, backup.export_zip(played_group))
    Restore.objects.update(touched_at=timezone.now() - timedelta(days=1, minutes=1))
    page = as_alice.get(empty.get_absolute_url()).content.decode()
    assert "A cancelled restore is being removed" in page
    assert Restore.objects.get().state == "cancelling" and Restore.objects.get().backup in (
        b"",
        memoryview(b""),
    )


def test_a_restore_touched_within_the_day_goes_on(as_alice, played_group, empty, small_steps):
    upload(as_alice, empty, backup.export_zip(played_group))
    Restore.objects.update(touched_at=timezone.now() - timedelta(hours=23))
    as_alice.get(empty.get_absolute_url())
    assert Restore.objects.get().state == "running"


def test_only_an_owner_cancels_a_restore(
    client, as_alice, played_group, empty, bob, dave, small_steps
):
    upload(as_alice, empty, backup.export_zip(played_group))
    restore = Restore.objects.get()
    MembershipFactory(group=empty, user=bob, role=Role.SCORER)
    address = reverse("restore_cancel", args=[empty.pk, restore.pk])
    for someone, status in ((bob, 403), (dave, 404)):
        client.force_login(someone)
        assert client.post(address).status_code == status
    assert fresh(restore).state == "running"


def test_the_backups_one_user_has_waiting_are_bounded(
    as_alice, played_group, alice, small_steps, settings
):
    data = backup.export_zip(played_group)
    settings.RESTORE_BYTES_PER_USER = 2 * len(data)
    groups = [GroupFactory(name=f"Copy {n}", currency="EUR") for n in range(3)]
    for copy in groups:
        MembershipFactory(group=copy, user=alice, role=Role.OWNER)
    first, second = (upload(as_alice, copy, data) for copy in groups[:2])
    page = upload(as_alice, groups[2], data).content.decode()
    assert "your restores under way hold" in page and not groups[2].players.exists()
    assert Restore.objects.filter(state="running").count() == 2


def test_restores_begun_into_one_group_in_a_day_are_bounded(
    as_alice, played_group, empty, small_steps, settings
):
    settings.RESTORES_PER_GROUP_PER_DAY = 2
    data = backup.export_zip(played_group)
    for _ in range(2):
        upload(as_alice, empty, data)
        go_on(as_alice, cancel(as_alice, Restore.objects.get(state="running")))
    page = upload(as_alice, empty, data).content.decode()
    assert "2 restores into this group began within a day" in page and as_before(empty)


def test_a_seasons_and_the_short_names_it_found_come_back_as_they_were(
    as_alice, played_group, empty, small_steps
):
    manifest, logs = backup.read_zip(backup.export_zip(played_group))
    manifest["short_names"] = {"An": "Ann"}
    upload(as_alice, empty, zipped(manifest, logs))
    assert empty.players.get(name="An").short_name == "Ann"
    assert Season.objects.filter(group=empty).exists()
    go_on(as_alice, cancel(as_alice, Restore.objects.get()))
    assert as_before(empty)
