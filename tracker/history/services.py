"""The group's history: past tournaments and sessions, their charts, and a player's record.

Lists read what the rules computed and stored with each tournament and session (their states),
so a page costs the same however long each game was; charts and a player's record read the
stored result of every hand and round. Nothing here replays a game.
"""

from dataclasses import dataclass
from decimal import Decimal
from functools import partial

from django.core.paginator import Page, Paginator
from django.db.models import Prefetch
from django.urls import reverse
from django.utils.translation import gettext as _

from ledger.settlement import fewest_transfers
from tracker.catte import board as catte_board
from tracker.catte import settling
from tracker.common.locale_money import amount_text, number_text
from tracker.common.money import signed
from tracker.cutthroat import board as cutthroat_board
from tracker.cutthroat.money import owed_in_tournament
from tracker.history import charts, stats
from tracker.models import SessionSeat, TournamentSeat
from tracker.rules import catte, cutthroat

PAGE_SIZE = 10


@dataclass
class Replay:
    """What a player's record is counted from: a game's players, settings and results."""

    names: list[str]
    settings: object
    result: object  # a TournamentResult or a SessionResult


def tournaments_of(group):
    """The group's tournaments, newest first, each with its seats (and players)."""
    seats = Prefetch("seats", queryset=TournamentSeat.objects.select_related("player"))
    return group.tournaments.prefetch_related(seats)


def sessions_of(group):
    """The group's sessions, newest first, each with its seats (and players)."""
    seats = Prefetch("seats", queryset=SessionSeat.objects.select_related("player"))
    return group.sessions.prefetch_related(seats)


def page_of(queryset, number) -> Page:
    return Paginator(queryset, PAGE_SIZE).get_page(number)


def _players(group, seats) -> list[dict]:
    return [
        {"name": seat.player.name, "url": reverse("player_stats", args=[group.pk, seat.player_id])}
        for seat in seats
    ]


def game_rows(board) -> list[dict]:
    """Each game: its winner and every player's final score, highest first."""
    return [
        {
            "number": game.number,
            "winner": game.winner,
            "hands": game.hand_count,
            "scores": sorted(
                ({"name": name, "score": score} for name, score in game.totals.items()),
                key=lambda row: -row["score"],
            ),
        }
        for game in board.standings.games
    ]


def tournament_row(group, board) -> dict:
    """A past tournament for the list: players, preset, champion and its games."""
    tournament = board.tournament
    return {
        "tournament": tournament,
        "players": _players(group, board.seats),
        "preset": cutthroat.preset_name(board.settings.preset),
        "target": board.settings.target,
        "champion": board.standings.champion,
        "hands": board.hands_played,
        "games": game_rows(board),
        "charts_url": reverse("history_tournament", args=[group.pk, tournament.pk]),
    }


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


def game_chart(board, game: cutthroat.GameResult):
    """A game's score after each hand, one line per player, with the target marked."""
    lines = [
        charts.Line(short, [0, *(hand.totals[name] for hand in game.hands)], title=name)
        for name, short in zip(board.names, board.short_names, strict=True)
    ]
    target = board.settings.target
    return charts.line_chart(
        lines,
        title=_("Game %(number)d: score after each hand") % {"number": game.number},
        # Translators: the horizontal axis of a chart, counted in hands.
        x_label=_("hand"),
        # Translators: the dashed line of a chart at the score that wins a game.
        reference=(target, _("target %(score)d") % {"score": target}),
    )


def tournament_charts(board) -> list[dict]:
    result = tournament_result(board)
    return [
        {**row, "chart": game_chart(board, game)}
        for row, game in zip(game_rows(board), result.games, strict=True)
    ]


def session_row(group, board) -> dict:
    """A past session for the list: date, players, stake, money and number of rounds."""
    session, settled = board.session, board.settled
    return {
        "session": session,
        "players": _players(group, board.seats),
        "stake": amount_text(group, board.settings.stake),
        "rounds": board.rounds_played,
        "money": [{"name": name, **signed(group, settled.totals[name])} for name in board.names],
        "chart_url": reverse("history_session", args=[group.pk, session.pk]),
        "side_pot_settled": settled.totals != board.state.running,
    }


def session_result(board) -> catte.SessionResult:
    """The session's money with every stored round result, as a replay would give them."""
    rounds = [played.result for played in catte_board.every_round(board)]
    return catte.session_result(board.state, board.settings, rounds, board.is_closed)


def money_chart(group, board):
    """Each player's money after each round: the running sum of the rounds' `net`."""
    lines = {
        name: charts.Line(short, [Decimal(0)], title=name)
        for name, short in zip(board.names, board.short_names, strict=True)
    }
    running = dict.fromkeys(board.names, Decimal(0))
    for played in catte_board.every_round(board):
        for name, line in lines.items():
            running[name] += played.result.net[name]
            line.values.append(running[name])
    return charts.line_chart(
        list(lines.values()),
        title=_("%(session)s: money after each round (%(currency)s)")
        % {"session": board.session, "currency": group.currency},
        # Translators: the horizontal axis of a chart, counted in rounds.
        x_label=_("round"),
        fmt=partial(number_text, group),
    )


def player_replays(group, player) -> tuple[list[Replay], list[Replay]]:
    """Every tournament and session `player` sat in, with every stored hand and round result."""
    played_in = tournaments_of(group).filter(seats__player=player).prefetch_related("hands")
    sat_in = sessions_of(group).filter(seats__player=player).prefetch_related("rounds")
    boards = [cutthroat_board.load(tournament) for tournament in played_in]
    sessions = [catte_board.load(session) for session in sat_in]
    return (
        [Replay(b.names, b.settings, tournament_result(b)) for b in boards],
        [Replay(b.names, b.settings, session_result(b)) for b in sessions],
    )


def player_page(group, player) -> dict:
    """The record of `player`, with a link to each rival's own page."""
    tournaments, sessions = player_replays(group, player)
    record = stats.player_record(player.name, tournaments, sessions)
    urls = {p.name: reverse("player_stats", args=[group.pk, p.pk]) for p in group.players.all()}
    rivals = [{"row": row, "url": urls.get(row.rival)} for row in record.rivals]
    return {"record": record, "rivals": rivals, "net": signed(group, record.catte.net)}


def session_settlements(group, sessions) -> list[dict]:
    """Each session with who pays whom to settle that session alone; a closed session's
    transfers with what has been paid towards them since it closed."""
    paid = settling.paid_at_close(group)
    settled = []
    for session in sessions:
        board = catte_board.load(session)
        balances = board.settled.settlement_balances
        transfers = fewest_transfers(balances) if any(balances.values()) else []
        pairs = paid.get(session.pk) or [(transfer, 0) for transfer in transfers]
        settled.append(
            {
                "session": session,
                "board": board,
                "totals": board.settled.totals,
                "transfers": [settling.transfer_row(group, *pair) for pair in pairs],
            }
        )
    return settled


def tournament_settlements(group, limit: int = 10) -> list[dict]:
    """The latest tournaments played for money, each with who pays whom for it alone."""
    played_for_money = tournaments_of(group).exclude(game_stake=0, buy_in=0)
    settled = []
    for tournament in played_for_money[:limit]:
        owed = owed_in_tournament(cutthroat_board.load(tournament))
        transfers = fewest_transfers(owed) if any(owed.values()) else []
        settled.append({"tournament": tournament, "transfers": transfers})
    return settled
