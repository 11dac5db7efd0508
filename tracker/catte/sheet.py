"""A whole round on one sheet, for a phone whose network is gone (static/js/outbox.js).

Online, each tap goes to the server, which replays the round and renders the next step. Offline
there is no one to ask, so the page carries this sheet beside the round being entered: plain
checkboxes and radio buttons, which answer a tap with no rules on the phone, filled in with the
round as the table had it. The phone keeps what was ticked and sends it when the network is back;
`SentLaterRoundForm` reads it into the taps the table would have sent, in the order a recorded
round is entered again (`taps.taps_from_round`), and the gate checks them like any other taps.
"""

from django import forms
from django.utils.translation import gettext_lazy as _

from tracker.catte.draft import RoundDraft
from tracker.catte.draft_buttons import UNSET
from tracker.common.once import OnceKeyField
from tracker.rules.catte_cards import RANKS, SUITS
from tracker.rules.catte_round import ALL_TRICKS
from tracker.rules.catte_settings import HAND_NAMES

NO_ONE = "-"
CARDS = [(rank + suit, rank + symbol) for suit, symbol in SUITS.items() for rank in RANKS]


def sheet_rows(draft: RoundDraft) -> dict:
    """What the sheet shows, ticked as the draft stands: a row of seats for each question."""
    at_table = draft.at_table

    def seats(chosen, among=None):
        return draft.seats(chosen) if among is None else draft.players(among, chosen)

    tricks = draft.tricks if not draft.auto_win else []
    return {
        "absent": seats(draft.absent),
        "tricks": [
            {"number": number, "seats": seats(tricks[number - 1 : number], at_table)}
            for number in range(1, ALL_TRICKS + 1)
        ],
        "folds": seats(draft.folds, at_table),
        "false_claims": seats(draft.false_claims, at_table),
        "claim": seats([] if draft.claimant in (UNSET, None) else [draft.claimant], at_table),
        "claim_no_one": draft.claimant is None,
        "ace": seats([] if draft.ace in (UNSET, None) else [draft.ace], at_table),
        "ace_no_one": draft.ace is None,
        "cards": [(code, label, code == draft.upturned) for code, label in CARDS],
        "auto_wins": [
            {"value": f"{row['seat']}.{hand}", "label": f"{row['name']}: {HAND_NAMES[hand]}"}
            | {"pressed": draft.auto_win == (row["seat"], hand)}
            for hand in ("four_aces", *draft.settings.auto_wins)
            for row in draft.players(at_table)
        ],
    }


class SentLaterRoundForm(forms.Form):
    """The sheet as a phone kept it: the phone's id for the round, the round's number and the
    version of the table's draft it started from, and what was ticked."""

    entry = OnceKeyField(error_messages={"required": _("This entry has no id.")})
    number = forms.IntegerField(min_value=1, max_value=100_000)
    draft_version = forms.IntegerField(min_value=0, max_value=2**31 - 1)
    card = forms.ChoiceField(required=False, choices=[("", ""), *CARDS])

    def __init__(self, data, *, board):
        super().__init__(data)
        self.start = board.draft_of([])  # who starts out sitting out: the players who left
        seats = [(str(seat), name) for seat, name in enumerate(board.names)]
        either = [(NO_ONE, NO_ONE), *seats]
        self.fields["absent"] = forms.MultipleChoiceField(required=False, choices=seats)
        self.fields["fold"] = forms.MultipleChoiceField(required=False, choices=seats)
        self.fields["false_claim"] = forms.MultipleChoiceField(required=False, choices=seats)
        self.fields["claim"] = forms.ChoiceField(required=False, choices=[("", ""), *either])
        self.fields["ace"] = forms.ChoiceField(required=False, choices=[("", ""), *either])
        wins = [(f"{seat}.{hand}", hand) for seat, name in seats for hand in HAND_NAMES]
        self.fields["auto_win"] = forms.ChoiceField(required=False, choices=[("", ""), *wins])
        for number in range(1, ALL_TRICKS + 1):
            self.fields[f"trick_{number}"] = forms.ChoiceField(
                required=False, choices=[("", ""), *seats]
            )

    def clean(self):
        data = super().clean()
        if self.errors:
            return data
        if data.get("entry") is None:
            raise forms.ValidationError(_("This entry has no id."))
        data["taps"] = self.taps(data)
        return data

    def taps(self, data) -> list[str]:
        """The taps of the sheet, in the order a recorded round is entered again: who sits out,
        the side pot, an automatic win or the tricks up to the first left empty, then folds,
        false claims and the ace."""
        ticked = {int(seat) for seat in data["absent"]}
        started_out = set(self.start.absent)
        taps = [f"a{seat}" for seat in sorted(ticked ^ started_out)]  # each one toggled
        if data["card"]:
            taps.append(f"u{data['card']}")
        if data["claim"]:
            taps.append(f"c{data['claim']}")
        if data["auto_win"]:
            taps.append(f"w{data['auto_win']}")
        else:
            for number in range(1, ALL_TRICKS + 1):
                if not data[f"trick_{number}"]:
                    break
                taps.append(f"t{data[f'trick_{number}']}")
        taps += [f"f{seat}" for seat in data["fold"]]
        taps += [f"x{seat}" for seat in data["false_claim"]]
        if data["ace"]:
            taps.append(f"e{data['ace']}")
        return taps
