"""A hand kept on a phone while it was offline and sent when the network came back, to the
tricks' own address as the page's form is, asking for JSON: recorded once however often it
arrives, all of it or nothing, and refused with both entries side by side when another phone
recorded that hand first. The fields are those the page drew: the bids form and the tricks form
its template holds for a phone that loses the network."""

from html import unescape

import pytest
from django.urls import reverse

from core.changes import changes_of
from tests.factories import fresh
from tests.page_forms import form_on
from tracker.cutthroat import services as tournaments

ENTRY = "0123456789abcdef0123456789abcdef"
AS_THE_OUTBOX = {"Accept": "application/json"}


@pytest.fixture
def tournament(group, players, alice):
    return tournaments.start(group, players[:3], {"preset": "official"}, alice)


def offline_hand(client, tournament, bids: dict, tricks: dict, entry=ENTRY) -> dict:
    """What outbox.js sends: the bids form's and the template's tricks form's fields."""
    page = client.get(tournament.get_absolute_url())
    bids_form = form_on(page, "/bids/")
    tricks_form = form_on(page, "/played/", text="Offline: the bids are kept on this phone")
    # The tricks form is the same for every hand: outbox.js writes in the bids form's number.
    fields = {**tricks_form.fields, **bids_form.fields, "once": entry}
    fields |= {f"bid_{seat}": bid for seat, bid in bids.items()}
    fields |= {f"tricks_{seat}": took for seat, took in tricks.items()}
    fields |= {"jack_JD": 0, "jack_JC": 1}  # An caught the J♦, Bình the J♣
    fields.pop("csrfmiddlewaretoken", None)
    return fields


def played_on_bobs_phone(tournament, bob, bids: dict, tricks: dict) -> None:
    """Hand 1 played on bob's phone, online: An caught the J♦, Bình the J♣."""
    board = tournaments.load(tournament)
    tournaments.record_bids(board, bids, bob)
    tournaments.record_tricks(board, 1, tricks, {"JD": "An", "JC": "Bình"}, bob)


def send(client, tournament, fields, address="hand_played"):
    url = reverse(address, args=[tournament.group_id, tournament.pk])
    return client.post(url, fields, headers=AS_THE_OUTBOX)


def test_a_whole_hand_sent_later_is_recorded_with_its_bids(as_alice, tournament):
    fields = offline_hand(as_alice, tournament, {0: "4", 1: "4", 2: "5"}, {0: 4, 1: 4, 2: 9})
    answer = send(as_alice, tournament, fields)
    assert answer.status_code == 200 and "Game 1 · hand 1 saved" in answer.json()["recorded"]
    hand = fresh(tournament).hands.get()
    assert hand.bids == [4, 4, 5] and hand.tricks == [4, 4, 9]
    assert changes_of(tournament).get(action="played").idempotency_key == ENTRY


def test_the_same_hand_sent_eight_times_is_recorded_once(as_alice, tournament):
    fields = offline_hand(as_alice, tournament, {0: "4", 1: "4", 2: "5"}, {0: 4, 1: 4, 2: 9})
    answers = [send(as_alice, tournament, fields) for _ in range(8)]
    assert [answer.status_code for answer in answers] == [200] * 8
    assert answers[7].json() == {
        "recorded": "Already recorded from this phone (Game 1 · hand 1 played)."
    }
    assert fresh(tournament).hands.count() == 1 and fresh(tournament).version == 2


def test_a_hand_kept_under_the_address_of_the_release_before_is_recorded(as_alice, tournament):
    fields = offline_hand(as_alice, tournament, {0: "4", 1: "4", 2: "5"}, {0: 4, 1: 4, 2: 9})
    fields["entry"] = fields.pop("once")  # as the outbox of the release before sent it
    answer = as_alice.post(
        reverse("hand_sent_later", args=[tournament.group_id, tournament.pk]), fields
    )
    assert answer.status_code == 200 and "Game 1 · hand 1 saved" in answer.json()["recorded"]
    assert changes_of(tournament).get(action="played").idempotency_key == ENTRY


def test_tricks_that_do_not_add_up_record_nothing_not_even_the_bids(as_alice, tournament):
    fields = offline_hand(as_alice, tournament, {0: "4", 1: "4", 2: "5"}, {0: 4, 1: 4, 2: 4})
    answer = send(as_alice, tournament, fields)
    assert answer.status_code == 400 and "not 17" in answer.json()["refused"]
    assert not fresh(tournament).hands.exists()


