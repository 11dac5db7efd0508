"""Optional Cutthroat money (the house rules do not price a game; a table may): a stake per game,
which every loser of a game pays its winner, and a buy-in, which the champion takes from
every other player.
"""

from decimal import Decimal

from tracker.cutthroat.rules.hands import Standings

GAME, CHAMPION = "game", "champion"


def winner_takes(players: list[str], winner: str, amount: Decimal) -> dict[str, Decimal]:
    """Every other player pays `amount` to the winner: player → signed amount."""
    losers = len(players) - 1
    return {name: (amount * losers if name == winner else -amount) for name in players}


def decided(standings: Standings) -> tuple:
    """All that the money of a tournament depends on (see `money_owed`): the winners of its
    decided games, in order, and its champion. A hand that changes neither moves no money."""
    return tuple(game.winner for game in standings.games if game.winner), standings.champion


def money_owed(
    standings: Standings, game_stake: Decimal, buy_in: Decimal
) -> dict[tuple[str, int], dict[str, Decimal]]:
    """What the decided games and the tournament owe: (GAME, game number) or (CHAMPION, 0) →
    player → signed amount. Nothing is owed for a game still in play."""
    owed = {}
    if game_stake:
        for game in standings.games:
            if game.winner is not None:
                owed[(GAME, game.number)] = winner_takes(standings.players, game.winner, game_stake)
    if buy_in and standings.champion is not None:
        owed[(CHAMPION, 0)] = winner_takes(standings.players, standings.champion, buy_in)
    return owed
