"""A round as stored (players by seat, so renaming a player never rewrites history) and as the
rules engine and the table read it (players by name)."""

from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from basics.phrases import Phrase
from core.stored_messages import Joined
from tracker.catte import rules as catte

PLAYER_LISTS = ("tricks", "absent", "folds", "false_claims")
# An automatic win's hand, as a round's line names it.
AUTO_WIN_WORDS = {
    "four_aces": gettext_noop("four aces"),
    "four_of_a_kind": gettext_noop("four of a kind"),
    "flush": gettext_noop("flush"),
}


def _renamed(entry: dict, rename) -> dict:
    """A round object with every player passed through `rename` (seat → name or name → seat)."""
    renamed: dict[str, object] = {}
    for key, value in entry.items():
        if key in PLAYER_LISTS:
            renamed[key] = [rename(player) for player in value]
        elif key == "auto_win":
            renamed[key] = {"player": rename(value["player"]), "hand": value["hand"]}
        elif key == "ace_withheld_by":
            renamed[key] = None if value is None else rename(value)
        elif key == "side_pot":
            claimant = value.get("claimed_by")
            renamed[key] = {
                "upturned": value.get("upturned"),
                "claimed_by": None if claimant is None else rename(claimant),
            }
        else:
            renamed[key] = value
    return renamed


def entry_by_seat(round_: catte.Round, names: list[str]) -> dict:
    return _renamed(catte.round_entry(round_), names.index)


def rules_round(entry: dict, names: list[str], not_yet_seated=()) -> catte.Round:
    """The rules engine's round for a stored entry (players by seat). `not_yet_seated`: players
    who joined the session after this round; they sat it out, though its entry, recorded before
    they came, does not name them."""
    named = _renamed(entry, names.__getitem__)
    auto_win, side_pot = named.get("auto_win"), named.get("side_pot") or {}
    absent = list(named.get("absent", []))
    return catte.Round(
        tricks=list(named.get("tricks", [])),
        auto_win=(auto_win["player"], auto_win["hand"]) if auto_win else None,
        absent=absent + [name for name in not_yet_seated if name not in absent],
        folds=list(named.get("folds", [])),
        false_claims=list(named.get("false_claims", [])),
        ace_withheld_by=named.get("ace_withheld_by"),
        side_pot_upturned=side_pot.get("upturned"),
        side_pot_claimed_by=side_pot.get("claimed_by"),
    )


def describe_round(round_: catte.Round) -> Joined:
    """What was entered for a round, in a line a player reads: for lists and the history."""
    if round_.auto_win is not None:
        player, hand = round_.auto_win
        words = Phrase(AUTO_WIN_WORDS[hand]) if hand in AUTO_WIN_WORDS else hand.replace("_", " ")
        parts = [Phrase("%(player)s: automatic win (%(hand)s)", player=player, hand=words)]
    else:
        parts = [Phrase("tricks %(players)s", players=Joined(", ", round_.tricks))]
    for label, names in (
        (gettext_noop("sat out: %(players)s"), round_.absent),
        (gettext_noop("folded: %(players)s"), round_.folds),
        (gettext_noop("false claim: %(players)s"), round_.false_claims),
    ):
        if names:
            parts.append(Phrase(label, players=Joined(", ", names)))
    if round_.ace_withheld_by:
        parts.append(Phrase("ace withheld by %(player)s", player=round_.ace_withheld_by))
    if round_.side_pot_upturned:
        card = catte.card_label(round_.side_pot_upturned)
        claimant = round_.side_pot_claimed_by
        if claimant:
            parts.append(
                Phrase("upturned %(card)s, side pot to %(player)s", card=card, player=claimant)
            )
        else:
            parts.append(Phrase("upturned %(card)s, no claim", card=card))
    return Joined("; ", parts)


def describe_entry(entry, names: list[str]) -> str:
    """A stored entry in words; "" for anything that is not a round (a close, an import)."""
    if not isinstance(entry, dict) or not ({"tricks", "auto_win"} & set(entry)):
        return ""
    try:
        return str(describe_round(rules_round(entry, names)))
    except (IndexError, KeyError, TypeError):
        return ""


def _auto_win(round_: catte.Round) -> str:
    if round_.auto_win is None:
        return ""
    player, hand = round_.auto_win
    return f"{player} ({_(AUTO_WIN_WORDS[hand]) if hand in AUTO_WIN_WORDS else hand})"


def _side_pot(round_: catte.Round) -> str:
    if not round_.side_pot_upturned:
        return ""
    card = catte.card_label(round_.side_pot_upturned)
    claimant = round_.side_pot_claimed_by
    if claimant:
        return _("upturned %(card)s, side pot to %(player)s") % {"card": card, "player": claimant}
    return _("upturned %(card)s, no claim") % {"card": card}


def _parts(round_: catte.Round, tricks: int) -> dict[str, str]:
    """A round's parts in words, by what each is ("" for one the round does not have)."""
    parts = {_("Automatic win"): _auto_win(round_)}
    for trick in range(tricks):
        won = round_.tricks[trick] if trick < len(round_.tricks) else ""
        parts[_("Trick %(number)s") % {"number": trick + 1}] = won
    return parts | {
        _("Sat out"): ", ".join(sorted(round_.absent)),
        _("Folds"): ", ".join(sorted(round_.folds)),
        _("False claims"): ", ".join(sorted(round_.false_claims)),
        _("Ace withheld by"): round_.ace_withheld_by or "",
        _("Side pot"): _side_pot(round_),
    }


def round_differences(theirs: catte.Round, mine: catte.Round) -> list[dict]:
    """What two phones entered differently for one round, part by part, in words: each a
    {"what", "theirs", "mine"} ("—" for a part one of them left out)."""
    tricks = max(len(theirs.tricks), len(mine.tricks))
    said, tapped = _parts(theirs, tricks), _parts(mine, tricks)
    return [
        {"what": what, "theirs": words or "—", "mine": tapped[what] or "—"}
        for what, words in said.items()
        if words != tapped[what]
    ]
