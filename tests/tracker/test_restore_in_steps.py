"""A backup too large for one request is restored a step at a time from the owner's page."""

import io
import json
import zipfile

import pytest
from django.urls import reverse

from basics.errors import RulesError
from core.models import Restore, Role
from tests.backups import go_on, played_everything, summary, upload
from tests.factories import GroupFactory, MembershipFactory
from tests.page_forms import form_on, submit
from tracker.gamelogs import backup, registry, restoring


@pytest.fixture
def small_steps(monkeypatch):
    """Steps of 2 rounds or 1 payment, and 3 rounds and hands in the upload's request, so the
    played group's backup (6 rounds and hands, 2 payments) takes several."""
    monkeypatch.setattr(restoring, "STEP_ROUNDS", 2)
    monkeypatch.setattr(restoring, "FIRST_ENTRIES", 3)
    monkeypatch.setattr(restoring, "STEP_PAYMENTS", 1)


@pytest.fixture
def played_group(group, players, alice):
    return played_everything(group, players, alice)


@pytest.fixture
def empty(alice):
    group = GroupFactory(name="Restored", currency="EUR")
    MembershipFactory(group=group, user=alice, role=Role.OWNER)
    return group


def test_a_large_backup_goes_on_from_the_owners_page_to_the_same_balances(
    as_alice, played_group, empty, small_steps
):
    response = upload(as_alice, empty, backup.export_zip(played_group))
    assert response.status_code == 302 and "/restores/" in response.url
    done = go_on(as_alice, response)
    assert done.url == empty.get_absolute_url()
    assert "The backup was restored into this group." in as_alice.get(done.url).content.decode()
    assert summary(empty) == summary(played_group)


def test_a_session_restored_in_pieces_exports_the_log_it_was_restored_from(
    played_group, empty, alice, small_steps
):
    restore = restoring.begin(empty, backup.read_zip(backup.export_zip(played_group)), alice)
    while restore.is_running:
        restore = restoring.take_step(restore, restore.version, alice)
    for original, copy in zip(backup.events(played_group), backup.events(empty), strict=True):
        assert registry.export(copy) == registry.export(original)


def test_a_backup_of_a_few_evenings_is_restored_within_the_upload(as_alice, played_group, empty):
    response = upload(as_alice, empty, backup.export_zip(played_group))
    assert response.url == empty.get_absolute_url()
    assert Restore.objects.get(group=empty).state == "done"
    assert Restore.objects.get(group=empty).backup in (b"", memoryview(b""))


def test_a_step_sent_twice_from_one_page_is_taken_once(as_alice, played_group, empty, small_steps):
    page = as_alice.get(upload(as_alice, empty, backup.export_zip(played_group)).url)
    form = form_on(page, text="Go on")
    submit(as_alice, form)
    after_one = Restore.objects.get(group=empty)
    submit(as_alice, form)
    assert Restore.objects.get(group=empty).version == after_one.version
    assert Restore.objects.get(group=empty).entries_done == after_one.entries_done == 5


def test_a_step_the_backup_cannot_take_stops_the_restore_and_says_why(
    as_alice, played_group, empty, small_steps
):
    manifest, logs = backup.read_zip(backup.export_zip(played_group))
    manifest["logs"][2]["left"] = {"Dũng": 0}  # Dũng does not sit at that session
    response = upload(as_alice, empty, zipped(manifest, logs))
    page = go_on(as_alice, response).content.decode()
    assert "The restore stopped: backup: session-" in page
    assert "left: &#x27;Dũng&#x27; does not sit at this open session" in page
    assert Restore.objects.get(group=empty).state == "failed"


def test_a_second_restore_is_refused_while_one_goes_on(
    as_alice, played_group, empty, alice, small_steps
):
    data = backup.export_zip(played_group)
    upload(as_alice, empty, data)
    with pytest.raises(RulesError, match="a backup is being restored into this group"):
        restoring.begin(empty, backup.read_zip(data), alice)
    assert Restore.objects.filter(group=empty).count() == 1


def test_a_log_the_rules_refuse_is_refused_before_anything_is_written(as_alice, empty):
    players = ["An", "Bình", "Chi"]
    manifest = {"format": "cardtable-backup/1", "currency": "EUR", "players": players}
    log = {"format": "catte-log/1", "rules": {"stake": "1.00"}, "players": players}
    played = {"tricks": ["An", "Bình", "An", "Bình", "Bình", "An"]}
    log["rounds"] = [played] * 3 + [{"tricks": ["An", "Bình", "An", "Bình", "Chi", "An"]}]
    manifest["logs"] = [{"file": "session-1.json", "name": "", "closed": True}]
    page = upload(as_alice, empty, zipped(manifest, {"session-1.json": json.dumps(log)}))
    assert (
        "backup: session-1.json: round 4: Chi: won none of the first four tricks"
        in page.content.decode()
    )
    assert not empty.players.exists() and not Restore.objects.filter(group=empty).exists()


def test_a_member_sees_how_far_a_restore_has_got_only_an_owner_takes_its_steps(
    client, as_alice, played_group, empty, alice, bob, dave, small_steps
):
    """A scorer sees the page a refused change links to, without its steps (403 for a step);
    an outsider is not told it exists (404)."""
    restore = restoring.begin(empty, backup.read_zip(backup.export_zip(played_group)), alice)
    MembershipFactory(group=empty, user=bob, role=Role.SCORER)
    address = reverse("restore_progress", args=[empty.pk, restore.pk])
    assert "Go on" in as_alice.get(address).content.decode()
    as_alice.logout()
    client.force_login(bob)
    page = client.get(address).content.decode()
    assert "rounds and hands restored" in page and "Go on" not in page
    assert client.post(address, {"version": restore.version}).status_code == 403
    client.force_login(dave)
    assert client.get(address).status_code == 404
    assert client.post(address, {"version": restore.version}).status_code == 404


def zipped(manifest: dict, logs: dict) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        for name, text in logs.items():
            archive.writestr(name, text)
        archive.writestr("group.json", json.dumps(manifest))
    return buffer.getvalue()


def test_the_group_page_leads_the_owner_back_to_a_restore_left_half_way(
    as_alice, played_group, empty, small_steps
):
    progress = upload(as_alice, empty, backup.export_zip(played_group)).url
    page = as_alice.get(empty.get_absolute_url()).content.decode()
    assert f'href="{progress}">A backup is being restored (50 %): go on' in page
