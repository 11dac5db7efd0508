"""Forms for Cutthroat: starting a tournament, bids, tricks and corrections.

The forms only shape what was tapped or typed into the values the services take (bids, tricks
and jacks by player name); the services check them against the rules, and a refusal is shown on
the form, which keeps what was entered. Bids, tricks and jacks are tap grids (radio buttons drawn
as buttons) listed in the order the players bid, so one tap is one choice, with or without
JavaScript.
"""

from django import forms
from django.forms.utils import flatatt
from django.utils.html import format_html, format_html_join
from django.utils.translation import gettext_lazy as _

from tracker.common.money import money_field
from tracker.common.seats import add_seat_fields, seats_from_dealer
from tracker.common.text import clean_label
from tracker.cutthroat.display import bidding_order, short_names
from tracker.rules import cutthroat

PRESET_CHOICES = [
    ("official", _("Official: to 500, 10-bag limit, 5 wins")),
    ("300-five-bags", _("To 300, 5-bag limit, 3 wins")),
    ("300-per-bag", _("To 300, −10 per bag each hand, 3 wins")),
    ("500-three-jacks", _("To 500, J♥ removes a bag, Blind 6 unlimited, 5 wins")),
]
KEEP = ""
# Translators: a rule left as the chosen preset has it.
AS_PRESET = _("as preset")
JACK_POINT_FIELDS = {"JD": "jack_of_diamonds", "JC": "jack_of_clubs"}
# What a bid button says where the full words do not fit; screen readers get the full words.
BID_BUTTONS = {
    "BN": _("Blind Nil"),
    "B6": _("Blind 6"),
    "1F": "1F",
    "2F": "2F",
    # Translators: short for the bid Shoot the Moon, on a narrow button.
    "SM": _("Moon"),
}


class TapGrid(forms.RadioSelect):
    """Radio buttons as a grid of tap targets, drawn in one go: through Django's renderer each
    option costs a template render, and the entry forms are drawn after every save.

    `classes`: value → CSS classes of its button (how wide it is); `words`: value → the option
    in full words, where the button says less."""

    def __init__(self, attrs=None, choices=(), classes=None, words=None):
        super().__init__(attrs, choices)
        self.classes, self.words = classes or {}, words or {}

    def button(self, name, stem, choice, label, chosen):
        value, words = str(choice), self.words.get(str(choice))
        return (
            " ".join(filter(None, ["tap", self.classes.get(value)])),
            f"{stem}_{value}",
            format_html(' title="{}"', words) if words else "",
            name,
            value,
            f"{stem}_{value}",
            format_html(' aria-label="{}"', words) if words else "",
            " checked" if value in chosen else "",
            label,
        )

    def render(self, name, value, attrs=None, renderer=None):
        chosen, stem = set(self.format_value(value)), (attrs or {}).get("id") or f"id_{name}"
        buttons = format_html_join(
            "",
            '<label class="{}" for="{}"{}><input type="radio" name="{}" value="{}" id="{}"'
            "{}{}><span>{}</span></label>",
            (self.button(name, stem, choice, label, chosen) for choice, label in self.choices),
        )
        attrs = dict(self.attrs)
        attrs["class"] = " ".join(["taps", attrs.get("class", "")]).strip()
        return format_html("<div{}>{}</div>", flatatt(attrs), buttons)


def optional_int(label, minimum=0, maximum=10000):
    return forms.IntegerField(
        label=label,
        required=False,
        min_value=minimum,
        max_value=maximum,
        widget=forms.NumberInput(attrs={"inputmode": "numeric", "placeholder": AS_PRESET}),
    )


def dealer_choices():
    """The seats a first dealer can sit in, said in the language of the page."""
    return [(seat, _("Seat %(number)s") % {"number": seat + 1}) for seat in range(5)]


