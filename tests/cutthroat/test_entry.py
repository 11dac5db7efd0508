"""Entering Cutthroat hands by tapping: bids in bidding order, the award jacks a table sets, a
correction that changes nothing, a won game read as one, hands numbered within their game."""

from decimal import Decimal

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from core.models import Change
from ledger import posting
from tests.factories import fresh
from tracker.cutthroat import display
from tracker.cutthroat import services as tournaments
from tracker.cutthroat.models import Tournament
from tracker.cutthroat.tournament_form import TournamentForm


def url(name, tournament, **extra):
    kwargs = {"pk": tournament.group_id, "tournament_pk": tournament.pk, **extra}
    return reverse(name, kwargs=kwargs)


def play_hand(client, tournament, bids, tricks, jd=0, jc=0):
    client.post(url("hand_bids", tournament), {f"bid_{s}": str(b) for s, b in enumerate(bids)})
    played = {f"tricks_{seat}": str(took) for seat, took in enumerate(tricks)}
    played.update(number=str(tournament.hands.count()), jack_JD=str(jd), jack_JC=str(jc))
    return client.post(url("hand_played", tournament), played)


def rules_from(group, players, **settings):
    data = {f"seat_{seat}": player.pk for seat, player in enumerate(players[:3])}
    form = TournamentForm(
        {**data, "first_dealer": "0", "preset": "official", **settings},
        group=group,
        players=players,
    )
    return form.cleaned_data["rules"] if form.is_valid() else form.errors


@pytest.fixture
def to_100(group, players, alice):
    """Three players, a game to 100 with a stake of 2.50: one hand of An's 10 wins it."""
    rules, money = {"preset": "official", "target": 100}, {"game_stake": Decimal("2.50")}
    return tournaments.start(group, players[:3], rules, alice, money_rules=money)


def test_the_bids_are_listed_from_the_left_of_the_dealer(as_bob, group, players, alice):
    tournament = tournaments.start(group, players, {"preset": "official"}, alice)
    page = as_bob.get(tournament.get_absolute_url()).content.decode()
    # An deals hand 1: Bình bids first, then Chi, Dũng and An; Blind Nil is each row's first.
    firsts = [page.index(f'name="bid_{seat}" value="BN"') for seat in (1, 2, 3, 0)]
    assert firsts == sorted(firsts)
    assert page.index('value="BN"') < page.index('value="1F"') < page.index('value="13"')


def test_the_form_turns_the_award_jacks_off(group, players):
    assert rules_from(group, players, no_award_jacks="on")["award_jacks"] == {}


def test_the_form_sets_the_points_of_each_award_jack(group, players):
    rules = rules_from(group, players, jack_of_diamonds="20", jack_of_clubs="0")
    assert rules["award_jacks"] == {"JD": 20}


def test_the_form_adds_the_jack_of_hearts_to_the_presets_jacks(group, players):
    rules = rules_from(group, players, jack_of_hearts="yes")
    assert rules["award_jacks"] == {"JD": 10, "JC": 10, "JH": "bag"}


def test_the_form_keeps_the_presets_jacks_when_none_is_set(group, players):
    assert "award_jacks" not in rules_from(group, players, target="300")


def test_no_award_jacks_and_jack_points_together_are_refused(group, players):
    errors = rules_from(group, players, no_award_jacks="on", jack_of_diamonds="20")
    assert errors["no_award_jacks"] == ["No award jacks, or jacks set below: not both."]


def test_a_tournament_without_award_jacks_asks_for_none(as_bob, group, players):
    form = {f"seat_{seat}": player.pk for seat, player in enumerate(players[:3])}
    form.update(first_dealer="0", preset="official", no_award_jacks="on")
    as_bob.post(reverse("tournament_new", args=[group.pk]), form)
    tournament = Tournament.objects.get()
    as_bob.post(url("hand_bids", tournament), {"bid_0": "5", "bid_1": "5", "bid_2": "5"})
    page = as_bob.get(tournament.get_absolute_url()).content.decode()
    assert tournament.rules == {"preset": "official", "award_jacks": {}}
    assert "Award jacks: none" in page and "Who caught" not in page


def test_a_setting_the_rules_refuse_is_shown_on_the_form(as_bob, group, players):
    form = {f"seat_{seat}": player.pk for seat, player in enumerate(players)}
    form.update(first_dealer="0", preset="official", moon_tricks="15")
    page = as_bob.post(reverse("tournament_new", args=[group.pk]), form).content.decode()
    assert "must be at most 13 (the tricks in a hand), not 15" in page
    assert not Tournament.objects.exists()


