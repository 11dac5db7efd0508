"""Each game's leaderboard over a season, and a player's best and worst nights.

A match is what a rating counts (docs/ratings.md): one finished Cutthroat game, or one closed
Cắt Tê session. Beside the rating, the leaderboard counts from the same matches, in the order
they were played: wins, tournaments won, money, sweeps, bag-outs and the longest run of wins.

A season is a span of days, both ends included; a match belongs to the season of the day its
tournament or session was started.
"""

from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import date
from decimal import ROUND_HALF_UP, Decimal

from tracker.rules.ratings import Ranking, Rating, ranking_by, rate

CUTTHROAT, CATTE = "cutthroat", "catte"
MOST_NIGHTS = 3  # best nights shown, and as many worst


@dataclass(frozen=True)
class Match:
    game: str  # CUTTHROAT or CATTE
    played_on: date  # the day its tournament or session was started
    scores: dict  # name → what ranks the players: final points, or money won in the session
    money: dict = field(default_factory=dict)  # name → Decimal won (+) or lost (−) by it
    champion: str | None = None  # who won the tournament this game decided
    sweeps: dict = field(default_factory=dict)  # name → rounds he won with a sweep
    bag_outs: dict = field(default_factory=dict)  # name → times he bagged out in it

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


def percent(part: int, whole: int) -> int | None:
    """part / whole in whole percent, half up; None when there is nothing to divide by."""
    if not whole:
        return None
    return int((Decimal(100 * part) / whole).quantize(Decimal(1), rounding=ROUND_HALF_UP))


@dataclass
class Standing:
    rating: Rating
    wins: int = 0
    tournaments_won: int = 0
    money: Decimal = Decimal(0)
    sweeps: int = 0
    bag_outs: int = 0
    longest_streak: int = 0  # most matches won one after another, of those he played

    @property
    def name(self) -> str:
        return self.rating.name

    @property
    def games(self) -> int:
        return self.rating.games

    @property
    def win_rate(self) -> int | None:
        return percent(self.wins, self.games)


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
            row.sweeps += match.sweeps.get(name, 0)
            row.bag_outs += match.bag_outs.get(name, 0)
    return list(rows.values())


@dataclass(frozen=True)
class Night:
    day: date
    money: Decimal | None  # won or lost that day; None when nothing that day was for money
    points: int  # his final points in the finished Cutthroat games of that day


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
        if match.game == CUTTHROAT:
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
