"""Each game's leaderboard over a season, and a player's best and worst nights.

A match is what a rating counts (docs/ratings.md): each game says what one is (a finished
Cutthroat game, a closed Cắt Tê session) and reads its matches from the group's history. Beside
the rating, a leaderboard counts from the same matches, in the order they were played: wins,
series won, money, the longest run of wins, and whatever else the game tallies in a match
(sweeps, bag-outs). Nothing here knows one game from another.

A season is a span of days, both ends included; a match belongs to the season of the day its
tournament or session was started.
"""

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from datetime import date
from decimal import Decimal

from tracker.rules.ratings import Ranking, Rating, ranking_by, rate
from tracker.rules.records import percent

# The two games' keys (their registry entries' `game`), for a match written by hand; nothing here
# tells one game from another.
CUTTHROAT, CATTE = "cutthroat", "catte"
MOST_NIGHTS = 3  # best nights shown, and as many worst


@dataclass(frozen=True, init=False)
class Match:
    """One match of a game: its players' scores, what it paid them and what the game tallies.

    Every keyword beyond the named ones is a tally the game counts in a match (sweeps={"An": 2},
    bag_outs={"An": 1}): name → how many times; a leaderboard adds each up per player."""

    game: str  # the game's key ("cutthroat", "catte")
    played_on: date  # the day its tournament or session was started
    scores: Mapping  # name → what ranks the players: final points, or money won in the session
    money: Mapping  # name → Decimal won (+) or lost (−) by it; empty when not played for money
    champion: str | None  # who won the series (a tournament) this match decided
    by_points: bool  # its scores are points, by which a night without money is counted
    tallies: Mapping[str, Mapping[str, int]]

    def __init__(
        self,
        game: str,
        played_on: date,
        scores: Mapping,
        money: Mapping | None = None,
        champion: str | None = None,
        by_points: bool = True,
        **tallies: Mapping[str, int],
    ):
        values = {"game": game, "played_on": played_on, "scores": scores, "money": money or {}}
        values |= {"champion": champion, "by_points": by_points, "tallies": tallies}
        for name, value in values.items():
            object.__setattr__(self, name, value)

    @property
    def ranking(self) -> Ranking:
        return ranking_by(self.scores)

    @property
    def winners(self) -> list[str]:
        """The first place: the game's winner, or the session's top money (shared when tied);
        nobody when every player is on it."""
        places = self.ranking
        return places[0] if len(places) > 1 else []


@dataclass(frozen=True)
class Season:
    name: str
    starts: date
    ends: date  # included

    def holds(self, day: date) -> bool:
        return self.starts <= day <= self.ends


def calendar_year(year: int) -> Season:
    return Season(str(year), date(year, 1, 1), date(year, 12, 31))


def calendar_years(matches: Iterable[Match]) -> list[Season]:
    """A season for each calendar year that has a match, the latest first."""
    years = sorted({match.played_on.year for match in matches}, reverse=True)
    return [calendar_year(year) for year in years]


def in_season(matches: Iterable[Match], season: Season | None) -> list[Match]:
    """The matches of `season` (all of them without one), in the order they were played."""
    return [match for match in matches if season is None or season.holds(match.played_on)]


@dataclass
class Standing:
    rating: Rating
    wins: int = 0
    tournaments_won: int = 0  # series won: matches of his that decided one as champion
    money: Decimal = Decimal(0)
    longest_streak: int = 0  # most matches won one after another, of those he played
    tallies: dict[str, int] = field(default_factory=dict)  # each tally of the game's matches

    @property
    def name(self) -> str:
        return self.rating.name

    @property
    def games(self) -> int:
        return self.rating.games

    @property
    def win_rate(self) -> int | None:
        return percent(self.wins, self.games)

    def count(self, key: str):
        """What the standing counts under `key`: one of its own (games, wins, money, …) or a
        tally of the game's matches (0 when none of his matches carried it)."""
        return self.tallies[key] if key in self.tallies else getattr(self, key, 0)

    def __getattr__(self, name: str) -> int:
        # A tally reads as a field: row.sweeps. Only for what is not found otherwise.
        tallies = self.__dict__.get("tallies")
        if tallies is None or name not in tallies:
            raise AttributeError(name)
        return tallies[name]


def leaderboard(matches: list[Match]) -> list[Standing]:
    """Every player of `matches` (played in this order), best rating first. A match of fewer
    than two players counts for nothing, as in the ratings."""
    counted = [match for match in matches if len(match.scores) >= 2]
    rows = {rating.name: Standing(rating) for rating in rate(m.ranking for m in counted)}
    running = dict.fromkeys(rows, 0)
    for match in counted:
        winners = match.winners
        for name in match.scores:
            row = rows[name]
            running[name] = running[name] + 1 if name in winners else 0
            row.longest_streak = max(row.longest_streak, running[name])
            row.wins += name in winners
            row.tournaments_won += match.champion == name
            row.money += match.money.get(name, 0)
            for tally, counts in match.tallies.items():
                row.tallies[tally] = row.tallies.get(tally, 0) + counts.get(name, 0)
    return list(rows.values())


@dataclass(frozen=True)
class Night:
    day: date
    money: Decimal | None  # won or lost that day; None when nothing that day was for money
    points: int  # his final points that day, in the matches scored in points


@dataclass(frozen=True)
class Nights:
    best: list[Night]  # best first
    worst: list[Night]  # worst first; never a night of `best`
    by_money: bool  # ranked by money; else by points, as no night was played for money


def nights_of(name: str, matches: Iterable[Match]) -> list[Night]:
    """Each day `name` played a match, in order of days, with what he won or lost that day."""
    money: dict[date, Decimal] = {}
    points: dict[date, int] = {}
    for match in matches:
        if name not in match.scores:
            continue
        day = match.played_on
        points.setdefault(day, 0)
        if match.by_points:
            points[day] += match.scores[name]
        if match.money:
            money[day] = money.get(day, Decimal(0)) + match.money.get(name, 0)
    return [Night(day, money.get(day), points[day]) for day in sorted(points)]


def best_and_worst(nights: list[Night], most: int = MOST_NIGHTS) -> Nights:
    """The best and the worst nights, at most `most` of each and none in both: by money when
    any night was played for money (the others left out), else by points; an earlier night
    first of equal ones."""
    with_money = [night for night in nights if night.money is not None]
    ranked = with_money or nights

    def result(night: Night):
        return night.money if with_money else night.points

    ordered = sorted(ranked, key=lambda night: (-result(night), night.day))
    best = ordered[: min(most, (len(ordered) + 1) // 2)]
    rest = sorted(ordered[len(best) :], key=lambda night: (result(night), night.day))
    return Nights(best, rest[:most], bool(with_money))
