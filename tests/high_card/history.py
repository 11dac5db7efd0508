"""What the group's history and ratings read of high card: each closed table a match, its
players ranked by the money it paid them."""

from core.game_parts import PastGames
from tests.high_card.board import load
from tests.high_card.models import HighCard
from tracker.rules.leaderboard import Match


def matches(group, game: str) -> list[Match]:
    closed = HighCard.objects.filter(group=group, closed_at__isnull=False).order_by("created_at")
    return [_match(load(table), game) for table in closed]


def _match(board, game: str) -> Match:
    money = dict(board.state.money)
    return Match(game, board.table.created_at.date(), money, money=money, by_points=False)


def player_record(group, player):
    return None


def settlements(group):
    return None


def tables_of(group):
    return HighCard.objects.filter(group=group)


def as_read(group, board):
    """A past table, in the list or on its own page: its board, as the templates read it."""
    return {"board": board}


past = PastGames(tables_of, as_read, as_read, "high_card/past.html", "high_card/past_table.html")
