"""A restore checks what it wrote against the backup before it says "done", and every step
answers with a page: one that found the group changed meanwhile is taken again."""

from decimal import Decimal

import pytest
from django.db.models import F

from core.models import Group, Restore, Role
from ledger.balances import player_balances
from tests.backups import go_on, progress_of, six_sweeps, summary, upload
from tests.factories import GroupFactory, MembershipFactory
from tests.page_forms import form_on, submit
from tests.tracker.test_restore_in_steps import zipped
from tracker.catte.models import Round
from tracker.gamelogs import backup, restoring


@pytest.fixture
def source(group, players, alice):
    return six_sweeps(group, players, alice)


@pytest.fixture
def empty(alice):
    group = GroupFactory(name="Restored", currency="EUR")
    MembershipFactory(group=group, user=alice, role=Role.OWNER)
    return group


@pytest.fixture(autouse=True)
def two_rounds_a_step(monkeypatch):
    monkeypatch.setattr(restoring, "STEP_ROUNDS", 2)
    monkeypatch.setattr(restoring, "FIRST_ENTRIES", 1)


def step(client, times=1):
    """Tap "Go on" `times` times on the restore's page; the last answer."""
    for _ in range(times):
        answer = submit(client, form_on(client.get(progress_of(Restore.objects.get())),
                                        text="Go on"))  # fmt: skip
    return answer


def test_a_backup_says_what_the_ledger_came_to(source):
    manifest, _logs = backup.read_zip(backup.export_zip(source))
    balances = {"An": "38.00", "Bình": "-14.00", "Chi": "-12.00", "Dũng": "-12.00"}
    assert manifest["balances"] == balances and "open_shares" not in manifest


def test_a_round_that_got_into_the_restored_session_another_way_fails_the_restore(
    as_alice, source, empty
):
    upload(as_alice, empty, backup.export_zip(source))
    step(as_alice, times=2)  # rounds 3 to 6: the payment is next
    session = empty.sessions.get()
    Round.objects.create(session=session, number=7, entry={"tricks": [0, 0, 0, 0]})
    page = go_on(as_alice, as_alice.get(progress_of(Restore.objects.get())))
    said = f"differs from the backup: session-{source.sessions.get().pk}.json: 7 rounds or hands"
    assert said in page.content.decode() and Restore.objects.get().state == "failed"


def test_a_balance_that_is_not_the_backups_fails_the_restore_and_says_whose(
    as_alice, source, empty
):
    manifest, logs = backup.read_zip(backup.export_zip(source))
    manifest["balances"]["Chi"] = "-11.00"
    page = go_on(as_alice, upload(as_alice, empty, zipped(manifest, logs))).content.decode()
    assert "Chi&#x27;s balance: -12.00 restored, -11.00 in the backup" in page
    assert Restore.objects.get().state == "failed" and Group.objects.get(pk=empty.pk).restoring


def test_a_restore_that_comes_to_the_backup_is_done_and_frees_the_group(as_alice, source, empty):
    done = go_on(as_alice, upload(as_alice, empty, backup.export_zip(source)))
    assert done.url == empty.get_absolute_url() and summary(empty) == summary(source)
    assert (
        Restore.objects.get().state == "done" and Group.objects.get(pk=empty.pk).restoring is None
    )


def test_a_payment_step_that_finds_the_balances_changed_meanwhile_is_taken_again(
    as_alice, source, empty, monkeypatch
):
    upload(as_alice, empty, backup.export_zip(source))
    step(as_alice, times=2)
    record = backup.record_payment

    def after_another_tap(group, *args, **kwargs):  # a member's role changed meanwhile
        Group.objects.filter(pk=group.pk).update(version=F("version") + 1)
        monkeypatch.setattr(backup, "record_payment", record)
        return record(group, *args, **kwargs)

    monkeypatch.setattr(backup, "record_payment", after_another_tap)
    version = Restore.objects.get().version
    answer = step(as_alice)
    assert answer.status_code == 200 and "taken by another tap" in answer.content.decode()
    assert Restore.objects.get().version == version and Restore.objects.get().is_running
    assert go_on(as_alice, answer).url == empty.get_absolute_url()


def test_a_player_renamed_after_the_games_leaves_the_payment_steps_working(as_alice, source, empty):
    upload(as_alice, empty, backup.export_zip(source))
    step(as_alice, times=2)
    empty.players.filter(name="Bình").update(name="Binh")  # as the admin may, meanwhile
    assert go_on(as_alice, as_alice.get(progress_of(Restore.objects.get()))).status_code
    assert Restore.objects.get().state == "done"
    balances = {player.name: amount for player, amount in player_balances(empty)[0].items()}
    assert balances["Binh"] == Decimal("-14.00")
