"""The group's history: past tournaments and sessions, their charts, and a player's record.

Lists read what the rules computed and stored with each tournament and session (their states),
so a page costs the same however long each game was; charts and a player's record read the
stored result of every hand and round. Nothing here replays a game.
"""

from dataclasses import dataclass

from django.urls import reverse

from ledger.settlement import fewest_transfers
from tracker.catte import board as catte_board
from tracker.catte.history import session_result, sessions_of
from tracker.common.money import signed
from tracker.cutthroat import board as cutthroat_board
from tracker.cutthroat.history import tournament_result, tournaments_of
from tracker.cutthroat.money import owed_in_tournament
from tracker.history import stats


@dataclass
class Replay:
    """What a player's record is counted from: a game's players, settings and results."""

    names: list[str]
    settings: object
    result: object  # a TournamentResult or a SessionResult


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
    """Each session with who pays whom to settle that session alone."""
    settled = []
    for session in sessions:
        board = catte_board.load(session)
        balances = board.settled.settlement_balances
        settled.append(
            {
                "session": session,
                "board": board,
                "totals": board.settled.totals,
                "transfers": fewest_transfers(balances) if any(balances.values()) else [],
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
