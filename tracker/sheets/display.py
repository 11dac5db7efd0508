"""What a score sheet's pages show, read from the stored state and each round's stored result:
the money (and points) so far, the rounds with their payments in words, the rules in force,
and what an entered round is, in words."""

from django.utils.translation import gettext as _

from basics.phrases import Phrase, plural_phrase
from core.money import signed
from core.stored_messages import Joined
from tracker.sheets import rules as sheet
from tracker.sheets.board import SheetBoard
from tracker.sheets.entries import rules_round


def standings(board: SheetBoard) -> list[dict]:
    """Each player in seat order: his money over the sheet and, by points, his points."""
    state = board.state
    return [
        {
            "name": name,
            "short": short,
            "money": signed(board.group, state.running[name]),
            "points": state.points[name] if board.by_points else None,
        }
        for name, short in zip(board.names, board.short_names, strict=True)
    ]


def round_row(board: SheetBoard, played) -> dict:
    """A recorded round: what was entered and what each paid, in words."""
    result = played.result
    return {
        "number": result.number,
        "entered": round_words(played.round),
        "lines": board.words(result),
        "net": [
            {"short": short, **signed(board.group, result.net[name])}
            for name, short in zip(board.names, board.short_names, strict=True)
            if name in result.at_table
        ],
    }


def round_rows(board: SheetBoard, limit: int | None) -> list[dict]:
    """The latest `limit` rounds (all of them without), newest first."""
    return [round_row(board, played) for played in board.latest_rounds(limit)]


def round_words(round_: sheet.Round) -> Joined:
    """A round as it was entered: "first An · second Bình · third Chi · last Dũng; …" ("nhất
    An · nhì Bình …" in Vietnamese); by points, each player's points."""
    parts: list[Phrase | Joined] = []
    if round_.instant_win is not None:
        winner, hand = round_.instant_win
        parts.append(
            Phrase(
                "%(player)s wins at the deal: %(hand)s", player=winner, hand=sheet.HAND_NAMES[hand]
            )
        )
    elif round_.places:
        count = len(round_.places)
        parts.append(
            Joined(
                " · ", [placed(place, count, name) for place, name in enumerate(round_.places, 1)]
            )
        )
    else:
        parts.append(Joined(" · ", [f"{name} {points}" for name, points in round_.points.items()]))
    if round_.frozen:
        parts.append(Phrase("frozen: %(names)s", names=list(round_.frozen)))
    for name, held in round_.leftovers.items():
        cards = [sheet.CARD_NAMES[what] for what in held]
        parts.append(Phrase("%(player)s held %(cards)s", player=name, cards=cards))
    for chain in round_.chops:
        parts.append(Joined("; ", [chopped(chop) for chop in chain]))
    for payment in round_.payments:
        parts.append(
            Phrase(
                "%(payer)s pays %(payee)s %(units)s (%(name)s)",
                payer=payment.payer,
                payee=payment.payee,
                units=units_phrase(payment.units),
                name=payment.name,
            )
        )
    if round_.absent:
        parts.append(Phrase("sitting out: %(names)s", names=list(round_.absent)))
    return Joined("; ", parts)


def placed(place: int, count: int, name: str) -> Phrase:
    return Phrase("%(place)s %(player)s", place=sheet.place_name(place, count), player=name)


def chopped(chop: sheet.Chop) -> Phrase:
    return Phrase(
        "%(chopper)s chopped %(chopped)s's %(card)s",
        chopper=chop.chopper,
        chopped=chop.chopped,
        card=sheet.CARD_NAMES[chop.what],
    )


def units_phrase(count: int) -> Phrase:
    return plural_phrase("%(count)s unit", "%(count)s units", count)


def entry_words(entry: dict | None, names: list[str]) -> str:
    """A round as stored (by seat) in words, for the history of changes; "" for anything else
    (an import's whole log)."""
    if not entry or "rounds" in entry or "format" in entry:
        return ""
    return str(round_words(rules_round(entry, names)))


def rules_in_words(board: SheetBoard) -> list:
    return sheet.describe_settings(board.settings, board.money)


def undo(board: SheetBoard) -> dict | None:
    """What the undo in the corrections card says before it is confirmed."""
    if not board.rounds_played:
        return None
    where = {"number": board.rounds_played}
    return {
        "ask": _("Undo round %(number)s…") % where,
        "do": _("Yes, undo round %(number)s") % where,
        "explain": _("Its money is taken back; it stays in the history of changes."),
    }
