"""The group's history: past tournaments and sessions, their charts, and a player's record.

Every page costs the same number of queries however long the history is: a list fetches one
page of tournaments (or sessions) with their seats and hands (or rounds) in one query each, and
a player's page fetches everything he played in six. The replays then run in Python, through the
rules engine, exactly as the scoreboard and the session page run them.
"""

from decimal import Decimal

from django.core.paginator import Page, Paginator
from django.db.models import Prefetch
from django.urls import reverse

from tracker.catte import services as catte_sessions
from tracker.catte.display import signed
from tracker.cutthroat import services as tournaments
from tracker.history import charts, stats
from tracker.models import SessionSeat, TournamentSeat
from tracker.rules import cutthroat

PAGE_SIZE = 10


def tournaments_of(group):
    """The group's tournaments, newest first, each with its seats (and players) and hands."""
    seats = Prefetch("seats", queryset=TournamentSeat.objects.select_related("player"))
    return group.tournaments.prefetch_related(seats, "hands")


def sessions_of(group):
    """The group's sessions, newest first, each with its seats (and players) and rounds."""
    seats = Prefetch("seats", queryset=SessionSeat.objects.select_related("player"))
    return group.sessions.prefetch_related(seats, "rounds")


def page_of(queryset, number) -> Page:
    return Paginator(queryset, PAGE_SIZE).get_page(number)


def _players(group, seats) -> list[dict]:
    return [
        {"name": seat.player.name, "url": reverse("player_stats", args=[group.pk, seat.player_id])}
        for seat in seats
    ]


def game_rows(board: tournaments.Scoreboard) -> list[dict]:
    """Each game: its winner and every player's final score, highest first."""
    return [
        {
            "number": game.number,
            "winner": game.winner,
            "hands": len(game.hands),
            "scores": sorted(
                ({"name": name, "score": score} for name, score in game.totals.items()),
                key=lambda row: -row["score"],
            ),
        }
        for game in board.result.games
    ]


def tournament_row(group, board: tournaments.Scoreboard) -> dict:
    """A past tournament for the list: players, preset, champion and its games."""
    tournament = board.tournament
    return {
        "tournament": tournament,
        "players": _players(group, board.seats),
        "preset": board.settings.preset,
        "target": board.settings.target,
        "champion": board.result.champion,
        "hands": len(board.hands),
        "games": game_rows(board),
        "charts_url": reverse("history_tournament", args=[group.pk, tournament.pk]),
    }


def game_chart(board: tournaments.Scoreboard, game: cutthroat.GameResult):
    """A game's score after each hand, one line per player, with the target marked."""
    lines = [
        charts.Line(name, [0, *(hand.totals[name] for hand in game.hands)]) for name in board.names
    ]
    target = board.settings.target
    return charts.line_chart(
        lines,
        title=f"Game {game.number}: score after each hand",
        x_label="hand",
        reference=(target, f"target {target}"),
    )


def tournament_charts(board: tournaments.Scoreboard) -> list[dict]:
    return [
        {**row, "chart": game_chart(board, game)}
        for row, game in zip(game_rows(board), board.result.games, strict=True)
    ]


def session_row(group, board: catte_sessions.SessionBoard) -> dict:
    """A past session for the list: date, players, stake, money and number of rounds."""
    session = board.session
    return {
        "session": session,
        "players": _players(group, board.seats),
        "stake": group.format_amount(board.settings.stake),
        "rounds": len(board.result.rounds),
        "money": [
            {"name": name, **signed(group, board.result.totals[name])} for name in board.names
        ],
        "chart_url": reverse("history_session", args=[group.pk, session.pk]),
        "side_pot_settled": board.result.totals != board.result.running,
    }


def money_chart(group, board: catte_sessions.SessionBoard):
    """Each player's money after each round: the running sum of the rounds' `net`."""
    lines = [charts.Line(name, [Decimal(0)]) for name in board.names]
    running = dict.fromkeys(board.names, Decimal(0))
    for round_ in board.result.rounds:
        for line in lines:
            running[line.label] += round_.net[line.label]
            line.values.append(running[line.label])
    return charts.line_chart(
        lines,
        title=f"{board.session}: money after each round ({group.currency})",
        x_label="round",
        fmt=group.format_amount,
    )


def player_replays(group, player) -> tuple[list, list]:
    """Every tournament and session `player` sat in, replayed: six queries whatever the count."""
    played_in = tournaments_of(group).filter(seats__player=player)
    sat_in = sessions_of(group).filter(seats__player=player)
    return (
        [tournaments.load(tournament) for tournament in played_in],
        [catte_sessions.load(session) for session in sat_in],
    )


def player_page(group, player) -> dict:
    """The record of `player`, with a link to each rival's own page."""
    boards, sessions = player_replays(group, player)
    record = stats.player_record(player.name, boards, sessions)
    urls = {
        seat.player.name: reverse("player_stats", args=[group.pk, seat.player_id])
        for board in [*boards, *sessions]
        for seat in board.seats
    }
    rivals = [{"row": row, "url": urls.get(row.rival)} for row in record.rivals]
    return {"record": record, "rivals": rivals, "net": signed(group, record.catte.net)}
