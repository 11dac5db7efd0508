"""What a Cutthroat phone is told when another entry of its hand came first: whose it is, this
phone's own (its earlier tap whose answer was lost, its correction) or another phone's, decided
from the history, on the page and in the outbox's answer alike."""

from html import unescape

import pytest
from django.urls import reverse

from tests.page_forms import form_on, submit
from tracker.cutthroat import services as tournaments

ENTRY = "0123456789abcdef0123456789abcdef"
AS_THE_OUTBOX = {"Accept": "application/json"}
BIDS = {"An": 4, "Bình": 4, "Chi": 5}
JACKS = {"JD": "An", "JC": "Bình"}


@pytest.fixture
def tournament(group, players, alice):
    return tournaments.start(group, players[:3], {"preset": "official"}, alice)


def kept_hand(client, tournament, tricks=(4, 4, 9), key=ENTRY) -> dict:
    """Hand 1 as a phone's outbox sends it: bids 4, 4, 5, the tricks, J♦ An and J♣ Bình."""
    page = client.get(tournament.get_absolute_url())
    fields = form_on(page, "/played/", text="Offline: the bids are kept").fields
    # The tricks form is the same for every hand: outbox.js writes in the bids form's number.
    fields |= form_on(page, "/bids/").fields | {"bid_0": "4", "bid_1": "4", "bid_2": "5"}
    fields |= {f"tricks_{seat}": took for seat, took in enumerate(tricks)}
    return fields | {"jack_JD": 0, "jack_JC": 1, "once": key}


def send(client, tournament, fields):
    url = reverse("hand_played", args=[tournament.group_id, tournament.pk])
    return client.post(url, fields, headers=AS_THE_OUTBOX)


def played_online(tournament, user, tricks, key=None) -> None:
    board = tournaments.load(tournament)
    tournaments.record_bids(board, BIDS, user)
    took = dict(zip(BIDS, tricks, strict=True))
    tournaments.record_tricks(board, 1, took, JACKS, user, idempotency_key=key)


def test_a_hand_this_phone_saved_before_is_told_as_its_own(as_alice, tournament, alice):
    fields = kept_hand(as_alice, tournament)
    played_online(tournament, alice, (4, 4, 9))  # from this phone, its answer lost
    answer = send(as_alice, tournament, fields)
    assert answer.status_code == 200 and answer.json() == {
        "recorded": "Game 1 · hand 1 was already recorded from this phone, just as it had it."
    }


def test_a_hand_sent_again_under_its_key_is_told_as_recorded_from_this_phone(
    as_alice, tournament, alice
):
    played_online(tournament, alice, (4, 4, 9), key=ENTRY)  # the same tap, answer lost
    answer = send(as_alice, tournament, kept_hand(as_alice, tournament))
    assert answer.json() == {
        "recorded": "Already recorded from this phone (Game 1 · hand 1 played)."
    }


def test_a_hand_another_phone_saved_the_same_is_told_as_the_other_phones(as_alice, tournament, bob):
    fields = kept_hand(as_alice, tournament)
    played_online(tournament, bob, (4, 4, 9))
    said = send(as_alice, tournament, fields).json()["recorded"]
    assert said == "Game 1 · hand 1 was recorded on another phone, just as this one had it."


def test_a_hand_this_phone_corrected_to_what_it_kept_is_told_so(as_alice, tournament, alice):
    fields = kept_hand(as_alice, tournament)
    played_online(tournament, alice, (5, 3, 9))
    board = tournaments.load(tournament)
    tricks = {"An": 4, "Bình": 4, "Chi": 9}
    tournaments.correct_hand(board, 1, board.tournament.version, BIDS, tricks, JACKS, alice)
    said = send(as_alice, tournament, fields).json()["recorded"]
    assert said == "Game 1 · hand 1 was corrected on this phone, to just what it had."


def test_a_hand_this_phone_saved_otherwise_offers_keeping_the_one_recorded(
    as_alice, tournament, alice
):
    fields = kept_hand(as_alice, tournament)
    played_online(tournament, alice, (5, 3, 9))
    answer = send(as_alice, tournament, fields)
    assert answer.status_code == 409 and answer.json()["own"] is True
    conflict = unescape(answer.json()["conflict"])
    assert "This phone saved hand 1 of game 1: An 4/5, Bình 4/3, Chi 5/9;" in conflict
    assert "You entered: An 4/4, Bình 4/4, Chi 5/9; J♦ An, J♣ Bình (not saved)." in conflict


def test_a_hand_another_phone_saved_otherwise_offers_keeping_the_other_phones(
    as_alice, tournament, bob
):
    fields = kept_hand(as_alice, tournament)
    played_online(tournament, bob, (5, 3, 9))
    answer = send(as_alice, tournament, fields)
    assert answer.status_code == 409 and answer.json()["own"] is False
    assert "bob's phone saved hand 1 of game 1" in unescape(answer.json()["conflict"])


def tricks_form(client, tournament):
    return form_on(client.get(tournament.get_absolute_url()), "/played/", text="Tricks · game 1")


def tricks_played_on(tournament, user) -> None:
    took = dict(zip(BIDS, (5, 3, 9), strict=True))
    tournaments.record_tricks(tournaments.load(tournament), 1, took, JACKS, user)


def entered_on(client, form) -> str:
    typed = {"tricks_0": 4, "tricks_1": 4, "tricks_2": 9, "jack_JD": 0, "jack_JC": 1}
    return unescape(submit(client, form, **typed).content.decode())


def test_on_the_page_a_hand_this_phone_saved_in_another_tab_is_its_own(as_bob, tournament, bob):
    tournaments.record_bids(tournaments.load(tournament), BIDS, bob)
    form = tricks_form(as_bob, tournament)
    tricks_played_on(tournament, bob)
    page = entered_on(as_bob, form)
    assert "This phone saved hand 1 of game 1: An 4/5, Bình 4/3, Chi 5/9;" in page
    assert 'data-notice="came first" data-own' in page


def test_on_the_page_a_hand_another_phone_saved_is_the_other_phones(as_bob, tournament, alice):
    tournaments.record_bids(tournaments.load(tournament), BIDS, alice)
    form = tricks_form(as_bob, tournament)
    tricks_played_on(tournament, alice)
    page = entered_on(as_bob, form)
    assert "alice's phone saved hand 1 of game 1: An 4/5, Bình 4/3, Chi 5/9;" in page
    assert "data-own" not in page
