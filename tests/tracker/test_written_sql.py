"""The reads and writes every save makes, in written SQL: they read and write what the ORM
would, on SQLite and on PostgreSQL alike."""

from datetime import timedelta

import pytest
from django.contrib.sessions.backends.db import SessionStore as DjangosSessionStore
from django.contrib.sessions.models import Session as StoredSession
from django.db import IntegrityError, transaction
from django.utils import timezone

from tests.factories import fresh, session_of_sweeps
from tracker.catte import services as catte_services
from tracker.catte.entries import describe_entry
from tracker.common.changes import change_rows, record_change
from tracker.common.reads import rows_of
from tracker.common.seats import seats_of
from tracker.common.sessions import SessionStore
from tracker.common.sql import rows, table
from tracker.common.versioning import StalePage, save_state, touch_group
from tracker.common.writes import insert, insert_all, update_if
from tracker.models import Change, Round


@pytest.fixture
def session(group, players, alice):
    return fresh(session_of_sweeps(group, players, alice, 12))


def test_a_session_saved_before_is_read_back(db):
    saved = DjangosSessionStore()
    saved["seat"] = 3
    saved.create()
    assert SessionStore(saved.session_key)["seat"] == 3


def test_an_expired_session_reads_as_empty(db):
    saved = DjangosSessionStore()
    saved["seat"] = 3
    saved.create()
    past = timezone.now() - timedelta(minutes=1)
    StoredSession.objects.filter(session_key=saved.session_key).update(expire_date=past)
    read = SessionStore(saved.session_key)
    assert "seat" not in read and read.session_key is None


def test_the_latest_rounds_come_newest_first(session):
    rows = rows_of(Round, session, order="-number", limit=3)
    assert [row.number for row in rows] == [12, 11, 10]


def test_rows_are_picked_by_the_condition_given(session):
    rows = rows_of(Round, session, "{number} > %s", [10])
    assert [row.number for row in rows] == [11, 12]


def test_the_history_lists_the_latest_changes_with_who_made_them(session, alice, bob):
    for number, user in ((1, alice), (2, bob), (3, None)):
        record_change(session=session, number=number, action="add", summary="x", user=user)
    rows = change_rows(session, ["A", "B", "C", "D"], describe_entry, limit=3)
    assert [row.change.number for row in rows] == [3, 2, 1]
    assert [row.change.username for row in rows] == [None, "bob", "alice"]


def test_the_history_lists_only_the_changes_of_its_game(session, group, players, alice):
    other = catte_services.start(group, players, {"stake": "1.00"}, alice)
    record_change(session=other, number=1, action="add", summary="x", user=alice)
    assert Change.objects.filter(session=other).exists()
    assert change_rows(session, [], describe_entry) == []


def test_a_kept_state_is_written_with_the_next_version(session):
    save_state(session, {"rounds_played": 12}, session.version, round_count=12)
    kept = fresh(session)
    assert (kept.version, kept.state_version) == (session.version, session.version)
    assert kept.state == {"rounds_played": 12} and kept.round_count == 12


def test_a_kept_state_from_a_stale_version_writes_nothing(session):
    with pytest.raises(StalePage):
        save_state(session, {"rounds_played": 99}, session.version - 1)
    assert fresh(session).state != {"rounds_played": 99}


def test_touching_a_group_moves_its_version_on(group):
    before = fresh(group).version
    touch_group(group.pk)
    assert fresh(group).version == before + 1


def test_seats_come_in_order_with_their_players(session, players):
    seats = seats_of(fresh(session))
    assert [seat.seat for seat in seats] == [0, 1, 2, 3]
    assert [seat.player for seat in seats] == list(players)


def test_seats_read_only_the_players_of_their_own_game(session, group, players, alice):
    catte_services.start(group, list(reversed(players)), {"stake": "1.00"}, alice)
    assert [seat.player.name for seat in seats_of(fresh(session))] == ["An", "Bình", "Chi", "Dũng"]


def test_an_inserted_row_gets_its_key_and_its_defaults(session, alice):
    change = insert(
        Change(session=session, number=3, action="round", after={"tricks": [0]}, user=alice)
    )
    kept = Change.objects.get(pk=change.pk)
    assert kept.after == {"tricks": [0]} and kept.user == alice and kept.at == change.at


def test_an_inserted_row_that_breaks_a_unique_rule_is_refused(session):
    with pytest.raises(IntegrityError), transaction.atomic():
        insert(Round(session=session, number=12, entry={"tricks": [0, 0, 0, 0]}))


def test_rows_inserted_together_are_all_written(session, alice):
    insert_all([Change(session=session, number=n, action="round", user=alice) for n in (1, 2, 3)])
    assert Change.objects.filter(session=session, action="round").count() == 3


def test_an_update_on_a_condition_that_no_longer_holds_writes_nothing(session):
    row = Round.objects.get(session=session, number=12)
    assert update_if(Round, row.pk, {"result": None}, {"entry": {"tricks": [1, 1, 1, 1]}}) == 0
    assert update_if(Round, row.pk, {"number": 12}, {"entry": {"tricks": [1, 1, 1, 1]}}) == 1
    assert fresh(row).entry == {"tricks": [1, 1, 1, 1]}


def test_rows_read_with_written_sql_equal_the_orms(session):
    sql = f"SELECT * FROM {table(Round)} ORDER BY id"
    written = [row.__dict__ for row in rows(Round, sql, [])]
    orm = [row.__dict__ for row in Round.objects.order_by("id")]
    for row in written + orm:
        row.pop("_state")
    assert written == orm and written[0]["entry"]["tricks"] == [0, 0, 0, 0]


def test_a_column_that_is_no_field_becomes_an_attribute(session):
    sql = f"SELECT *, 7 AS lucky FROM {table(Round)} WHERE id = %s"
    (row,) = rows(Round, sql, [Round.objects.first().pk])
    assert row.lucky == 7 and row.number == 1


def test_rows_that_lack_their_key_are_refused(session):
    with pytest.raises(ValueError, match="must select its key"):
        rows(Round, f"SELECT number FROM {table(Round)}", [])


def test_no_rows_read_as_an_empty_list(session):
    assert rows(Round, f"SELECT * FROM {table(Round)} WHERE id < 0", []) == []


def test_an_update_expecting_a_number_no_column_holds_writes_nothing(session):
    row = Round.objects.get(session=session, number=12)
    assert update_if(Round, row.pk, {"number": 2**70}, {"entry": {"tricks": [1, 1, 1, 1]}}) == 0
    assert fresh(row).entry["tricks"] == [0, 0, 0, 0]
