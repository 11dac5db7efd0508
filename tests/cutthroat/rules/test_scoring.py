"""Cutthroat Spades scoring (the house rules, "Bids and points", "Bags", "Award jacks", "Games")."""

import re

import pytest

from basics.errors import RulesError
from tracker.cutthroat.rules import Hand, Settings, play_tournament, score_bid

P3 = ["An", "Bình", "Chi"]  # 17 tricks a hand, the moon needs 14
PLAIN = Settings(award_jacks={})  # official, but no award jacks to muddle bid scores
THREE_JACKS = {"JD": 10, "JC": 10, "JH": "bag"}
# An makes 7 (70), Bình and Chi make 1 with 4 bags (10 each): both 60 behind An
SIXTY_BEHIND = ((7, 1, 1), (7, 5, 5), {})


def refused(message):
    return pytest.raises(RulesError, match=f"^{re.escape(message)}$")


def play(*hands, settings=PLAIN, players=P3):
    return play_tournament(
        players,
        settings,
        [
            Hand(dict(zip(players, b, strict=True)), dict(zip(players, t, strict=True)), j)
            for b, t, j in hands
        ],
    )


def last(*hands, settings=PLAIN, players=P3):
    return play(*hands, settings=settings, players=players).games[-1].hands[-1]


def test_a_made_bid_scores_ten_points_a_trick():
    result = last(((4, 5, 6), (4, 5, 8), {}))
    assert result.score == {"An": 40, "Bình": 50, "Chi": 60}


def test_tricks_over_a_made_bid_are_bags():
    assert last(((4, 5, 6), (4, 5, 8), {})).bags == {"An": 0, "Bình": 0, "Chi": 2}


def test_a_set_bid_loses_ten_points_a_trick_bid_and_takes_no_bags():
    result = last(((5, 5, 5), (4, 5, 8), {}))
    assert result.score == {"An": -50, "Bình": 50, "Chi": 50}
    assert result.bags == {"An": 0, "Bình": 0, "Chi": 3}


def test_a_made_nil_scores_100():
    assert last((("NIL", 8, 8), (0, 8, 9), {})).score["An"] == 100


def test_a_set_nil_loses_100_and_its_tricks_count_as_bags():
    result = last((("NIL", 8, 7), (2, 8, 7), {}))
    assert (result.score["An"], result.bags["An"]) == (-100, 2)


def test_a_set_nils_tricks_are_not_bags_when_the_setting_is_off():
    settings = Settings(award_jacks={}, nil_tricks_are_bags=False)
    result = last((("NIL", 8, 7), (2, 8, 7), {}), settings=settings)
    assert (result.score["An"], result.bags["An"]) == (-100, 0)


def test_a_made_blind_nil_scores_200():
    assert last((("BN", 8, 8), (0, 8, 9), {})).score["An"] == 200


def test_a_set_blind_nil_loses_200_and_its_tricks_count_as_bags():
    result = last((("BN", 8, 7), (1, 8, 8), {}))
    assert (result.score["An"], result.bags["An"]) == (-200, 1)


def test_one_for_fifty_taking_exactly_one_trick_scores_50():
    result = last((("1F", 8, 8), (1, 8, 8), {}))
    assert (result.score["An"], result.bags["An"]) == (50, 0)


def test_one_for_fifty_taking_more_scores_10_and_the_rest_are_bags():
    result = last((("1F", 5, 5), (4, 5, 8), {}))
    assert (result.score["An"], result.bags["An"]) == (10, 3)


def test_one_for_fifty_taking_no_trick_loses_50():
    assert last((("1F", 8, 8), (0, 8, 9), {})).score["An"] == -50


def test_two_for_forty_taking_exactly_two_tricks_scores_40():
    result = last((("2F", 7, 8), (2, 7, 8), {}))
    assert (result.score["An"], result.bags["An"]) == (40, 0)


def test_two_for_forty_taking_more_scores_20_and_the_rest_are_bags():
    result = last((("2F", 5, 5), (5, 5, 7), {}))
    assert (result.score["An"], result.bags["An"]) == (20, 3)


