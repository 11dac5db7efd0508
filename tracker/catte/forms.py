"""Forms for Cắt Tê: starting a session, and entering or correcting a round tap by tap.

Amounts are Decimal in the group's currency, never float, with no more decimals than the currency
has. The forms only shape what was tapped or typed; the services check it against the rules, and
a refusal is shown next to the entry, which keeps what was tapped.
"""

from decimal import Decimal

from django import forms

from tracker.catte.draft import RoundDraft, is_tap, parse_taps, taps_from_round
from tracker.common.money import money_field
from tracker.common.seats import add_seat_fields, seats_from_dealer
from tracker.common.text import clean_label
from tracker.rules import catte

MOST_SEATS = 8
DOUBLE_FROM = [(str(n), f"from {n} players dealt in") for n in range(3, 9)] + [("never", "never")]
AUTO_WIN_CHOICES = [("four_of_a_kind", "four of a kind"), ("flush", "six-card flush")]


class SessionForm(forms.Form):
    name = forms.CharField(max_length=80, required=False, label="Name (optional)")
    first_dealer = forms.TypedChoiceField(
        coerce=int,
        choices=[(seat, f"Seat {seat + 1}") for seat in range(MOST_SEATS)],
        initial=0,
        widget=forms.RadioSelect,
        label="Who deals first (drawn by lot)",
    )
    sweep_double_min_players = forms.ChoiceField(
        choices=DOUBLE_FROM, initial="4", label="A sweep pays double"
    )
    auto_wins = forms.MultipleChoiceField(
        choices=AUTO_WIN_CHOICES,
        required=False,
        widget=forms.CheckboxSelectMultiple,
        label="Automatic wins besides four aces",
    )
    auto_win_pays = forms.ChoiceField(
        choices=[("double", "double"), ("pot", "the pot")],
        initial="double",
        widget=forms.RadioSelect,
        label="An automatic win pays",
    )
    ace_penalty = forms.BooleanField(required=False, label="Penalty for holding an ace")
    side_pot_at_end = forms.ChoiceField(
        choices=[("refund", "refunded"), ("carry", "carried into the next session")],
        initial="refund",
        widget=forms.RadioSelect,
        label="An unclaimed side pot at the end is",
    )

    def clean_name(self):
        name = self.cleaned_data["name"]
        return clean_label(name, "") if name.strip() else ""

    def __init__(self, *args, group, players, **kwargs):
        super().__init__(*args, **kwargs)
        add_seat_fields(self, players, MOST_SEATS)
        self.fields["stake"] = money_field(group, f"Stake a round ({group.currency})")
        self.fields["side_pot_stake"] = money_field(
            group, "Side stake a round", required=False, help_text="Blank: no side pot."
        )
        self.fields["false_claim_penalty"] = money_field(
            group,
            "False claim: paid to each other player",
            required=False,
            help_text="Blank: one stake.",
        )

    @property
    def seat_fields(self):
        return [self[f"seat_{seat}"] for seat in range(MOST_SEATS)]

    @property
    def rule_fields(self):
        names = ("side_pot_stake", "side_pot_at_end", "sweep_double_min_players", "auto_wins")
        names += ("auto_win_pays", "false_claim_penalty", "ace_penalty")
        return [self[name] for name in names]

    def clean_stake(self):
        stake = self.cleaned_data["stake"]
        if stake is not None and stake <= 0:
            raise forms.ValidationError("The stake must be more than 0.")
        return stake

    def rules(self, data) -> dict:
        """The session's `rules` object, as a game log writes it."""
        least = data["sweep_double_min_players"]
        rules = {
            "stake": catte.format_money(data["stake"]),
            "sweep_double_min_players": None if least == "never" else int(least),
            "auto_wins": list(data["auto_wins"]),
            "auto_win_pays": data["auto_win_pays"],
            "ace_penalty": data["ace_penalty"],
            "side_pot_stake": catte.format_money(data.get("side_pot_stake") or Decimal(0)),
            "side_pot_at_end": data["side_pot_at_end"],
        }
        if data.get("false_claim_penalty") is not None:
            rules["false_claim_penalty"] = catte.format_money(data["false_claim_penalty"])
        return rules

    def clean(self):
        data = super().clean()
        if self.errors:
            return data
        players = seats_from_dealer(self, data, MOST_SEATS)
        if players is None:
            return data
        data["rules"] = self.rules(data)
        data["players"] = players
        return data


class RoundForm(forms.Form):
    """One round, tapped in: `taps` holds the draft, `tap` is the button just pressed.

    Without `number` the form enters the next round; with it, it corrects that round.
    """

    number = forms.IntegerField(min_value=1)
    version = forms.IntegerField(required=False)
    taps = forms.CharField(required=False, max_length=2000)
    tap = forms.CharField(required=False, max_length=40)

    def __init__(self, *args, board, correcting=None, **kwargs):
        """`correcting`: the PlayedRound to correct; left out, the form enters the next round."""
        self.board, self.correcting = board, correcting is not None
        self.round_number = correcting.row.number if correcting else board.next_number
        self.due_dealer = due_dealer(board, correcting)
        super().__init__(*args, **kwargs)
        initial = taps_from_round(correcting.round, board.names) if correcting else []
        self.draft = self.new_draft(initial)
        self.saving = False

    def new_draft(self, taps: list[str]) -> RoundDraft:
        board, names = self.board, self.board.names
        return RoundDraft(
            names,
            board.settings,
            names.index(self.due_dealer),
            taps,
            short_names=board.short_names,
            money=board.group.format_amount,
        )

    @property
    def version_now(self) -> int:
        return self.board.session.version

    @property
    def is_stale(self) -> bool:
        """A new round's form drawn before somebody else saved that round (or undid one)."""
        sent = getattr(self, "cleaned_data", {}).get("number", self.round_number)
        return not self.correcting and sent != self.round_number

    @property
    def sent_number(self) -> int:
        return getattr(self, "cleaned_data", {}).get("number") or self.round_number

    def clean_taps(self) -> list[str]:
        try:
            return parse_taps(self.cleaned_data["taps"], len(self.board.names))
        except ValueError as error:
            raise forms.ValidationError("The round could not be read; start it again.") from error

    def next_taps(self, data) -> list[str]:
        taps, tap = list(data["taps"]), data.get("tap") or ""
        if tap == "undo":
            return taps[:-1]
        if tap == "save":
            self.saving = True
            return taps
        if not tap:
            return taps
        if not is_tap(tap):
            raise forms.ValidationError("That button is not known here.")
        refusal = self.draft.refusal(tap)
        if refusal:
            raise forms.ValidationError(refusal)
        return [*taps, tap]

    def clean(self):
        data = super().clean()
        if "taps" not in data:
            return data
        self.draft = self.new_draft(data["taps"])
        self.draft = self.new_draft(self.next_taps(data))
        if self.saving and not self.is_stale:
            self.check_round(data)
        return data

    def check_round(self, data) -> None:
        """A round ready to be saved (the rules check it as it is saved)."""
        if self.draft.needs_card:
            raise forms.ValidationError("Tap the side pot's upturned card first.")
        if not self.draft.ready:
            raise forms.ValidationError("Tap the winner of every trick, or an automatic win.")
        data["round"] = self.draft.to_round()


def due_dealer(board, correcting) -> str:
    """Who is due to deal the round: the winner of the round before it (seat 1 for the first)."""
    if correcting is None:
        return board.next_dealer
    number = correcting.row.number
    if number == 1:
        return board.names[0]
    before = board.session.rounds.get(number=number - 1)
    return board.played(before).result.winner
