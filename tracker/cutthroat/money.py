"""Optional Cutthroat money in the ledger: game stakes and the champion's buy-ins.

Each won game with a stake is one transaction (source "cutthroat_game", the tournament's pk, the
game number as part); a decided tournament with a buy-in one more (source
"cutthroat_champion"). What is owed is the rules' `money_owed`; `after_change` runs after every
change, and a correction that changes a winner reverses the old transaction and posts the new.
"""

from decimal import Decimal

from basics.phrases import Phrase
from ledger.posting import Accounts, Wanted, sync
from tracker.cutthroat import rules as cutthroat

# The kinds of its transactions (the ledger's `Transaction.kind`).
GAME_STAKE = "game"
BUY_IN = "tournament"

GAME_SOURCE = "cutthroat_game"
CHAMPION_SOURCE = "cutthroat_champion"


def after_change(board, user) -> None:
    """Bring the ledger in line with the tournament's standings (`board` from board.load)."""
    tournament, standings = board.tournament, board.standings
    if not (tournament.game_stake or tournament.buy_in):
        return  # played for points only: nothing was ever posted
    owed = cutthroat.money_owed(standings, tournament.game_stake, tournament.buy_in)
    accounts = Accounts(board.group, board.players.values())
    winners = {game.number: game.winner for game in standings.games}
    wanted: dict[str, dict[int, Wanted]] = {GAME_SOURCE: {}, CHAMPION_SOURCE: {}}
    for (what, number), amounts in owed.items():
        by_account = {accounts.of(board.players[name]): amount for name, amount in amounts.items()}
        if what == cutthroat.GAME:
            description = Phrase(
                "%(tournament)s · game %(game)s won by %(winner)s",
                tournament=tournament.called,
                game=number,
                winner=winners[number],
            )
            wanted[GAME_SOURCE][number] = Wanted(GAME_STAKE, description, by_account)
        else:
            description = Phrase(
                "%(tournament)s · buy-ins to the champion %(champion)s",
                tournament=tournament.called,
                champion=standings.champion,
            )
            kind = BUY_IN
            wanted[CHAMPION_SOURCE][number] = Wanted(kind, description, by_account)
    for source, parts in wanted.items():
        sync(board.group, (source, tournament.pk), parts, user)


def owed_in_tournament(board) -> dict[str, Decimal]:
    """Player name → what the tournament's decided games and champion owe him (signed)."""
    tournament = board.tournament
    owed: dict[str, Decimal] = {}
    for amounts in cutthroat.money_owed(
        board.standings, tournament.game_stake, tournament.buy_in
    ).values():
        for name, amount in amounts.items():
            owed[name] = owed.get(name, 0) + amount
    return owed
