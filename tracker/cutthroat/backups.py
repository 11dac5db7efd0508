"""What a backup keeps of a Cutthroat tournament besides its log (its stakes), and how a
restore writes a tournament back: whole, in one step."""

from decimal import Decimal

from tracker.cutthroat import logs
from tracker.cutthroat.models import Tournament

KEYS = frozenset({"game_stake", "buy_in"})


def backup_entry(tournament: Tournament) -> dict:
    return {"game_stake": str(tournament.game_stake), "buy_in": str(tournament.buy_in)}


def check_entry(entry: dict, where: str, money) -> None:
    for key in sorted(KEYS):
        if key in entry:
            money(entry[key], f"{where}: {key}")


def entries_of(doc: dict) -> int:
    return sum(len(game["hands"]) for game in doc["games"])


def restore_piece(piece, user) -> tuple[Tournament, int, bool]:
    """The whole tournament, with the stakes its log does not hold."""
    money_rules = {key: Decimal(piece.entry.get(key, "0")) for key in ("game_stake", "buy_in")}
    tournament = logs.import_log(piece.group, piece.log, user, money_rules=money_rules)
    return tournament, entries_of(piece.log), True
