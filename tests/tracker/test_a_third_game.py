"""A game added to the registry brings its own history: declared in its own module (here, this
test's), with nothing of tracker/history or of the generic templates changed, its matches are
rated on the ratings page, in its own columns, and charted on the player's page.

The score pad's worked matches: 1 March An 40, Bình 25, Chi 10 (An shoots the moon once);
8 March Bình 30, An 5.
"""

from datetime import date

import pytest
from django.urls import get_resolver, reverse

from core import games, leaderboards
from core.models.games import Game
from tests.tracker.test_history_views import page_text
from tracker.rules.leaderboard import Match


class ScorePad(Game):
    class Meta:
        abstract = True
        app_label = "tracker"


urlpatterns: list = []  # the score pad's own pages: none needed here


class ScorePadGame(games.GameKind):
    kind = game = "pad"
    model = ScorePad
    urls = __name__

    def name(self) -> str:
        return "Score pad"

    def matches(self, group) -> list[Match]:
        first = {"An": 40, "Bình": 25, "Chi": 10}
        return [
            Match(self.game, date(2026, 3, 1), first, moons={"An": 1}),
            Match(self.game, date(2026, 3, 8), {"An": 5, "Bình": 30}, moons={}),
        ]

    def leaderboard_columns(self) -> tuple:
        moons = leaderboards.counted("moons", lambda count: f"moons shot {count}")
        return (leaderboards.GAMES, leaderboards.WINS, moons)


@pytest.fixture
def with_score_pads(settings):
    # The app's addresses are built once, from the games it has: before the pad joins, which
    # has pages of its own (none) but not those every game of the app has.
    get_resolver().url_patterns  # noqa: B018
    settings.GAMES = [*settings.GAMES, f"{__name__}.ScorePadGame"]
    games._registry.cache_clear()
    yield
    games._registry.cache_clear()


def test_a_third_game_is_rated_on_the_ratings_page_in_its_own_columns(
    with_score_pads, as_carol, group, players
):
    text = page_text(as_carol.get(reverse("ratings", args=[group.pk])))
    assert "Score pad 1. Bình provisional" in text
    assert "2 games won 1 (50%) moons shot 0 μ" in text
    assert "2. An provisional" in text and "2 games won 1 (50%) moons shot 1 μ" in text
    assert "Score pad: every finished game, the players ranked by their final scores." in text


def test_a_third_games_seasons_and_player_charts_come_from_its_matches(
    with_score_pads, as_carol, group, players
):
    ratings = page_text(as_carol.get(reverse("ratings", args=[group.pk]) + "?season=2026"))
    assert "Ratings · 2026" in ratings and "3. Chi provisional" in ratings
    player = as_carol.get(reverse("player_stats", args=[group.pk, players[0].pk])).content
    assert b'aria-label="Score pad: rating after each game"' in player