class TournamentForm(forms.Form):
    name = forms.CharField(max_length=80, required=False, label=_("Name (optional)"))
    first_dealer = forms.TypedChoiceField(
        coerce=int,
        choices=dealer_choices,
        initial=0,
        widget=forms.RadioSelect,
        label=_("Who deals first (highest card drawn)"),
    )
    preset = forms.ChoiceField(choices=PRESET_CHOICES, initial="official", widget=forms.RadioSelect)
    target = optional_int(_("Game to (points)"), 10)
    bags = forms.ChoiceField(
        required=False,
        label=_("Bags"),
        choices=[
            (KEEP, AS_PRESET),
            ("limit", _("limit (accumulate)")),
            ("per_hand", _("−10 each")),
        ],
    )
    bag_limit = optional_int(_("Bag limit"), 1, 100)
    blind_six_per_game = forms.ChoiceField(
        required=False,
        label=_("Blind 6 per player and game"),
        choices=[
            (KEEP, AS_PRESET),
            ("1", _("once")),
            ("unlimited", _("unlimited")),
            ("0", _("never")),
        ],
    )
    blind_six_behind = optional_int(_("Blind 6 only when behind by at least"), 0)
    no_award_jacks = forms.BooleanField(required=False, label=_("No award jacks at all"))
    jack_of_diamonds = optional_int(_("J♦ points (0: not in play)"), 0, 1000)
    jack_of_clubs = optional_int(_("J♣ points (0: not in play)"), 0, 1000)
    jack_of_hearts = forms.ChoiceField(
        required=False,
        label=_("J♥ (removes a bag)"),
        choices=[(KEEP, AS_PRESET), ("yes", _("in play")), ("no", _("not in play"))],
    )
    wins_needed = optional_int(_("Game wins to take the tournament"), 1, 50)
    moon_tricks = optional_int(_("Tricks to Shoot the Moon"), 1, 17)
    nil_tricks_are_bags = forms.ChoiceField(
        required=False,
        label=_("Tricks on a failed Nil count as bags"),
        choices=[(KEEP, AS_PRESET), ("yes", _("yes")), ("no", _("no"))],
    )
    jokers = forms.TypedChoiceField(
        coerce=int,
        required=False,
        empty_value=0,
        label=_("Jokers (5 players only)"),
        choices=[(0, _("none")), (2, _("2 jokers")), (3, _("3 jokers"))],
    )

    JACK_FIELDS = ("no_award_jacks", "jack_of_diamonds", "jack_of_clubs", "jack_of_hearts")

    def clean_name(self):
        name = self.cleaned_data["name"]
        return clean_label(name, "") if name.strip() else ""

    def __init__(self, *args, group, players, **kwargs):
        super().__init__(*args, **kwargs)
        add_seat_fields(self, players, 5)
        self.fields["game_stake"] = money_field(
            group, _("Stake per game (each loser pays the winner)"), required=False
        )
        self.fields["buy_in"] = money_field(
            group, _("Buy-in (the champion takes them all)"), required=False
        )

    @property
    def seat_fields(self):
        return [self[f"seat_{seat}"] for seat in range(5)]

    @property
    def jack_fields(self):
        return [self[name] for name in self.JACK_FIELDS]

    def award_jacks(self, preset: str) -> dict | None:
        """The award jacks asked for (card → points or "bag"), or None to keep the preset's."""
        data = self.cleaned_data
        if data.get("no_award_jacks"):
            return {}
        changes = [data.get(field) for field in JACK_POINT_FIELDS.values()]
        if all(value is None for value in changes) and not data.get("jack_of_hearts"):
            return None
        jacks = dict(cutthroat.PRESETS[preset]["award_jacks"])
        for card, field in JACK_POINT_FIELDS.items():
            if data.get(field) is not None:
                jacks.pop(card, None)
                if data[field]:
                    jacks[card] = data[field]
        if data.get("jack_of_hearts"):
            jacks.pop("JH", None)
            if data["jack_of_hearts"] == "yes":
                jacks["JH"] = "bag"
        return jacks

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
        if (jacks := self.award_jacks(rules["preset"])) is not None:
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
        some_jack = any(data.get(field) for field in self.JACK_FIELDS[1:])
        if data.get("no_award_jacks") and some_jack:
            self.add_error("no_award_jacks", _("No award jacks, or jacks set below: not both."))
            return data
        players = seats_from_dealer(self, data, 5)
        if players is None:
            return data
        data["players"] = players
        data["game_stake"] = data.get("game_stake") or 0
        data["buy_in"] = data.get("buy_in") or 0
        data["rules"] = self.overrides()
        return data


def bid_field(name: str, tricks: int, blind_six: bool):
    """Blind bids first (they are bid before looking), then the specials, Nil and 1 to T."""
    blind = [("BN", _("Blind Nil"))] + ([("B6", _("Blind 6"))] if blind_six else [])
    specials = [(bid, BID_BUTTONS[bid]) for bid in ("1F", "2F", "SM")]
    numbers = [("NIL", _("Nil"))] + [(str(n), str(n)) for n in range(1, tricks + 1)]
    words = {bid: cutthroat.BID_LABELS[bid] for bid in ("1F", "2F", "SM")}
    classes = {"BN": "w2" if blind_six else "w4", "B6": "w2"}
    classes.update(dict.fromkeys(("1F", "2F", "SM"), "small"))
    return forms.ChoiceField(
        label=name,
        choices=blind + specials + numbers,
        widget=TapGrid(classes=classes, words=words),
        error_messages={"required": _("%(player)s has no bid yet.") % {"player": name}},
    )


def parse_bid(value: str):
    return int(value) if value.isdigit() else value


# The hand (counted across the tournament) a page showed, bounded as the database is.
HAND_NUMBER = {"widget": forms.HiddenInput, "min_value": 1, "max_value": 2**31 - 1}


