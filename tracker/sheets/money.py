"""A score sheet's money in the ledger: each round one balanced transaction, what the rules
computed (each player's `net`), keyed by the sheet and the round number (source "sheet_round",
the sheet's pk, the round number as part).

`after_change` runs after every change: a new round is posted as it is; a correction or an
undo makes the ledger say what the rounds from the changed one on say now, reversing what was
posted for a round that changed or is gone (`ledger.posting.sync`). Nothing is overwritten.
"""

from dataclasses import dataclass

from basics.phrases import Phrase
from ledger.posting import Accounts, Wanted, post_new, sync
from tracker.sheets import rules as sheet

ROUND = "sheet_round"  # the kind of its transactions (the ledger's `Transaction.kind`)
ROUND_SOURCE = "sheet_round"


@dataclass(frozen=True)
class Postings:
    """What a change of a sheet leaves for the ledger: the results of the rounds from
    `from_number` on; `new`: rounds just entered, never posted before."""

    results: list
    from_number: int
    new: bool = False


def _round(sheet_row, accounts: Accounts, players: dict, result: sheet.RoundResult) -> Wanted:
    amounts = {accounts.of(player): result.net[name] for name, player in players.items()}
    words = Phrase("%(sheet)s · round %(number)s", sheet=sheet_row.called, number=result.number)
    return Wanted(ROUND, words, amounts)


def after_change(board, postings: Postings, user) -> None:
    """Post rounds `from_number` and on (`postings.results`, in order) and reverse any later
    round that was posted. New rounds were never posted: nothing is looked up for them."""
    sheet_row, players, group = board.sheet, board.players, board.group
    accounts = Accounts(group, players.values())
    wanted = {
        result.number: _round(sheet_row, accounts, players, result) for result in postings.results
    }
    source = (ROUND_SOURCE, sheet_row.pk)
    if postings.new:
        post_new(group, source, wanted, user)
        return
    sync(group, source, wanted, user, from_part=postings.from_number)
