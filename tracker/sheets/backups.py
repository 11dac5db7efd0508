"""How a restore writes a score sheet back from a backup: its log holds it all (a backup keeps
nothing of it beside the log but its name), a piece of its rounds at a time."""

from core import entries
from tracker.sheets import services
from tracker.sheets.models import Sheet


def entries_of(doc: dict) -> int:
    return len(doc["rounds"])


def restore_piece(piece, user) -> tuple[Sheet, int, bool]:
    """The next `piece.step` rounds; the first piece starts the sheet."""
    return entries.restore_rounds(piece, user, Sheet, services.import_log, services.append_log)
