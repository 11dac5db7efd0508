"""Forms for Cutthroat: starting a tournament, bids, tricks and corrections.

The forms only shape what was typed into the values the services take (bids, tricks and jacks
by player name); the services check them against the rules, and a refusal is shown on the form,
which keeps what was typed.
"""

from django import forms

from tracker.common.money import money_field
from tracker.common.seats import add_seat_fields, seats_from_dealer
from tracker.common.text import clean_label
from tracker.common.widgets import QuickSelect
from tracker.rules import cutthroat

PRESET_CHOICES = [
    ("official", "Official: to 500, 10-bag limit, 5 wins"),
    ("300-five-bags", "To 300, 5-bag limit, 3 wins"),
    ("300-per-bag", "To 300, −10 per bag each hand, 3 wins"),
    ("500-three-jacks", "To 500, J♥ removes a bag, Blind 6 unlimited, 5 wins"),
]
KEEP = ""


def optional_int(label, minimum=0, maximum=10000):
    return forms.IntegerField(
        label=label,
        required=False,
        min_value=minimum,
        max_value=maximum,
        widget=forms.NumberInput(attrs={"inputmode": "numeric", "placeholder": "as preset"}),
    )


class TournamentForm(forms.Form):
    name = forms.CharField(max_length=80, required=False, label="Name (optional)")
    first_dealer = forms.TypedChoiceField(
        coerce=int,
        choices=[(i, f"Seat {i + 1}") for i in range(5)],
        initial=0,
        widget=forms.RadioSelect,
        label="Who deals first (highest card drawn)",
    )
    preset = forms.ChoiceField(choices=PRESET_CHOICES, initial="official", widget=forms.RadioSelect)
    target = optional_int("Game to (points)", 10)
    bags = forms.ChoiceField(
        required=False,
        label="Bags",
        choices=[(KEEP, "as preset"), ("limit", "limit (accumulate)"), ("per_hand", "−10 each")],
    )
    bag_limit = optional_int("Bag limit", 1, 100)
    blind_six_per_game = forms.ChoiceField(
        required=False,
        label="Blind 6 per player and game",
        choices=[(KEEP, "as preset"), ("1", "once"), ("unlimited", "unlimited"), ("0", "never")],
    )
    blind_six_behind = optional_int("Blind 6 only when behind by at least", 0)
    jack_of_hearts = forms.ChoiceField(
        required=False,
        label="J♥ (removes a bag)",
        choices=[(KEEP, "as preset"), ("yes", "in play"), ("no", "not in play")],
    )
    wins_needed = optional_int("Game wins to take the tournament", 1, 50)
    moon_tricks = optional_int("Tricks to Shoot the Moon", 1, 17)
    nil_tricks_are_bags = forms.ChoiceField(
        required=False,
        label="Tricks on a failed Nil count as bags",
        choices=[(KEEP, "as preset"), ("yes", "yes"), ("no", "no")],
    )
    jokers = forms.TypedChoiceField(
        coerce=int,
        required=False,
        empty_value=0,
        label="Jokers (5 players only)",
        choices=[(0, "none"), (2, "2 jokers"), (3, "3 jokers")],
    )

    def clean_name(self):
        name = self.cleaned_data["name"]
        return clean_label(name, "") if name.strip() else ""

    def __init__(self, *args, group, players, **kwargs):
        super().__init__(*args, **kwargs)
        add_seat_fields(self, players, 5)
        self.fields["game_stake"] = money_field(
            group, "Stake per game (each loser pays the winner)", required=False
        )
        self.fields["buy_in"] = money_field(
            group, "Buy-in (the champion takes them all)", required=False
        )

    @property
    def seat_fields(self):
        return [self[f"seat_{seat}"] for seat in range(5)]

    def overrides(self) -> dict:
        data, rules = self.cleaned_data, {"preset": self.cleaned_data["preset"]}
        for key in ("target", "blind_six_behind", "wins_needed", "moon_tricks"):
            if data.get(key) is not None:
                rules[key] = data[key]
        if data.get("bags") == "per_hand":
            rules["bags"] = {"mode": "per_hand"}
        elif data.get("bags") == "limit" or data.get("bag_limit") is not None:
            limit = data.get("bag_limit") or cutthroat.PRESETS[rules["preset"]]["bag_limit"]
            rules["bags"] = {"mode": "limit", "limit": limit}
        if data.get("blind_six_per_game"):
            per_game = data["blind_six_per_game"]
            rules["blind_six_per_game"] = None if per_game == "unlimited" else int(per_game)
        if data.get("jack_of_hearts"):
            jacks = dict(cutthroat.PRESETS[rules["preset"]]["award_jacks"])
            jacks.pop("JH", None)
            if data["jack_of_hearts"] == "yes":
                jacks["JH"] = "bag"
            rules["award_jacks"] = jacks
        if data.get("nil_tricks_are_bags"):
            rules["nil_tricks_are_bags"] = data["nil_tricks_are_bags"] == "yes"
        if data.get("jokers"):
            rules["jokers"] = data["jokers"]
        return rules

    def clean(self):
        data = super().clean()
        if self.errors:
            return data
        players = seats_from_dealer(self, data, 5)
        if players is None:
            return data
        data["players"] = players
        data["game_stake"] = data.get("game_stake") or 0
        data["buy_in"] = data.get("buy_in") or 0
        data["rules"] = self.overrides()
        return data


