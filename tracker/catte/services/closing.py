"""Closing a Cắt Tê session and opening it again.

A closed session's side pot is refunded, or carried to the group's next session; a closed
session can be reopened, unless a later session has taken over its carried side pot.
"""

from decimal import Decimal

from django.utils import timezone
from django.utils.translation import gettext as _

from basics.errors import RulesError
from basics.phrases import Phrase, plural_phrase
from core import entries
from core.recording import Recorded
from core.stored_messages import Money
from tracker.catte import money
from tracker.catte import rules as catte
from tracker.catte.board import SessionBoard
from tracker.catte.models import CatteSession
from tracker.catte.services.carried import taken_over
from tracker.catte.services.checks import drop_draft


def close(
    board: SessionBoard, version: int, user, idempotency_key=None, draft_version=None
) -> SessionBoard:
    """Close the session: the side pot is refunded, or carried to the group's next session. A
    round being tapped in is dropped, as the page showed it (`draft_version`)."""
    session = board.session

    def change() -> Recorded:
        if session.draft:
            drop_draft(session, draft_version, Phrase("%(phone)s closed the session."), user)
        pot = sum(board.state.open_shares.values(), Decimal(0))
        settled = board.at_close
        session.closed_at = timezone.now()
        return Recorded(
            closed_summary(board, pot),
            after={
                "totals": {n: catte.format_money(a) for n, a in settled.totals.items()},
                "side_pot": catte.format_money(settled.side_pot),
            },
            stored={"closed_at": session.closed_at},
            postings=money.Postings([], board.next_number),
        )

    return entries.close(board, change, version=version, user=user, idempotency_key=idempotency_key)


def closed_summary(board: SessionBoard, pot: Decimal) -> Phrase:
    """The history's words for a close: "Session closed after 12 rounds; side pot 4 refunded"."""
    rounds = board.rounds_played
    amount = Money(pot, board.group.currency)
    if not (board.settings.has_side_pot or pot):
        return plural_phrase(
            "Session closed after %(count)s round", "Session closed after %(count)s rounds", rounds
        )
    if board.settings.side_pot_at_end == "carry":
        return plural_phrase(
            "Session closed after %(count)s round; side pot %(amount)s carried to the next session",
            "Session closed after %(count)s rounds; "
            "side pot %(amount)s carried to the next session",
            rounds,
            amount=amount,
        )
    return plural_phrase(
        "Session closed after %(count)s round; side pot %(amount)s refunded",
        "Session closed after %(count)s rounds; side pot %(amount)s refunded",
        rounds,
        amount=amount,
    )


def reopen_refusal(session: CatteSession) -> str | None:
    """Why a closed session cannot be opened again, if it cannot."""
    if not session.is_closed:
        return _("This session is open.")
    if taken_over(session):
        return _(
            "A later session has taken over this session's side pot, so it can no longer be "
            "reopened; correct the later session instead."
        )
    return None


def reopen(board: SessionBoard, version: int, user, idempotency_key=None) -> SessionBoard:
    """Open a closed session again: its side-pot refund is reversed (a carried pot waits in it
    again) until it is closed once more."""
    session = board.session

    def change() -> Recorded:
        refusal = reopen_refusal(session)
        if refusal:
            raise RulesError(refusal)
        closed_at, session.closed_at = session.closed_at, None
        assert closed_at is not None  # an open session is refused above
        return Recorded(
            Phrase("Session reopened"),
            before={"closed_at": closed_at.isoformat()},
            stored={"closed_at": None},
            postings=money.Postings([], board.next_number),
        )

    return entries.reopen(
        board, change, version=version, user=user, idempotency_key=idempotency_key
    )
