"""A Cắt Tê round ticked on the page's sheet while the phone was offline, sent when the network
came back: recorded once however often it arrives, checked by the rules like taps, and, when
another phone saved or went on entering that round meanwhile, answered with both side by side.
The fields are those the page drew: the sheet in its template, filled in as a person ticks it."""

import pytest
from django.urls import reverse

from tests.factories import fresh
from tests.page_forms import forms_on
from tracker.catte import services as catte_sessions
from tracker.models import Change

ENTRY = "0123456789abcdef0123456789abcdef"
LATER = "fedcba9876543210fedcba9876543210"
SIDE_POT = {"stake": "1.00", "side_pot_stake": "0.50"}
NAMES = ["An", "Bình", "Chi", "Dũng"]  # seats 0 to 3


@pytest.fixture
def session(group, players, bob):
    return catte_sessions.start(group, players, {"stake": "1.00"}, bob)


def sheet(client, session, which=0, entry=ENTRY, **ticked) -> dict:
    """What outbox.js sends: a sheet's fields as drawn (0: this round's, 1: the blank one for
    the rounds after it), ticked as `ticked` says, with the phone's id for the entry."""
    page = client.get(session.get_absolute_url())
    sheets = [form for form in forms_on(page) if form.action.endswith("/sent-later/")]
    return sheets[which].fields | ticked | {"entry": entry}


def recorded(session, key="tricks"):
    """The recorded rounds' `key` (stored by seat), in names."""
    return [[NAMES[seat] for seat in row.entry[key]] for row in fresh(session).rounds.all()]


def send(client, session, fields):
    return client.post(reverse("round_sent_later", args=[session.group_id, session.pk]), fields)


def sweep_by_an(client, session, entry=ENTRY) -> dict:
    tricks = {f"trick_{number}": "0" for number in range(1, 5)}
    return sheet(client, session, entry=entry, **tricks)


def test_a_sweep_ticked_offline_is_recorded_as_the_round(as_bob, session):
    answer = send(as_bob, session, sweep_by_an(as_bob, session))
    assert answer.status_code == 200 and answer.json() == {"recorded": "Round 1 saved."}
    assert recorded(session) == [["An"] * 4]
    assert Change.objects.get(session=session, action="round").once == ENTRY


def test_the_same_round_sent_eight_times_is_recorded_once(as_bob, session):
    fields = sweep_by_an(as_bob, session)
    answers = [send(as_bob, session, fields) for _ in range(8)]
    assert [answer.status_code for answer in answers] == [200] * 8
    assert answers[7].json() == {"recorded": "Already recorded."}
    assert fresh(session).rounds.count() == 1


def test_the_sheet_starts_from_the_taps_the_table_already_has(as_bob, session, bob):
    catte_sessions.tap(catte_sessions.load(session), 1, 0, "t2", bob)
    fields = sheet(as_bob, session)
    assert fields["trick_1"] == "2" and fields["draft_version"] == "1"


def test_tricks_left_empty_after_everyone_else_folds_go_to_the_last_one(as_bob, session):
    fields = sheet(as_bob, session, trick_1="1", trick_2="0")
    answer = send(as_bob, session, fields | {"fold": ["0", "2", "3"]})
    assert answer.status_code == 200
    assert recorded(session) == [["Bình", "An", *["Bình"] * 4]]


def test_a_trick_the_rules_refuse_is_said_and_the_rest_waits_as_the_tables_round(as_bob, session):
    tricks = {"trick_1": "0", "trick_2": "1", "trick_3": "0", "trick_4": "1", "trick_5": "2"}
    answer = send(as_bob, session, sheet(as_bob, session, **tricks))
    assert answer.status_code == 400 and answer.json()["refused"] == (
        "Chi cannot win trick 5. The round is the table's now, as far as it could be entered: "
        "finish it there."
    )
    assert not fresh(session).rounds.exists()
    assert fresh(session).draft == ["t0", "t1", "t0", "t1"]


def test_a_round_another_phone_saved_first_comes_back_with_both(as_bob, session, alice):
    fields = sweep_by_an(as_bob, session)
    catte_sessions.save_round(catte_sessions.load(session), 1, 0, alice, ["t1"] * 4)
    answer = send(as_bob, session, fields)
    conflict = answer.json()["conflict"]
    assert answer.status_code == 409 and "alice" in conflict and "This phone had" in conflict
    assert "Correct round 1 with what you tapped" in conflict
    assert recorded(session) == [["Bình"] * 4]


def test_a_round_another_phone_saved_just_the_same_needs_no_choice(as_bob, session, alice):
    fields = sweep_by_an(as_bob, session)
    catte_sessions.save_round(catte_sessions.load(session), 1, 0, alice, ["t0"] * 4)
    answer = send(as_bob, session, fields)
    assert answer.status_code == 200
    assert answer.json()["recorded"] == (
        "Round 1 was recorded on another phone, just as this one had it."
    )
    assert fresh(session).rounds.count() == 1


def test_a_round_another_phone_went_on_tapping_is_recorded_only_when_chosen(as_bob, session, alice):
    fields = sweep_by_an(as_bob, session)
    catte_sessions.tap(catte_sessions.load(session), 1, 0, "t3", alice)
    answer = send(as_bob, session, fields)
    assert answer.status_code == 409 and "alice" in answer.json()["conflict"]
    assert answer.json()["retry"]["fields"] == {"draft_version": "1"}
    assert fresh(session).draft == ["t3"]
    chosen = send(as_bob, session, fields | answer.json()["retry"]["fields"])
    assert chosen.status_code == 200 and recorded(session) == [["An"] * 4]


def test_rounds_after_one_kept_offline_come_from_the_blank_sheet(as_bob, session):
    first = sweep_by_an(as_bob, session)
    tricks = {f"trick_{number}": "1" for number in range(1, 5)}
    second = sheet(as_bob, session, which=1, entry=LATER, **tricks)
    assert second["number"] == "2"
    assert send(as_bob, session, first).status_code == 200
    assert send(as_bob, session, second).status_code == 200
    assert recorded(session) == [["An"] * 4, ["Bình"] * 4]


def test_the_side_pot_card_and_its_claim_come_from_the_sheet(as_bob, group, players, bob):
    session = catte_sessions.start(group, players, SIDE_POT, bob)
    fields = sweep_by_an(as_bob, session) | {"card": "7H", "claim": "3"}
    assert send(as_bob, session, fields).status_code == 200
    side_pot = fresh(session).rounds.get().entry["side_pot"]
    assert side_pot == {"upturned": "7H", "claimed_by": 3}  # Dũng


def test_a_sheet_without_every_trick_is_kept_as_the_tables_round(as_bob, session):
    answer = send(as_bob, session, sheet(as_bob, session, trick_1="0", trick_2="1"))
    assert answer.status_code == 400 and "every trick" in answer.json()["refused"]
    assert fresh(session).draft == ["t0", "t1"]


def test_a_sheet_that_cannot_be_read_saves_nothing(as_bob, session):
    answer = send(as_bob, session, sweep_by_an(as_bob, session) | {"trick_2": "9"})
    assert answer.status_code == 400 and not fresh(session).rounds.exists()
    assert fresh(session).draft == []


def test_an_outsider_is_told_there_is_no_such_session(as_dave, session):
    assert send(as_dave, session, {"entry": ENTRY}).status_code == 404


def test_a_viewer_cannot_send_a_round(as_carol, session):
    assert send(as_carol, session, {"entry": ENTRY}).status_code == 403