def bid_choices(tricks: int, blind_six: bool):
    specials = [("NIL", "Nil"), ("BN", "Blind Nil"), ("1F", "1 for 50"), ("2F", "2 for 40")]
    if blind_six:
        specials.append(("B6", "Blind 6"))
    specials.append(("SM", "Shoot the Moon"))
    return [("", "—")] + [(str(n), str(n)) for n in range(1, tricks + 1)] + specials


def parse_bid(value: str):
    return int(value) if value.isdigit() else value


class BidsForm(forms.Form):
    """Step 1 of a hand: every player's bid, before play."""

    def __init__(self, *args, board, **kwargs):
        super().__init__(*args, **kwargs)
        self.board = board
        result = board.standings
        for seat, name in enumerate(board.names):
            allowed = result.blind_six_allowed.get(name, False)
            self.fields[f"bid_{seat}"] = forms.ChoiceField(
                choices=bid_choices(board.tricks, allowed),
                widget=QuickSelect,
                label=name,
                error_messages={"required": f"{name} has no bid yet."},
            )

    def rows(self):
        result = self.board.standings
        for seat, name in enumerate(self.board.names):
            yield {
                "name": name,
                "field": self[f"bid_{seat}"],
                "blind_six": result.blind_six_allowed.get(name, False),
                "reason": result.blind_six_reason.get(name, ""),
            }

    def clean(self):
        data = super().clean()
        if self.errors:
            return data
        names = self.board.names
        data["bids"] = {name: parse_bid(data[f"bid_{seat}"]) for seat, name in enumerate(names)}
        return data


def tricks_field(name: str, tricks: int):
    return forms.IntegerField(
        label=name,
        min_value=0,
        max_value=tricks,
        error_messages={
            "required": f"{name}: how many tricks?",
            "min_value": f"{name}: tricks cannot be negative.",
            "max_value": f"{name}: at most {tricks} tricks.",
        },
        widget=forms.NumberInput(attrs={"inputmode": "numeric", "data-tricks": "1"}),
    )


def jack_field(card: str, names: list[str]):
    label = cutthroat.JACK_NAMES[card]
    return forms.TypedChoiceField(
        label=f"Who caught the {label}?",
        coerce=int,
        widget=forms.RadioSelect,
        choices=[(seat, name) for seat, name in enumerate(names)],
        error_messages={"required": f"Who caught the {label}?"},
    )


class PlayedForm(forms.Form):
    """Step 2 of a hand: tricks and award jacks after play."""

    number = forms.IntegerField(widget=forms.HiddenInput)
    # The row whose bids the page showed: bids undone and entered again on another phone make
    # a new row, so tricks from the stale page cannot land on them.
    hand = forms.IntegerField(widget=forms.HiddenInput, required=False)

    def __init__(self, *args, board, **kwargs):
        super().__init__(*args, **kwargs)
        self.board = board
        for seat, name in enumerate(board.names):
            self.fields[f"tricks_{seat}"] = tricks_field(name, board.tricks)
        for card in board.settings.award_jacks:
            self.fields[f"jack_{card}"] = jack_field(card, board.names)

    def tricks_rows(self):
        bids = self.board.pending.bids if self.board.pending else [None] * len(self.board.names)
        return [
            {"field": self[f"tricks_{seat}"], "bid": cutthroat.bid_label(bid) if bid else ""}
            for seat, bid in enumerate(bids)
        ]

    def jack_rows(self):
        return [self[f"jack_{card}"] for card in self.board.settings.award_jacks]

    def named(self, data):
        names = self.board.names
        tricks = {name: data[f"tricks_{seat}"] for seat, name in enumerate(names)}
        jacks = {card: names[data[f"jack_{card}"]] for card in self.board.settings.award_jacks}
        return tricks, jacks

    def clean(self):
        data = super().clean()
        if not self.errors:
            data["tricks"], data["jacks"] = self.named(data)
        return data


class CorrectionForm(PlayedForm):
    """A past hand corrected, checked against the version the page was drawn from."""

    version = forms.IntegerField(widget=forms.HiddenInput)
    confirm = forms.BooleanField(required=False, widget=forms.HiddenInput)

    def __init__(self, *args, board, **kwargs):
        super().__init__(*args, board=board, **kwargs)
        for seat, name in enumerate(board.names):
            self.fields[f"bid_{seat}"] = forms.ChoiceField(
                choices=bid_choices(board.tricks, True), widget=QuickSelect, label=name
            )

    def bid_rows(self):
        return [self[f"bid_{seat}"] for seat in range(len(self.board.names))]

    def clean(self):
        data = super().clean()
        if not self.errors:
            names = self.board.names
            data["bids"] = {name: parse_bid(data[f"bid_{seat}"]) for seat, name in enumerate(names)}
        return data


def correction_initial(board, hand) -> dict:
    """The correction form filled with the hand as it was saved."""
    initial = {"number": hand.number, "version": board.tournament.version}
    for seat in range(len(board.names)):
        initial[f"bid_{seat}"] = str(hand.bids[seat])
        initial[f"tricks_{seat}"] = hand.tricks[seat]
    for card, seat in hand.jacks.items():
        initial[f"jack_{card}"] = seat
    return initial
