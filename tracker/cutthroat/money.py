"""Optional Cutthroat money: game stakes and the champion's buy-ins, posted when decided.

Each won game with a stake is one transaction (source "cutthroat_game", the tournament's pk, the
game number as part): every loser pays the winner the stake. A decided tournament with a buy-in
is one more (source "cutthroat_champion"): every other player's buy-in goes to the champion.
`sync_tournament` runs after every change; a correction that changes a winner reverses the old
transaction and posts the new one.
"""

from decimal import Decimal

from django.db import transaction as db_transaction

from ledger.models import Transaction
from ledger.posting import live_transactions, player_account, sync_source

GAME_SOURCE = "cutthroat_game"
CHAMPION_SOURCE = "cutthroat_champion"
KINDS = {GAME_SOURCE: Transaction.Kind.GAME, CHAMPION_SOURCE: Transaction.Kind.TOURNAMENT}


def winner_takes(names: list[str], winner: str, amount: Decimal) -> dict[str, Decimal]:
    """Every other player pays `amount` to the winner: name → signed amount."""
    losers = len(names) - 1
    return {name: (amount * losers if name == winner else -amount) for name in names}


def wanted_transactions(board) -> dict[tuple[str, int], tuple[str, dict]]:
    """(source type, part) → (description, name → amount) the tournament should have posted."""
    tournament, result = board.tournament, board.result
    wanted = {}
    if tournament.game_stake:
        for game in result.games:
            if game.winner:
                description = f"{tournament} · game {game.number} won by {game.winner}"
                amounts = winner_takes(board.names, game.winner, tournament.game_stake)
                wanted[(GAME_SOURCE, game.number)] = (description, amounts)
    if tournament.buy_in and result.champion:
        description = f"{tournament} · buy-ins to the champion {result.champion}"
        amounts = winner_takes(board.names, result.champion, tournament.buy_in)
        wanted[(CHAMPION_SOURCE, 0)] = (description, amounts)
    return wanted


def sync_tournament(board, user=None) -> None:
    """Bring the ledger in line with the tournament's replay (`board` from tournaments.load)."""
    group, pk = board.tournament.group, board.tournament.pk
    wanted = wanted_transactions(board)
    live: dict[tuple[str, int], list] = {}
    entries = live_transactions(GAME_SOURCE, [pk]) | live_transactions(CHAMPION_SOURCE, [pk])
    for entry in entries.filter(group=group).prefetch_related("postings"):
        live.setdefault((entry.source_type, entry.source_part), []).append(entry)
    if not wanted and not live:
        return
    accounts = {seat.player.name: player_account(seat.player) for seat in board.seats}
    with db_transaction.atomic():
        for key in sorted(set(wanted) | set(live)):
            description, amounts = wanted.get(key, ("", {}))
            sync_source(
                group,
                KINDS[key[0]],
                (key[0], pk),
                {accounts[name]: amount for name, amount in amounts.items()},
                description,
                user,
                live.get(key, []),
                part=key[1],
            )