@pytest.mark.parametrize("tricks", [(1, 8, 8), (0, 8, 9)])
def test_two_for_forty_taking_fewer_than_two_loses_40(tricks):
    assert last((("2F", 8, 8), tricks, {})).score["An"] == -40


def test_a_made_blind_six_scores_100_and_tricks_over_six_are_bags():
    result = last(SIXTY_BEHIND, ((5, "B6", 3), (5, 8, 4), {}))
    assert (result.score["Bình"], result.bags["Bình"]) == (100, 4 + 2)


def test_a_set_blind_six_loses_100():
    result = last(SIXTY_BEHIND, ((5, "B6", 3), (6, 5, 6), {}))
    assert (result.score["Bình"], result.bags["Bình"]) == (-100, 4)


def test_shooting_the_moon_scores_150_and_takes_no_bags():
    result = last((("SM", 1, 1), (15, 1, 1), {}))
    assert (result.score["An"], result.bags["An"]) == (150, 0)


def test_a_set_moon_loses_150_and_takes_no_bags():
    result = last((("SM", 1, 1), (13, 2, 2), {}))
    assert (result.score["An"], result.bags["An"]) == (-150, 0)


def test_the_moon_needs_three_tricks_less_than_a_hand_by_default():
    assert [PLAIN.moon(3), PLAIN.moon(4), PLAIN.moon(5)] == [14, 10, 7]
    assert Settings(jokers=2).moon(5) == 8


def test_the_moon_tricks_setting_changes_what_the_moon_needs():
    settings = Settings(award_jacks={}, moon_tricks=12)
    assert last((("SM", 2, 2), (12, 2, 3), {}), settings=settings).score["An"] == 150


def test_score_bid_gives_points_and_bags_for_one_bid():
    assert score_bid(3, 5, moon=14) == (30, 2)
    assert score_bid("NIL", 2, moon=14, nil_tricks_are_bags=False) == (-100, 0)


def test_bags_add_up_over_the_hands_of_a_game():
    result = last(((4, 5, 6), (4, 5, 8), {}), ((4, 5, 6), (4, 5, 8), {}))
    assert result.bags == {"An": 0, "Bình": 0, "Chi": 4}


def test_reaching_the_bag_limit_costs_ten_points_a_bag_held_and_resets_them():
    settings = Settings(award_jacks={}, bag_limit=5)
    result = last(((4, 5, 6), (4, 5, 8), {}), ((4, 5, 5), (4, 4, 9), {}), settings=settings)
    # Chi: 2 bags held + 4 taken = 6 >= 5: makes 50, loses 60
    assert (result.bag_penalty["Chi"], result.score["Chi"], result.bags["Chi"]) == (60, -10, 0)
    assert result.totals["Chi"] == 60 - 10


def test_bags_under_the_limit_cost_nothing():
    settings = Settings(award_jacks={}, bag_limit=5)
    result = last(((4, 5, 4), (4, 5, 8), {}), settings=settings)
    assert (result.bag_penalty["Chi"], result.bags["Chi"]) == (0, 4)


def test_per_hand_bags_cost_ten_points_each_in_the_hand():
    settings = Settings(award_jacks={}, bags_mode="per_hand")
    result = last(((4, 5, 6), (4, 5, 8), {}), settings=settings)
    assert (result.bag_penalty["Chi"], result.score["Chi"], result.bags["Chi"]) == (20, 40, 2)


def test_per_hand_bags_do_not_accumulate():
    settings = Settings(award_jacks={}, bags_mode="per_hand")
    result = last(((4, 5, 6), (4, 5, 8), {}), ((4, 5, 6), (4, 5, 8), {}), settings=settings)
    assert (result.bags["Chi"], result.bag_penalty["Chi"], result.totals["Chi"]) == (2, 20, 80)


def test_the_jack_of_diamonds_earns_10_even_on_a_set_bid():
    result = last(((5, 5, 5), (4, 5, 8), {"JD": "An", "JC": "Chi"}), settings=Settings())
    assert result.score["An"] == -50 + 10


def test_the_jack_of_clubs_earns_10():
    result = last(((5, 5, 5), (4, 5, 8), {"JD": "An", "JC": "Chi"}), settings=Settings())
    assert (result.score["Chi"], result.bags["Chi"]) == (60, 3)