def test_a_correction_that_changes_nothing_records_nothing(as_bob, to_100):
    play_hand(as_bob, to_100, [5, 5, 5], [5, 5, 7], jd=0, jc=1)
    version = Tournament.objects.get().version
    form = {"bid_0": "5", "bid_1": "5", "bid_2": "5", "tricks_0": "5", "tricks_1": "5"}
    form.update(tricks_2="7", jack_JD="0", jack_JC="1", number="1", version=str(version))
    response = as_bob.post(url("hand_edit", to_100, number=1), form, follow=True)
    assert "Nothing changed: game 1 · hand 1 is as it was." in response.content.decode()
    assert not Change.objects.filter(action="correction").exists()
    assert Tournament.objects.get().version == version


def test_a_won_game_shows_its_final_scores_winner_tokens_and_money(as_bob, to_100):
    play_hand(as_bob, to_100, [10, 2, 2], [11, 3, 3], jd=1, jc=2)
    over = display.game_over(tournaments.load(fresh(to_100)))
    # An 10 of 11: 100; Bình 2 of 3 and the J♦: 30; Chi 2 of 3 and the J♣: 30.
    assert [(row["name"], row["total"]) for row in over["rows"]] == [
        ("An", 100),
        ("Bình", 30),
        ("Chi", 30),
    ]
    assert (over["winner"], over["tokens"], over["next_game"]) == ("An", 1, 2)
    assert over["money"] == ["Bình and Chi each pay An €2.50"]


def test_a_hand_that_wins_no_game_leaves_the_ledger_alone(as_bob, to_100):
    with CaptureQueriesContext(connection) as queries:
        play_hand(as_bob, to_100, [5, 5, 5], [5, 5, 7], jd=0, jc=1)
    assert not [query for query in queries if "ledger_" in query["sql"]]


def test_a_hand_that_wins_a_game_posts_its_stake(as_bob, group, to_100):
    play_hand(as_bob, to_100, [10, 2, 2], [11, 3, 3], jd=1, jc=2)
    balances = {account.player.name: amount for account, amount in posting.balances(group).items()}
    assert balances == {"An": Decimal("5.00"), "Bình": Decimal("-2.50"), "Chi": Decimal("-2.50")}


def test_a_won_game_shows_no_gains_next_to_the_next_games_zeros(as_bob, to_100):
    play_hand(as_bob, to_100, [10, 2, 2], [11, 3, 3], jd=1, jc=2)
    page = as_bob.get(to_100.get_absolute_url()).content.decode()
    over = page.split('id="game-won"')[1].split("</section>")[0]
    assert 'aria-label="Standings"' not in page and "+100" not in over
    assert '<span class="num big">100</span>' in over and "Start game 2" in over


def test_hands_are_numbered_within_their_game(as_bob, to_100):
    play_hand(as_bob, to_100, [10, 2, 2], [11, 3, 3], jd=1, jc=2)
    as_bob.post(url("hand_bids", to_100), {"bid_0": "5", "bid_1": "5", "bid_2": "5"})
    page = as_bob.get(to_100.get_absolute_url()).content.decode()
    assert "Tricks · game 2, hand 1" in page and "Undo the bids of game 2 · hand 1…" in page
    assert to_100.hands.get(tricks__isnull=True).number == 2  # the database counts on
    summaries = list(Change.objects.values_list("summary", flat=True))
    assert summaries == [
        "Bids of game 2 · hand 1",
        "Game 1 · hand 1 played",
        "Bids of game 1 · hand 1",
        "Started with An, Bình, Chi",
    ]


def test_the_correction_page_and_its_message_name_the_hand_in_its_game(as_bob, to_100):
    play_hand(as_bob, to_100, [10, 2, 2], [11, 3, 3], jd=1, jc=2)
    play_hand(as_bob, to_100, [5, 5, 5], [5, 5, 7], jd=0, jc=1)
    edit = url("hand_edit", to_100, number=2)
    assert "<h1>Correct game 2 · hand 1</h1>" in as_bob.get(edit).content.decode()
    form = {"bid_0": "5", "bid_1": "5", "bid_2": "5", "tricks_0": "6", "tricks_1": "4"}
    form.update(tricks_2="7", jack_JD="0", jack_JC="1", number="2")
    response = as_bob.post(edit, {**form, "version": Tournament.objects.get().version}, follow=True)
    assert "Game 2 · hand 1 corrected; every later hand rescored." in response.content.decode()
    assert Change.objects.filter(action="correction").get().summary == "Game 2 · hand 1 corrected"


def test_the_undo_says_which_hand_of_which_game_it_took_back(as_bob, to_100):
    play_hand(as_bob, to_100, [10, 2, 2], [11, 3, 3], jd=1, jc=2)
    page = as_bob.get(to_100.get_absolute_url()).content.decode()
    assert "It won game 1 for An: that win and its money goes too." in page
    form = {"version": Tournament.objects.get().version}
    response = as_bob.post(url("hand_undo", to_100), form, follow=True)
    assert "Game 1 · hand 1 undone; it stays in the history." in response.content.decode()
