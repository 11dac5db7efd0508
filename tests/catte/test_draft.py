"""The round being tapped in belongs to the table: stored on the server, shown on every phone,
changed by one phone at a time, each change in the history, and never money until it is saved."""

import re
from html import unescape

import pytest
from django.test import Client
from django.urls import reverse

from core.changes import changes_of
from ledger.balances import player_balances
from ledger.models import Transaction
from tests.catte.test_entry import hidden, page_of, press, save, shown_in, tap_through
from tests.conftest import client_for
from tests.factories import fresh
from tracker.catte import board as catte_board
from tracker.catte import services
from tracker.catte.models import Round
from tracker.catte.services.tapping import tap_in_words as words_for

PLAIN = {"stake": "1.00"}


@pytest.fixture
def session(group, bob, players):
    return services.logs.start(group, players, PLAIN, bob)


@pytest.fixture
def phones(alice, bob):
    """Two phones at the table: Alice's and Bob's, each with its own browser."""
    return client_for(Client(), alice), client_for(Client(), bob)


def text_of(response) -> str:
    return unescape(response.content.decode())


def live_check(client, html: str):
    """What the page's poll asks: has the session changed since the version the page shows?"""
    address, version = re.search(r'data-live="([^"]+)" data-version="(\d+)"', html).groups()
    return client.get(address, {"v": version})


def test_a_draft_survives_a_reload(phones, session):
    alice, _ = phones
    tap_through(alice, session, ["t1", "t0"])
    html = page_of(alice, session)
    assert shown_in(html) == "t1 t0" and "Trick 3: who won it?" in html
    assert fresh(session).draft == ["t1", "t0"]


def test_a_second_phone_goes_on_from_the_draft(phones, session):
    alice, bob = phones
    tap_through(alice, session, ["t1", "t0"])
    html = tap_through(bob, session, ["t1", "t0"])
    assert shown_in(html) == "t1 t0 t1 t0" and "Out after trick 4:</strong> Chi, Dũng" in html
    assert shown_in(page_of(alice, session)) == "t1 t0 t1 t0"


def test_two_phones_tapping_the_same_trick_at_once_one_wins_the_other_is_told(phones, session):
    alice, bob = phones
    tap_through(alice, session, ["t1", "t0"])
    on_alice, on_bob = page_of(alice, session), page_of(bob, session)
    assert hidden(on_alice, "draft_version") == hidden(on_bob, "draft_version") == "2"
    press(alice, session, on_alice, "t0")
    answer = text_of(press(bob, session, on_bob, "t1"))
    assert "alice's phone tapped trick 3 first: An." in answer
    assert shown_in(answer) == "t1 t0 t0" and fresh(session).draft == ["t1", "t0", "t0"]


def test_a_tap_this_phone_made_on_another_page_is_told_as_its_own(phones, session):
    alice, _ = phones
    tap_through(alice, session, ["t1", "t0"])
    one_tab, another_tab = page_of(alice, session), page_of(alice, session)
    press(alice, session, one_tab, "t0")
    answer = text_of(press(alice, session, another_tab, "t1"))
    assert "This phone tapped trick 3 first: An." in answer
    assert fresh(session).draft == ["t1", "t0", "t0"]


def test_the_phone_that_came_second_is_told_in_its_own_language(phones, session):
    alice, bob = phones
    on_alice, on_bob = page_of(alice, session), page_of(bob, session)
    press(alice, session, on_alice, "t1", accept_language="vi")
    answer = text_of(press(bob, session, on_bob, "t0", accept_language="de"))
    assert "Handy von alice hat zuerst Stich 1 getippt: Bình." in answer


@pytest.mark.parametrize(
    ("taps", "button", "words"),
    [
        ([], "f2", "tapped first: Chi folds"),
        (["f2"], "f2", "tapped first: Chi takes the fold back"),
        ([], "uKH", "tapped the upturned card first: K♥"),
        ([], "w1.four_aces", "tapped an automatic win first: Bình · four aces"),
        (["t0"], "undo", "undid the last tap first"),
    ],
)
def test_a_phone_that_came_second_is_told_in_words_what_the_first_did(session, taps, button, words):
    board = catte_board.load(session)
    assert words_for(board.draft_of(taps), button) == words


def test_undo_and_start_again_from_a_page_that_is_behind_are_refused(phones, session):
    alice, bob = phones
    stale = tap_through(bob, session, ["f2"])
    tap_through(alice, session, ["t0"])
    assert "alice's phone tapped trick 1 first: An." in text_of(press(bob, session, stale, "undo"))
    assert "alice's phone" in text_of(press(bob, session, stale, "restart"))
    assert fresh(session).draft == ["f2", "t0"]
    assert shown_in(tap_through(bob, session, ["restart"])) == ""


def test_saving_empties_the_draft_and_posts_the_money(phones, session):
    alice, _ = phones
    html = tap_through(alice, session, ["t2"] * 4)
    assert press(alice, session, html, "save").status_code == 302
    session = fresh(session)
    assert session.draft == [] and session.round_count == 1
    assert Round.objects.get().entry == {"tricks": [2, 2, 2, 2]}
    money = {
        player.name: str(amount) for player, amount in player_balances(session.group)[0].items()
    }
    assert money == {"An": "-2.00", "Bình": "-2.00", "Chi": "6.00", "Dũng": "-2.00"}


