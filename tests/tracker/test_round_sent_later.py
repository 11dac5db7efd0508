"""A Cắt Tê round tapped on the page's sheet while the phone was offline, sent when the network
came back: the same taps as online, from the table's draft as the page showed it, posted to the
online entry's address as the sheet's form names it, recorded once however often they arrive,
checked by the rules like taps sent one at a time; a round still being tapped becomes the
table's draft. Only another phone's work is answered as a conflict, with both rounds whole. The
fields are those the page drew: the sheet in its template, written in as offline_round.js writes it,
each tap a button the sheet draws."""

from html import unescape

import pytest
from django.urls import reverse

from core.changes import changes_of
from tests.factories import fresh
from tests.page_forms import forms_on
from tracker.catte import board as catte_board
from tracker.catte import services
from tracker.catte.models import CatteSession
from tracker.catte.services.rounds import DRAFTED
from tracker.catte.taps import OfflineRound

IDEMPOTENCY_KEY = "0123456789abcdef0123456789abcdef"
LATER_KEY = "fedcba9876543210fedcba9876543210"
SIDE_POT = {"stake": "1.00", "side_pot_stake": "0.50", "ace_penalty": True}
NAMES = ["An", "Bình", "Chi", "Dũng"]  # seats 0 to 3
SWEEP_BY_AN = ["t0"] * 4
OUTBOX = {"Accept": "application/json"}  # as outbox.js asks


@pytest.fixture
def session(group, players, bob):
    return services.logs.start(group, players, {"stake": "1.00"}, bob)


def sheet_round(
    client, session, taps, idempotency_key=IDEMPOTENCY_KEY, save=True, number=None
) -> dict:
    """What outbox.js sends for a round tapped on the sheet the page draws: its fields, with what
    offline_round.js writes in from the round being entered (its number, the taps the table had and
    their version) and the taps made on it; "save" when the round was saved there. `number`:
    a round after one kept on the phone, begun on a blank sheet."""
    forms = forms_on(client.get(session.get_absolute_url()))
    sheet = sheet_in(forms)
    drawn = {value for name, value, text in sheet.buttons if name == "tap"}
    assert set(taps) <= drawn, f"not on the sheet: {set(taps) - drawn}"
    entering = next(form for form in forms if "/round/" in form.action).fields
    shown = "" if number else entering["shown"]
    fields = sheet.fields | {
        "number": number or entering["number"],
        "reached": shown,
        "draft_version": "" if number else entering["draft_version"],
        "taps": " ".join([*shown.split(), *taps]),
        "once": idempotency_key,
    }
    return fields | ({"tap": "save"} if save else {})


def recorded(session, key="tricks"):
    """The recorded rounds' `key` (stored by seat), in names."""
    return [[NAMES[seat] for seat in row.entry[key]] for row in fresh(session).rounds.all()]


def sheet_in(forms):
    """The round's sheet among the page's forms: the one that carries the taps the table had."""
    return next(form for form in forms if "reached" in form.fields)


def send(client, session, fields, headers=OUTBOX):
    """What outbox.js does with a round kept on the sheet: post it to the address the sheet's
    form names, asking for JSON."""
    address = sheet_in(forms_on(client.get(session.get_absolute_url()))).action
    return client.post(address, fields, headers=headers)


def entry_address(session) -> str:
    return reverse("round_entry", args=[session.group_id, session.pk])


def tap(session, taps, user):
    """Taps made on another phone, online, on the round being entered."""
    for token in taps:
        board = catte_board.load(session)
        services.tapping.tap(board, board.next_number, fresh(session).draft_version, token, user)


def test_a_sweep_tapped_offline_is_recorded_as_the_round(as_bob, session):
    answer = send(as_bob, session, sheet_round(as_bob, session, SWEEP_BY_AN))
    assert answer.status_code == 200 and answer.json() == {"recorded": "Round 1 saved."}
    assert recorded(session) == [["An"] * 4]
    assert changes_of(session).get(action="round").idempotency_key == IDEMPOTENCY_KEY


def test_the_same_round_sent_eight_times_is_recorded_once(as_bob, session):
    fields = sheet_round(as_bob, session, SWEEP_BY_AN)
    answers = [send(as_bob, session, fields) for _ in range(8)]
    assert [answer.status_code for answer in answers] == [200] * 8
    said = "Already recorded from this phone (Round 1: tricks An, An, An, An)."
    assert answers[7].json() == {"recorded": said}
    assert fresh(session).rounds.count() == 1


