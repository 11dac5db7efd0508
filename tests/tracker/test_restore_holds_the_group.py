"""A group being restored is read-only until its restore ends: every change to it is refused
with a message that links to the restore, and the restore's own steps go on to the backup's
games and money exactly."""

import json

import pytest
from django.test import Client
from django.urls import reverse

from core.models import Restore, Role
from ledger.models import PaymentDetails, Transaction
from tests.backups import case, go_on, played_everything, progress_of, six_sweeps, summary, upload
from tests.catte.test_entry import page_of, press, save
from tests.conftest import client_for
from tests.factories import fresh
from tests.page_forms import form_on, submit
from tracker.gamelogs import backup, restoring

REFUSED = "Nothing was saved: a backup is being restored into this group"


@pytest.fixture
def source(group, players, alice):
    return six_sweeps(group, players, alice)


@pytest.fixture
def restore(as_alice, source, empty, monkeypatch):
    """The upload restored the players and the session's first two rounds; four wait."""
    monkeypatch.setattr(restoring, "STEP_ROUNDS", 2)
    monkeypatch.setattr(restoring, "FIRST_ENTRIES", 1)
    upload(as_alice, empty, backup.export_zip(source))
    return Restore.objects.get(group=empty)


@pytest.fixture
def bobs_phone(bob):
    return client_for(Client(), bob)


def shown(response) -> str:
    return response.content.decode()


def refused_with_link(html: str, restore) -> bool:
    return REFUSED in html and f'<a href="{progress_of(restore)}">' in html


def test_a_round_saved_into_the_session_being_restored_is_refused_with_a_link(
    restore, empty, bobs_phone
):
    session = empty.sessions.get()
    assert refused_with_link(shown(save(bobs_phone, session, 3, "t0 t0 t0 t0")), restore)
    assert session.rounds.count() == 2


def test_after_a_refused_round_the_restore_ends_with_exactly_the_backups_rounds(
    as_alice, restore, source, empty, bobs_phone
):
    save(bobs_phone, empty.sessions.get(), 3, "t0 t0 t0 t0")
    done = go_on(as_alice, as_alice.get(progress_of(restore)))
    assert done.url == empty.get_absolute_url()
    assert empty.sessions.get().rounds.count() == 6 and summary(empty) == summary(source)


def test_a_tap_on_the_tables_draft_is_refused(restore, empty, bobs_phone):
    session = empty.sessions.get()
    answer = press(bobs_phone, session, page_of(bobs_phone, session), "t0")
    assert refused_with_link(shown(answer), restore) and fresh(session).draft == []


@pytest.mark.parametrize("action", ["round_undo", "session_close"])
def test_undo_and_close_are_refused_and_the_restore_goes_on_to_the_end(
    as_alice, restore, source, empty, bobs_phone, action
):
    session = empty.sessions.get()
    url = reverse(action, args=[empty.pk, session.pk])
    answer = submit(bobs_phone, form_on(bobs_phone.get(session.get_absolute_url()), url))
    assert refused_with_link(shown(bobs_phone.get(answer.url)), restore)
    assert go_on(as_alice, as_alice.get(progress_of(restore))).url == empty.get_absolute_url()
    assert summary(empty) == summary(source) and not fresh(session).is_closed


def test_a_player_renamed_is_refused_next_to_the_name(as_alice, restore, empty):
    an = empty.players.get(name="An")
    edit = as_alice.get(reverse("player_edit", args=[empty.pk, an.pk]))
    answer = submit(as_alice, form_on(edit, text="Save"), name="Anh")
    assert refused_with_link(shown(answer), restore) and fresh(an).name == "An"


def test_a_player_added_is_refused(as_alice, restore, empty):
    page = as_alice.get(empty.get_absolute_url())
    answer = submit(as_alice, form_on(page, reverse("player_add", args=[empty.pk])), name="Em")
    assert refused_with_link(shown(as_alice.get(answer.url)), restore)
    assert not empty.players.filter(name="Em").exists()


