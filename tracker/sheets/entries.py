"""A round as it is stored: the log's round (tracker/sheets/rules, `round_entry`) with each
player named by his seat, so renaming a player never rewrites a sheet; and back."""

from basics.phrases import Phrase
from tracker.sheets import rules as sheet

NAMED_KEYS = ("chopper", "chopped", "payer", "payee", "player")


def entry_by_seat(round_: sheet.Round, names: list[str]) -> dict:
    """The round's log entry with every player as his seat (an object's keys as text)."""
    seats = {name: seat for seat, name in enumerate(names)}
    return _mapped(sheet.round_entry(round_), seats.__getitem__)


def rules_round(entry: dict, names: list[str]) -> sheet.Round:
    """The rules' round of a stored entry, players by name."""
    logged = _mapped(entry, lambda seat: names[int(seat)])
    iw = logged.get("instant_win")
    return sheet.Round(
        absent=logged.get("absent", []),
        points=logged.get("points", {}),
        places=logged.get("places", []),
        instant_win=(iw["player"], iw["hand"]) if iw else None,
        frozen=logged.get("frozen", []),
        leftovers=logged.get("leftovers", {}),
        chops=[[sheet.Chop(**link) for link in chain] for chain in logged.get("chops", [])],
        payments=[sheet.Payment(**payment) for payment in logged.get("payments", [])],
    )


def _mapped(entry: dict, one) -> dict:
    """`entry` with each player put through `one` (name → seat, or seat → name)."""

    def keyed(mapping: dict) -> dict:
        return {str(one(player)): value for player, value in mapping.items()}

    mapped: dict = {}
    for key, value in entry.items():
        if key in ("absent", "places", "frozen"):
            mapped[key] = [one(player) for player in value]
        elif key in ("points", "leftovers"):
            mapped[key] = keyed(value)
        elif key == "instant_win":
            mapped[key] = {**value, "player": one(value["player"])}
        elif key == "chops":
            mapped[key] = [[_named(link, one) for link in chain] for chain in value]
        elif key == "payments":
            mapped[key] = [_named(payment, one) for payment in value]
    return mapped


def _named(item: dict, one) -> dict:
    return {key: one(value) if key in NAMED_KEYS else value for key, value in item.items()}


def describe_round(round_: sheet.Round) -> Phrase:
    """What was entered, in a few words, for the history of changes: "places An, Bình, Chi,
    Dũng" (first to last), "instant win: An", "points An 12, Bình 3"."""
    if round_.instant_win is not None:
        return Phrase("instant win: %(player)s", player=round_.instant_win[0])
    if round_.places:
        return Phrase("places %(places)s", places=list(round_.places))
    points = [f"{name} {value}" for name, value in round_.points.items()]
    return Phrase("points %(points)s", points=points)
