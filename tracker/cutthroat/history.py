"""Cutthroat in the group's history: its past tournaments, and its matches as the ratings and
leaderboards count them (docs/ratings.md).

Everything is read from what the rules stored with each tournament (its state) and hand (its
result), so a page costs the same however long each tournament was; nothing is replayed.
"""

from django.db.models import Prefetch
from django.utils import timezone

from tracker.cutthroat import board as cutthroat_board
from tracker.models import TournamentSeat
from tracker.rules import cutthroat
from tracker.rules.leaderboard import Match


def tournaments_of(group):
    """The group's tournaments, newest first, each with its seats (and players)."""
    seats = Prefetch("seats", queryset=TournamentSeat.objects.select_related("player"))
    return group.tournaments.prefetch_related(seats)


def tournament_result(board) -> cutthroat.TournamentResult:
    """The standings with every stored hand result, game by game, as a replay would give them."""
    by_game: dict[int, list] = {}
    for hand in cutthroat_board.every_hand(board):
        by_game.setdefault(hand.game, []).append(hand)
    games = [
        cutthroat.GameResult(
            number=game.number,
            winner=game.winner,
            totals=game.totals,
            hand_count=game.hand_count,
            hands=by_game.get(game.number, []),
        )
        for game in board.standings.games
    ]
    return cutthroat.TournamentResult(**{**vars(board.standings), "games": games})


def matches(group, game: str) -> list[Match]:
    """Every finished game (won by someone), tournament after tournament by the time each was
    started, game after game, ranked by final scores; the game that decided a tournament
    carries its champion and the buy-ins he took."""
    found = []
    oldest_first = tournaments_of(group).order_by("created_at", "pk")
    for tournament in oldest_first.prefetch_related("hands"):
        board = cutthroat_board.load(tournament)
        result = tournament_result(board)
        owed = cutthroat.money_owed(board.standings, tournament.game_stake, tournament.buy_in)
        for_money = bool(tournament.game_stake or tournament.buy_in)
        finished = [each for each in result.games if each.winner is not None]
        for each in finished:
            decided = each is finished[-1] and result.champion is not None
            money = {}
            if for_money:
                parts = [owed.get((cutthroat.GAME, each.number), {})]
                parts += [owed.get((cutthroat.CHAMPION, 0), {})] if decided else []
                money = {name: sum(part.get(name, 0) for part in parts) for name in board.names}
            bag_outs = {
                name: sum(cutthroat.bagged_out(hand, name, board.settings) for hand in each.hands)
                for name in board.names
            }
            found.append(
                Match(
                    game,
                    timezone.localdate(tournament.created_at),
                    scores=dict(each.totals),
                    money=money,
                    champion=result.champion if decided else None,
                    bag_outs=bag_outs,
                )
            )
    return found
