"""The round on one sheet, for a phone whose network is gone (static/catte/offline_round.js).

Online, each tap goes to the server, which replays the table's draft and renders the next step.
Offline there is no one to ask, so the page carries every button of the round on one sheet: the
online entry's own buttons (the same `tap` tokens, see `taps`), one for each seat and question,
so no tap made online lacks its twin offline; the script shows those the online entry would
show at that point and refuses what it would refuse, from the settings in `sheet_rules` and the
sentences in `sheet_words` (catte_round.js, in this package's static/catte/). The phone keeps the
taps as the table keeps its draft, a list of tokens from the draft as the phone last had it on,
and sends them when the network is back, the sheet's form posted to the online entry's address
with the key the round was kept under, read by the online entry's own form (`forms.RoundForm`):
the services check them exactly as they check taps sent one at a time
(`services.rounds.take_round_sent_later`).
"""

import json

from django.utils.translation import gettext as _

from tracker.catte.draft import RoundDraft
from tracker.catte.entries import AUTO_WIN_WORDS
from tracker.catte.rules.settings import HAND_NAMES
from tracker.catte.services.tapping import MOST_TAPS


def sheet_buttons(draft: RoundDraft) -> dict:
    """Every button of a round for the seats of `draft` (a round before any tap), and the words
    the script writes the round in (as a round's line says it, see `entries.describe_round`)."""
    seats = draft.seats()
    return {
        "seats": seats,
        "auto_wins": [
            {"hand": hand["hand"], "label": hand["label"], "players": seats}
            for hand in draft.auto_win_buttons
        ],
        "cards": draft.cards,
        "words": json.dumps(sheet_words(draft), ensure_ascii=False),
        "rules": json.dumps(sheet_rules(draft)),
    }


def sheet_rules(draft: RoundDraft) -> dict:
    """What the sheet's script (static/catte/catte_round.js) asks of the session's settings to
    replay the taps as `RoundDraft` does, locale-independent."""
    settings = draft.settings
    return {
        "seats": len(draft.names),
        "away": draft.away,
        "side_pot": settings.has_side_pot,
        "ace_penalty": settings.ace_penalty,
        "sweep_double_from": settings.sweep_double_min_players,
        "auto_wins": list(settings.auto_wins),
        "most_taps": MOST_TAPS,
    }


def sheet_words(draft: RoundDraft) -> dict:
    """The sheet's words, with {players}, {player}, {card} and {hand} for the script to fill."""
    return {
        "names": draft.names,
        "hands": {hand: _(words) for hand, words in AUTO_WIN_WORDS.items()},
        "tricks": _("tricks %(players)s") % {"players": "{players}"},
        "auto_win": _("%(player)s: automatic win (%(hand)s)")
        % {"player": "{player}", "hand": "{hand}"},
        "absent": _("sat out: %(players)s") % {"players": "{players}"},
        "folds": _("folded: %(players)s") % {"players": "{players}"},
        "false_claims": _("false claim: %(players)s") % {"players": "{players}"},
        "ace": _("ace withheld by %(player)s") % {"player": "{player}"},
        "card": _("Side pot: upturned %(upturned)s") % {"upturned": "{card}"},
        "claim": _("upturned %(card)s, side pot to %(player)s")
        % {"card": "{card}", "player": "{player}"},
        "no_claim": _("upturned %(card)s, no claim") % {"card": "{card}"},
        "trick": _("Trick %(number)s: who won it?") % {"number": "{number}"},
        "nothing": _("Nothing is tapped in yet."),
        **refusal_words(),
    }


def refusal_words() -> dict:
    """The sentences `RoundDraft.missing` and `RoundDraft.refusal` say, with {player}, {trick},
    {number} and {hand} to fill: the sheet refuses a tap at once, as the server would."""
    player = {"player": "{player}"}
    return {
        "hand_names": {hand: str(words) for hand, words in HAND_NAMES.items()},
        "missing_card_claimed": _(
            "Tap the side pot's upturned card: %(player)s claims the card after it."
        )
        % player,
        "missing_card": _("Tap the side pot's upturned card first."),
        "missing_trick": _("Tap who won trick %(number)s.") % {"number": "{number}"},
        "missing_first_trick": _("Tap who won trick 1, or an automatic win."),
        "no_such_seat": _("There is no such seat at this table."),
        "hand_not_played": _("An automatic win with %(hand)s is not played in this session.")
        % {"hand": "{hand}"},
        "every_trick_recorded": _("Every trick is recorded; undo the last tap to change one."),
        "cannot_win_trick": _("%(player)s cannot win trick %(trick)s.")
        % {**player, "trick": "{trick}"},
        "winner_cannot_fold": _("%(player)s wins the round and so cannot fold.") % player,
        "won_a_trick": _("%(player)s won a trick and so is at the table.") % player,
        "folded_cannot_win": _("%(player)s folded and so cannot win the round.") % player,
        "sits_out": _("%(player)s sits this round out.") % player,
        "tapped_at_the_table": _("%(player)s was tapped in this round and so is at the table.")
        % player,
        "does_not_fit": _("That tap does not fit the round as tapped so far."),
        "too_many_taps": _("This round has too many taps; undo some, or start it again."),
    }
