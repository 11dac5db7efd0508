"""Cutthroat Spades: hands that break a rule are refused, naming game, hand, player, problem."""

import re

import pytest

from basics.errors import RulesError
from tracker.cutthroat.rules import Hand, Settings, play_tournament, validate_bids

P3 = ["An", "Bình", "Chi"]
P5 = ["An", "Bình", "Chi", "Dũng", "Ê"]
PLAIN = Settings(award_jacks={})
GOOD = ((4, 5, 6), (4, 5, 8), {})
SIXTY_BEHIND = ((7, 1, 1), (7, 5, 5), {})  # An 70, Bình 10, Chi 10
FORTY_BEHIND = ((5, 1, 1), (5, 6, 6), {})  # An 50, Bình 10, Chi 10


def refused(message):
    return pytest.raises(RulesError, match=f"^{re.escape(message)}$")


def hand(bids, tricks, jacks, players=P3):
    return Hand(
        dict(zip(players, bids, strict=True)), dict(zip(players, tricks, strict=True)), jacks
    )


def play(*hands, settings=PLAIN, players=P3):
    return play_tournament(players, settings, [hand(*h, players=players) for h in hands])


@pytest.mark.parametrize(
    ("players", "message"),
    [
        (["An", "Bình"], "players: Cutthroat takes 3 to 5 players, not 2"),
        (P5 + ["Phúc"], "players: Cutthroat takes 3 to 5 players, not 6"),
        (["An", "Bình", "An"], "players: An: listed twice"),
        (["An", "", "Chi"], "players: '': a name cannot be empty"),
        (["An", 7, "Chi"], "players: 7: a name must be text"),
        ("AnBìnhChi", "players: must be a list of names in seat order"),
    ],
)
def test_the_players_must_be_three_to_five_distinct_names(players, message):
    with refused(message):
        play_tournament(players, PLAIN, [])


def test_jokers_need_five_players():
    with refused("rules: jokers are only played with 5 players, not 3"):
        play_tournament(P3, Settings(jokers=2), [])


def test_the_moon_cannot_need_more_tricks_than_a_hand_has():
    with refused('rules: "moon_tricks" must be at most 13 (the tricks in a hand), not 14'):
        play_tournament(P3[:2] + ["Chi", "Dũng"], Settings(moon_tricks=14), [])


def test_a_hand_must_be_a_hand():
    with refused("game 1 hand 1: not a Hand"):
        play_tournament(P3, PLAIN, [{"bids": {}}])


def test_every_player_must_bid():
    with refused("game 1 hand 1: Chi: no bid"):
        play_tournament(P3, PLAIN, [Hand({"An": 4, "Bình": 5}, {}, {})])


def test_only_players_may_bid():
    with refused("game 1 hand 1: Dan: bid by someone who is not a player"):
        play_tournament(P3, PLAIN, [Hand({"An": 4, "Bình": 5, "Chi": 6, "Dan": 1}, {}, {})])


def test_bids_must_be_a_mapping():
    with refused("game 1 hand 1: bids must map each player to a bid"):
        play_tournament(P3, PLAIN, [Hand([4, 5, 6], {}, {})])


@pytest.mark.parametrize("bid", [0, 18, -1, "nil", "5", True, 2.0, None])
def test_a_bid_must_be_1_to_t_or_a_special_bid(bid):
    message = (
        f"game 1 hand 1: An: {bid!r} is not a bid (a bid is 1 to 17, NIL, BN, 1F, 2F, B6 or SM)"
    )
    with refused(message):
        play(((bid, 5, 6), (4, 5, 8), {}))


def test_every_player_must_have_tricks_entered():
    with refused("game 1 hand 1: Chi: no tricks entered"):
        play_tournament(P3, PLAIN, [Hand({"An": 4, "Bình": 5, "Chi": 6}, {"An": 9, "Bình": 8}, {})])


def test_only_players_may_take_tricks():
    tricks = {"An": 4, "Bình": 5, "Chi": 8, "Dan": 0}
    with refused("game 1 hand 1: Dan: tricks for someone who is not a player"):
        play_tournament(P3, PLAIN, [Hand({"An": 4, "Bình": 5, "Chi": 6}, tricks, {})])


