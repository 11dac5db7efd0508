"""The form that starts a Cutthroat tournament: the players in their seats, who deals first,
a preset and the rules changed from it, and what is played for.

It only shapes what was typed into the log's ``rules`` object (the preset and what differs from
it) and the money in the group's currency; the services check it against the rules, and a
refusal is shown on the form, which keeps what was entered.
"""

from django import forms
from django.utils.translation import gettext_lazy as _

from core.money import money_field
from core.seats import SeatsForm, first_dealer_field, seats_as_last_time
from tracker.cutthroat import rules as cutthroat

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
OVERRIDDEN_NUMBERS = ("target", "blind_six_behind", "wins_needed", "moon_tricks")


def jacks_as_fields(jacks: dict) -> dict:
    """The jack fields of the form that give the award jacks `jacks` (card → points or "bag")."""
    if not jacks:
        return {"no_award_jacks": True}
    fields = {field: jacks.get(card, 0) for card, field in JACK_POINT_FIELDS.items()}
    return fields | {"jack_of_hearts": "yes" if jacks.get("JH") == "bag" else "no"}


def optional_int(label, minimum=0, maximum=10000):
    return forms.IntegerField(
        label=label,
        required=False,
        min_value=minimum,
        max_value=maximum,
        widget=forms.NumberInput(attrs={"inputmode": "numeric", "placeholder": AS_PRESET}),
    )


class TournamentForm(SeatsForm):
    SEATS = 5
    first_dealer = first_dealer_field(_("Who deals first (highest card drawn)"), SEATS)
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
        # Django's TypedChoiceField takes any empty value; the stubs allow only a string.
        empty_value=0,  # type: ignore[arg-type]
        label=_("Jokers (5 players only)"),
        choices=[(0, _("none")), (2, _("2 jokers")), (3, _("3 jokers"))],
    )

    JACK_FIELDS = ("no_award_jacks", "jack_of_diamonds", "jack_of_clubs", "jack_of_hearts")

    def __init__(self, *args, group, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["game_stake"] = money_field(
            group, _("Stake per game (each loser pays the winner)"), required=False
        )
        self.fields["buy_in"] = money_field(
            group, _("Buy-in (the champion takes them all)"), required=False
        )

    @staticmethod
    def as_last_time(tournament) -> dict:
        """What the form starts with: the players, rules and stakes of the group's last
        tournament, each rule changed from its preset shown as changed (`overrides` read
        backwards)."""
        if tournament is None:
            return {}
        rules = tournament.rules
        initial = {**seats_as_last_time(tournament), "preset": rules.get("preset", "official")}
        initial |= {key: rules[key] for key in OVERRIDDEN_NUMBERS if rules.get(key) is not None}
        if "bags" in rules:
            initial["bags"] = rules["bags"].get("mode", "limit")
            initial["bag_limit"] = rules["bags"].get("limit")
        if "blind_six_per_game" in rules:
            per_game = rules["blind_six_per_game"]
            initial["blind_six_per_game"] = "unlimited" if per_game is None else str(per_game)
        if "award_jacks" in rules:
            initial |= jacks_as_fields(rules["award_jacks"])
        if "nil_tricks_are_bags" in rules:
            initial["nil_tricks_are_bags"] = "yes" if rules["nil_tricks_are_bags"] else "no"
        initial["jokers"] = rules.get("jokers", 0)
        initial["game_stake"] = tournament.game_stake or None
        initial["buy_in"] = tournament.buy_in or None
        return initial

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
        for key in OVERRIDDEN_NUMBERS:
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

    def agrees(self, data: dict) -> bool:
        some_jack = any(data.get(field) for field in self.JACK_FIELDS[1:])
        if data.get("no_award_jacks") and some_jack:
            self.add_error("no_award_jacks", _("No award jacks, or jacks set below: not both."))
            return False
        return True

    def settings_of(self, data: dict) -> dict:
        money = {"game_stake": data.get("game_stake") or 0, "buy_in": data.get("buy_in") or 0}
        return {**money, "rules": self.overrides()}