def test_a_round_sent_without_its_key_is_refused_and_records_nothing(as_bob, session):
    fields = sheet_round(as_bob, session, SWEEP_BY_AN)
    del fields["once"]
    answer = send(as_bob, session, fields)
    assert answer.status_code == 400 and answer.json() == {"refused": "This entry has no id."}
    assert not fresh(session).rounds.exists()


def test_the_sheet_is_sent_to_the_online_entrys_address(as_bob, session):
    forms = forms_on(as_bob.get(session.get_absolute_url()))
    assert sheet_in(forms).action == entry_address(session)


def test_a_kept_round_sent_to_the_online_entry_is_recorded_once_and_told_in_json_or_html(
    as_bob, session
):
    fields = sheet_round(as_bob, session, SWEEP_BY_AN)
    first = as_bob.post(entry_address(session), fields, headers=OUTBOX)
    again = as_bob.post(entry_address(session), fields, headers={"HX-Request": "true"})
    last = as_bob.post(entry_address(session), fields, headers=OUTBOX)
    assert first.json() == {"recorded": "Round 1 saved."}
    assert again["Content-Type"].startswith("text/html") and 'id="entry"' in again.text
    assert "Already recorded from this phone (Round 1: tricks An, An, An, An)." in again.text
    assert last.json() == {
        "recorded": "Already recorded from this phone (Round 1: tricks An, An, An, An)."
    }
    assert fresh(session).rounds.count() == 1


def test_a_round_kept_under_the_address_of_the_release_before_is_still_recorded(as_bob, session):
    """A page kept on a phone may hold the previous outbox, its rounds kept under sent-later/
    and their key named entry."""
    fields = sheet_round(as_bob, session, SWEEP_BY_AN)
    fields["entry"] = fields.pop("once")
    old_address = reverse("round_sent_later", args=[session.group_id, session.pk])
    answer = as_bob.post(old_address, fields)  # answered in JSON, whatever it asks
    assert answer.status_code == 200 and answer.json() == {"recorded": "Round 1 saved."}
    assert changes_of(session).get(action="round").idempotency_key == IDEMPOTENCY_KEY


def test_the_taps_go_on_from_those_the_table_already_had(as_bob, session, bob):
    tap(session, ["t2"], bob)
    fields = sheet_round(as_bob, session, ["t2", "t2", "t2"])
    assert fields["taps"] == "t2 t2 t2 t2" and fields["reached"] == "t2"
    assert send(as_bob, session, fields).status_code == 200
    assert recorded(session) == [["Chi"] * 4]


@pytest.mark.parametrize(
    "taps, key, stored",
    [
        (["uKH", "c-", "w0.four_aces"], "auto_win", {"player": 0, "hand": "four_aces"}),
        (["uKH", "c3", *SWEEP_BY_AN], "side_pot", {"upturned": "KH", "claimed_by": 3}),
        (["uKH", "c-", "t1", "R0"], "side_pot", {"upturned": "KH", "claimed_by": None}),
        (["uKH", "c-", "t1", "R0"], "tricks", [1, 0, 0, 0, 0, 0]),
        (["uKH", "c-", "x2", *SWEEP_BY_AN], "false_claims", [2]),
        (["uKH", "c-", "a3", "t1", "f2", "t1", "t1", "t1"], "absent", [3]),
        (["uKH", "c-", "a3", "t1", "f2", "t1", "t1", "t1"], "folds", [2]),
        (["uKH", "c-", *SWEEP_BY_AN, "e2"], "ace_withheld_by", 2),
    ],
)
def test_every_kind_of_tap_made_offline_is_recorded_as_tapped(
    as_bob, group, players, bob, taps, key, stored
):
    session = services.logs.start(group, players, SIDE_POT, bob)
    assert send(as_bob, session, sheet_round(as_bob, session, taps)).status_code == 200
    assert fresh(session).rounds.get().entry[key] == stored


def test_tricks_after_everyone_else_folds_go_to_the_last_one(as_bob, session):
    answer = send(as_bob, session, sheet_round(as_bob, session, ["t1", "t0", "f0", "f2", "f3"]))
    assert answer.status_code == 200
    assert recorded(session) == [["Bình", "An", *["Bình"] * 4]]


