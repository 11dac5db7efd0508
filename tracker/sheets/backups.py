"""How a restore writes a score sheet back from a backup: its log holds it all (a backup keeps
nothing of it beside the log but its name), a piece of its rounds at a time."""

from tracker.sheets import services
from tracker.sheets.models import Sheet


def entries_of(doc: dict) -> int:
    return len(doc["rounds"])


def restore_piece(piece, user) -> tuple[Sheet, int, bool]:
    """The next `piece.step` rounds; the first piece starts the sheet."""
    log, done = piece.log, piece.done
    part = {**log, "rounds": log["rounds"][done : done + piece.step]}
    if piece.game_pk is None:
        sheet_row = services.import_log(piece.group, part, user)
    else:
        sheet_row = Sheet.objects.get(pk=piece.game_pk, group=piece.group)
        services.append_log(sheet_row, part, user)
    return sheet_row, len(part["rounds"]), done + len(part["rounds"]) >= len(log["rounds"])
