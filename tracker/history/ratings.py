"""The group's ratings and leaderboards, per game and season, recomputed from its whole history
(docs/ratings.md), and a player's rating over time and his best and worst nights.

Everything here is counted from the matches each registered game reads from the group's
history (`GameKind.matches`), so it moves with a correction exactly as a recomputation would;
what a page reads is worked out once per version of the group (every change of a game, a
player or a season bumps it) and cached under it.
"""

from collections.abc import Callable
from decimal import Decimal
from typing import TypeVar

from django.core.cache import cache
from django.urls import reverse

from core import games
from core.locale_money import format_number
from core.money import signed
from core.names import short_names_of
from core.web import charts
from tracker.history import words
from tracker.rules.leaderboard import (
    Match,
    Season,
    Standing,
    best_and_worst,
    in_season,
    leaderboard,
    nights_of,
)
from tracker.rules.ratings import Rating, rating_history

CACHE_SECONDS = 24 * 60 * 60  # a new version of the group is a new key anyway


Worked = TypeVar("Worked")


def cached(key: str, work: Callable[[], Worked]) -> Worked:
    """What `work` answers, worked out once per key (a key names the group's version)."""
    found = cache.get(key)
    if found is None:
        found = work()
        cache.set(key, found, CACHE_SECONDS)
    return found


def cache_key(what: str, group, *more: str) -> str:
    """A key of the group's version; the games registered are part of it, so a game added or
    taken out (or a new shape of what is cached) never reads what was cached before."""
    registered = ",".join(kind.game for kind in games.every_kind())
    return ":".join([what, str(group.pk), str(group.version), registered, *more])


def group_matches(group) -> dict[str, list[Match]]:
    """Each registered game's matches, oldest first, by game ("cutthroat": …)."""
    return {kind.game: kind.matches(group) for kind in games.every_kind()}


def cached_matches(group) -> dict[str, list[Match]]:
    key = cache_key("matches", group)
    return cached(key, lambda: group_matches(group))


def boards_of(matches: dict, season: Season | None) -> dict[str, list[Standing]]:
    return {game: leaderboard(in_season(played, season)) for game, played in matches.items()}


def group_leaderboards(group, season: Season | None = None) -> dict[str, list[Standing]]:
    """Each game's leaderboard over `season` (all time without), recomputed from scratch."""
    return boards_of(group_matches(group), season)


def cached_leaderboards(group, season: Season | None = None) -> dict[str, list[Standing]]:
    """`group_leaderboards`, worked out once per version of the group and season."""
    span = f"{season.starts}:{season.ends}" if season else "all"
    key = cache_key("leaderboards", group, span)
    return cached(key, lambda: boards_of(cached_matches(group), season))


def ratings_of(boards: dict[str, list[Standing]]) -> dict[str, list[Rating]]:
    return {game: [row.rating for row in rows] for game, rows in boards.items()}


def group_ratings(group, season: Season | None = None) -> dict[str, list[Rating]]:
    """Each game's ratings ({"cutthroat": ratings, "catte": ratings}), best first, recomputed."""
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
    page, each row with the facts its game's columns write."""
    urls = {p.name: reverse("player_stats", args=[group.pk, p.pk]) for p in group.players.all()}
    shown = []
    for kind in games.every_kind():
        rows = boards[kind.game]
        columns = [column for column in kind.leaderboard_columns() if column.shown(rows)]
        entries = [
            {
                "place": place,
                "row": row,
                "url": urls.get(row.name),
                "facts": [column.write(row, group) for column in columns],
            }
            for place, row in enumerate(rows, start=1)
        ]
        shown.append(
            {
                "game": kind.game,
                "title": kind.name(),
                "none_yet": kind.no_matches_yet(),
                "rows": entries,
            }
        )
    return shown


def how_rated() -> dict:
    """What the ratings page says each game counts: its matches, its wins and its money."""
    kinds = list(games.every_kind())
    return {
        "matches": " ".join(kind.how_rated() for kind in kinds),
        "won": "; ".join(kind.wins_counted() for kind in kinds),
        "money": words.or_else(kind.money_counted() for kind in kinds),
    }


def cached_histories(group) -> dict[str, dict[str, list[float]]]:
    """Each game's rating history of every player, all time."""
    key = cache_key("rating-histories", group)

    def histories():
        matches = cached_matches(group)
        return {game: rating_history(m.ranking for m in played) for game, played in matches.items()}

    return cached(key, histories)


def rating_text(value) -> str:
    return format_number(Decimal(value), 1)


def rating_charts(group, player) -> list[dict]:
    """A chart of the player's rating after each game he played, for each game he played."""
    short = short_names_of([player])[0]
    histories = cached_histories(group)
    shown = []
    for kind in games.every_kind():
        values = histories[kind.game].get(player.name)
        if not values:
            continue
        # "+ 0" writes the start, a hair below zero in floats, as 0.0 rather than -0.0.
        points = [Decimal(value).quantize(Decimal("0.1")) + 0 for value in values]
        line = charts.Line(short, points, title=player.name)
        title, axis = kind.rating_chart_title(), kind.rating_chart_axis()
        chart = charts.line_chart([line], title=title, x_label=axis, fmt=rating_text)
        shown.append({"game": kind.game, "name": kind.name(), "chart": chart, "rating": values[-1]})
    return shown


def first_rated() -> str:
    """What starts a rating, in every game: "finished Cutthroat game or closed Cắt Tê session"."""
    return words.either(kind.first_rated() for kind in games.every_kind())


def player_nights(group, player) -> dict:
    """The player's best and worst nights, all time, with their money or points written, and
    what a night counts in each game."""
    matches = cached_matches(group)
    every = sorted((m for played in matches.values() for m in played), key=lambda m: m.played_on)
    nights = best_and_worst(nights_of(player.name, every))

    def rows(chosen):
        if not nights.by_money:
            return [{"night": night, "text": str(night.points), "tone": ""} for night in chosen]
        return [{"night": night, **signed(group, night.money)} for night in chosen]

    kinds = list(games.every_kind())
    by_points = [kind for kind in kinds if any(m.by_points for m in matches[kind.game])]
    return {
        "best": rows(nights.best),
        "worst": rows(nights.worst),
        "by_money": nights.by_money,
        "counted": ", ".join(kind.nights_counted() for kind in kinds),
        "counted_by_points": words.each_and(kind.nights_by_points() for kind in by_points),
    }
