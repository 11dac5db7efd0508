"""Leaderboards and nights from matches, without a database.

The worked season: three Cutthroat games between An, Bình and Chi, the second on another day
and deciding a tournament An wins with a buy-in of 5.00 each:
  1 March  game 1  Chi 180, An 120, Bình 110  (stake 1.00: Chi +2, An -1, Bình -1; An bags out)
  8 March  game 2  An 160, Bình 110, Chi -10  (stake 1.00 and the buy-ins: An +12, others -6)
  8 March  game 3  An 200, Chi 150, Bình 90   (points only)
"""

from datetime import date
from decimal import Decimal

from tracker.rules.leaderboard import (
    CATTE,
    CUTTHROAT,
    Match,
    Night,
    Season,
    best_and_worst,
    calendar_years,
    in_season,
    leaderboard,
    nights_of,
    percent,
)
from tracker.rules.ratings import rate, rating_history

MARCH_1, MARCH_8 = date(2026, 3, 1), date(2026, 3, 8)
GAME_1 = Match(
    CUTTHROAT,
    MARCH_1,
    {"An": 120, "Bình": 110, "Chi": 180},
    money={"An": Decimal("-1.00"), "Bình": Decimal("-1.00"), "Chi": Decimal("2.00")},
    bag_outs={"An": 1, "Bình": 0, "Chi": 0},
)
GAME_2 = Match(
    CUTTHROAT,
    MARCH_8,
    {"An": 160, "Bình": 110, "Chi": -10},
    money={"An": Decimal("12.00"), "Bình": Decimal("-6.00"), "Chi": Decimal("-6.00")},
    champion="An",
)
GAME_3 = Match(CUTTHROAT, MARCH_8, {"An": 200, "Bình": 90, "Chi": 150})


def by_name(rows) -> dict:
    return {row.name: row for row in rows}


def test_a_leaderboard_counts_wins_tournaments_money_and_bag_outs():
    rows = by_name(leaderboard([GAME_1, GAME_2, GAME_3]))
    an = rows["An"]
    assert (an.games, an.wins, an.win_rate, an.tournaments_won) == (3, 2, 67, 1)
    assert (an.money, an.bag_outs, an.longest_streak) == (Decimal("11.00"), 1, 2)
    assert (rows["Chi"].wins, rows["Chi"].money, rows["Chi"].longest_streak) == (
        1, Decimal("-4.00"), 1)  # fmt: skip
    assert (rows["Bình"].wins, rows["Bình"].win_rate) == (0, 0)


def test_a_leaderboard_is_in_the_order_of_the_ratings():
    standings = leaderboard([GAME_1, GAME_2, GAME_3])
    ratings = rate(match.ranking for match in [GAME_1, GAME_2, GAME_3])
    assert [row.rating for row in standings] == ratings


def test_a_streak_is_broken_by_a_loss_and_not_by_a_match_sat_out():
    won = Match(CATTE, MARCH_1, {"An": Decimal(3), "Bình": Decimal(-3)})
    lost = Match(CATTE, MARCH_1, {"An": Decimal(-1), "Bình": Decimal(1)})
    without_an = Match(CATTE, MARCH_1, {"Bình": Decimal(2), "Chi": Decimal(-2)})
    rows = by_name(leaderboard([won, won, lost, won, without_an, won, won]))
    assert rows["An"].longest_streak == 3
    assert (rows["Bình"].wins, rows["Bình"].longest_streak) == (2, 1)


def test_a_session_tied_at_the_top_is_won_by_both_and_one_all_equal_by_no_one():
    tied = Match(CATTE, MARCH_1, {"An": Decimal(2), "Bình": Decimal(2), "Chi": Decimal(-4)})
    even = Match(CATTE, MARCH_1, {"An": Decimal(0), "Bình": Decimal(0)})
    assert tied.winners == ["An", "Bình"]
    assert even.winners == []


def test_sweeps_add_up_over_sessions():
    first = Match(CATTE, MARCH_1, {"An": Decimal(3), "Bình": Decimal(-3)}, sweeps={"An": 2})
    second = Match(CATTE, MARCH_8, {"An": Decimal(-1), "Bình": Decimal(1)}, sweeps={"An": 1})
    assert by_name(leaderboard([first, second]))["An"].sweeps == 3


def test_a_match_of_one_player_counts_for_nothing():
    alone = Match(CATTE, MARCH_1, {"An": Decimal(0)})
    assert leaderboard([alone]) == []


def test_a_season_holds_its_first_and_last_day():
    march_8 = Season("Spring", date(2026, 3, 2), MARCH_8)
    assert in_season([GAME_1, GAME_2, GAME_3], march_8) == [GAME_2, GAME_3]
    assert in_season([GAME_1, GAME_2], None) == [GAME_1, GAME_2]


def test_without_named_seasons_each_year_with_a_match_is_one_latest_first():
    old = Match(CATTE, date(2024, 12, 31), {"An": Decimal(1), "Bình": Decimal(-1)})
    seasons = calendar_years([old, GAME_1, GAME_2])
    assert seasons == [
        Season("2026", date(2026, 1, 1), date(2026, 12, 31)),
        Season("2024", date(2024, 1, 1), date(2024, 12, 31)),
    ]


def test_a_win_rate_is_rounded_half_up_and_missing_without_games():
    assert (percent(2, 3), percent(1, 8), percent(0, 0)) == (67, 13, None)


def test_a_night_adds_up_the_money_of_the_day():
    assert nights_of("An", [GAME_1, GAME_2, GAME_3]) == [
        Night(MARCH_1, Decimal("-1.00"), 120),
        Night(MARCH_8, Decimal("12.00"), 360),
    ]


def test_without_money_nights_go_by_points():
    nights = [
        Night(MARCH_1, None, 120),
        Night(MARCH_8, None, 360),
        Night(date(2026, 3, 9), None, 50),
    ]
    shown = best_and_worst(nights)
    assert (shown.by_money, shown.best, shown.worst) == (
        False,
        nights[1:2] + nights[:1],
        nights[2:],
    )


def test_the_best_and_worst_nights_are_never_the_same_night():
    nights = [Night(date(2026, 3, day), Decimal(day - 5), 0) for day in range(1, 9)]
    shown = best_and_worst(nights)
    assert [night.money for night in shown.best] == [3, 2, 1]
    assert [night.money for night in shown.worst] == [-4, -3, -2]
    single = best_and_worst(nights[:1])
    assert (single.best, single.worst) == (nights[:1], [])


def test_a_night_played_for_points_only_is_left_out_when_others_had_money():
    nights = [Night(MARCH_1, None, 300), Night(MARCH_8, Decimal("-2.00"), 0)]
    shown = best_and_worst(nights)
    assert (shown.by_money, shown.best, shown.worst) == (True, nights[1:], [])


def test_a_rating_history_starts_at_zero_and_ends_at_the_rating():
    rankings = [match.ranking for match in [GAME_1, GAME_2, GAME_3]]
    history = rating_history(rankings)
    final = {row.name: row.rating for row in rate(rankings)}
    assert [len(values) for values in history.values()] == [4, 4, 4]
    assert all(values[0] == 0 and values[-1] == final[name] for name, values in history.items())
    assert round(history["An"][2], 4) == 4.6051  # after two games, as tests/rules/test_ratings.py
