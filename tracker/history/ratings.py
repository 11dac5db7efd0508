"""The group's ratings and leaderboards, per game and season, recomputed from its whole history
(docs/ratings.md), and a player's rating over time and his best and worst nights.

Everything here is counted from the matches (tracker/history/matches.py), so it moves with a
correction exactly as a recomputation would; what a page reads is worked out once per version
of the group (every change of a game, a player or a season bumps it) and cached under it.
"""

from decimal import Decimal

from django.core.cache import cache
from django.urls import reverse
from django.utils.translation import gettext as _

from tracker.common.locale_money import format_number
from tracker.common.money import signed
from tracker.common.names import short_names_of
from tracker.history import charts
from tracker.history.matches import group_matches
from tracker.rules.leaderboard import (
    CATTE,
    CUTTHROAT,
    Season,
    Standing,
    best_and_worst,
    in_season,
    leaderboard,
    nights_of,
)
from tracker.rules.ratings import Rating, rating_history

GAMES = (CUTTHROAT, CATTE)
CACHE_SECONDS = 24 * 60 * 60  # a new version of the group is a new key anyway


def cached_matches(group) -> dict:
    key = f"matches:{group.pk}:{group.version}"
    return cache.get_or_set(key, lambda: group_matches(group), CACHE_SECONDS)


def boards_of(matches: dict, season: Season | None) -> dict[str, list[Standing]]:
    return {game: leaderboard(in_season(matches[game], season)) for game in GAMES}


def group_leaderboards(group, season: Season | None = None) -> dict[str, list[Standing]]:
    """Each game's leaderboard over `season` (all time without), recomputed from scratch."""
    return boards_of(group_matches(group), season)


def cached_leaderboards(group, season: Season | None = None) -> dict[str, list[Standing]]:
    """`group_leaderboards`, worked out once per version of the group and season."""
    span = f"{season.starts}:{season.ends}" if season else "all"
    key = f"leaderboards:{group.pk}:{group.version}:{span}"
    return cache.get_or_set(key, lambda: boards_of(cached_matches(group), season), CACHE_SECONDS)


def ratings_of(boards: dict[str, list[Standing]]) -> dict[str, list[Rating]]:
    return {game: [row.rating for row in rows] for game, rows in boards.items()}


def group_ratings(group, season: Season | None = None) -> dict[str, list[Rating]]:
    """{"cutthroat": ratings, "catte": ratings}, each best first, recomputed."""
    return ratings_of(group_leaderboards(group, season))


def cached_ratings(group, season: Season | None = None) -> dict[str, list[Rating]]:
    return ratings_of(cached_leaderboards(group, season))


def as_numbers(ratings: dict[str, list[Rating]]) -> dict[str, list[dict]]:
    """The ratings as plain numbers rounded to 4 places, for the command's JSON and for
    comparing with what the page shows."""
    return {
        game: [
            {
                "name": row.name,
                "rating": round(row.rating, 4),
                "mu": round(row.mu, 4),
                "sigma": round(row.sigma, 4),
                "games": row.games,
            }
            for row in rows
        ]
        for game, rows in ratings.items()
    }


def leaderboards(group, boards: dict[str, list[Standing]]) -> list[dict]:
    """Each game's leaderboard for the page, best first, each name linked to the player's
    page, money written in the group's currency."""
    urls = {p.name: reverse("player_stats", args=[group.pk, p.pk]) for p in group.players.all()}
    titles = {CUTTHROAT: _("Cutthroat"), CATTE: _("Cắt Tê")}
    return [
        {
            "game": game,
            "title": titles[game],
            # Points-only tournaments move no money: a column of zeros would say nothing.
            "shows_money": game == CATTE or any(row.money for row in boards[game]),
            "rows": [
                {
                    "place": place,
                    "row": row,
                    "url": urls.get(row.name),
                    "money": signed(group, row.money),
                }
                for place, row in enumerate(boards[game], start=1)
            ],
        }
        for game in GAMES
    ]


def cached_histories(group) -> dict[str, dict[str, list[float]]]:
    """Each game's rating history of every player, all time."""
    key = f"rating-histories:{group.pk}:{group.version}"

    def histories():
        matches = cached_matches(group)
        return {game: rating_history(m.ranking for m in matches[game]) for game in GAMES}

    return cache.get_or_set(key, histories, CACHE_SECONDS)


def rating_text(value) -> str:
    return format_number(Decimal(value), 1)


def rating_charts(group, player) -> list[dict]:
    """A chart of the player's rating after each game he played, for each game he played."""
    short = short_names_of([player])[0]
    titles = {
        CUTTHROAT: _("Cutthroat: rating after each game"),
        CATTE: _("Cắt Tê: rating after each session"),
    }
    axes = {
        # Translators: the horizontal axis of a chart, counted in Cutthroat games.
        CUTTHROAT: _("game"),
        # Translators: the horizontal axis of a chart, counted in Cắt Tê sessions.
        CATTE: _("session"),
    }
    shown = []
    for game, history in cached_histories(group).items():
        values = history.get(player.name)
        if not values:
            continue
        # "+ 0" writes the start, a hair below zero in floats, as 0.0 rather than -0.0.
        points = [Decimal(value).quantize(Decimal("0.1")) + 0 for value in values]
        line = charts.Line(short, points, title=player.name)
        chart = charts.line_chart([line], title=titles[game], x_label=axes[game], fmt=rating_text)
        shown.append({"game": game, "chart": chart, "rating": values[-1]})
    return shown


def player_nights(group, player) -> dict:
    """The player's best and worst nights, all time, with their money or points written."""
    matches = cached_matches(group)
    every = sorted(matches[CUTTHROAT] + matches[CATTE], key=lambda match: match.played_on)
    nights = best_and_worst(nights_of(player.name, every))

    def rows(chosen):
        if not nights.by_money:
            return [{"night": night, "text": str(night.points), "tone": ""} for night in chosen]
        return [{"night": night, **signed(group, night.money)} for night in chosen]

    return {"best": rows(nights.best), "worst": rows(nights.worst), "by_money": nights.by_money}