def test_the_draft_never_posts_money(phones, session):
    alice, _ = phones
    html = tap_through(alice, session, ["t0", "t0", "t0", "t0", "undo", "t1"])
    assert shown_in(html) == "t0 t0 t0 t1"
    assert not Transaction.objects.exists() and not Round.objects.exists()
    assert fresh(session).version == 0


def test_the_live_check_answers_a_new_value_after_a_tap(phones, session, client):
    alice, _ = phones
    html = page_of(alice, session)
    assert live_check(client, html).status_code == 204
    tap_through(alice, session, ["t0"])
    answer = live_check(client, html)
    assert answer.status_code == 200 and answer.content == b"1"


def test_a_phone_behind_a_save_is_told_who_saved_and_offered_a_correction(phones, session):
    alice, bob = phones
    tap_through(alice, session, ["t0", "t0", "t0"])
    on_bob = page_of(bob, session)
    press(alice, session, tap_through(alice, session, ["t0"]), "save")
    answer = text_of(press(bob, session, on_bob, "t1"))
    assert "alice's phone saved round 1: tricks An, An, An, An." in answer
    assert answer.index("Sweep by An") < answer.index('id="round-form"')
    offer = reverse("round_edit", args=[session.group_id, session.pk, 1]) + "?taps=t0+t0+t0+t1"
    assert "This phone had: tricks An, An, An, Bình" in answer
    link = f'<a class="button secondary" href="{offer}">Correct round 1 with what you tapped</a>'
    assert link in answer
    correction = text_of(bob.get(offer))
    assert 'name="taps" value="t0 t0 t0 t1"' in correction
    assert "Starting from what your phone tapped. Round 1 as it was saved: tricks An" in correction


def test_no_correction_is_offered_when_the_other_phone_saved_the_same_round(phones, session):
    alice, bob = phones
    html = tap_through(alice, session, ["t3"] * 4)
    on_bob = page_of(bob, session)
    press(alice, session, html, "save")
    answer = text_of(press(bob, session, on_bob, "save"))
    assert "alice's phone saved round 1: tricks Dũng, Dũng, Dũng, Dũng." in answer
    assert "with what you tapped" not in answer and Round.objects.count() == 1


def test_a_correction_page_given_taps_it_cannot_read_starts_from_the_saved_round(as_bob, session):
    save(as_bob, session, 1, "t1 t1 t1 t1")
    url = reverse("round_edit", args=[session.group_id, session.pk, 1])
    html = text_of(as_bob.get(url, {"taps": "t1 t9 zz"}))
    assert "The taps to start from could not be read" in html
    assert 'name="taps" value="t1 t1 t1 t1"' in html


def test_closing_with_a_round_being_entered_says_it_is_dropped(phones, session):
    alice, bob = phones
    html = tap_through(alice, session, ["t0", "t1"])
    assert "Yes, drop the round being entered and close" in html
    assert "Round 1 is being entered (2 taps): it is dropped, not saved." in html
    close = reverse("session_close", args=[session.group_id, session.pk])
    tap_through(bob, session, ["t2"])
    refused = text_of(alice.post(f"{close}?draft=2", {"version": 0}, follow=True))
    assert "The round being entered changed on another phone" in refused
    assert not fresh(session).is_closed
    alice.post(f"{close}?draft=3", {"version": 0})
    assert fresh(session).is_closed and fresh(session).draft == []


# Each tap is a change in the session's history; the page folds a round's taps into the latest.


def history_of(client, session, every: bool = False) -> list[str]:
    html = client.get(session.get_absolute_url(), {"all": 1} if every else {}).content.decode()
    section = html[html.index('id="changes"') :]
    return re.findall(r"<li><span>([^<]+)<br>", section)


def test_each_tap_is_in_the_history_with_who_tapped(phones, session):
    alice, _ = phones
    tap_through(alice, session, ["t1", "t0"])
    changes = changes_of(session).order_by("pk")
    assert [change.action for change in changes] == ["start", "draft", "draft"]
    assert [change.user.username for change in changes[1:]] == ["alice", "alice"]


def test_the_page_shows_a_rounds_taps_as_the_latest_of_them(phones, session):
    alice, _ = phones
    tap_through(alice, session, ["t2", "t2", "t2"])
    assert history_of(alice, session) == [
        "Round 1 being entered, taps so far: 3",
        "Started with An, Bình, Chi, Dũng",
    ]


def test_every_change_lists_each_tap(phones, session):
    alice, _ = phones
    tap_through(alice, session, ["t2", "t2"])
    assert history_of(alice, session, every=True) == [
        "Round 1 being entered, taps so far: 2",
        "Round 1 being entered, taps so far: 1",
        "Started with An, Bình, Chi, Dũng",
    ]


def test_a_saved_round_follows_its_taps_without_a_line_for_emptying_the_draft(phones, session):
    alice, _ = phones
    html = tap_through(alice, session, ["t2"] * 4)
    press(alice, session, html, "save")
    lines = history_of(alice, session)
    assert lines[0].startswith("Round 1: ") and len(lines) == 3
    assert lines[1] == "Round 1 being entered, taps so far: 4"


def test_a_tap_that_came_second_writes_nothing(phones, session):
    alice, bob = phones
    on_alice, on_bob = page_of(alice, session), page_of(bob, session)
    press(alice, session, on_alice, "t0")
    press(bob, session, on_bob, "t1")
    assert changes_of(session).filter(action="draft").count() == 1
