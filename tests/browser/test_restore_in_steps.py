"""A large backup restored from a phone: the page goes on a step at a time by itself."""

import pytest

from core.models import Restore, Role
from tests.backups import played_everything, summary
from tests.browser import thumb as phones
from tests.browser.test_phone import log_in
from tests.factories import GroupFactory, MembershipFactory
from tracker.gamelogs import backup, cancelling, restoring

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
thumb = phones.thumb  # the fixture: both phone sizes, with a tap counter


def test_a_large_backup_restores_from_the_phone_without_a_tap_per_step(
    thumb, live_server, group, players, alice, monkeypatch, tmp_path
):
    monkeypatch.setattr(restoring, "STEP_ROUNDS", 2)
    monkeypatch.setattr(restoring, "FIRST_ENTRIES", 3)
    monkeypatch.setattr(restoring, "STEP_PAYMENTS", 1)
    zip_file = tmp_path / "backup.zip"
    zip_file.write_bytes(backup.export_zip(played_everything(group, players, alice)))
    empty = GroupFactory(name="Restored", currency="EUR")
    MembershipFactory(group=empty, user=alice, role=Role.OWNER)
    errors = []
    thumb.page.on("console", lambda note: errors.append(note.text) if note.type == "error" else 0)
    log_in(thumb.page, live_server, alice.username)
    thumb.page.goto(f"{live_server.url}/groups/{empty.pk}/restore/")
    thumb.page.set_input_files("#id_file", str(zip_file))
    thumb.tap("button:has-text('Restore')")
    thumb.page.wait_for_url(f"{live_server.url}/groups/{empty.pk}/")
    assert "The backup was restored into this group." in thumb.page.inner_text("#messages")
    assert Restore.objects.get(group=empty).entries_done == 6
    assert summary(empty) == summary(group)
    assert thumb.taps == 1 and errors == []
    thumb.assert_no_sideways_scroll()


def test_a_restore_cancelled_from_the_phone_removes_itself_step_by_step(
    thumb, live_server, group, players, alice, monkeypatch, tmp_path
):
    monkeypatch.setattr(restoring, "STEP_ROUNDS", 1)
    monkeypatch.setattr(restoring, "FIRST_ENTRIES", 1)
    monkeypatch.setattr(restoring, "PAUSE_MS", 60_000)  # the owner taps before a step is taken
    monkeypatch.setattr(cancelling, "STEP_ROWS", 5)
    zip_file = tmp_path / "backup.zip"
    zip_file.write_bytes(backup.export_zip(played_everything(group, players, alice)))
    empty = GroupFactory(name="Restored", currency="EUR")
    MembershipFactory(group=empty, user=alice, role=Role.OWNER)
    errors = []
    thumb.page.on("console", lambda note: errors.append(note.text) if note.type == "error" else 0)
    log_in(thumb.page, live_server, alice.username)
    thumb.page.goto(f"{live_server.url}/groups/{empty.pk}/restore/")
    thumb.page.set_input_files("#id_file", str(zip_file))
    thumb.tap("button:has-text('Restore')")
    monkeypatch.setattr(restoring, "PAUSE_MS", 50)  # the removal's steps follow at once
    thumb.tap("summary:has-text('Cancel the restore')")
    thumb.screenshot("restore-cancel-asked")
    thumb.tap("button:has-text('Yes, cancel and remove it')")
    thumb.page.wait_for_selector("text=The restore was cancelled", timeout=30_000)
    assert not empty.sessions.exists() and not empty.players.exists()
    assert Restore.objects.get(group=empty).state == "cancelled"
    assert thumb.taps == 3 and errors == []
    thumb.assert_no_sideways_scroll()
