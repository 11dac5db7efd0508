"""A player's page: his record in each game the registry holds, and his head to head with
each rival over every game they both played.

Each game reads its part from the results stored with its hands and rounds (`GameKind.
player_record`), so the page costs the same however long the history; nothing is replayed.
Players are told apart by name: names are unique in a group (ignoring case) and each record
uses the players' current names, so a renamed player keeps his whole record.
"""

from django.urls import reverse

from ledger.settlement import fewest_transfers
from tracker.catte import board as catte_board
from tracker.common import games
from tracker.common.names import sort_key
from tracker.cutthroat import board as cutthroat_board
from tracker.cutthroat.history import tournaments_of
from tracker.cutthroat.money import owed_in_tournament


def player_page(group, player) -> dict:
    """Each game's record of `player`, in the order of the registry, and one row per rival
    with each game's part, with a link to the rival's own page."""
    records = [kind.player_record(group, player) for kind in games.every_kind()]
    records = [record for record in records if record is not None]
    urls = {p.name: reverse("player_stats", args=[group.pk, p.pk]) for p in group.players.all()}
    names = sorted({name for record in records for name in record.rivals}, key=sort_key)
    rivals = [
        {
            "name": name,
            "url": urls.get(name),
            "parts": [record.rivals[name] for record in records if name in record.rivals],
        }
        for name in names
    ]
    counted = (kind.head_to_head_counted() for kind in games.every_kind())
    return {
        "records": records,
        "rivals": rivals,
        "head_to_head_counted": " ".join(filter(None, counted)),
    }


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
