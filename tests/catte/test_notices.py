"""What a Cắt Tê phone is told when the round it sent was recorded first: by this phone (the same
round sent again after its answer was lost, its own earlier save or correction) or by another
phone, online (htmx and without JavaScript) and from the outbox alike, in one notice. Never
"recorded on another phone" for its own."""

import re
from html import unescape

import pytest

from core import entries, recording
from tests.factories import fresh
from tests.page_forms import form_on, submit
from tests.tracker.test_round_sent_later import (
    IDEMPOTENCY_KEY,
    SWEEP_BY_AN,
    send,
    sheet_round,
)
from tracker.catte import board as catte_board
from tracker.catte import services
from tracker.catte.services.rounds import take_round_sent_later
from tracker.catte.taps import OfflineRound

HTMX = {"HX-Request": "true"}
ONLINE = [pytest.param(HTMX, id="htmx"), pytest.param({}, id="without JavaScript")]


@pytest.fixture
def session(group, players, bob):
    return services.logs.start(group, players, {"stake": "1.00"}, bob)


def round_form(client, session):
    """The round being entered, as the session page draws it."""
    return form_on(client.get(session.get_absolute_url()), "/round/")


def notices_in(html: str) -> list[str]:
    """Each notice the page draws: its opening tag's flags, then its words."""
    found = re.findall(r'(<div class="flash [^>]*data-notice[^>]*>)(.*?)</div>', html, re.S)
    return [unescape(tag + " " + re.sub(r"<[^>]+>|\s+", " ", words)) for tag, words in found]


def test_a_round_sent_again_after_its_answer_was_lost_is_told_as_this_phones(as_bob, session, bob):
    fields = sheet_round(as_bob, session, SWEEP_BY_AN)
    sent = OfflineRound(
        idempotency_key=IDEMPOTENCY_KEY, number=1, taps=SWEEP_BY_AN, reached=[], started_from=0
    )
    take_round_sent_later(catte_board.load(session), sent, bob)  # recorded, answer lost
    said = send(as_bob, session, fields).json()["recorded"]
    assert said == "Already recorded from this phone (Round 1: tricks An, An, An, An)."


def test_a_round_this_phone_saved_online_the_same_is_told_as_its_own(as_bob, session, bob):
    fields = sheet_round(as_bob, session, SWEEP_BY_AN)
    services.rounds.save_round(catte_board.load(session), 1, 0, bob, SWEEP_BY_AN)
    said = send(as_bob, session, fields).json()["recorded"]
    assert said == "Round 1 was already recorded from this phone, just as it had it."


def test_a_round_another_phone_saved_the_same_is_told_as_the_other_phones(as_bob, session, alice):
    fields = sheet_round(as_bob, session, SWEEP_BY_AN)
    services.rounds.save_round(catte_board.load(session), 1, 0, alice, SWEEP_BY_AN)
    said = send(as_bob, session, fields).json()["recorded"]
    assert said == "Round 1 was recorded on another phone, just as this one had it."


def test_a_round_this_phone_saved_otherwise_names_this_phone(as_bob, session, bob):
    fields = sheet_round(as_bob, session, SWEEP_BY_AN)
    services.rounds.save_round(catte_board.load(session), 1, 0, bob, ["t1"] * 4)
    conflict = unescape(send(as_bob, session, fields).json()["conflict"])
    assert "This phone saved round 1: tricks Bình, Bình, Bình, Bình." in conflict
    assert "another phone" not in conflict and "bob's phone" not in conflict


def test_a_round_another_phone_saved_otherwise_names_that_phone(as_bob, session, alice):
    fields = sheet_round(as_bob, session, SWEEP_BY_AN)
    services.rounds.save_round(catte_board.load(session), 1, 0, alice, ["t1"] * 4)
    conflict = unescape(send(as_bob, session, fields).json()["conflict"])
    assert "alice's phone saved round 1: tricks Bình, Bình, Bình, Bình." in conflict


@pytest.mark.parametrize("headers", ONLINE)
def test_a_round_this_phone_saved_otherwise_is_told_on_the_page_as_its_own(
    as_bob, session, bob, headers
):
    form = round_form(as_bob, session)
    services.rounds.save_round(catte_board.load(session), 1, 0, bob, ["t1"] * 4)  # its other tab
    [told] = notices_in(submit(as_bob, form, "t0", headers=headers).content.decode())
    assert 'data-notice="came first" data-own data-choice' in told
    assert "This phone saved round 1: tricks Bình, Bình, Bình, Bình." in told
    assert "This phone had: tricks An (not saved)." in told
    assert "Correct round 1 with what you tapped" in told


@pytest.mark.parametrize("headers", ONLINE)
def test_a_round_another_phone_saved_otherwise_is_told_on_the_page_as_that_phones(
    as_bob, session, alice, headers
):
    form = round_form(as_bob, session)
    services.rounds.save_round(catte_board.load(session), 1, 0, alice, ["t1"] * 4)
    html = submit(as_bob, form, "t0", headers=headers).content.decode()
    [told] = notices_in(html)
    assert 'data-notice="came first" data-choice' in told
    assert "alice's phone saved round 1: tricks Bình, Bình, Bình, Bình." in told
    assert "Sweep by Bình" in html.split("data-notice")[1].split('id="round-form"')[0]  # its card


