from html import unescape

import pytest
from django.test import Client
from django.urls import reverse

from core.models import Change
from tests.conftest import client_for
from tests.factories import fresh
from tracker.cutthroat import services as tournaments
from tracker.cutthroat.models import Hand, Tournament


@pytest.fixture
def tournament(group, players, alice):
    return tournaments.start(group, players[:3], {"preset": "official"}, alice)


def url(name, tournament, **extra):
    return reverse(
        name, kwargs={"pk": tournament.group_id, "tournament_pk": tournament.pk, **extra}
    )


def bids(*values):
    return {f"bid_{seat}": str(value) for seat, value in enumerate(values)}


def played(number, tricks, jd=0, jc=0):
    form = {f"tricks_{seat}": str(value) for seat, value in enumerate(tricks)}
    return {**form, "number": str(number), "jack_JD": str(jd), "jack_JC": str(jc)}


def play_hand(client, tournament, bid_values, tricks, jd=0, jc=0):
    client.post(url("hand_bids", tournament), bids(*bid_values))
    number = tournament.hands.count()
    return client.post(url("hand_played", tournament), played(number, tricks, jd, jc))


def test_a_scorer_starts_a_tournament_with_the_first_dealer_in_seat_1(as_bob, group, players):
    form = {"seat_0": players[0].pk, "seat_1": players[1].pk, "seat_2": players[2].pk}
    response = as_bob.post(
        reverse("tournament_new", args=[group.pk]),
        {**form, "first_dealer": "1", "preset": "official"},
    )
    tournament = Tournament.objects.get()
    assert response.status_code == 302
    assert [s.player.name for s in tournament.seats.all()] == ["Bình", "Chi", "An"]


def test_starting_with_two_players_is_refused(as_bob, group, players):
    form = {
        "seat_0": players[0].pk,
        "seat_1": players[1].pk,
        "first_dealer": "0",
        "preset": "official",
    }
    response = as_bob.post(reverse("tournament_new", args=[group.pk]), form)
    assert "Seats 1 to 3 need a player." in response.content.decode()
    assert not Tournament.objects.exists()


def test_a_player_cannot_take_two_seats(as_bob, group, players):
    form = {"seat_0": players[0].pk, "seat_1": players[0].pk, "seat_2": players[2].pk}
    response = as_bob.post(
        reverse("tournament_new", args=[group.pk]),
        {**form, "first_dealer": "0", "preset": "official"},
    )
    assert "A player can only sit in one seat." in response.content.decode()


def test_settings_override_the_preset_and_show_in_plain_words(as_bob, group, players):
    form = {f"seat_{i}": p.pk for i, p in enumerate(players[:3])}
    form.update(first_dealer="0", preset="300-per-bag", target="100", wins_needed="2")
    as_bob.post(reverse("tournament_new", args=[group.pk]), form)
    tournament = Tournament.objects.get()
    assert tournament.rules == {"preset": "300-per-bag", "target": 100, "wins_needed": 2}
    page = as_bob.get(tournament.get_absolute_url()).content.decode()
    assert "Game to 100 points" in page and "2 game wins take the tournament" in page