def test_a_trick_the_rules_refuse_leaves_the_round_to_the_table_with_why(as_bob, session):
    answer = send(as_bob, session, sheet_round(as_bob, session, ["t0", "t1", "t0", "t1", "t2"]))
    assert answer.status_code == 200 and answer.json() == {
        "drafted": "Chi cannot win trick 5. The round is the table's now, as far as it could be "
        "entered: finish it there.",
        "tone": "warning",
    }
    assert not fresh(session).rounds.exists()
    assert fresh(session).draft == ["t0", "t1", "t0", "t1"]


def test_a_round_kept_after_one_left_to_the_table_waits_and_is_no_conflict(as_bob, session, bob):
    first = sheet_round(as_bob, session, ["t0", "t1"])  # saved unfinished: the table's to finish
    second = sheet_round(as_bob, session, ["t3"] * 4, idempotency_key=LATER_KEY, number=2)
    assert send(as_bob, session, first).json()["tone"] == "warning"
    answer = send(as_bob, session, second)
    assert answer.status_code == 409 and answer.json() == {
        "waits": "Round 2 waits on this phone until round 1 is saved."
    }
    tap(session, ["t0", "t1", "t0", "t1"], bob)  # the table finishes round 1
    services.rounds.save_round(catte_board.load(session), 1, fresh(session).draft_version, bob)
    assert send(as_bob, session, second).status_code == 200
    assert recorded(session) == [["An", "Bình"] * 3, ["Dũng"] * 4]


def test_a_round_still_being_tapped_becomes_the_tables_draft(as_bob, session):
    fields = sheet_round(as_bob, session, ["t2"], save=False)
    answers = [send(as_bob, session, fields) for _ in range(2)]
    assert answers[0].json() == {"drafted": "Round 1: the taps made offline are the table's."}
    assert answers[1].status_code == 200 and fresh(session).draft_version == 1
    assert fresh(session).draft == ["t2"] and not fresh(session).rounds.exists()


@pytest.mark.parametrize(
    "lost, reached, after",
    [
        ("t1", ["t0", "t1"], ["t0", "t1", "t0", "t1"]),
        ("undo", [], ["t1"] * 4),
        ("restart", [], ["t1"] * 4),
    ],
)
def test_a_tap_whose_answer_was_lost_is_no_conflict(as_bob, session, bob, lost, reached, after):
    tap(session, ["t0"], bob)
    fields = sheet_round(as_bob, session, []) | {"reached": " ".join(reached)}
    fields["taps"] = " ".join(reached + after)  # the tap that could not be sent, and on
    tap(session, [lost], bob)  # it reached the table all the same; its answer did not
    assert send(as_bob, session, fields).status_code == 200
    assert recorded(session) == [[NAMES[int(tap[1])] for tap in reached + after]]


def test_taps_undone_offline_are_undone_at_the_table(as_bob, session, bob):
    tap(session, ["t1", "t2"], bob)
    fields = sheet_round(as_bob, session, [], save=False) | {"taps": "t1"}  # undo on the sheet
    assert send(as_bob, session, fields).status_code == 200
    assert fresh(session).draft == ["t1"]


def test_a_round_another_phone_saved_first_comes_back_with_both_whole(as_bob, session, alice):
    fields = sheet_round(as_bob, session, SWEEP_BY_AN)
    services.rounds.save_round(catte_board.load(session), 1, 0, alice, ["t1"] * 4)
    answer = send(as_bob, session, fields)
    assert answer.status_code == 409 and answer.json()["recheck"] is True
    conflict = unescape(answer.json()["conflict"])
    assert "alice's phone saved round 1: tricks Bình, Bình, Bình, Bình." in conflict
    assert "This phone had: tricks An, An, An, An" in conflict
    assert "Correct round 1 with what you tapped" in conflict
    assert recorded(session) == [["Bình"] * 4]


def test_a_round_another_phone_saved_just_the_same_needs_no_choice(as_bob, session, alice):
    fields = sheet_round(as_bob, session, SWEEP_BY_AN)
    services.rounds.save_round(catte_board.load(session), 1, 0, alice, ["t0"] * 4)
    answer = send(as_bob, session, fields)
    assert answer.status_code == 200
    assert answer.json()["recorded"] == (
        "Round 1 was recorded on another phone, just as this one had it."
    )
    assert fresh(session).rounds.count() == 1


