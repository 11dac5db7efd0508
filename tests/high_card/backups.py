"""How a restore writes a table of high card back: its log holds it all, a piece of its rounds
at a time."""

from tests.high_card import services
from tests.high_card.models import HighCard


def entries_of(doc: dict) -> int:
    return len(doc["rounds"])


def restore_piece(piece, user) -> tuple[HighCard, int, bool]:
    log, done = piece.log, piece.done
    part = {**log, "rounds": log["rounds"][done : done + piece.step]}
    if piece.game_pk is None:
        table = services.import_log(piece.group, part, user)
    else:
        table = HighCard.objects.get(pk=piece.game_pk, group=piece.group)
        services.append_log(table, part, user)
    return table, len(part["rounds"]), done + len(part["rounds"]) >= len(log["rounds"])
