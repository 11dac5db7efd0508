"""A score sheet's round sent as the page's form draws it, by htmx or by the outbox of a phone
that kept it offline (at the round's address, or at sent-later/, kept for one release): recorded
once however often it arrives, and told in one notice whose round came first and what differs."""

import re
from html import unescape

import pytest
from django.urls import reverse

from tests.factories import fresh
from tests.page_forms import form_on, submit
from tracker.sheets import rules as sheet
from tracker.sheets import services
from tracker.sheets.board import load

TIEN_LEN = {"stake": "1.00", "preset": "tien_len"}


@pytest.fixture
def tien_len(group, players, bob):
    return services.start(group, players, TIEN_LEN, bob)


def round_form(client, sheet_row):
    return form_on(client.get(sheet_row.get_absolute_url()), "/rounds/", "Save round")


JSON = {"Accept": "application/json"}
HTMX = {"HX-Request": "true"}
PLACES = {"place_1": "0", "place_2": "1", "place_3": "2"}
OTHER_PLACES = {"place_1": "3", "place_2": "2", "place_3": "1"}


def rounds_url(sheet_row):
    return reverse("sheet_round", args=[sheet_row.group_id, sheet_row.pk])


def test_a_round_kept_offline_is_sent_to_the_rounds_address_and_recorded_once(as_bob, tien_len):
    data = round_form(as_bob, tien_len).filled(**PLACES, once="e" * 32)
    first = as_bob.post(rounds_url(tien_len), data, headers=JSON)
    again = as_bob.post(rounds_url(tien_len), data, headers=JSON)
    assert first.json() == {"recorded": "Round 1 saved."}
    assert again.json()["recorded"].startswith("Already recorded from this phone (Round 1")
    assert fresh(tien_len).rounds.count() == 1


def test_a_round_sent_twice_by_htmx_is_told_in_html_and_recorded_once(as_bob, tien_len):
    data = round_form(as_bob, tien_len).filled(**PLACES, once="e" * 32)
    first = as_bob.post(rounds_url(tien_len), data, headers=HTMX).content.decode()
    again = as_bob.post(rounds_url(tien_len), data, headers=HTMX).content.decode()
    assert 'data-notice="saved"' in first and "Round 1 saved." in first
    assert "Already recorded from this phone (Round 1" in again
    assert fresh(tien_len).rounds.count() == 1


def test_a_kept_round_another_user_saved_otherwise_is_told_as_another_phones(
    as_bob, tien_len, alice
):
    form = round_form(as_bob, tien_len)
    services.record_round(load(tien_len), sheet.Round(places=["An", "Bình", "Chi", "Dũng"]), alice)
    said = as_bob.post(
        rounds_url(tien_len), form.filled(**OTHER_PLACES, once="f" * 32), headers=JSON
    )
    assert said.status_code == 409 and said.json()["own"] is False
    assert said.json()["retry"] == {
        "fields": {"number": "2"},
        "label": "Record this phone's as round 2",
    }
    assert "alice&#x27;s phone saved round 1: first An" in said.json()["conflict"]
    assert "first Dũng · second Chi · third Bình · last An" in said.json()["conflict"]


def test_a_kept_round_saved_otherwise_says_player_by_player_what_differs(as_bob, tien_len, alice):
    form = round_form(as_bob, tien_len)
    services.record_round(load(tien_len), sheet.Round(places=["An", "Bình", "Chi", "Dũng"]), alice)
    data = form.filled(place_1="1", place_2="0", place_3="2", once="f" * 32)
    conflict = as_bob.post(rounds_url(tien_len), data, headers=JSON).json()["conflict"]
    assert "An: <mark>first</mark> on the other phone, <mark>second</mark> on this one" in conflict
    assert "Bình: <mark>second</mark> on the other phone, <mark>first</mark>" in conflict
    assert "Chi:" not in conflict and "Dũng:" not in conflict


def test_a_kept_round_the_same_user_saved_otherwise_is_told_as_this_phones(as_bob, tien_len, bob):
    form = round_form(as_bob, tien_len)
    services.record_round(load(tien_len), sheet.Round(places=["An", "Bình", "Chi", "Dũng"]), bob)
    said = as_bob.post(
        rounds_url(tien_len), form.filled(**OTHER_PLACES, once="f" * 32), headers=JSON
    )
    assert said.status_code == 409 and said.json()["own"] is True
    assert "This phone saved round 1: first An" in said.json()["conflict"]


def test_a_kept_round_another_user_saved_alike_is_told_recorded_on_another_phone(
    as_bob, tien_len, alice
):
    form = round_form(as_bob, tien_len)
    services.record_round(load(tien_len), sheet.Round(places=["An", "Bình", "Chi", "Dũng"]), alice)
    said = as_bob.post(rounds_url(tien_len), form.filled(**PLACES, once="f" * 32), headers=JSON)
    assert said.json() == {
        "recorded": "Round 1 was recorded on another phone, just as this one had it."
    }