def test_a_round_another_phone_went_on_tapping_is_recorded_only_when_chosen(as_bob, session, alice):
    fields = sheet_round(as_bob, session, SWEEP_BY_AN)
    tap(session, ["t3"], alice)
    answer = send(as_bob, session, fields)
    conflict = unescape(answer.json()["conflict"])
    assert answer.status_code == 409 and "alice's phone tapped trick 1 first: Dũng." in conflict
    assert "The table's round now: tricks Dũng" in conflict
    assert "This phone had: tricks An, An, An, An" in conflict
    assert answer.json()["retry"]["fields"] == {"draft_version": "1"}
    chosen = send(as_bob, session, fields | answer.json()["retry"]["fields"])
    assert chosen.status_code == 200 and recorded(session) == [["An"] * 4]


def test_rounds_after_one_kept_offline_come_from_a_blank_sheet(as_bob, session):
    first = sheet_round(as_bob, session, SWEEP_BY_AN)
    second = sheet_round(as_bob, session, ["t1"] * 4, idempotency_key=LATER_KEY, number=2)
    assert send(as_bob, session, first).status_code == 200
    assert send(as_bob, session, second).status_code == 200
    assert recorded(session) == [["An"] * 4, ["Bình"] * 4]


def test_a_saved_round_without_every_trick_is_left_to_the_table(as_bob, session):
    answer = send(as_bob, session, sheet_round(as_bob, session, ["t0", "t1"]))
    assert answer.status_code == 200 and "Tap who won trick 3." in answer.json()["drafted"]
    assert fresh(session).draft == ["t0", "t1"]


def test_taps_that_cannot_be_read_save_nothing(as_bob, session):
    fields = sheet_round(as_bob, session, SWEEP_BY_AN) | {"taps": "t0 t9 t0"}
    answer = send(as_bob, session, fields)
    assert answer.status_code == 400 and answer.json() == {
        "refused": "The round could not be read; start it again."
    }
    assert not fresh(session).rounds.exists() and fresh(session).draft == []


def test_an_outsider_is_told_there_is_no_such_session(as_dave, session):
    answer = as_dave.post(entry_address(session), {"once": IDEMPOTENCY_KEY}, headers=OUTBOX)
    assert answer.status_code == 404


def test_a_viewer_cannot_send_a_round(as_carol, session):
    answer = as_carol.post(entry_address(session), {"once": IDEMPOTENCY_KEY}, headers=OUTBOX)
    assert answer.status_code == 403


def test_a_round_being_tapped_sent_twice_at_the_same_moment_is_drafted_by_both(bob, session):
    """Two pages of one phone (the offline page and the game's) send the same round at once: the
    second read the table's draft before the first changed it."""
    first, second = (catte_board.load(CatteSession.objects.get(pk=session.pk)) for _ in "12")
    round_ = OfflineRound(IDEMPOTENCY_KEY, 1, ["t2"], reached=[], started_from=0, save=False)
    take = services.rounds.take_round_sent_later
    answers = [take(board, round_, bob) for board in (first, second)]
    assert answers == [(DRAFTED, None), (DRAFTED, None)]
    assert fresh(session).draft == ["t2"] and fresh(session).draft_version == 1


def test_the_conflict_says_plainly_what_the_two_phones_tapped_differently(as_bob, session, alice):
    fields = sheet_round(as_bob, session, ["t0", "t1", "t0", "t0", "t0", "t0"])
    theirs = ["t0", "t2", "t0", "t0", "t0", "t0"]
    services.rounds.save_round(catte_board.load(session), 1, 0, alice, theirs)
    conflict = unescape(send(as_bob, session, fields).json()["conflict"])
    differs = conflict.split("What differs:</strong>")[1].split("</span></span>")[0]
    assert (
        differs
        == "<br><span>Trick 2: <mark>Chi</mark> on the other phone, <mark>Bình</mark> on this one"
    )
    assert '<div class="actions" data-outbox-choices><a class="button secondary"' in conflict


def test_the_conflict_with_the_tables_draft_says_what_differs(as_bob, session, alice):
    fields = sheet_round(as_bob, session, SWEEP_BY_AN)
    tap(session, ["t3"], alice)
    conflict = unescape(send(as_bob, session, fields).json()["conflict"])
    assert "Trick 1: <mark>Dũng</mark> on the other phone, <mark>An</mark> on this one" in conflict
    assert "Trick 2: <mark>—</mark> on the other phone, <mark>An</mark> on this one" in conflict
