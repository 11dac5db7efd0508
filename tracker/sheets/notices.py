"""What a phone is told after it sent a round of the score sheet (core/notices.py): saved,
refused with why, or, when another round of that number came first, whose it is (this phone's
own, its earlier save or correction or the same round sent again after its answer was lost, or
another phone's), what each phone had, and how to put this phone's round in place: as the next
round, or as a correction of the round that came first."""

from urllib.parse import urlencode

from django.urls import reverse
from django.utils.translation import gettext as _

from core.changes import changes_of
from core.notices import CAME_FIRST, ROUND_FOUND_SAME, SAVED, Notice, made_here, sameness, whose
from tracker.sheets import display
from tracker.sheets import rules as sheet
from tracker.sheets.board import SheetBoard
from tracker.sheets.entries import entry_by_seat, rules_round
from tracker.sheets.round_fields import initial_of
from tracker.sheets.services import same_entry


def round_saved(number: int) -> Notice:
    return Notice(SAVED, _("Round %(number)s saved.") % {"number": number})


def came_first(board: SheetBoard, data: dict, user) -> Notice:
    """Round `data["number"]` (a valid round form's data) came first from another entry: the
    sheet's latest change, whose it is (`user` and the key `data["once"]` tell whether it is
    this phone's own), both rounds in words, and this phone's round offered as the next one or
    as a correction of the one recorded."""
    number, once = data["number"], data.get("once")
    change = changes_of(board.sheet).select_related("user").first()
    own = made_here(change, user, once)
    row = board.sheet.rounds.filter(number=number).first()
    if row is not None and same_entry(row.entry, entry_by_seat(data["round"], board.names)):
        said = ROUND_FOUND_SAME[sameness(change, own)] % {"number": number}
        return Notice(CAME_FIRST, said, same=True, own=own)
    if row is None:  # rounds were taken back meanwhile: the page was behind
        notice = Notice(CAME_FIRST, _("This sheet was changed on another phone; here it is."))
    else:
        table = display.entry_words(row.entry, board.names)
        values = {"phone": whose(change, own), "number": number, "round": table}
        said = _("%(phone)s saved round %(number)s: %(round)s.") % values
        notice = Notice(CAME_FIRST, said, own=own)
        notice.differences = differences(board, rules_round(row.entry, board.names), data["round"])
        notice.correct = correction(board, number, data["round"])
    mine = display.round_words(data["round"])
    notice.mine = _("This phone had: %(tapped)s") % {"tapped": mine}
    label = _("Record this phone's as round %(number)s") % {"number": board.next_number}
    notice.retry = {"fields": {"number": str(board.next_number)}, "label": label}
    return notice


def correction(board: SheetBoard, number: int, mine: sheet.Round) -> dict:
    """A link to correct round `number`, its form drawn with this phone's round."""
    url = reverse("sheet_round_edit", args=[board.group.pk, board.sheet.pk, number])
    return {
        "url": f"{url}?{urlencode(initial_of(board, mine))}",
        "label": _("Correct round %(number)s with what you tapped") % {"number": number},
    }


def differences(board: SheetBoard, theirs: sheet.Round, mine: sheet.Round) -> list[dict]:
    """Player by player, where this phone's round puts him otherwise than the table's: his
    place or points ("—" sitting out or not placed); the rest of both rounds is in words."""
    rows = []
    for name in board.names:
        their_part, my_part = part_of(theirs, name), part_of(mine, name)
        if their_part != my_part:
            rows.append({"what": name, "theirs": their_part, "mine": my_part})
    return rows


def part_of(round_: sheet.Round, name: str) -> str:
    if round_.instant_win is not None:
        return (
            str(sheet.HAND_NAMES[round_.instant_win[1]]) if round_.instant_win[0] == name else "—"
        )
    if name in round_.places:
        place = round_.places.index(name) + 1
        return str(sheet.place_name(place, len(round_.places)))
    return str(round_.points[name]) if name in round_.points else "—"
