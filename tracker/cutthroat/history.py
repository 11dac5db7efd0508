"""Cutthroat in the group's history: its past tournaments and their charts, and its matches as
the ratings and leaderboards count them (docs/ratings.md).

Everything is read from what the rules stored with each tournament (its state) and hand (its
result), so a page costs the same however long each tournament was; nothing is replayed.
"""

from django.db.models import Prefetch
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _

from core.game_parts import PastGames
from core.games import PlayerRecord, Section
from core.web import charts
from core.web.lists import player_links
from ledger.settlement import fewest_transfers
from tracker.cutthroat import board as cutthroat_board
from tracker.cutthroat import rules as cutthroat
from tracker.cutthroat.models import TournamentSeat
from tracker.cutthroat.money import owed_in_tournament
from tracker.cutthroat.rules import records
from tracker.rules.leaderboard import Match
from tracker.rules.records import Replay


def tournaments_of(group):
    """The group's tournaments, newest first, each with its seats (and players)."""
    seats = Prefetch("seats", queryset=TournamentSeat.objects.select_related("player"))
    return group.tournaments.prefetch_related(seats)


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
        "players": player_links(group, board.seats),
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


def chart_page(group, board) -> dict:
    """What a past tournament's page shows: its row and each game's chart."""
    return {"row": tournament_row(group, board), "games": tournament_charts(board)}


past = PastGames(
    tournaments_of,
    tournament_row,
    chart_page,
    "cutthroat/history_tournaments.html",
    "cutthroat/history_tournament.html",
)


def tournament_charts(board) -> list[dict]:
    result = tournament_result(board)
    return [
        {**row, "chart": game_chart(board, game)}
        for row, game in zip(game_rows(board), result.games, strict=True)
    ]


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


def player_record(group, player) -> PlayerRecord:
    """His record over every tournament he sat in, counted from every stored hand result, and
    his finished games against each rival."""
    played_in = tournaments_of(group).filter(seats__player=player).prefetch_related("hands")
    boards = [cutthroat_board.load(tournament) for tournament in played_in]
    replays = [Replay(b.names, b.settings, tournament_result(b)) for b in boards]
    record = records.player_record(player.name, replays)
    return PlayerRecord(
        Section("cutthroat/_record.html", {"cut": record}),
        {
            row.rival: Section("cutthroat/_rivalry.html", {"row": row})
            for row in records.rivalries(player.name, replays)
        },
    )


def settlements(group, limit: int = 10) -> Section:
    """The latest tournaments played for money, each with who pays whom for it alone."""
    played_for_money = tournaments_of(group).exclude(game_stake=0, buy_in=0)
    settled = []
    for tournament in played_for_money[:limit]:
        owed = owed_in_tournament(cutthroat_board.load(tournament))
        transfers = fewest_transfers(owed) if any(owed.values()) else []
        settled.append({"tournament": tournament, "transfers": transfers})
    return Section("cutthroat/_settlements.html", {"tournaments": settled})
