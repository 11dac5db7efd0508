"""The round being tapped in, stored with the session: every phone at the table shows it and goes
on from it, and a reload, a locked phone or a closed tab loses nothing.

Each change (a tap, "undo", "restart") is a compare-and-swap on the draft's version: a phone
changes only the draft it showed. When two phones tap the same trick at once, the first wins
and the second is shown the draft as it now is, with what the first did and on whose phone
(`draft_moved`), so a tap is never counted twice nor overwritten. The draft never
touches the money: saving it (`rounds.save_round`) records the round and empties the draft
in the same transaction.
"""

from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from basics.errors import RulesError
from basics.phrases import Phrase
from core.recording import record_draft
from tracker.catte import rules as catte
from tracker.catte.board import SessionBoard
from tracker.catte.draft import RoundDraft
from tracker.catte.rules.settings import HAND_NAMES
from tracker.catte.services.checks import check_next_number, draft_moved
from tracker.catte.taps import next_taps, tap_parts, tap_seat

MOST_TAPS = 200  # far more than any round takes; the draft stays small
# What a phone that tapped first did, told to the one that came second; each is said after
# "bob's phone" (see `tap`).
# A toggle's words: the draft's list it changes, then the words for on and for off.
TOGGLES = {
    "a": (
        "absent",
        gettext_noop("tapped first: %(player)s sits out"),
        gettext_noop("tapped first: %(player)s sits back in"),
    ),
    "f": (
        "folds",
        gettext_noop("tapped first: %(player)s folds"),
        gettext_noop("tapped first: %(player)s takes the fold back"),
    ),
    "x": (
        "false_claims",
        gettext_noop("tapped first: %(player)s made a false claim"),
        gettext_noop("tapped first: %(player)s made no false claim"),
    ),
}
ANSWERS = {
    "R": gettext_noop("gave the rest of the tricks first: %(player)s"),
    "c": gettext_noop("answered who has the side pot's card first: %(player)s"),
    "e": gettext_noop("answered who held back the ace first: %(player)s"),
}


def tap(board: SessionBoard, number: int, expected: int | None, button: str, user) -> None:
    """Apply one button to round `number`'s draft as the page showed it (version `expected`):
    a tap token, "undo" or "restart"."""
    check_next_number(board, number)
    session = board.session
    if expected != session.draft_version:
        raise draft_moved(session, user)
    draft = board.draft_of(session.draft)
    refusal = _refusal(draft, button)
    if refusal:
        raise RulesError(refusal)
    # Translators: "bob's phone" and what it did, such as "tapped trick 3 first: An".
    note = Phrase("%(phone)s %(did)s.", did=tap_in_words(draft, button))
    if not changed(board, expected, next_taps(session.draft, button), note, user):
        session.refresh_from_db(fields=["draft_words", "draft_by"])
        raise draft_moved(session, user)


def changed(
    board: SessionBoard, expected: int, taps: list[str], note: Phrase, user, idempotency_key=""
) -> bool:
    """The table's draft made `taps` from version `expected` and the change written in the
    session's history (False, and nothing written, when another phone changed it first); `note`
    and `idempotency_key` as `CatteSession.swap_draft` keeps them."""
    session, number = board.session, board.next_number
    summary = Phrase(
        "Round %(number)s being entered, taps so far: %(count)s", number=number, count=len(taps)
    )
    return record_draft(
        session,
        lambda: session.swap_draft(expected, taps, note, user, idempotency_key),
        number=number,
        summary=summary,
        user=user,
    )


def check_taps(board: SessionBoard, taps: list[str]) -> None:
    """Refuse taps of which one could not have been tapped after those before it."""
    refusal = first_refused(board, taps)[1]
    if refusal:
        raise RulesError(refusal)


def first_refused(board: SessionBoard, taps: list[str]) -> tuple[int, str | None]:
    """How many of `taps` could be tapped one after the other, and why the next could not."""
    for done in range(len(taps)):
        refusal = _refusal(board.draft_of(taps[:done]), taps[done])
        if refusal:
            return done, refusal
    return len(taps), None


def _refusal(draft: RoundDraft, button: str) -> str | None:
    if button in ("undo", "restart"):
        return None if draft.taps else _("Nothing is tapped in yet.")
    if len(draft.taps) >= MOST_TAPS:
        return _("This round has too many taps; undo some, or start it again.")
    return draft.refusal(button)


def tap_in_words(draft: RoundDraft, button: str) -> Phrase:
    """What a button did to the draft, for a phone that tapped second: "tapped trick 3 first:
    An" (said after whose phone it was, see `tap`)."""
    if button in ("undo", "restart"):
        if button == "undo":
            return Phrase("undid the last tap first")
        return Phrase("started the round again first")
    match, seat = tap_parts(button), tap_seat(button)
    name = Phrase("no one") if seat is None else draft.names[seat]
    kind = match["kind"] or match["choice"]
    if kind == "t":
        trick = len(draft.tricks) + 1
        return Phrase("tapped trick %(trick)s first: %(player)s", trick=trick, player=name)
    if kind in TOGGLES:
        chosen, on, off = TOGGLES[kind]
        return Phrase(off if seat in getattr(draft, chosen) else on, player=name)
    if kind in ANSWERS:
        return Phrase(ANSWERS[kind], player=name)
    if match["winner"]:
        return Phrase(
            "tapped an automatic win first: %(player)s · %(hand)s",
            player=name,
            hand=HAND_NAMES[match["hand"]],
        )
    if match["card"]:
        card = catte.card_label(match["card"])
        return Phrase("tapped the upturned card first: %(card)s", card=card)
    if match["clear"]:
        return Phrase("cleared the tricks first")
    return Phrase("changed the upturned card first")