def test_a_payment_is_refused_and_the_form_keeps_what_was_typed(restore, empty, bobs_phone):
    an, binh = empty.players.get(name="An"), empty.players.get(name="Bình")
    page = bobs_phone.get(reverse("payment_new", args=[empty.pk]))
    answer = submit(bobs_phone, form_on(page, "/payments/new/"), payer=an.pk, payee=binh.pk,
                    amount="1.00")  # fmt: skip
    assert refused_with_link(shown(answer), restore) and 'value="1.00"' in shown(answer)
    assert not Transaction.objects.filter(group=empty, kind="payment").exists()


def test_payment_details_are_refused(as_alice, restore, empty):
    an = empty.players.get(name="An")
    page = as_alice.get(reverse("payment_details", args=[empty.pk, an.pk]))
    typed = {"holder": "An Nguyen", "iban": "DE89370400440532013000"}
    answer = submit(as_alice, form_on(page, text="Save"), **typed)
    assert refused_with_link(shown(answer), restore)
    assert not PaymentDetails.objects.filter(player=an).exists()


def test_a_season_added_is_refused(as_alice, restore, empty):
    page = as_alice.get(reverse("seasons", args=[empty.pk]))
    typed = {"name": "Tết league", "starts_on": "2026-01-01", "ends_on": "2026-03-31"}
    answer = submit(as_alice, form_on(page, text="Add season"), **typed)
    assert refused_with_link(shown(answer), restore) and not empty.seasons.exists()


def test_a_new_session_is_refused(restore, empty, bobs_phone):
    page = bobs_phone.get(reverse("session_new", args=[empty.pk]))
    answer = submit(bobs_phone, form_on(page, reverse("session_new", args=[empty.pk])))
    assert refused_with_link(shown(answer), restore) and empty.sessions.count() == 1


def test_a_round_kept_offline_waits_on_the_phone_until_the_restore_ends(restore, empty, bobs_phone):
    session = empty.sessions.get()
    kept = {"number": 3, "reached": "", "taps": "t0 t0 t0 t0", "tap": "save", "once": "a" * 32}
    address = reverse("round_entry", args=[empty.pk, session.pk])
    answer = bobs_phone.post(address, kept, headers={"Accept": "application/json"})
    assert answer.status_code == 409 and REFUSED in answer.json()["waits"]
    assert "<a" not in answer.json()["waits"] and session.rounds.count() == 2


def test_members_change_while_the_group_is_restored(as_alice, restore, empty, bob):
    membership = empty.memberships.get(user=bob)
    page = as_alice.get(empty.get_absolute_url())
    action = reverse("member_role", args=[empty.pk, membership.pk])
    submit(as_alice, form_on(page, action), role=Role.VIEWER)
    assert fresh(membership).role == Role.VIEWER


def test_every_member_is_told_on_the_group_page_and_led_to_the_restore(restore, empty, bobs_phone):
    page = shown(bobs_phone.get(empty.get_absolute_url()))
    assert f'href="{progress_of(restore)}">A backup is being restored (' in page
    assert "nothing here can change until it ends" in page


@pytest.fixture
def restored_up_to_the_payments(group, players, alice, empty, monkeypatch):
    """Every game of a played group restored (a tournament among them); its payments wait."""
    monkeypatch.setattr(restoring, "FIRST_ENTRIES", 6)  # 4, 1 and 0 rounds, then 1 hand
    source = played_everything(group, players, alice)
    return restoring.begin(empty, backup.read_zip(backup.export_zip(source)), alice)


def test_a_cutthroat_undo_and_an_imported_log_are_refused(
    restored_up_to_the_payments, empty, bobs_phone
):
    restore, tournament = restored_up_to_the_payments, empty.tournaments.get()
    page = bobs_phone.get(tournament.get_absolute_url())
    action = reverse("hand_undo", args=[empty.pk, tournament.pk])
    answer = submit(bobs_phone, form_on(page, action))
    assert refused_with_link(shown(bobs_phone.get(answer.url)), restore)
    assert tournament.hands.count() == 1
    imported = bobs_phone.post(
        reverse("log_import", args=[empty.pk]), {"text": json.dumps(case("catte-evening"))}
    )
    assert refused_with_link(shown(imported), restore) and empty.sessions.count() == 3
