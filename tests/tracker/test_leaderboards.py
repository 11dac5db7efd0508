"""The leaderboards of the ratings page and a player's rating over time and nights, counted
from the group's history.

The worked history of the history pages (tests/tracker/test_history_views.py): Cutthroat game 1
ends Chi 180, An 120, Bình 110 and game 2 An 160, Bình 110, Chi -10 (no champion: two wins are
needed); the Cắt Tê session of 1 March 2026 ends An +3.00, Bình 0.00, Chi -3.00 with two sweeps
by An.
"""

import re
from decimal import Decimal

import pytest
from django.core.cache import cache
from django.urls import reverse

from tests.factories import fresh, session_of_sweeps
from tests.tracker.test_history_views import page_text, worked_session, worked_tournament
from tests.tracker.test_ratings import closed
from tracker.catte.models import CatteSession
from tracker.cutthroat import board as cutthroat_board
from tracker.cutthroat import services as tournaments
from tracker.history.ratings import cached_leaderboards, group_leaderboards, rating_charts


def tournament_for_money(group, players, user):
    """The worked tournament at a game stake of 1.00: An +1.00, Chi +1.00, Bình -2.00."""
    money = {"game_stake": Decimal("1.00"), "buy_in": Decimal("5.00")}
    return worked_tournament(group, players, user, name="", money_rules=money)


@pytest.fixture
def evening(group, players, alice):
    tournament = tournament_for_money(group, players, alice)
    session = closed(worked_session(group, players, alice), alice)
    CatteSession.objects.filter(pk=session.pk).update(created_at="2026-03-01T20:00:00Z")
    group.refresh_from_db()
    return tournament, session


def ratings_text(client, group) -> str:
    return page_text(client.get(reverse("ratings", args=[group.pk])))


def test_the_cutthroat_leaderboard_counts_wins_streaks_and_money(as_carol, group, evening):
    text = ratings_text(as_carol, group)
    assert (
        "1. An provisional 4.6 2 games won 1 (50%) tournaments won 0 longest winning streak 1 "
        "bag-outs 0 +€1.00 μ 28.4 · σ 7.9"
    ) in text
    assert "3. Bình provisional -0.7 2 games won 0 (0%)" in text and "-€2.00" in text


def test_the_catte_leaderboard_counts_sessions_won_sweeps_and_money(as_carol, group, evening):
    text = ratings_text(as_carol, group)
    assert (
        "1. An provisional 3.3 1 session won 1 (100%) longest winning streak 1 sweeps 2 +€3.00"
    ) in text
    chi = "3. Chi provisional -2.8 1 session won 0 (0%) longest winning streak 0 sweeps 0 -€3.00"
    assert chi in text


def test_a_corrected_old_hand_moves_the_leaderboard_as_a_recomputation(group, evening, bob):
    before = cached_leaderboards(group)
    board = cutthroat_board.load(fresh(evening[0]))
    bids, tricks = {"An": 6, "Bình": 7, "Chi": "NIL"}, {"An": 9, "Bình": 8, "Chi": 0}
    tournaments.correct_hand(board, 1, board.tournament.version, bids, tricks,
                             {"JD": "An", "JC": "Bình"}, bob)  # fmt: skip
    group.refresh_from_db()
    after = cached_leaderboards(group)
    assert after != before
    assert after == group_leaderboards(group)
    assert [row.name for row in after["cutthroat"]] == ["Bình", "An", "Chi"]


def test_a_corrected_old_hand_redraws_the_chart_as_a_recomputation(group, players, evening, bob):
    an = players[0]
    before = rating_charts(group, an)
    board = cutthroat_board.load(fresh(evening[0]))
    bids, tricks = {"An": 6, "Bình": 7, "Chi": "NIL"}, {"An": 9, "Bình": 8, "Chi": 0}
    tournaments.correct_hand(board, 1, board.tournament.version, bids, tricks,
                             {"JD": "An", "JC": "Bình"}, bob)  # fmt: skip
    group.refresh_from_db()
    after = rating_charts(group, an)
    cache.clear()
    assert after == rating_charts(group, an)
    assert after[0]["chart"] != before[0]["chart"] and after[1] == before[1]


def test_the_player_page_charts_his_rating_after_each_game(as_carol, group, players, evening):
    html = as_carol.get(reverse("player_stats", args=[group.pk, players[0].pk])).content.decode()
    charts = re.findall(r'<svg class="chart"[^>]*aria-label="([^"]*)"', html)
    assert charts == ["Cutthroat: rating after each game", "Cắt Tê: rating after each session"]
    assert ">An 4.6</text>" in html and ">An 3.3</text>" in html


def test_the_player_page_shows_his_best_and_worst_nights(as_carol, group, players, alice):
    closed(worked_session(group, players, alice), alice)
    later = closed(session_of_sweeps(group, [players[2], players[0], players[1]], alice, 2), alice)
    CatteSession.objects.filter(pk=later.pk).update(created_at="2026-03-08T20:00:00Z")
    CatteSession.objects.exclude(pk=later.pk).update(created_at="2026-03-01T20:00:00Z")
    group.refresh_from_db()
    text = page_text(as_carol.get(reverse("player_stats", args=[group.pk, players[0].pk])))
    assert "Best and worst nights Best March 1, 2026 +€3.00 Worst March 8, 2026 -€2.00" in text


def test_a_player_who_never_played_has_no_chart_and_no_night(as_carol, group, players, evening):
    text = page_text(as_carol.get(reverse("player_stats", args=[group.pk, players[3].pk])))
    assert "No rating yet" in text and "No night counted yet." in text


def test_the_player_page_reads_in_vietnamese(as_carol, group, players, evening):
    response = as_carol.get(
        reverse("player_stats", args=[group.pk, players[0].pk]),
        headers={"Accept-Language": "vi"},
    )
    assert "Cutthroat: xếp hạng sau mỗi trận" in response.content.decode()
    assert "Những tối hay nhất và tệ nhất" in page_text(response)
