"""Ratings from rankings: openskill's Plackett–Luce with its defaults, shown at μ − 3σ.

The worked history is the two Cutthroat games of the history pages: Chi 180, An 120, Bình 110,
then An 160, Bình 110, Chi -10.
"""

import pytest
from openskill.models import PlackettLuce

from tracker.rules.ratings import PROVISIONAL_GAMES, Rating, ranking_by, rate

GAME_1 = {"An": 120, "Bình": 110, "Chi": 180}
GAME_2 = {"An": 160, "Bình": 110, "Chi": -10}


def rounded(ratings: list[Rating]) -> list[tuple]:
    return [(r.name, round(r.mu, 4), round(r.sigma, 4), round(r.rating, 4), r.games)
            for r in ratings]  # fmt: skip


def test_a_match_is_ranked_by_score_highest_first_with_equal_scores_tied():
    assert ranking_by({"An": 120, "Bình": 180, "Chi": 120}) == [["Bình"], ["An", "Chi"]]
    assert ranking_by({"An": -3, "Bình": 0}) == [["Bình"], ["An"]]


def test_the_worked_history_gives_these_ratings_best_first():
    ratings = rate([ranking_by(GAME_1), ranking_by(GAME_2)])
    assert rounded(ratings) == [
        ("An", 28.4156, 7.9369, 4.6051, 2),
        ("Chi", 23.626, 7.9252, -0.1497, 2),
        ("Bình", 22.8077, 7.8232, -0.6618, 2),
    ]


def test_the_ratings_are_what_openskill_gives_directly():
    model = PlackettLuce()
    an, binh, chi = model.rating(), model.rating(), model.rating()
    [[an], [binh], [chi]] = model.rate([[an], [binh], [chi]], scores=[120, 110, 180])
    [[an], [binh], [chi]] = model.rate([[an], [binh], [chi]], scores=[160, 110, -10])
    ours = {r.name: r for r in rate([ranking_by(GAME_1), ranking_by(GAME_2)])}
    for name, theirs in [("An", an), ("Bình", binh), ("Chi", chi)]:
        assert (ours[name].mu, ours[name].sigma) == (theirs.mu, theirs.sigma)
        assert ours[name].rating == pytest.approx(theirs.ordinal())


def test_tied_players_get_the_same_rating():
    ratings = rate([[["An", "Bình"], ["Chi"]]])
    assert rounded(ratings) == [
        ("An", 25.7173, 8.2052, 1.1015, 1),
        ("Bình", 25.7173, 8.2052, 1.1015, 1),
        ("Chi", 23.5655, 8.2052, -1.0503, 1),
    ]


def test_the_order_of_the_matches_matters():
    ratings = rate([ranking_by(GAME_2), ranking_by(GAME_1)])
    assert rounded(ratings) == [
        ("An", 28.1753, 7.9199, 4.4157, 2),
        ("Chi", 24.4496, 7.9544, 0.5863, 2),
        ("Bình", 22.386, 7.8003, -1.015, 2),
    ]


def test_a_player_is_provisional_under_five_matches():
    assert PROVISIONAL_GAMES == 5
    ratings = {r.name: r for r in rate([[["An"], ["Bình"]]] * 4 + [[["An"], ["Chi"]]])}
    assert (ratings["An"].games, ratings["An"].provisional) == (5, False)
    assert (ratings["Bình"].games, ratings["Bình"].provisional) == (4, True)
    assert (ratings["Chi"].games, ratings["Chi"].provisional) == (1, True)


def test_a_match_of_one_player_tells_nothing():
    assert rate([[["An"]], []]) == []
    assert rounded(rate([[["An"]], [["An"], ["Bình"]]]))[0][-1] == 1
