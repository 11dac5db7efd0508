"""The group's ratings, per game, recomputed from its whole history (docs/ratings.md).

Each finished Cutthroat game is a match ranked by its final scores; each closed Cắt Tê session is
a match ranked by the money each player won in it. Matches are read from what the rules stored
with each tournament and session (no game is replayed) and rated in the order they were played,
so a correction, an undo or a reopened session changes the ratings exactly as a recomputation
from scratch would: it is one.
"""

from django.core.cache import cache
from django.urls import reverse
from django.utils.translation import gettext as _

from tracker.catte import board as catte_board
from tracker.cutthroat import board as cutthroat_board
from tracker.history.services import sessions_of, tournaments_of
from tracker.rules.ratings import Ranking, Rating, ranking_by, rate

GAMES = ("cutthroat", "catte")
RATINGS_SECONDS = 24 * 60 * 60  # a new version of the group is a new key anyway


def played_in(queryset, year: int | None):
    """Oldest first, as the games were played; `year`: those started in that calendar year."""
    if year is not None:
        queryset = queryset.filter(created_at__year=year)
    return queryset.order_by("created_at", "pk")


def cutthroat_matches(group, year: int | None = None) -> list[Ranking]:
    """Every finished game (won by someone), tournament after tournament, game after game."""
    matches = []
    for tournament in played_in(tournaments_of(group), year):
        for game in cutthroat_board.load(tournament).standings.games:
            if game.winner is not None:
                matches.append(ranking_by(game.totals))
    return matches


def catte_matches(group, year: int | None = None) -> list[Ranking]:
    """Every closed session, ranked by money won (side pot settled); an open session waits
    until it is closed. A player who joined after the last round never sat down to play."""
    matches = []
    closed = played_in(sessions_of(group), year).filter(closed_at__isnull=False)
    for session in closed:
        board = catte_board.load(session)
        played = [
            seat.player.name
            for seat in board.seats
            if seat.joined_after_round is None or seat.joined_after_round < board.rounds_played
        ]
        if board.rounds_played:
            matches.append(ranking_by({name: board.settled.totals[name] for name in played}))
    return matches


def group_ratings(group, year: int | None = None) -> dict[str, list[Rating]]:
    """{"cutthroat": ratings, "catte": ratings}, each best first."""
    return {
        "cutthroat": rate(cutthroat_matches(group, year)),
        "catte": rate(catte_matches(group, year)),
    }


def cached_ratings(group, year: int | None = None) -> dict[str, list[Rating]]:
    """`group_ratings`, worked out once per version of the group: every change of a game, and
    every renamed player, bumps that version."""
    key = f"ratings:{group.pk}:{group.version}:{year or 'all'}"
    return cache.get_or_set(key, lambda: group_ratings(group, year), RATINGS_SECONDS)


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


def leaderboards(group, ratings: dict[str, list[Rating]]) -> list[dict]:
    """Each game's ratings for the page, best first, each name linked to the player's page."""
    urls = {p.name: reverse("player_stats", args=[group.pk, p.pk]) for p in group.players.all()}
    titles = {"cutthroat": _("Cutthroat"), "catte": _("Cắt Tê")}
    return [
        {
            "game": game,
            "title": titles[game],
            "rows": [
                {"place": place, "row": row, "url": urls.get(row.name)}
                for place, row in enumerate(ratings[game], start=1)
            ],
        }
        for game in GAMES
    ]