def test_tricks_must_be_a_mapping():
    with refused("game 1 hand 1: tricks must map each player to the tricks taken"):
        play_tournament(P3, PLAIN, [Hand({"An": 4, "Bình": 5, "Chi": 6}, None, {})])


@pytest.mark.parametrize("tricks", [-1, 1.5, "4", True])
def test_tricks_must_be_a_whole_number_not_below_zero(tricks):
    with refused(f"game 1 hand 1: An: tricks must be a whole number, 0 or more, not {tricks!r}"):
        play(((4, 5, 6), (tricks, 5, 8), {}))


def test_tricks_must_add_up_to_the_tricks_of_a_hand():
    with refused("game 1 hand 4: tricks add up to 16, not 17"):
        play(GOOD, GOOD, GOOD, ((4, 5, 6), (4, 5, 7), {}))


def test_with_two_jokers_the_dealer_takes_at_most_ten_tricks():
    settings = Settings(award_jacks={}, jokers=2)
    message = (
        "game 1 hand 1: An: the dealer sits out trick 1 and can take at most 10 tricks, not 11"
    )
    with refused(message):
        play(((11, 1, 1, 1, 1), (11, 0, 0, 0, 0), {}), settings=settings, players=P5)


def test_with_three_jokers_the_dealer_may_take_all_eleven_tricks():
    settings = Settings(award_jacks={}, jokers=3)
    result = play(((11, 1, 1, 1, 1), (11, 0, 0, 0, 0), {}), settings=settings, players=P5)
    assert result.games[0].hands[0].score["An"] == 110


def test_every_award_jack_in_force_must_be_named():
    with refused("game 1 hand 1: jacks: who caught JC (J♣)?"):
        play(((4, 5, 6), (4, 5, 8), {"JD": "An"}), settings=Settings())


def test_a_jack_not_in_force_is_refused():
    jacks = {"JD": "An", "JC": "Chi", "JH": "Bình"}
    with refused("game 1 hand 1: jacks: 'JH' is not an award jack here (in force: JD, JC)"):
        play(((4, 5, 6), (4, 5, 8), jacks), settings=Settings())


def test_no_jack_is_accepted_when_none_are_in_force():
    with refused("game 1 hand 1: jacks: 'JD' is not an award jack here (in force: none)"):
        play(((4, 5, 6), (4, 5, 8), {"JD": "An"}))


def test_a_jack_must_be_caught_by_a_player():
    with refused("game 1 hand 1: Dan: caught JD but is not a player"):
        play(((4, 5, 6), (4, 5, 8), {"JD": "Dan", "JC": "An"}), settings=Settings())


def test_a_jack_must_be_caught_by_a_player_who_took_a_trick():
    with refused("game 1 hand 1: An: caught JC but took no tricks"):
        play((("NIL", 8, 8), (0, 8, 9), {"JD": "Chi", "JC": "An"}), settings=Settings())


def test_jacks_must_be_a_mapping():
    with refused("game 1 hand 1: jacks must map each award jack to who caught it"):
        play(((4, 5, 6), (4, 5, 8), ["JD", "An"]), settings=Settings())


def test_blind_six_is_allowed_fifty_or_more_behind_the_leader():
    result = play(SIXTY_BEHIND)
    assert result.blind_six_allowed == {"An": False, "Bình": True, "Chi": True}
    assert result.blind_six_reason["Bình"] == "Bình is 60 behind the leader"


def test_blind_six_is_refused_less_than_fifty_behind():
    assert play(FORTY_BEHIND).blind_six_reason["Chi"] == "Chi is only 40 behind"
    with refused("game 1 hand 2: Chi: Blind 6 is not allowed: Chi is only 40 behind"):
        play(FORTY_BEHIND, ((4, 5, "B6"), (4, 5, 8), {}))


def test_the_leader_may_not_bid_blind_six():
    assert play(SIXTY_BEHIND).blind_six_reason["An"] == "An is the leader"


def test_a_tied_leader_is_not_behind_even_when_no_gap_is_needed():
    result = play(((5, 5, 1), (5, 5, 7), {}), settings=Settings(award_jacks={}, blind_six_behind=0))
    assert (result.blind_six_allowed["An"], result.blind_six_reason["An"]) == (
        False,
        "An shares the lead",
    )
    assert result.blind_six_allowed["Chi"] is True


