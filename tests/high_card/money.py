"""High card's money in the ledger: each round one balanced transaction, keyed by the table and
the round's number; a correction or an undo makes the ledger say what the rounds from the
changed one on say now (`ledger.posting.sync`)."""

from dataclasses import dataclass

from basics.phrases import Phrase
from ledger.posting import Accounts, Wanted, post_new, sync

ROUND = "highcard_round"  # its transactions' kind and source


@dataclass(frozen=True)
class Postings:
    """The results of the rounds from `from_number` on; `new`: never posted before."""

    results: list
    from_number: int
    new: bool = False


def after_change(board, postings: Postings, user) -> None:
    players = board.players
    accounts = Accounts(board.group, players.values())
    wanted = {}
    for result in postings.results:
        words = Phrase("%(game)s · round %(number)s", game=board.table.called, number=result.number)
        amounts = {accounts.of(players[name]): amount for name, amount in result.net.items()}
        wanted[result.number] = Wanted(ROUND, words, amounts)
    source = (ROUND, board.table.pk)
    if postings.new:
        post_new(board.group, source, wanted, user)
    else:
        sync(board.group, source, wanted, user, from_part=postings.from_number)
