"""What a row of a game's leaderboard shows beside the rating (the ratings page, docs/ratings.md).

Each game declares its columns in order (`GameKind.leaderboard_columns`): the ones any game
may show (matches played, wins, the longest winning streak, money) and its own, each counting
a field of the standing or a tally of its matches (tracker.rules.leaderboard).
"""

from collections.abc import Callable
from dataclasses import dataclass

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from core.money import signed


@dataclass(frozen=True)
class Column:
    key: str  # what the standing counts: games, wins, longest_streak, money, or a tally
    # The row's fact as the page writes it: its text, and the colour class of an amount (None
    # for a count, which has no colour).
    write: Callable[..., dict]
    hidden_when_all_zero: bool = False  # a column of zeros on every row would say nothing

    def shown(self, rows) -> bool:
        return not self.hidden_when_all_zero or any(row.count(self.key) for row in rows)


def counted(key: str, words: Callable[[int], str], hidden_when_all_zero=False) -> Column:
    """A column of a count: `words` writes it ("bag-outs 2")."""

    def write(row, group) -> dict:
        return {"text": words(row.count(key)), "tone": None}

    return Column(key, write, hidden_when_all_zero)


def _won(row, group) -> dict:
    text = _("won %(wins)s") % {"wins": row.wins}
    return {"text": text if row.win_rate is None else f"{text} ({row.win_rate}%)", "tone": None}


def _money(row, group) -> dict:
    return signed(group, row.money)


GAMES = counted(
    "games", lambda games: ngettext("%(games)s game", "%(games)s games", games) % {"games": games}
)
WINS = Column("wins", _won)
STREAK = counted(
    "longest_streak", lambda streak: _("longest winning streak %(streak)s") % {"streak": streak}
)
MONEY = Column("money", _money)
EVERY_GAME = (GAMES, WINS, STREAK, MONEY)  # what a game shows unless it says otherwise
