"""How a restore writes a table of high card back: its log holds it all, a piece of its rounds
at a time."""

from core import entries
from tests.high_card import services
from tests.high_card.models import HighCard


def entries_of(doc: dict) -> int:
    return len(doc["rounds"])


def restore_piece(piece, user) -> tuple[HighCard, int, bool]:
    return entries.restore_rounds(piece, user, HighCard, services.import_log, services.append_log)
