"""The checks every change to a session makes before it writes: a closed session, a page that is
behind, a round sent out of turn, and the round being tapped in changed by another phone since
(the draft's compare-and-swap, which empties or changes it, refused with whose phone moved it).

The changes themselves are made in the package's other modules (see `tracker.catte.services`).
"""

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from basics.phrases import Phrase
from core import entries
from core.notices import phone_named
from core.stored_messages import render_stored
from core.versioning import StalePage
from tracker.catte.board import SessionBoard
from tracker.catte.models import CatteSession


class DraftMoved(StalePage):
    """Another phone changed the round being entered since this page showed it; nothing was
    written (`draft_moved` says what that phone did)."""


ANOTHER_DRAFT = gettext_lazy(
    "Another phone is entering this round; here it is as the table has it."
)
DRAFT_CHANGED = gettext_lazy("The round being entered changed on another phone; here it is.")


def draft_moved(session: CatteSession, user) -> DraftMoved:
    """What a page whose tap came second is told: what the draft's last change did, and on
    whose phone ("This phone" when `user` made it, from another page or before a lost answer)."""
    words = session.draft_words
    if not isinstance(words, dict):
        return DraftMoved(str(ANOTHER_DRAFT))
    own = session.draft_by_id is not None and session.draft_by_id == getattr(user, "pk", None)
    phone = phone_named(session.draft_by, own)
    said = {**words, "args": {**words.get("args", {}), "phone": phone}}
    return DraftMoved(render_stored(said, str(ANOTHER_DRAFT)))


class RoundWaits(StalePage):
    """A round kept on a phone arrived while the round before it is not recorded yet (refused
    and left to the table, or still being tapped there): it waits on the phone."""

    def __init__(self, number: int, next_number: int):
        super().__init__(
            _("Round %(number)s waits on this phone until round %(next)s is saved.")
            % {"number": number, "next": next_number}
        )


def drop_draft(session: CatteSession, expected: int | None, note: Phrase, user) -> None:
    """Empty the round being tapped in, as the page showed it (`expected`; None: as loaded)."""
    if expected is None and not session.draft:
        return
    change_draft(session, session.draft_version if expected is None else expected, [], note, user)


def change_draft(session: CatteSession, expected: int, taps: list[str], note: Phrase, user) -> None:
    """The draft made `taps` from version `expected`; DraftMoved when another phone changed it
    meanwhile."""
    if not session.swap_draft(expected, taps, note, user):
        raise DraftMoved(str(DRAFT_CHANGED))


def check_next_number(board: SessionBoard, number: int) -> None:
    """Refuse a page that was entering round `number` when that is not the next round."""
    changed = _("This session was changed on another phone; here is the new state.")
    entries.check_number(board.session, board.next_number, number, round_taken(number), changed)


def round_taken(number: int) -> str:
    return _("Round %(number)s is already recorded.") % {"number": number}
