"""Cắt Tê in the group's history: its past sessions and their charts, and its matches as the
ratings and leaderboards count them (docs/ratings.md).

Everything is read from what the rules stored with each session (its state) and round (its
result), so a page costs the same however long each session was; nothing is replayed.
"""

from decimal import Decimal

from django.db.models import Count, Prefetch
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _

from core.game_parts import PastGames
from core.games import PlayerRecord, Section
from core.locale_money import amount_text
from core.money import signed
from core.web.lists import page_of, player_links
from core.web.money_charts import money_after_each_round
from ledger.settlement import fewest_transfers
from tracker.catte import board as catte_board
from tracker.catte import rules as catte
from tracker.catte import settling
from tracker.catte.models import Round, SessionSeat
from tracker.catte.rules import records
from tracker.rules.leaderboard import Match
from tracker.rules.records import Replay


def sessions_of(group):
    """The group's sessions, newest first, each with its seats (and players)."""
    seats = Prefetch("seats", queryset=SessionSeat.objects.select_related("player"))
    return group.sessions.prefetch_related(seats)


def session_row(group, board) -> dict:
    """A past session for the list: date, players, stake, money and number of rounds."""
    session, settled = board.session, board.settled
    return {
        "session": session,
        "players": player_links(group, board.seats),
        "stake": amount_text(group, board.settings.stake),
        "rounds": board.rounds_played,
        "money": [{"name": name, **signed(group, settled.totals[name])} for name in board.names],
        "chart_url": reverse("history_session", args=[group.pk, session.pk]),
        "side_pot_settled": settled.totals != board.state.running,
    }


def session_result(board) -> catte.SessionResult:
    """The session's money with every stored round result, as a replay would give them."""
    rounds = [played.result for played in board.every_round()]
    return catte.session_result(board.state, board.settings, rounds, board.is_closed)


def chart_page(group, board) -> dict:
    """What a past session's page shows: its row and, once it has a round, its chart."""
    chart = money_chart(group, board) if board.rounds_played else None
    return {"row": session_row(group, board), "chart": chart}


past = PastGames(
    sessions_of,
    session_row,
    chart_page,
    "catte/history_sessions.html",
    "catte/history_session.html",
)


def money_chart(group, board):
    """Each player's money after each round: the running sum of the rounds' `net`."""
    title = _("%(session)s: money after each round (%(currency)s)") % {
        "session": board.session,
        "currency": group.currency,
    }
    return money_after_each_round(group, board, board.every_round(), title)


def matches(group, game: str) -> list[Match]:
    """Every closed session with a round, oldest first, ranked by money won (side pot
    settled); an open session waits until it is closed. A player who joined after the last
    round never sat down to play. Each session's money is its stored state's; its sweeps are
    counted in the database, from the result stored with each round."""
    found = []
    closed = sessions_of(group).filter(closed_at__isnull=False).order_by("created_at", "pk")
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
        day = timezone.localdate(session.created_at)
        found.append(Match(game, day, money, money=money, by_points=False, sweeps=sweeps))
    return found


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


def player_record(group, player) -> PlayerRecord:
    """His record over every session he sat in, counted from every stored round result, and
    his rounds against each rival."""
    sat_in = sessions_of(group).filter(seats__player=player).prefetch_related("rounds")
    boards = [catte_board.load(session) for session in sat_in]
    replays = [Replay(b.names, b.settings, session_result(b)) for b in boards]
    record = records.player_record(player.name, replays)
    return PlayerRecord(
        Section("catte/_record.html", {"cat": record, "net": signed(group, record.net)}),
        {
            row.rival: Section("catte/_rivalry.html", {"row": row})
            for row in records.rivalries(player.name, replays)
        },
    )


def settlements(group, page_number) -> Section:
    """A page of the group's sessions, each with who pays whom to settle that session alone; a
    closed session's transfers with what has been paid towards them since it closed."""
    page = page_of(sessions_of(group), page_number)
    paid, settled = settling.paid_at_close(group), []
    for session in page:
        balances = catte_board.load(session).settled.settlement_balances
        transfers = fewest_transfers(balances) if any(balances.values()) else []
        pairs = paid.get(session.pk) or [(transfer, Decimal(0)) for transfer in transfers]
        rows = [settling.transfer_row(group, *pair) for pair in pairs]
        settled.append({"session": session, "transfers": rows})
    return Section("catte/_settlements.html", {"sessions": settled, "page": page})
