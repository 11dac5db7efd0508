"""Ratings of the players of a group, from the order they finished in, match after match.

A match is a ranking: places best first, each place a list of the names tied on it. The model is
openskill's Plackett–Luce with the library's defaults (μ 25, σ 25/3), so anyone with the same
matches and the same library gets the same numbers. A player is shown at μ − 3σ, a rating he
is very likely to be at least as good as: it starts at 0 and rises as the matches make the
model surer of him, so a newcomer with one lucky win does not top the table.
"""

from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from openskill.models import PlackettLuce, PlackettLuceRating

from basics.collation import sort_key

# Under this many matches a rating is marked provisional: the model has seen too little of the
# player, and a single result can still move him past half the table. Five is an evening of
# Cutthroat games or a month of Cắt Tê sessions: enough to have met most of the group.
PROVISIONAL_GAMES = 5

# What everyone starts at: μ − 3σ of openskill's newcomer (25 − 3 · 25/3), which the floats
# make a hair below zero.
START_RATING = 0.0

Ranking = list[list[str]]  # places best first; the names on one place are tied


@dataclass(frozen=True)
class Rating:
    name: str
    mu: float
    sigma: float
    games: int  # matches played

    @property
    def rating(self) -> float:
        """The conservative rating shown: μ − 3σ."""
        return self.mu - 3 * self.sigma

    @property
    def provisional(self) -> bool:
        return self.games < PROVISIONAL_GAMES


def ranking_by(scores: Mapping[str, Any]) -> Ranking:
    """The ranking of a match from each player's score (points or money): highest first, equal
    scores tied."""
    places: dict[Any, list[str]] = {}
    for name, score in sorted(scores.items(), key=lambda item: item[1], reverse=True):
        places.setdefault(score, []).append(name)
    return list(places.values())


def rated_matches(matches: Iterable[Ranking]) -> Iterator[list[Rating]]:
    """After each match, played in this order, the new ratings of its players. A match of
    fewer than two players tells nothing and is passed over."""
    model = PlackettLuce()
    ratings: dict[str, PlackettLuceRating] = {}
    games: dict[str, int] = {}
    for places in matches:
        names = [name for place in places for name in place]
        if len(names) < 2:
            continue
        # The rank of a place is its position, so tied names share one rank (lower is better).
        ranks: list[float] = [number for number, place in enumerate(places) for _ in place]
        teams = [[ratings.get(name) or model.rating(name=name)] for name in names]
        updated = []
        for name, [rated] in zip(names, model.rate(teams, ranks=ranks), strict=True):
            ratings[name] = rated
            games[name] = games.get(name, 0) + 1
            updated.append(Rating(name, rated.mu, rated.sigma, games[name]))
        yield updated


def rate(matches: Iterable[Ranking]) -> list[Rating]:
    """Every player's rating after `matches`, played in this order; best rating first, equal
    ratings by name."""
    latest: dict[str, Rating] = {}
    for updated in rated_matches(matches):
        latest.update((row.name, row) for row in updated)
    return sorted(latest.values(), key=lambda row: (-row.rating, sort_key(row.name)))


def rating_history(matches: Iterable[Ranking]) -> dict[str, list[float]]:
    """Each player's rating before his first match and after every match he played, in order:
    the last is his rating in `rate`."""
    history: dict[str, list[float]] = {}
    for updated in rated_matches(matches):
        for row in updated:
            history.setdefault(row.name, [START_RATING]).append(row.rating)
    return history