class BidsForm(forms.Form):
    """Step 1 of a hand: every player's bid, before play, in the order they bid."""

    # The hand the bids were tapped for: a page drawn before another phone played that hand
    # must not put its bids on the next one.
    number = forms.IntegerField(required=False, **HAND_NUMBER)

    def __init__(self, *args, board, **kwargs):
        super().__init__(*args, **kwargs)
        self.board = board
        self.fields["number"].initial = board.hands_played + 1
        result = board.standings
        for seat, name in enumerate(board.names):
            allowed = result.blind_six_allowed.get(name, False)
            self.fields[f"bid_{seat}"] = bid_field(name, board.tricks, allowed)

    def rows(self):
        board = self.board
        result, first = board.standings, board.standings.next_first_bidder
        for seat in bidding_order(len(board.names), board.hands_played + 1):
            name = board.names[seat]
            yield {
                "name": name,
                "field": self[f"bid_{seat}"],
                "first": name == first,
                "blind_six": result.blind_six_allowed.get(name, False),
                "reason": result.blind_six_reason.get(name, ""),
            }

    def clean(self):
        data = super().clean()
        if self.errors:
            return data
        names = self.board.names
        data["bids"] = {name: parse_bid(data[f"bid_{seat}"]) for seat, name in enumerate(names)}
        data["number"] = data.get("number") or self.board.hands_played + 1
        return data


def tricks_field(name: str, tricks: int):
    return forms.IntegerField(
        label=name,
        min_value=0,
        max_value=tricks,
        error_messages={
            "required": _("%(player)s: how many tricks?") % {"player": name},
            "min_value": _("%(player)s: tricks cannot be negative.") % {"player": name},
            "max_value": _("%(player)s: at most %(tricks)s tricks.")
            % {"player": name, "tricks": tricks},
        },
        widget=TapGrid(choices=[(n, str(n)) for n in range(tricks + 1)]),
    )


def jack_field(card: str, names: list[str], shown: list[str], order: list[int]):
    label = cutthroat.JACK_NAMES[card]
    words = {str(seat): names[seat] for seat in order if shown[seat] != names[seat]}
    question = _("Who caught the %(jack)s?") % {"jack": label}
    return forms.TypedChoiceField(
        label=question,
        coerce=int,
        widget=TapGrid(attrs={"class": f"names n{len(names)}"}, words=words),
        choices=[(seat, shown[seat]) for seat in order],
        error_messages={"required": question},
    )


class PlayedForm(forms.Form):
    """Step 2 of a hand: tricks and award jacks after play."""

    number = forms.IntegerField(**HAND_NUMBER)
    # The row whose bids the page showed: bids undone and entered again on another phone make
    # a new row, so tricks from the stale page cannot land on them.
    hand = forms.IntegerField(widget=forms.HiddenInput, required=False)

    def __init__(self, *args, board, hand_number=None, **kwargs):
        super().__init__(*args, **kwargs)
        self.board = board
        number = hand_number or board.hands_played + 1
        self.order = bidding_order(len(board.names), number)
        for seat, name in enumerate(board.names):
            self.fields[f"tricks_{seat}"] = tricks_field(name, board.tricks)
        for card in board.settings.award_jacks:
            shown = short_names(board)
            self.fields[f"jack_{card}"] = jack_field(card, board.names, shown, self.order)

    def shown_bids(self):
        pending = self.board.pending
        return pending.bids if pending else [None] * len(self.board.names)

    def tricks_rows(self):
        bids = self.shown_bids()
        return [
            {
                "field": self[f"tricks_{seat}"],
                "bid": cutthroat.bid_label(bids[seat]) if bids[seat] else "",
            }
            for seat in self.order
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

    def __init__(self, *args, board, hand, **kwargs):
        super().__init__(*args, board=board, hand_number=hand.number, **kwargs)
        self.hand = hand
        for seat, name in enumerate(board.names):
            self.fields[f"bid_{seat}"] = bid_field(name, board.tricks, True)

    def shown_bids(self):
        return self.hand.bids

    def bid_rows(self):
        return [
            {"name": self.board.names[seat], "field": self[f"bid_{seat}"], "first": not index}
            for index, seat in enumerate(self.order)
        ]

    def clean(self):
        data = super().clean()
        if not self.errors:
            names = self.board.names
            data["bids"] = {name: parse_bid(data[f"bid_{seat}"]) for seat, name in enumerate(names)}
        return data


def typed_values(board, query) -> dict:
    """The correction fields a query string fills in (what a phone had entered): only bids,
    tricks and jacks; the version and the hand always come from the page."""
    names = [f"{stem}_{seat}" for stem in ("bid", "tricks") for seat in range(len(board.names))]
    names += [f"jack_{card}" for card in board.settings.award_jacks]
    return {name: query[name] for name in names if name in query}


def correction_initial(board, hand) -> dict:
    """The correction form filled with the hand as it was saved."""
    initial = {"number": hand.number, "version": board.tournament.version}
    for seat in range(len(board.names)):
        initial[f"bid_{seat}"] = str(hand.bids[seat])
        initial[f"tricks_{seat}"] = hand.tricks[seat]
    for card, seat in hand.jacks.items():
        initial[f"jack_{card}"] = seat
    return initial
