"""Two phones at one Cutthroat table: the one that saves second is told who saved first and
what, keeps what it had entered, and can correct the hand with it."""

import re
from html import unescape

import pytest
from django.test import Client
from django.urls import reverse

from tests.conftest import client_for
from tracker.cutthroat import services as tournaments
from tracker.cutthroat.models import Tournament


@pytest.fixture
def tournament(group, players, alice):
    return tournaments.start(group, players[:3], {"preset": "official"}, alice)


@pytest.fixture
def phones(alice, as_bob):
    """Alice's phone and Bob's, both logged in."""
    return client_for(Client(), alice), as_bob


def url(name, tournament, **extra):
    kwargs = {"pk": tournament.group_id, "tournament_pk": tournament.pk, **extra}
    return reverse(name, kwargs=kwargs)


def bids(*values, number=1):
    return {"number": str(number)} | {f"bid_{seat}": str(bid) for seat, bid in enumerate(values)}


def tricks(*values, jd=2, jc=0):
    form = {f"tricks_{seat}": str(took) for seat, took in enumerate(values)}
    return {**form, "number": "1", "jack_JD": str(jd), "jack_JC": str(jc)}


def text_of(response) -> str:
    return unescape(response.content.decode())


def test_the_second_phone_is_told_who_saved_the_hand_and_keeps_its_tricks(phones, tournament):
    alice, bob = phones
    alice.post(url("hand_bids", tournament), bids(4, "NIL", 5))
    alice.post(url("hand_played", tournament), tricks(6, 0, 11))
    page = text_of(bob.post(url("hand_played", tournament), tricks(5, 1, 11), follow=True))
    saved = "alice's phone saved hand 1 of game 1: An 4/6, Bình Nil/0, Chi 5/11; J♦ Chi, J♣ An."
    assert saved in page
    assert "You entered: An 4/5, Bình Nil/1, Chi 5/11; J♦ Chi, J♣ An (not saved)." in page
    offer = url("hand_edit", tournament, number=1) + "?tricks_0=5&tricks_1=1&tricks_2=11"
    assert f'href="{offer}&jack_JD=2&jack_JC=0">Correct hand 1 with what you entered' in page
    assert tournament.hands.get().tricks == [6, 0, 11]


def test_the_same_tricks_saved_on_both_phones_offer_no_correction(phones, tournament):
    alice, bob = phones
    alice.post(url("hand_bids", tournament), bids(4, "NIL", 5))
    alice.post(url("hand_played", tournament), tricks(6, 0, 11))
    page = text_of(bob.post(url("hand_played", tournament), tricks(6, 0, 11), follow=True))
    same = "Game 1 · hand 1 was recorded on another phone, just as this one had it."
    assert same in page and "Correct hand 1" not in page


def test_bids_already_saved_are_shown_with_the_bids_this_phone_tapped(phones, tournament):
    alice, bob = phones
    alice.post(url("hand_bids", tournament), bids(4, "NIL", 5))
    page = text_of(bob.post(url("hand_bids", tournament), bids(3, 3, 3), follow=True))
    assert "alice's phone saved the bids of hand 1 of game 1: An 4, Bình Nil, Chi 5." in page
    assert "You entered the bids An 3, Bình 3, Chi 3 (not saved)." in page
    assert "Tricks · game 1, hand 1" in page and tournament.hands.get().bids == [4, "NIL", 5]


def test_bids_tapped_for_a_hand_played_since_never_land_on_the_next_one(phones, tournament):
    alice, bob = phones
    alice.post(url("hand_bids", tournament), bids(4, "NIL", 5))
    alice.post(url("hand_played", tournament), tricks(6, 0, 11))
    page = text_of(bob.post(url("hand_bids", tournament), bids(3, 3, 3, number=1), follow=True))
    offer = url("hand_edit", tournament, number=1) + "?bid_0=3&bid_1=3&bid_2=3"
    assert f'href="{offer}">Correct hand 1 with what you entered' in page
    assert tournament.hands.count() == 1


def test_the_correction_page_is_filled_in_with_what_the_phone_entered(phones, tournament):
    alice, bob = phones
    alice.post(url("hand_bids", tournament), bids(4, "NIL", 5))
    alice.post(url("hand_played", tournament), tricks(6, 0, 11))
    typed = "?tricks_0=5&tricks_1=1&tricks_2=11&jack_JD=2&jack_JC=0&version=0&number=7"
    page = text_of(bob.get(url("hand_edit", tournament, number=1) + typed))
    assert 'name="tricks_0" value="5" checked>' in page
    assert 'name="tricks_1" value="1" checked>' in page
    assert "Saved: An 4/6, Bình Nil/0, Chi 5/11; J♦ Chi, J♣ An. Check it" in page
    assert 'name="version" value="2"' in page and 'name="number" value="1"' in page
    assert tournament.hands.get().tricks == [6, 0, 11]  # nothing saved before Save


def test_the_correction_filled_in_is_saved_through_the_usual_form(phones, tournament):
    alice, bob = phones
    alice.post(url("hand_bids", tournament), bids(4, "NIL", 5))
    alice.post(url("hand_played", tournament), tricks(6, 0, 11))
    edit = url("hand_edit", tournament, number=1) + "?tricks_0=5&tricks_1=1&tricks_2=11"
    form = {**bids(4, "NIL", 5), **tricks(5, 1, 11), "version": "2"}
    response = bob.post(edit, form, follow=True)
    assert "Game 1 · hand 1 corrected; every later hand rescored." in text_of(response)
    assert tournament.hands.get().tricks == [5, 1, 11]


def test_the_live_check_answers_a_new_version_after_the_other_phones_save(phones, tournament):
    alice, bob = phones
    page = bob.get(tournament.get_absolute_url()).content.decode()
    live, version = re.search(r'data-live="([^"]+)" data-version="(\d+)"', page).groups()
    assert Client().get(live, {"v": version}).status_code == 204  # no login needed
    alice.post(url("hand_bids", tournament), bids(4, "NIL", 5))
    answer = Client().get(live, {"v": version})
    assert (version, answer.status_code, answer.content) == ("0", 200, b"1")
    assert Tournament.objects.get().version == 1
