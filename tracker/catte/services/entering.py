"""What a phone sent of the round being entered, taken through one entry point (`enter`),
whether it came from the page's form or from the phone's outbox: a tap on the table's draft,
"Save round", or a round the phone entered offline. Each goes to the module that changes
what it changes, which checks it (`tapping`, `rounds`)."""

from tracker.catte.board import SessionBoard
from tracker.catte.services import rounds, tapping
from tracker.catte.taps import OfflineRound, SavedRound, Tap

# A tap taken on the table's draft; a saved round is `rounds.RECORDED`, an offline one any outcome
# of `rounds.take_round_sent_later`.
TAPPED = "tapped"


def enter(
    board: SessionBoard, sent: Tap | SavedRound | OfflineRound, user
) -> tuple[str, str | None]:
    """Take what was sent: what became of it (TAPPED, or one of `rounds`' outcomes) and, for a
    round entered offline left to the table as far as it could be, why it stopped there. Refused as
    the module that takes it refuses (RulesError, DraftMoved, AlreadyRecorded, …)."""
    if isinstance(sent, OfflineRound):
        return rounds.take_round_sent_later(board, sent, user)
    if isinstance(sent, SavedRound):
        rounds.save_round(board, sent.number, sent.draft_version, user, sent.taps)
        return rounds.RECORDED, None
    tapping.tap(board, sent.number, sent.draft_version, sent.button, user)
    return TAPPED, None
