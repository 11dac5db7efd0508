"""The round on one sheet, for a phone whose network is gone (static/js/sheet.js).

Online, each tap goes to the server, which replays the table's draft and renders the next step.
Offline there is no one to ask, so the page carries every button of the round on one sheet: the
online entry's own buttons (the same `tap` tokens, see `taps`), one for each seat and question,
whatever the round's state, so no tap made online lacks its twin offline. The phone keeps the
taps as the table keeps its draft, a list of tokens from the draft as the phone last had it on,
and sends them when the network is back (`SentLaterRoundForm`): the gate checks them exactly as
it checks taps sent one at a time (`gate.rounds.take_round_sent_later`).
"""

import json

from django import forms
from django.utils.translation import gettext as _

from core.bounds import LARGEST_COUNT
from core.idempotency import KeyedEntryForm
from tracker.catte.draft import RoundDraft
from tracker.catte.entries import AUTO_WIN_WORDS
from tracker.catte.gate.tapping import MOST_TAPS
from tracker.catte.taps import KeptRound, parse_taps


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
    }


def sheet_words(draft: RoundDraft) -> dict:
    """The sheet's words, with {players}, {player}, {card} and {hand} for the script to fill."""
    return {
        "names": draft.names,
        "away": draft.away,
        "hands": {hand: _(words) for hand, words in AUTO_WIN_WORDS.items()},
        "tricks": _("tricks %(players)s") % {"players": "{players}"},
        "rest": _("the rest to %(player)s") % {"player": "{player}"},
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
        # Said until the card is tapped, as the online entry asks for it (draft.needs_card).
        "needs_card": _("Side pot: tap the upturned card") if draft.settings.has_side_pot else "",
        "trick": _("Trick %(number)s: who won it?") % {"number": "{number}"},
        "nothing": _("Nothing is tapped in yet."),
    }


class SentLaterRoundForm(KeyedEntryForm):
    """A round as a phone's outbox sends it: the id it was kept under (`once`), the round's
    number, its taps from the table's draft on (at version `draft_version`; `reached` with the
    tap that could not be sent), and "save" as its `tap` when the phone saved it."""

    number = forms.IntegerField(min_value=1, max_value=100_000)
    taps = forms.CharField(required=False, max_length=2000)
    reached = forms.CharField(required=False, max_length=2000)
    draft_version = forms.IntegerField(required=False, min_value=0, max_value=LARGEST_COUNT)
    tap = forms.ChoiceField(required=False, choices=[("", ""), ("save", "save")])

    def __init__(self, data, *, board):
        super().__init__(data, keyed=True)
        self.seats = len(board.names)

    def clean_taps(self) -> list[str]:
        return self.read_taps(self.cleaned_data["taps"])

    def clean_reached(self) -> list[str]:
        return self.read_taps(self.cleaned_data["reached"])

    def read_taps(self, text: str) -> list[str]:
        try:
            taps = parse_taps(text, self.seats)
        except ValueError as error:
            unread = _("The round could not be read; start it again.")
            raise forms.ValidationError(unread) from error
        if len(taps) > MOST_TAPS:
            raise forms.ValidationError(
                _("This round has too many taps; undo some, or start it again.")
            )
        return taps

    def clean(self):
        data = super().clean()
        if self.errors:
            return data
        data["kept"] = KeptRound(
            entry=data["once"],
            number=data["number"],
            taps=data["taps"],
            reached=data["reached"],
            started_from=data["draft_version"],
            save=data["tap"] == "save",
        )
        return data