def test_catching_both_award_jacks_earns_nothing_for_either():
    result = last(((5, 5, 5), (4, 5, 8), {"JD": "Chi", "JC": "Chi"}), settings=Settings())
    assert result.score == {"An": -50, "Bình": 50, "Chi": 50}


def test_the_jack_of_hearts_removes_a_bag_instead_of_scoring():
    jacks = {"JD": "An", "JC": "Bình", "JH": "Chi"}
    result = last(((4, 5, 6), (4, 5, 8), jacks), settings=Settings(award_jacks=THREE_JACKS))
    assert result.score == {"An": 50, "Bình": 60, "Chi": 60}
    assert result.bags["Chi"] == 1


def test_the_jack_of_hearts_never_takes_bags_below_zero():
    jacks = {"JD": "Chi", "JC": "Bình", "JH": "An"}
    result = last(((4, 5, 6), (4, 5, 8), jacks), settings=Settings(award_jacks=THREE_JACKS))
    assert (result.score["An"], result.bags["An"]) == (40, 0)


def test_the_jack_of_hearts_removes_a_bag_held_from_an_earlier_hand():
    settings = Settings(award_jacks=THREE_JACKS)
    first = ((4, 5, 6), (4, 5, 8), {"JD": "An", "JC": "Bình", "JH": "An"})
    second = ((4, 5, 8), (4, 5, 8), {"JD": "An", "JC": "Bình", "JH": "Chi"})
    assert last(first, second, settings=settings).bags["Chi"] == 2 - 1


def test_the_jack_of_hearts_comes_off_before_the_bag_limit_is_checked():
    settings = Settings(award_jacks=THREE_JACKS, bag_limit=5)
    jacks = {"JD": "An", "JC": "Bình", "JH": "Chi"}
    result = last(((4, 5, 4), (4, 5, 8), jacks), ((4, 5, 6), (4, 5, 8), jacks), settings=settings)
    # Chi: 4 - 1 = 3 held, then 3 + 2 - 1 = 4 < 5
    assert (result.bags["Chi"], result.bag_penalty["Chi"]) == (4, 0)


def test_per_hand_the_jack_of_hearts_cancels_a_bag_of_that_hand():
    settings = Settings(award_jacks=THREE_JACKS, bags_mode="per_hand")
    jacks = {"JD": "An", "JC": "Bình", "JH": "Chi"}
    result = last(((4, 5, 6), (4, 5, 8), jacks), settings=settings)
    assert (result.bags["Chi"], result.bag_penalty["Chi"], result.score["Chi"]) == (1, 10, 50)


def test_two_of_three_award_jacks_earn_nothing():
    jacks = {"JD": "Chi", "JC": "An", "JH": "Chi"}
    result = last(((4, 5, 6), (4, 5, 8), jacks), settings=Settings(award_jacks=THREE_JACKS))
    assert (result.score["Chi"], result.bags["Chi"], result.score["An"]) == (60, 2, 50)


def test_all_three_of_three_award_jacks_earn_all_three():
    jacks = {"JD": "Chi", "JC": "Chi", "JH": "Chi"}
    result = last(((4, 5, 6), (4, 5, 8), jacks), settings=Settings(award_jacks=THREE_JACKS))
    assert (result.score["Chi"], result.bags["Chi"]) == (80, 1)


def test_award_jack_points_follow_the_setting():
    result = last(((4, 5, 6), (4, 5, 8), {"JD": "An"}), settings=Settings(award_jacks={"JD": 25}))
    assert result.score["An"] == 65


def test_the_score_is_bid_result_plus_jacks_minus_bag_penalty():
    settings = Settings(bag_limit=2)
    result = last(((4, 5, 6), (4, 5, 8), {"JD": "Chi", "JC": "An"}), settings=settings)
    assert (result.bid_points["Chi"], result.jack_points["Chi"]) == (60, 10)
    assert (result.bag_penalty["Chi"], result.score["Chi"]) == (20, 60 + 10 - 20)


