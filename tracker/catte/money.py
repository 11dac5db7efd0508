"""Cắt Tê money in the ledger: what the rules computed, posted as balanced transactions.

Each round is one transaction, keyed by the session and the round number (source "catte_round",
the session's pk, the round number as part): each player's `net` on his account, and the moves
of his open side-pot share on his share account. Closing a session that refunds its side pot
posts the refund (source "catte_close"). `after_change` runs after every change: it makes the
ledger say what the rounds from the changed one on say now, reverses what was posted for a round
that is gone, and reverses the refund of a session that was reopened.
"""

from dataclasses import dataclass
from decimal import Decimal

from basics.phrases import Phrase
from ledger.posting import Accounts, Wanted, post, post_new, sync
from tracker.catte import rules as catte

# The kinds of its transactions (the ledger's `Transaction.kind`).
ROUND = "round"
SIDE_POT_REFUND = "side_pot_refund"

# The kinds of the accounts it opens beside each player's own (the ledger's `Account.kind`):
# a player's open share of the side pots, and (before shares were held per player, in ledgers
# kept since) the group's one side pot.
SIDE_POT_SHARE = "share"
SIDE_POT = "side_pot"

ROUND_SOURCE = "catte_round"
CLOSE_SOURCE = "catte_close"
CARRY_SOURCE = "catte_carry"
BROUGHT_IN_SOURCE = "catte_side_pot_in"


@dataclass(frozen=True)
class Postings:
    """What a change of a session leaves for the ledger (`after_change`): the results of the
    rounds from `from_number` on; `new`: rounds just entered, never posted before."""

    results: list
    from_number: int
    new: bool = False


def _round(session, accounts: Accounts, players: dict, result: catte.RoundResult) -> Wanted:
    amounts = {}
    for name, player in players.items():
        amounts[accounts.of(player)] = result.net[name]
        amounts[accounts.of(player, SIDE_POT_SHARE)] = result.share_change.get(name, Decimal(0))
    words = Phrase("%(session)s · round %(number)s", session=session.called, number=result.number)
    return Wanted(ROUND, words, amounts)


def _shares_back(accounts: Accounts, shares: dict, sign: int = 1) -> dict:
    """Open shares (Player → amount) moved from the share accounts to the players (sign 1),
    or paid by the players into their share accounts (sign -1)."""
    amounts = {}
    for player, share in shares.items():
        amounts[accounts.of(player)] = sign * share
        amounts[accounts.of(player, SIDE_POT_SHARE)] = -sign * share
    return amounts


def after_change(board, results: list[catte.RoundResult], from_number: int, user, new=False):
    """Post rounds `from_number` and on (`results`, in order), reverse any later round that
    was posted, and post or reverse the side-pot refund of a closed session. With `new`, the
    rounds were just entered: nothing was ever posted for them, so nothing is looked up."""
    session, players, group = board.session, board.players, board.group
    accounts = Accounts(group, players.values())
    wanted = {result.number: _round(session, accounts, players, result) for result in results}
    if new:
        post_new(group, (ROUND_SOURCE, session.pk), wanted, user)
        return  # a session taking a new round is open: it has no refund to post
    sync(group, (ROUND_SOURCE, session.pk), wanted, user, from_part=from_number)
    refund = {}
    if board.is_closed and board.settings.side_pot_at_end == "refund":
        refund = {players[name]: share for name, share in board.state.open_shares.items()}
    refund_entry = Wanted(
        SIDE_POT_REFUND,
        Phrase("%(session)s · side pot refunded", session=session.called),
        _shares_back(accounts, refund),
    )
    sync(group, (CLOSE_SOURCE, session.pk), {0: refund_entry}, user)


def refund_carried_shares(group, session, shares: dict, user) -> None:
    """Carried side-pot shares of players who do not sit in `session`, paid back to them."""
    post(
        group,
        SIDE_POT_REFUND,
        Phrase(
            "%(session)s · carried side pot refunded to players not at the table",
            session=session.called,
        ),
        _shares_back(Accounts(group, shares), shares),
        source=(CARRY_SOURCE, session.pk),
        user=user,
    )


def bring_in_side_pot(group, session, shares: dict, user) -> None:
    """Side-pot shares an imported log brings in: the players pay them into the side pot now."""
    post(
        group,
        ROUND,
        Phrase("%(session)s · side pot brought in with the imported log", session=session.called),
        _shares_back(Accounts(group, shares), shares, sign=-1),
        source=(BROUGHT_IN_SOURCE, session.pk),
        user=user,
    )
