"""The group's matches, as the ratings and leaderboards count them (docs/ratings.md).

Each finished Cutthroat game is a match ranked by its final scores; each closed Cắt Tê session
is a match ranked by the money each player won in it. Matches are read from what the rules
stored with each tournament, hand, session and round (no game is replayed), oldest first, so a
correction, an undo or a reopened session changes everything counted from them exactly as a
recomputation from scratch would: it is one.
"""

from django.db.models import Count
from django.utils import timezone

from tracker.catte import board as catte_board
from tracker.cutthroat import board as cutthroat_board
from tracker.history.services import sessions_of, tournament_result, tournaments_of
from tracker.models import Round
from tracker.rules import cutthroat
from tracker.rules.leaderboard import CATTE, CUTTHROAT, Match


def oldest_first(queryset):
    return queryset.order_by("created_at", "pk")


def cutthroat_matches(group) -> list[Match]:
    """Every finished game (won by someone), tournament after tournament, game after game; the
    game that decided a tournament carries its champion and the buy-ins he took."""
    matches = []
    for tournament in oldest_first(tournaments_of(group)).prefetch_related("hands"):
        board = cutthroat_board.load(tournament)
        result = tournament_result(board)
        owed = cutthroat.money_owed(board.standings, tournament.game_stake, tournament.buy_in)
        for_money = bool(tournament.game_stake or tournament.buy_in)
        finished = [game for game in result.games if game.winner is not None]
        for game in finished:
            decided = game is finished[-1] and result.champion is not None
            money = {}
            if for_money:
                parts = [owed.get((cutthroat.GAME, game.number), {})]
                parts += [owed.get((cutthroat.CHAMPION, 0), {})] if decided else []
                money = {name: sum(part.get(name, 0) for part in parts) for name in board.names}
            bag_outs = {
                name: sum(cutthroat.bagged_out(hand, name, board.settings) for hand in game.hands)
                for name in board.names
            }
            matches.append(
                Match(
                    CUTTHROAT,
                    timezone.localdate(tournament.created_at),
                    scores=dict(game.totals),
                    money=money,
                    champion=result.champion if decided else None,
                    bag_outs=bag_outs,
                )
            )
    return matches


def catte_matches(group) -> list[Match]:
    """Every closed session with a round, ranked by money won (side pot settled); an open
    session waits until it is closed. A player who joined after the last round never sat
    down to play. Each session's money is its stored state's; its sweeps are counted in the
    database, from the result stored with each round."""
    matches = []
    closed = oldest_first(sessions_of(group)).filter(closed_at__isnull=False)
    swept = sweeps_by_seat(closed)
    for session in closed:
        board = catte_board.load(session)
        if not board.rounds_played:
            continue
        played = [
            seat.player.name
            for seat in board.seats
            if seat.joined_after_round is None or seat.joined_after_round < board.rounds_played
        ]
        sweeps = dict.fromkeys(played, 0)
        for seat, count in swept.get(session.pk, {}).items():
            if board.names[seat] in sweeps:
                sweeps[board.names[seat]] = count
        money = {name: board.settled.totals[name] for name in played}
        matches.append(
            Match(
                CATTE,
                timezone.localdate(session.created_at),
                scores=money,
                money=money,
                sweeps=sweeps,
            )
        )
    return matches


def sweeps_by_seat(sessions) -> dict[int, dict[int, int]]:
    """Session → seat → how many rounds he swept, in one query."""
    rows = (
        Round.objects.filter(session__in=sessions, result__result="sweep")
        .values_list("session_id", "result__winner")
        .annotate(count=Count("pk"))
        .order_by()
    )
    swept: dict[int, dict[int, int]] = {}
    for session_id, seat, count in rows:
        swept.setdefault(session_id, {})[int(seat)] = count
    return swept


def group_matches(group) -> dict[str, list[Match]]:
    """{"cutthroat": matches, "catte": matches}, each oldest first."""
    return {CUTTHROAT: cutthroat_matches(group), CATTE: catte_matches(group)}
