"""What a phone is told after it sent a Cắt Tê round or a tap of one (core/notices.py):
saved, made the table's draft, refused with why, or, when another entry came first, whose it
is (this phone's own, its earlier save or correction or the same round sent again after its
answer was lost, or another phone's), what each phone had and how to put this phone's in place."""

from urllib.parse import urlencode

from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.translation import gettext as _

from core.changes import changes_of, line_of
from core.models import Change
from core.notices import (
    CAME_FIRST,
    DRAFTED,
    REFUSED,
    ROUND_FOUND_SAME,
    SAVED,
    WAITS,
    Notice,
    made_here,
    sameness,
    whose,
)
from core.versioning import AlreadyRecorded
from tracker.catte import rules as catte
from tracker.catte import services
from tracker.catte.board import SessionBoard
from tracker.catte.display import round_row
from tracker.catte.entries import describe_entry, describe_round, round_differences
from tracker.catte.services.checks import DraftMoved, RoundWaits


def saved(number: int) -> Notice:
    return Notice(SAVED, _("Round %(number)s saved.") % {"number": number})


def stale(refusal) -> Notice:
    """Nothing was saved, the page being behind or the session closed: the page as it now is."""
    said = _("%(refusal)s This is the current state.") % {"refusal": refusal}
    return Notice(REFUSED, said, tone="warning")


def draft_moved(refusal) -> Notice:
    """Another phone changed the round being entered first: what it did, said in the round's
    form, which shows the round as the table now has it."""
    return Notice(REFUSED, str(refusal), tone="warning", place="form")


def saved_first(board: SessionBoard, number: int, tapped: list[str], user, key=None) -> Notice:
    """Round `number` was saved before this phone's taps (`tapped`, sent by `user` with `key`)
    arrived: who saved it, this phone or another, and what (the latest change of the session,
    and the round's card), and, when this phone had tapped something else, what differs and a
    way to correct the round starting from what it tapped."""
    change = changes_of(board.session).select_related("user").first()
    own = made_here(change, user, key)
    said = saved_first_text(board, change, number, whose(change, own))
    notice = Notice(CAME_FIRST, said, own=own)
    row = board.session.rounds.filter(number=number).first()
    if row is None:
        return notice
    played = board.played(row)
    shown = {"round": round_row(board, played, can_correct=True)}
    notice.card = render_to_string("catte/session.html#round_card", shown)
    if not tapped:
        return notice
    notice.same = services.rounds.recorded_as_tapped(board, row, tapped)
    if notice.same:
        return notice
    mine = _as_far_as(board, tapped)
    url = reverse("round_edit", args=[board.group.pk, board.session.pk, number])
    notice.correct = {
        "url": f"{url}?{urlencode({'taps': ' '.join(tapped)})}",
        "label": _("Correct round %(number)s with what you tapped") % {"number": number},
    }
    notice.mine = _had(describe_round(mine))
    notice.differences = round_differences(played.round, mine)
    return notice


def saved_first_text(board: SessionBoard, change, number: int, who: str) -> str:
    """Who saved round `number` first, and what: "bob's phone saved round 3: tricks An, …"."""
    if change and change.action == Change.Action.ROUND:
        values = {"phone": who, "number": change.number}
        values["round"] = describe_entry(change.after, board.names)
        return _("%(phone)s saved round %(number)s: %(round)s.") % values
    if change:
        return _(
            "Round %(number)s is already recorded; the latest change, on %(phone)s: %(summary)s."
        ) % {"number": number, "phone": who, "summary": line_of(change)}
    return _("Round %(number)s is already recorded.") % {"number": number}


def came_first(board: SessionBoard, form, refusal, user) -> Notice:
    """What a phone is told when its round or tap (`form`, as sent by `user`) came after another
    phone's or on a page that was behind (`refusal`), from the session read again (`board`).

    Online: the round saved first, or what another phone tapped first, or the page as it now
    is. A round entered offline: the round saved first, otherwise both rounds whole, with the
    draft's version to send this phone's against instead; it waits on the phone while an
    earlier round is not recorded yet."""
    number, tapped = form.sent_number, form.tapped
    if not form.offline:
        if isinstance(refusal, AlreadyRecorded):
            return saved_first(board, number, tapped, user)
        return draft_moved(refusal) if isinstance(refusal, DraftMoved) else stale(refusal)
    if isinstance(refusal, RoundWaits):
        return Notice(WAITS, str(refusal))
    if number < board.next_number:
        return saved_first(board, number, tapped, user, form.cleaned_data["once"])
    notice = Notice(CAME_FIRST, str(refusal), mine=_had(_entered(board, tapped)))
    table = {"table": _entered(board, board.session.draft)}
    notice.theirs = _("The table's round now: %(table)s") % table
    notice.differences = round_differences(
        _as_far_as(board, board.session.draft), _as_far_as(board, tapped)
    )
    label = _("Record this phone's round %(number)s instead") % {"number": number}
    fields = {"draft_version": str(board.session.draft_version)}
    notice.retry = {"fields": fields, "label": label}
    return notice


def _had(round_in_words) -> str:
    return _("This phone had: %(tapped)s") % {"tapped": round_in_words}


def _as_far_as(board: SessionBoard, taps: list[str]) -> catte.Round:
    """The round as far as `taps` enter it."""
    return board.draft_of(taps).usable().to_round()


def _entered(board: SessionBoard, taps: list[str]) -> str:
    """A round as far as `taps` enter it, in a line ("nothing yet" before any tap)."""
    if not taps:
        return _("nothing yet")
    return str(describe_round(_as_far_as(board, taps)))


def entered(board: SessionBoard, sent, outcome: str, refusal: str | None, user) -> Notice | None:
    """What a phone is told of what the table took (`sent`, as `services.entering.enter` says
    what became of it): nothing for a tap, which the page shows; the round saved; for a round
    entered offline, found recorded as the phone had it, whose it was (this phone's own, the
    same round sent again after its answer was lost or a correction made here, or another
    phone's); or made the table's draft, with the `refusal` that stopped it there, if any."""
    if outcome == services.entering.TAPPED:
        return None
    number = {"number": sent.number}
    if outcome == services.rounds.RECORDED:
        return saved(sent.number)
    if outcome == services.rounds.RECORDED_ELSEWHERE:
        change = changes_of(board.session).filter(number=sent.number).first()
        own = made_here(change, user, sent.idempotency_key)
        return Notice(
            CAME_FIRST, ROUND_FOUND_SAME[sameness(change, own)] % number, same=True, own=own
        )
    if refusal:
        return Notice(DRAFTED, refusal, tone="warning")
    return Notice(DRAFTED, _("Round %(number)s: the taps made offline are the table's.") % number)