def test_a_round_saved_twice_from_this_phone_needs_no_choice(as_bob, session):
    form = round_form(as_bob, session)
    for _ in range(4):
        form = form_on(submit(as_bob, form, "t0", headers=HTMX), "/round/")
    first, second = (submit(as_bob, form, "save", headers=HTMX) for _ in "12")  # a double tap
    assert "Round 1 saved." in notices_in(first.content.decode())[0]
    [told] = notices_in(second.content.decode())
    assert 'data-notice="came first" data-own>' in told
    assert "This phone saved round 1: tricks An, An, An, An." in told


def test_a_round_saved_without_javascript_is_told_on_the_page_it_goes_back_to(as_bob, session):
    form = round_form(as_bob, session)
    for tap in ["t2"] * 4:
        form = form_on(submit(as_bob, form, tap, headers=HTMX), "/round/")
    answer = submit(as_bob, form, "save")
    assert answer.status_code == 302 and answer["Location"].endswith("/#entry")
    [told] = notices_in(as_bob.get(answer["Location"]).content.decode())
    assert 'class="flash success"' in told and "Round 1 saved." in told


@pytest.mark.parametrize("headers", ONLINE)
def test_a_tap_another_phone_got_ahead_of_is_told_in_the_round_form(
    as_bob, session, alice, headers
):
    form = round_form(as_bob, session)
    services.tapping.tap(catte_board.load(session), 1, 0, "t3", alice)
    html = submit(as_bob, form, "t0", headers=headers).content.decode()
    [told] = notices_in(html.split('id="round-form"')[1])
    assert 'class="flash warning"' in told and 'data-notice="refused"' in told
    assert "alice's phone tapped trick 1 first: Dũng." in told
    assert fresh(session).draft == ["t3"]


def test_a_tap_on_a_session_closed_meanwhile_is_refused_on_the_page_it_goes_back_to(
    as_bob, session, alice
):
    form = round_form(as_bob, session)
    services.closing.close(catte_board.load(session), 0, alice)
    answer = submit(as_bob, form, "t0")
    assert answer.status_code == 302
    [told] = notices_in(as_bob.get(answer["Location"]).content.decode())
    assert 'class="flash warning"' in told and 'data-notice="refused"' in told
    assert "This is the current state." in told


def test_the_outbox_is_told_a_round_this_phone_saved_otherwise_is_its_own(as_bob, session, bob):
    fields = sheet_round(as_bob, session, SWEEP_BY_AN)
    services.rounds.save_round(catte_board.load(session), 1, 0, bob, ["t1"] * 4)
    answer = send(as_bob, session, fields)
    assert answer.status_code == 409
    assert answer.json()["own"] is True and answer.json()["recheck"] is True


def test_the_outbox_is_told_a_round_another_phone_saved_otherwise_is_not_its_own(
    as_bob, session, alice
):
    fields = sheet_round(as_bob, session, SWEEP_BY_AN)
    services.rounds.save_round(catte_board.load(session), 1, 0, alice, ["t1"] * 4)
    answer = send(as_bob, session, fields)
    assert answer.status_code == 409
    assert answer.json()["own"] is False and answer.json()["recheck"] is True


def test_a_kept_round_another_phone_saved_otherwise_is_told_on_the_page_to_htmx(
    as_bob, session, alice
):
    fields = sheet_round(as_bob, session, SWEEP_BY_AN)
    services.rounds.save_round(catte_board.load(session), 1, 0, alice, ["t1"] * 4)
    [told] = notices_in(send(as_bob, session, fields, headers=HTMX).content.decode())
    assert 'data-notice="came first" data-choice' in told
    assert "alice's phone saved round 1: tricks Bình, Bình, Bình, Bình." in told
    assert "This phone had: tricks An, An, An, An" in told


def tapped_to_save(client, session, taps):
    """The round form once `taps` are tapped in, one post each, with its Save."""
    for tap in taps:
        submit(client, round_form(client, session), tap)
    return round_form(client, session)


def test_a_save_on_a_session_closed_meanwhile_is_told_it_is_closed(as_bob, session, alice):
    form = tapped_to_save(as_bob, session, SWEEP_BY_AN)
    services.closing.close(catte_board.load(session), 0, alice)
    html = submit(as_bob, form, "save", headers=HTMX).content.decode()
    [told] = notices_in(html)
    assert "This session is closed; its rounds can no longer change." in told


def test_a_save_asks_once_whether_the_session_is_closed(as_bob, session, monkeypatch):
    form, asked = tapped_to_save(as_bob, session, SWEEP_BY_AN), []
    for module in (recording, entries):
        monkeypatch.setattr(module, "refuse_if_closed", asked.append)
    submit(as_bob, form, "save", headers=HTMX)
    assert fresh(session).round_count == 1 and len(asked) == 1