def test_the_preset_is_named_in_the_readers_language(as_bob, group, players):
    tournament = tournaments.start(group, players[:3], {"preset": "300-five-bags"}, None)
    page = as_bob.get(tournament.get_absolute_url(), HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert "Vorlage: bis 300 mit Überstich-Limit 5" in page
    past = as_bob.get(reverse("history_tournaments", args=[group.pk]), HTTP_ACCEPT_LANGUAGE="vi")
    assert "đến 300, giới hạn 5 nước dư" in past.content.decode()


def test_a_hand_is_entered_in_two_steps_and_scored(as_bob, tournament):
    play_hand(as_bob, tournament, [4, "NIL", 5], [6, 0, 11], jd=2, jc=0)
    page = as_bob.get(tournament.get_absolute_url()).content.decode()
    hand = tournament.hands.get()
    assert hand.bids == [4, "NIL", 5] and hand.tricks == [6, 0, 11]
    assert '<span class="big">50</span>' in page and '<span class="big">100</span>' in page
    assert '<span class="big">60</span>' in page


def test_tricks_that_do_not_add_up_are_refused_and_kept(as_bob, tournament):
    as_bob.post(url("hand_bids", tournament), bids(4, "NIL", 5))
    response = as_bob.post(url("hand_played", tournament), played(1, [6, 0, 10], jd=2))
    page = response.content.decode()
    assert "game 1 hand 1: tricks add up to 16, not 17" in page
    assert 'value="10"' in page
    assert tournament.hands.get().tricks is None


def test_an_ineligible_blind_six_is_refused_before_play(as_bob, tournament):
    response = as_bob.post(url("hand_bids", tournament), bids("B6", 3, 3))
    assert "Blind 6" in response.content.decode()
    assert not tournament.hands.exists()


def test_blind_six_is_offered_only_when_far_enough_behind(as_bob, tournament):
    play_hand(as_bob, tournament, [1, 10, 5], [1, 11, 5], jd=1, jc=2)
    page = as_bob.get(tournament.get_absolute_url()).content.decode()
    bids_form = page.split('<template id="offline-next-hand"')[0]  # not the offline forms
    assert bids_form.count('value="B6"') == 2
    assert "no Blind 6: Bình is the leader" in bids_form


def test_a_second_phone_cannot_record_the_same_bids_twice(as_bob, alice, tournament):
    as_bob.post(url("hand_bids", tournament), bids(4, "NIL", 5))
    alices_phone = client_for(Client(), alice)
    response = alices_phone.post(url("hand_bids", tournament), bids(3, 3, 3), follow=True)
    page = unescape(response.content.decode())
    assert "bob's phone saved the bids of hand 1 of game 1: An 4, Bình Nil, Chi 5." in page
    assert tournament.hands.get().bids == [4, "NIL", 5]


def test_a_second_phone_cannot_record_the_same_tricks_twice(as_bob, alice, tournament):
    play_hand(as_bob, tournament, [4, "NIL", 5], [6, 0, 11], jd=2)
    tricks = played(1, [5, 1, 11], jd=2)
    response = client_for(Client(), alice).post(url("hand_played", tournament), tricks, follow=True)
    assert "bob&#x27;s phone saved hand 1 of game 1" in response.content.decode()
    assert tournament.hands.get().tricks == [6, 0, 11]


def test_the_database_refuses_a_second_hand_with_the_same_number(tournament):
    from django.db import IntegrityError

    Hand.objects.create(tournament=tournament, number=1, bids=[1, 1, 1])
    with pytest.raises(IntegrityError):
        Hand.objects.create(tournament=tournament, number=1, bids=[2, 2, 2])


def test_a_correction_three_hands_back_rescores_the_rest(as_bob, tournament):
    for _ in range(4):
        play_hand(as_bob, tournament, [5, 5, 5], [5, 5, 7], jd=0, jc=1)
    edit = url("hand_edit", tournament, number=1)
    form = {
        **bids(5, 5, 5),
        **played(1, [6, 4, 7], jd=0, jc=1),
        "version": tournament.__class__.objects.get().version,
    }
    as_bob.post(edit, form)
    board = tournaments.load(fresh(tournament))
    assert board.standings.totals == {"An": 240, "Bình": 140, "Chi": 200}
    assert Change.objects.filter(action="correction").get().before["tricks"] == [5, 5, 7]


def test_a_correction_from_a_stale_page_is_refused(as_bob, tournament):
    play_hand(as_bob, tournament, [5, 5, 5], [5, 5, 7])
    form = {**bids(5, 5, 5), **played(1, [6, 4, 7]), "version": "0"}
    response = as_bob.post(url("hand_edit", tournament, number=1), form, follow=True)
    assert "changed on another phone" in response.content.decode()
    assert tournament.hands.get().tricks == [5, 5, 7]


def test_a_correction_that_changes_the_winner_asks_first(as_bob, group, players, alice):
    tournament = tournaments.start(group, players[:3], {"preset": "official", "target": 100}, alice)
    play_hand(as_bob, tournament, [10, 2, 2], [11, 3, 3])
    version = Tournament.objects.get().version
    form = {**bids(10, 2, 2), **played(1, [9, 4, 4]), "version": version}
    response = as_bob.post(url("hand_edit", tournament, number=1), form)
    assert "Game 1: winner An → none" in response.content.decode()
    assert tournament.hands.get().tricks == [11, 3, 3]
    as_bob.post(url("hand_edit", tournament, number=1), {**form, "confirm": "on"})
    assert tournament.hands.get().tricks == [9, 4, 4]


def test_undo_removes_the_last_hand_and_keeps_it_in_the_history(as_bob, tournament):
    play_hand(as_bob, tournament, [5, 5, 5], [5, 5, 7])
    as_bob.post(url("hand_undo", tournament), {"version": Tournament.objects.get().version})
    assert not tournament.hands.exists()
    assert Change.objects.get(action="undo").before["tricks"] == [5, 5, 7]


def test_an_undo_from_a_version_no_database_holds_undoes_nothing(as_bob, tournament):
    play_hand(as_bob, tournament, [5, 5, 5], [5, 5, 7])
    response = as_bob.post(url("hand_undo", tournament), {"version": str(2**70)}, follow=True)
    assert response.status_code == 200
    assert tournament.hands.count() == 1


def test_winning_a_game_shows_the_winner_and_the_next_game(as_bob, group, players, alice):
    tournament = tournaments.start(group, players[:3], {"preset": "official", "target": 100}, alice)
    play_hand(as_bob, tournament, [10, 2, 2], [11, 3, 3])
    page = as_bob.get(tournament.get_absolute_url()).content.decode()
    assert "An wins game 1" in page and "Start game 2" in page
    assert "Bids · game 2, hand 1" in page


def test_the_champion_is_named_when_decided(as_bob, group, players, alice):
    rules = {"preset": "official", "target": 100, "wins_needed": 1}
    tournament = tournaments.start(group, players[:3], rules, alice)
    play_hand(as_bob, tournament, [10, 2, 2], [11, 3, 3])
    page = as_bob.get(tournament.get_absolute_url()).content.decode()
    assert "🏆 An" in page and "Save bids" not in page
    assert Tournament.objects.get().champion.name == "An"


def test_htmx_gets_the_entry_fragment_only(as_bob, tournament):
    response = as_bob.post(url("hand_bids", tournament), bids(4, "NIL", 5), HTTP_HX_REQUEST="true")
    page = response.content.decode()
    assert 'id="entry"' in page and "<html" not in page and "Tricks · game 1, hand 1" in page


def test_a_viewer_sees_the_scoreboard_without_entry_forms(as_carol, tournament):
    page = as_carol.get(tournament.get_absolute_url()).content.decode()
    assert "An" in page and "Save bids" not in page


def test_the_exported_log_replays_to_the_scoreboard_numbers(as_bob, tournament):
    play_hand(as_bob, tournament, [4, "NIL", 5], [6, 0, 11], jd=2)
    log = as_bob.get(url("tournament_export", tournament)).json()
    from tracker.gamelogs import registry as logs

    assert logs.replay(log)["games"][0]["hands"][0]["totals"] == {"An": 50, "Bình": 100, "Chi": 60}


def test_the_history_shows_a_correction_in_words(as_bob, tournament):
    play_hand(as_bob, tournament, [5, 5, 5], [5, 5, 7], jd=0, jc=1)
    form = {**bids(5, 5, 5), **played(1, [6, 4, 7], jd=0, jc=1), "version": "2"}
    as_bob.post(url("hand_edit", tournament, number=1), form)
    page = as_bob.get(tournament.get_absolute_url()).content.decode()
    assert "An 5/5, Bình 5/5, Chi 5/7; J♦ An, J♣ Bình<br>→ An 5/6, Bình 5/4, Chi 5/7; J♦ An" in page
    assert "bob" in page


def test_tricks_from_a_stale_page_never_land_on_bids_entered_again(as_bob, tournament):
    as_bob.post(url("hand_bids", tournament), bids(4, "NIL", 5))
    stale_hand = tournament.hands.get().pk
    as_bob.post(url("hand_undo", tournament), {"version": Tournament.objects.get().version})
    as_bob.post(url("hand_bids", tournament), bids(5, 5, 5))
    stale = {**played(1, [6, 0, 11], jd=2), "hand": str(stale_hand)}
    response = as_bob.post(url("hand_played", tournament), stale, follow=True)
    page = unescape(response.content.decode())
    assert "This phone saved the bids of hand 1 of game 1: An 5, Bình 5, Chi 5." in page
    assert "You entered the tricks An 6, Bình 0, Chi 11; J♦ Chi, J♣ An (not saved)." in page
    assert tournament.hands.get().tricks is None


def test_after_an_htmx_save_the_history_and_undo_are_current(as_bob, tournament):
    as_bob.post(url("hand_bids", tournament), bids(4, "NIL", 5))
    response = as_bob.post(
        url("hand_played", tournament), played(1, [6, 0, 11], jd=2), HTTP_HX_REQUEST="true"
    )
    page = response.content.decode()
    version = Tournament.objects.get().version
    assert f'name="version" value="{version}"' in page
    assert "Correct game 1 · hand 1" in page and "<html" not in page