def test_a_kept_round_the_same_user_saved_alike_is_told_as_this_phones(as_bob, tien_len, bob):
    form = round_form(as_bob, tien_len)
    services.record_round(load(tien_len), sheet.Round(places=["An", "Bình", "Chi", "Dũng"]), bob)
    said = as_bob.post(rounds_url(tien_len), form.filled(**PLACES, once="f" * 32), headers=JSON)
    assert said.json()["recorded"] == (
        "Round 1 was already recorded from this phone, just as it had it."
    )


def test_the_sent_later_address_of_the_release_before_still_records_once(as_bob, tien_len):
    url = reverse("sheet_sent_later", args=[tien_len.group_id, tien_len.pk])
    data = round_form(as_bob, tien_len).filled(**PLACES, once="e" * 32)
    first, again = as_bob.post(url, data), as_bob.post(url, data)
    assert first.json() == {"recorded": "Round 1 saved."}
    assert again.json()["recorded"].startswith("Already recorded from this phone")
    assert fresh(tien_len).rounds.count() == 1


def test_a_round_kept_by_the_outbox_of_the_release_before_is_recorded_once(as_bob, tien_len):
    form = round_form(as_bob, tien_len)
    url = reverse("sheet_sent_later", args=[tien_len.group_id, tien_len.pk])
    data = form.filled(**PLACES, entry="e" * 32)
    assert as_bob.post(url, data).json() == {"recorded": "Round 1 saved."}
    data = form.filled(**PLACES, once="e" * 32)
    assert as_bob.post(url, data).json()["recorded"].startswith("Already recorded")
    assert fresh(tien_len).rounds.count() == 1


def test_a_round_kept_offline_without_its_key_is_refused(as_bob, tien_len):
    url = reverse("sheet_sent_later", args=[tien_len.group_id, tien_len.pk])
    data = round_form(as_bob, tien_len).filled(**PLACES)
    said = as_bob.post(url, data)
    assert said.status_code == 400 and said.json() == {"refused": "This entry has no id."}
    assert fresh(tien_len).rounds.count() == 0


def test_a_round_kept_offline_that_another_phone_recorded_otherwise_offers_the_choice(
    as_bob, tien_len, alice
):
    form = round_form(as_bob, tien_len)
    services.record_round(load(tien_len), sheet.Round(places=["An", "Bình", "Chi", "Dũng"]), alice)
    url = reverse("sheet_sent_later", args=[tien_len.group_id, tien_len.pk])
    said = as_bob.post(url, form.filled(**OTHER_PLACES, once="f" * 32))
    assert said.status_code == 409
    assert said.json()["retry"] == {
        "fields": {"number": "2"},
        "label": "Record this phone's as round 2",
    }
    assert "first Dũng · second Chi · third Bình · last An" in said.json()["conflict"]


def test_a_kept_round_saved_otherwise_can_correct_that_round_to_this_phones(
    as_bob, tien_len, alice
):
    form = round_form(as_bob, tien_len)
    services.record_round(load(tien_len), sheet.Round(places=["An", "Bình", "Chi", "Dũng"]), alice)
    data = form.filled(**OTHER_PLACES, once="f" * 32)
    said = as_bob.post(rounds_url(tien_len), data, headers=JSON).json()
    assert said["recheck"] is True and "Correct round 1 with what you tapped" in said["conflict"]
    link = unescape(re.search(r'href="([^"]*/rounds/1/\?[^"]*)"', said["conflict"])[1])
    correction = form_on(as_bob.get(link), "", "Save the correction")
    submit(as_bob, correction)
    row = fresh(tien_len).rounds.get(number=1)
    assert load(tien_len).played(row).round.places == ["Dũng", "Chi", "Bình", "An"]


def test_a_correction_address_that_holds_no_round_draws_the_round_as_recorded(
    as_bob, tien_len, alice
):
    services.record_round(load(tien_len), sheet.Round(places=["An", "Bình", "Chi", "Dũng"]), alice)
    url = reverse("sheet_round_edit", args=[tien_len.group_id, tien_len.pk, 1])
    correction = form_on(as_bob.get(url, {"place_1": "9", "points_0": "x"}), "", "Save the")
    assert [correction.fields[f"place_{n}"] for n in (1, 2, 3)] == ["0", "1", "2"]


def test_a_round_kept_offline_that_the_rules_refuse_says_why(as_bob, tien_len):
    url = reverse("sheet_sent_later", args=[tien_len.group_id, tien_len.pk])
    data = round_form(as_bob, tien_len).filled(place_1="0", once="d" * 32)
    said = as_bob.post(url, data)
    assert (
        said.status_code == 400 and "only the last one follows by itself" in said.json()["refused"]
    )
