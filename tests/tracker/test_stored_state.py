"""What the rules computed is stored with its version: a page plays no hand or round again, a
save plays only the new one, a correction replays the game once."""

import re
from collections import Counter

import django.urls
import pytest
from django.core.cache import caches
from django.urls import reverse

from core import recording
from tests.factories import PASSWORD, fresh, session_of_sweeps
from tests.page_forms import form_on, submit
from tracker.catte import board as catte_board
from tracker.catte import rules as catte
from tracker.catte.models import CatteSession
from tracker.cutthroat import board as cutthroat_board
from tracker.cutthroat import rules as cutthroat
from tracker.cutthroat import services as cutthroat_services
from tracker.cutthroat.models import Hand, Tournament

BIDS, TRICKS, JACKS = [5, 5, 5], [5, 5, 7], {"JD": 0, "JC": 1}


@pytest.fixture
def plays(monkeypatch):
    """How many hands and rounds the rules engine plays from here on."""
    counted = {"hands": 0, "rounds": 0}

    def counting(method, key):
        def play(*args, **kwargs):
            counted[key] += 1
            return method(*args, **kwargs)

        return play

    monkeypatch.setattr(
        cutthroat.TournamentState, "play", counting(cutthroat.TournamentState.play, "hands")
    )
    monkeypatch.setattr(catte.SessionState, "play", counting(catte.SessionState.play, "rounds"))
    return counted


@pytest.fixture
def rendered(monkeypatch):
    """How many links to correct a hand templates have rendered from here on (one per hand in
    the scoreboard's table of played hands)."""
    counted = {"correct": 0}

    def counting(view_name, *args, **kwargs):
        counted["correct"] += view_name == "hand_edit"
        return reverse(view_name, *args, **kwargs)

    monkeypatch.setattr(django.urls, "reverse", counting)  # the {% url %} tag looks it up there
    return counted


@pytest.fixture
def cached(monkeypatch):
    """How many times each cached fragment has been rendered from here on, by its name (the
    `{% cache %}` tag caches what it rendered under "template.cache.<name>.<key>")."""
    counted = Counter()
    cache_set = caches["default"].set

    def counting(key, *args, **kwargs):
        if key.startswith("template.cache."):
            counted[key.split(".")[2]] += 1
        return cache_set(key, *args, **kwargs)

    monkeypatch.setattr(caches["default"], "set", counting)
    return counted


@pytest.fixture
def tournament(group, players, alice):
    rules = {"preset": "official", "target": 100000}
    tournament = cutthroat_services.start(group, players[:3], rules, alice)
    Hand.objects.bulk_create(
        Hand(tournament=tournament, number=n, bids=BIDS, tricks=TRICKS, jacks=JACKS)
        for n in range(1, 31)
    )
    recording.catch_up(tournament)
    return tournament


@pytest.fixture
def session(group, players, alice):
    return session_of_sweeps(group, players, alice, 30)


def test_the_scoreboard_plays_no_hand(as_bob, tournament, plays):
    assert as_bob.get(tournament.get_absolute_url()).status_code == 200
    assert plays["hands"] == 0


def test_the_session_page_plays_no_round(as_bob, session, plays):
    assert as_bob.get(session.get_absolute_url()).status_code == 200
    assert plays["rounds"] == 0


def test_saving_a_hand_plays_that_hand_only(as_bob, tournament, plays):
    as_bob.post(reverse("hand_bids", args=[tournament.group_id, tournament.pk]), {
        "bid_0": "5", "bid_1": "5", "bid_2": "5"})  # fmt: skip
    played = {"number": 31, "tricks_0": 5, "tricks_1": 5, "tricks_2": 7, "jack_JD": 0}
    url = reverse("hand_played", args=[tournament.group_id, tournament.pk])
    as_bob.post(url, {**played, "jack_JC": 1}, HTTP_HX_REQUEST="true")
    assert fresh(tournament).hand_count == 31 and plays["hands"] == 1


def test_saving_a_round_plays_that_round_only(as_bob, session, plays):
    url = reverse("round_entry", args=[session.group_id, session.pk])
    as_bob.post(url, {"number": 31, "taps": "t2 t2 t2 t2", "tap": "save"}, HTTP_HX_REQUEST="true")
    assert fresh(session).round_count == 31 and plays["rounds"] == 1