def test_nobody_may_bid_blind_six_while_all_scores_are_level():
    result = play()
    assert result.blind_six_allowed == {"An": False, "Bình": False, "Chi": False}
    assert result.blind_six_reason["An"] == "An is not behind: all scores are level"


def test_blind_six_is_allowed_once_per_game_by_default():
    result = play(SIXTY_BEHIND, ((5, "B6", 3), (6, 5, 6), {}))
    assert result.blind_six_reason["Bình"] == "Bình has used Blind 6 this game"
    with refused("game 1 hand 3: Bình: Blind 6 is not allowed: Bình has used Blind 6 this game"):
        play(SIXTY_BEHIND, ((5, "B6", 3), (6, 5, 6), {}), ((5, "B6", 3), (6, 5, 6), {}))


def test_a_per_game_allowance_of_two_counts_both():
    settings = Settings(award_jacks={}, blind_six_per_game=2)
    set_six = ((5, "B6", 3), (6, 5, 6), {})
    result = play(SIXTY_BEHIND, set_six, set_six, settings=settings)
    assert result.blind_six_reason["Bình"] == "Bình has used Blind 6 2 times this game"


def test_unlimited_blind_six_allows_another_one():
    settings = Settings(award_jacks={}, blind_six_per_game=None)
    set_six = ((5, "B6", 3), (6, 5, 6), {})
    result = play(SIXTY_BEHIND, set_six, set_six, set_six, settings=settings)
    assert result.games[0].hands[3].score["Bình"] == -100


def test_no_blind_six_when_the_allowance_is_zero():
    result = play(SIXTY_BEHIND, settings=Settings(award_jacks={}, blind_six_per_game=0))
    assert result.blind_six_reason["Bình"] == "Blind 6 is not played at this table"


def test_the_blind_six_allowance_starts_again_in_a_new_game():
    settings = Settings(target=100, award_jacks={})
    # hand 2: Bình's Blind 6 is set and An reaches 100 to win game 1
    result = play(SIXTY_BEHIND, ((3, "B6", 3), (3, 5, 9), {}), SIXTY_BEHIND, settings=settings)
    assert result.games[0].winner == "An"
    assert result.blind_six_allowed["Bình"] is True


def test_a_finished_tournament_allows_no_blind_six():
    settings = Settings(target=100, wins_needed=1, award_jacks={})
    result = play(((10, 3, 4), (10, 3, 4), {}), settings=settings)
    assert result.blind_six_reason["Bình"] == "the tournament is over"


def test_validate_bids_refuses_an_ineligible_blind_six_before_play():
    message = "game 1 hand 1: An: Blind 6 is not allowed: An is not behind: all scores are level"
    with refused(message):
        validate_bids(P3, PLAIN, [], {"An": "B6", "Bình": 1, "Chi": 1})


def test_validate_bids_accepts_an_eligible_blind_six():
    hands = [hand(*SIXTY_BEHIND)]
    assert validate_bids(P3, PLAIN, hands, {"An": 5, "Bình": "B6", "Chi": "NIL"}) is None


def test_validate_bids_names_the_next_hand_of_the_next_game():
    settings = Settings(target=100, award_jacks={})
    hands = [hand((10, 3, 4), (10, 3, 4), {})]
    with refused("game 2 hand 1: Chi: no bid"):
        validate_bids(P3, settings, hands, {"An": 4, "Bình": 5})


def test_validate_bids_refuses_a_hand_after_the_champion():
    settings = Settings(target=100, wins_needed=1, award_jacks={})
    hands = [hand((10, 3, 4), (10, 3, 4), {})]
    with refused("game 2 hand 1: the tournament is over: An has won it"):
        validate_bids(P3, settings, hands, {"An": 4, "Bình": 5, "Chi": 6})


def test_validate_bids_checks_the_hands_so_far():
    with refused("game 1 hand 1: tricks add up to 16, not 17"):
        validate_bids(P3, PLAIN, [hand((4, 5, 6), (4, 5, 7), {})], {"An": 4, "Bình": 5, "Chi": 6})