GAME = Settings(target=100, wins_needed=2, award_jacks={})
AN_MAKES_100 = ((10, 3, 4), (10, 3, 4), {})  # An 100, Bình 30, Chi 40


def test_a_game_is_won_by_the_single_highest_total_at_or_over_the_target():
    result = play(AN_MAKES_100, settings=GAME)
    assert (result.games[0].winner, result.wins) == ("An", {"An": 1, "Bình": 0, "Chi": 0})


def test_a_total_under_the_target_does_not_win():
    result = play(((9, 3, 4), (9, 4, 4), {}), settings=GAME)
    assert (result.games[0].winner, result.games[0].totals["An"]) == (None, 90)


def test_a_tie_at_the_top_keeps_the_game_going():
    settings = Settings(target=80, award_jacks={})
    result = play(((8, 8, 1), (8, 8, 1), {}), ((5, 4, 8), (5, 4, 8), {}), settings=settings)
    assert result.games[0].hands[0].totals == {"An": 80, "Bình": 80, "Chi": 10}
    assert (len(result.games[0].hands), result.games[0].winner) == (2, "An")


def test_the_hand_after_a_win_starts_a_new_game_from_zero():
    result = play(AN_MAKES_100, ((4, 5, 6), (4, 5, 8), {}), settings=GAME)
    second = result.games[1].hands[0]
    assert (second.game, second.number, second.hand_index) == (2, 1, 1)
    assert second.totals == {"An": 40, "Bình": 50, "Chi": 60}


def test_bags_start_from_zero_in_a_new_game():
    result = play(((10, 3, 2), (10, 3, 4), {}), ((4, 5, 6), (4, 5, 8), {}), settings=GAME)
    assert result.games[0].hands[0].bags["Chi"] == 2
    assert result.games[1].hands[0].bags["Chi"] == 2


def test_the_deal_passes_to_the_next_seat_every_hand():
    result = play(*[((4, 5, 6), (4, 5, 8), {})] * 4)
    assert [h.dealer for h in result.games[0].hands] == ["An", "Bình", "Chi", "An"]
    assert [h.first_bidder for h in result.games[0].hands] == ["Bình", "Chi", "An", "Bình"]


def test_the_deal_keeps_rotating_into_the_next_game():
    result = play(AN_MAKES_100, ((4, 5, 6), (4, 5, 8), {}), settings=GAME)
    assert (result.games[1].hands[0].dealer, result.next_dealer) == ("Bình", "Chi")


def test_the_first_to_win_the_set_number_of_games_is_champion():
    result = play(AN_MAKES_100, AN_MAKES_100, settings=GAME)
    assert (result.champion, result.finished, result.wins["An"]) == ("An", True, 2)


def test_a_hand_after_the_champion_is_decided_is_refused():
    with refused("game 3 hand 1: the tournament is over: An has won it"):
        play(AN_MAKES_100, AN_MAKES_100, AN_MAKES_100, settings=GAME)


def test_the_result_tells_who_deals_and_bids_next_and_the_standing():
    result = play(((4, 5, 6), (4, 5, 8), {}))
    assert (result.next_dealer, result.next_first_bidder) == ("Bình", "Chi")
    assert (result.next_game, result.next_hand, result.totals["Chi"], result.bags["Chi"]) == (
        1,
        2,
        60,
        2,
    )


def test_after_a_win_the_standing_for_the_next_hand_is_zero():
    result = play(AN_MAKES_100, settings=GAME)
    assert (result.next_game, result.next_hand) == (2, 1)
    assert result.totals == {"An": 0, "Bình": 0, "Chi": 0}


def test_with_two_jokers_the_first_bidder_is_still_the_next_seat():
    players = ["An", "Bình", "Chi", "Dũng", "Ê"]
    settings = Settings(award_jacks={}, jokers=2)
    result = play(((2, 2, 2, 2, 3), (2, 2, 2, 2, 3), {}), settings=settings, players=players)
    assert (result.games[0].hands[0].first_bidder, result.next_first_bidder) == ("Bình", "Chi")


def test_no_hands_make_an_empty_tournament():
    result = play()
    assert (result.games, result.champion, result.next_dealer) == ([], None, "An")