def test_a_correction_replays_the_tournament_once(tournament, alice, plays):
    board = cutthroat_board.load(fresh(tournament))

    def named(values):
        return dict(zip(board.names, values, strict=True))

    jacks = {"JD": "An", "JC": "Bình"}
    version = tournament.version
    cutthroat_services.correct_hand(board, 3, version, named(BIDS), named([6, 4, 7]), jacks, alice)
    assert plays["hands"] == 30


def test_a_state_not_of_the_current_version_is_replayed_once_and_stored(as_bob, session, plays):
    CatteSession.objects.filter(pk=session.pk).update(state=None)
    as_bob.get(session.get_absolute_url())
    as_bob.get(session.get_absolute_url())
    assert plays["rounds"] == 30
    assert (
        catte_board.load(fresh(session)).state.running["An"] == 30 * 6
    )  # a sweep pays double at four


def test_a_tournament_state_survives_reading_it_back(tournament):
    board = cutthroat_board.load(Tournament.objects.get(pk=tournament.pk))
    whole = cutthroat.play_tournament(board.names, board.settings, [
        board.rules_hand(hand) for hand in tournament.hands.all()])  # fmt: skip
    assert board.standings.totals == whole.totals and board.standings.bags == whole.bags


def test_a_cached_scoreboard_gives_each_reader_his_own_csrf_token(client, bob, carol, tournament):
    pages = []
    for user in (bob, bob, carol):
        client.logout()
        client.login(username=user.username, password=PASSWORD)
        pages.append(client.get(tournament.get_absolute_url()).content.decode())
    tokens = [re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', p) for p in pages[:2]]
    assert "csrf-token-of-the-reader" not in "".join(pages)
    assert tokens[0].group(1) != tokens[1].group(1)
    assert "Save bids" in pages[0] and "Save bids" not in pages[2]  # a viewer enters nothing


def test_a_cached_scoreboard_is_rendered_again_once_the_tournament_changes(as_bob, tournament):
    before = as_bob.get(tournament.get_absolute_url()).content.decode()
    as_bob.post(reverse("hand_bids", args=[tournament.group_id, tournament.pk]), {
        "bid_0": "5", "bid_1": "5", "bid_2": "5"})  # fmt: skip
    after = as_bob.get(tournament.get_absolute_url()).content.decode()
    assert "Save bids" in before and "Tricks · game 1, hand 31" in after


def test_a_played_hand_renders_its_own_row_of_the_table_only(as_bob, tournament, rendered):
    as_bob.get(tournament.get_absolute_url())
    as_bob.post(reverse("hand_bids", args=[tournament.group_id, tournament.pk]), {
        "bid_0": "5", "bid_1": "5", "bid_2": "5"}, HTTP_HX_REQUEST="true")  # fmt: skip
    assert rendered["correct"] == 8  # the latest 8 hands, rendered for the page only
    played = {"number": 31, "tricks_0": 5, "tricks_1": 5, "tricks_2": 7, "jack_JD": 0}
    url = reverse("hand_played", args=[tournament.group_id, tournament.pk])
    page = as_bob.post(url, {**played, "jack_JC": 1}, HTTP_HX_REQUEST="true").content.decode()
    assert rendered["correct"] == 9 and 'aria-label="Correct game 1 · hand 31"' in page


def test_a_corrected_hand_shows_in_the_table_of_played_hands_at_once(as_bob, tournament, alice):
    assert "5/7" in as_bob.get(tournament.get_absolute_url()).content.decode()
    board = cutthroat_board.load(fresh(tournament))

    def named(values):
        return dict(zip(board.names, values, strict=True))

    version, jacks = fresh(tournament).version, {"JD": "An", "JC": "Bình"}
    cutthroat_services.correct_hand(board, 30, version, named(BIDS), named([6, 4, 7]), jacks, alice)
    page = as_bob.get(tournament.get_absolute_url()).content.decode()
    assert "5/6" in page and "5/4" in page


def test_a_cached_group_page_shows_a_renamed_player_at_once(as_alice, group, players):
    assert "An" in as_alice.get(group.get_absolute_url()).content.decode()
    url = reverse("player_edit", args=[group.pk, players[0].pk])
    as_alice.post(url, {"name": "Ân Nguyễn"})
    assert "Ân Nguyễn" in as_alice.get(group.get_absolute_url()).content.decode()


def test_a_cached_balances_page_shows_a_payment_at_once(as_bob, group, players):
    url = reverse("balances", args=[group.pk])
    assert "paid" not in as_bob.get(url).content.decode()
    form = form_on(as_bob.get(reverse("payment_new", args=[group.pk])), "/payments/new/")
    submit(as_bob, form, payer=players[1].pk, payee=players[0].pk, amount="2.50")
    assert "Bình paid An €2.50" in as_bob.get(url).content.decode()


def test_a_saved_round_renders_its_own_card_only(as_bob, session, cached):
    as_bob.get(session.get_absolute_url())
    url = reverse("round_entry", args=[session.group_id, session.pk])
    page = as_bob.post(
        url, {"number": 31, "taps": "t2 t2 t2 t2", "tap": "save"}, HTTP_HX_REQUEST="true"
    )
    assert cached["catte-round"] == 8 + 1 and 'aria-label="Round 31"' in page.content.decode()


def test_a_corrected_round_shows_in_its_card_at_once(as_bob, session):
    assert "Sweep by Chi" not in as_bob.get(session.get_absolute_url()).content.decode()
    url = reverse("round_edit", args=[session.group_id, session.pk, 30])
    as_bob.post(
        url, {"number": 30, "version": fresh(session).version, "taps": "t2 t2 t2 t2", "tap": "save"}
    )
    assert "Sweep by Chi" in as_bob.get(session.get_absolute_url()).content.decode()


def test_the_next_rounds_buttons_are_rendered_once_for_the_same_draft(as_bob, session, cached):
    url = reverse("round_entry", args=[session.group_id, session.pk])
    for number in (31, 32):
        as_bob.post(
            url, {"number": number, "taps": "t2 t2 t2 t2", "tap": "save"}, HTTP_HX_REQUEST="true"
        )
    assert cached["catte-round-buttons"] == 1


def test_a_tap_shows_pressed_at_once(as_bob, session):
    url = reverse("round_entry", args=[session.group_id, session.pk])
    as_bob.get(session.get_absolute_url())
    data = {"number": 31, "draft_version": fresh(session).draft_version, "tap": "f1"}
    page = as_bob.post(url, data, HTTP_HX_REQUEST="true").content.decode()
    assert re.search(r'value="f1"[^>]*aria-pressed="true"', page)


def test_a_save_renders_its_own_line_of_the_history_only(as_bob, session, cached):
    as_bob.get(session.get_absolute_url())  # the line of its start, rendered once
    url = reverse("round_entry", args=[session.group_id, session.pk])
    for number in (31, 32):
        as_bob.post(
            url, {"number": number, "taps": "t2 t2 t2 t2", "tap": "save"}, HTTP_HX_REQUEST="true"
        )
    assert cached["change-line"] == 1 + 1 + 1


def test_a_renamed_player_shows_in_the_history_at_once(as_alice, session, players):
    url = reverse("round_entry", args=[session.group_id, session.pk])
    as_alice.post(url, {"number": 31, "taps": "t2 t2 t2 t2", "tap": "save"}, HTTP_HX_REQUEST="true")
    as_alice.post(reverse("player_edit", args=[session.group_id, players[2].pk]), {"name": "Chí"})
    history = as_alice.get(session.get_absolute_url()).content.decode().split('id="changes"')[1]
    assert "Chí" in history


def test_saving_bids_leaves_the_cached_standings_as_they_were(as_bob, tournament, cached):
    as_bob.get(tournament.get_absolute_url())
    as_bob.post(reverse("hand_bids", args=[tournament.group_id, tournament.pk]), {
        "bid_0": "5", "bid_1": "5", "bid_2": "5"}, HTTP_HX_REQUEST="true")  # fmt: skip
    assert cached["cutthroat-standings"] == 1
    played = {"number": 31, "tricks_0": 5, "tricks_1": 5, "tricks_2": 7, "jack_JD": 0}
    url = reverse("hand_played", args=[tournament.group_id, tournament.pk])
    page = as_bob.post(url, {**played, "jack_JC": 1}, HTTP_HX_REQUEST="true").content.decode()
    assert cached["cutthroat-standings"] == 2 and "Game 1 · hand 32" in page