def test_a_hand_another_phone_recorded_first_comes_back_with_both_entries(
    as_alice, tournament, bob
):
    fields = offline_hand(as_alice, tournament, {0: "4", 1: "4", 2: "5"}, {0: 4, 1: 4, 2: 9})
    played_on_bobs_phone(
        tournament, bob, {"An": 3, "Bình": 3, "Chi": 3}, {"An": 3, "Bình": 3, "Chi": 11}
    )
    answer = send(as_alice, tournament, fields)
    conflict = unescape(answer.json()["conflict"])
    assert answer.status_code == 409 and answer.json()["recheck"] is True
    assert "bob's phone saved hand 1 of game 1: An 3/3, Bình 3/3, Chi 3/11;" in conflict
    assert "You entered: An 4/4, Bình 4/4, Chi 5/9; J♦ An, J♣ Bình (not saved)." in conflict
    assert "?bid_0=4&bid_1=4&bid_2=5&tricks_0=4&tricks_1=4&tricks_2=9&jack_JD=0" in conflict
    assert fresh(tournament).hands.get().tricks == [3, 3, 11]


def test_a_hand_another_phone_recorded_just_the_same_needs_no_choice(as_alice, tournament, bob):
    fields = offline_hand(as_alice, tournament, {0: "4", 1: "4", 2: "5"}, {0: 4, 1: 4, 2: 9})
    played_on_bobs_phone(
        tournament, bob, {"An": 4, "Bình": 4, "Chi": 5}, {"An": 4, "Bình": 4, "Chi": 9}
    )
    answer = send(as_alice, tournament, fields)
    assert answer.status_code == 200 and answer.json() == {
        "recorded": "Game 1 · hand 1 was recorded on another phone, just as this one had it."
    }
    assert fresh(tournament).hands.count() == 1


def test_tricks_sent_later_land_on_bids_saved_online(as_alice, tournament, alice):
    board = tournaments.load(tournament)
    tournaments.record_bids(board, {"An": 4, "Bình": 4, "Chi": 5}, alice)
    tricks_form = form_on(as_alice.get(tournament.get_absolute_url()), "/played/")
    fields = {**tricks_form.fields, "once": ENTRY, "tricks_0": 4, "tricks_1": 4, "tricks_2": 9}
    fields |= {"jack_JD": 0, "jack_JC": 1}
    assert send(as_alice, tournament, fields).status_code == 200
    assert fresh(tournament).hands.get().tricks == [4, 4, 9]


def test_an_entry_without_its_phone_id_is_refused(as_alice, tournament):
    fields = offline_hand(as_alice, tournament, {0: "4", 1: "4", 2: "5"}, {0: 4, 1: 4, 2: 9})
    fields["once"] = "not an id"
    answer = send(as_alice, tournament, fields)
    assert answer.status_code == 400 and answer.json() == {"refused": "This entry has no id."}
    assert not fresh(tournament).hands.exists()


def test_an_outsider_is_told_there_is_no_such_tournament(as_dave, tournament):
    assert send(as_dave, tournament, {"once": ENTRY}).status_code == 404


def test_a_viewer_cannot_send_a_hand(as_carol, tournament):
    assert send(as_carol, tournament, {"once": ENTRY}).status_code == 403


def test_the_hand_after_one_kept_offline_comes_from_the_blank_form(as_alice, tournament):
    first = offline_hand(as_alice, tournament, {0: "4", 1: "4", 2: "5"}, {0: 4, 1: 4, 2: 9})
    page = as_alice.get(tournament.get_absolute_url())
    next_hand = form_on(page, "/played/", text="Offline: the players are in seat order")
    second = {**next_hand.fields, "once": "fedcba9876543210fedcba9876543210"}
    second |= {"number": "2"}  # as hands_ahead.js writes it in, with its heading
    second |= {"bid_0": "3", "bid_1": "NIL", "bid_2": "6", "tricks_0": 3, "tricks_1": 0}
    second |= {"tricks_2": 14, "jack_JD": 2, "jack_JC": 2}
    second.pop("csrfmiddlewaretoken", None)
    assert send(as_alice, tournament, first).status_code == 200
    assert send(as_alice, tournament, second).status_code == 200
    hand = fresh(tournament).hands.get(number=2)
    assert (hand.bids, hand.tricks) == ([3, "NIL", 6], [3, 0, 14])


def test_the_conflict_says_plainly_what_the_two_phones_entered_differently(
    as_alice, tournament, bob
):
    fields = offline_hand(as_alice, tournament, {0: "3", 1: "3", 2: "5"}, {0: 3, 1: 4, 2: 10})
    played_on_bobs_phone(
        tournament, bob, {"An": 3, "Bình": 3, "Chi": 3}, {"An": 3, "Bình": 3, "Chi": 11}
    )
    conflict = unescape(send(as_alice, tournament, fields).json()["conflict"])
    differs = conflict.split("What differs:</strong>")[1].split("</span></span>")[0]
    assert differs.split("<br>")[1:] == [
        "<span>Bình: <mark>3/3</mark> on the other phone, <mark>3/4</mark> on this one</span>",
        "<span>Chi: <mark>3/11</mark> on the other phone, <mark>5/10</mark> on this one",
    ]
