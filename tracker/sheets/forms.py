"""The form that starts a score sheet: its players in their seats, the game it keeps (a preset,
or rounds in points or places), the stake, Tiến lên's units, and the sheet's named payments.

It only shapes what was typed into the log's `rules` object; the rules check it, and a refusal
is shown on the form, which keeps what was entered. Amounts are Decimal in the group's currency.
"""

from decimal import Decimal

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from basics.names import NAME_MAX
from core.models import Player
from core.money import money_field
from core.seats import add_seat_fields, seats_as_last_time
from core.text import clean_label
from tracker.sheets import rules as sheet

SEATS = 8
NAMED_LINES = 3
GAMES = [
    ("tien_len", gettext_lazy("Tiến lên: places, chops, leftovers, frozen, instant wins")),
    ("hearts", gettext_lazy("Hearts: points, the fewest win")),
    ("points", gettext_lazy("A points game: the most win")),
    ("places", gettext_lazy("Places: each place pays or is paid a number of units")),
]
TIEN_LEN_UNITS = [
    key for key in sheet.TienLen.__dataclass_fields__ if key != "instant_win_three_triples"
]
UNIT_LABELS = {
    "first_from_last": gettext_lazy("The last pays the first"),
    "second_from_third": gettext_lazy("With four, the third pays the second"),
    "instant_win": gettext_lazy("Instant win (tới trắng): each other player pays"),
    "frozen": gettext_lazy("Frozen (cóng): pays the first"),
    "leftover_black_two": gettext_lazy("Leftovers (thối): a black 2"),
    "leftover_red_two": gettext_lazy("Leftovers (thối): a red 2"),
    "leftover_three_pairs": gettext_lazy("Leftovers (thối): three pairs"),
    "leftover_four_kind": gettext_lazy("Leftovers (thối): four of a kind"),
    "chop_black_two": gettext_lazy("Chop (chặt): a black 2"),
    "chop_red_two": gettext_lazy("Chop (chặt): a red 2"),
    "chop_three_pairs": gettext_lazy("Chop (chặt): three pairs"),
    "chop_four_kind": gettext_lazy("Chop (chặt): four of a kind"),
}


def units_field(label, initial) -> forms.IntegerField:
    return forms.IntegerField(
        label=label,
        initial=initial,
        required=False,
        min_value=0,
        max_value=sheet.MOST_UNITS,
        widget=forms.NumberInput(attrs={"inputmode": "numeric"}),
    )


class SheetForm(forms.Form):
    group_players: dict[str, Player]  # by key, set by add_seat_fields
    name = forms.CharField(max_length=80, required=False, label=gettext_lazy("Name (optional)"))
    game = forms.ChoiceField(
        choices=GAMES, initial="tien_len", widget=forms.RadioSelect, label=gettext_lazy("Game")
    )
    instant_win_three_triples = forms.BooleanField(
        required=False, label=gettext_lazy("Three consecutive triples win at the deal")
    )

    def __init__(self, *args, group, players, **kwargs):
        super().__init__(*args, **kwargs)
        add_seat_fields(self, players, SEATS)
        self.fields["seat_2"].required = False  # two players may keep a sheet
        self.fields["seat_1"].error_messages["required"] = _("A sheet needs two players.")
        self.fields["stake"] = money_field(group, _("Stake: the money of one unit or point"))
        defaults = sheet.TienLen()
        for key in TIEN_LEN_UNITS:
            self.fields[key] = units_field(UNIT_LABELS[key], getattr(defaults, key))
        for line in range(1, NAMED_LINES + 1):
            self.fields[f"line_{line}_name"] = forms.CharField(
                required=False, max_length=NAME_MAX, label=_("Named payment")
            )
            self.fields[f"line_{line}_units"] = forms.IntegerField(
                required=False, min_value=1, max_value=sheet.MOST_UNITS, label=_("Units")
            )

    @staticmethod
    def as_last_time(sheet_row) -> dict:
        """What the form starts with: the players, game, stake and lines of the group's last
        sheet."""
        if sheet_row is None:
            return {}
        rules = sheet_row.rules
        game = rules.get("preset") or rules.get("money_by")
        initial = {**seats_as_last_time(sheet_row), "game": game}
        initial["stake"] = Decimal(rules["stake"])
        initial |= {key: rules[key] for key in sheet.TienLen.__dataclass_fields__ if key in rules}
        for line, named in enumerate(rules.get("lines", [])[:NAMED_LINES], start=1):
            initial |= {f"line_{line}_name": named["name"], f"line_{line}_units": named["units"]}
        return initial

    @property
    def seat_fields(self):
        return [self[f"seat_{seat}"] for seat in range(SEATS)]

    @property
    def unit_fields(self):
        return [self[key] for key in TIEN_LEN_UNITS]

    @property
    def line_fields(self):
        return [
            (self[f"line_{line}_name"], self[f"line_{line}_units"])
            for line in range(1, NAMED_LINES + 1)
        ]

    def clean_name(self):
        name = self.cleaned_data["name"]
        return clean_label(name, "") if name.strip() else ""

    def clean(self):
        data = super().clean()
        assert data is not None
        if self.errors:
            return data
        picked = [data.get(f"seat_{seat}") for seat in range(SEATS)]
        if "" in picked and any(picked[picked.index("") :]):
            raise forms.ValidationError(_("Fill the seats in order, with no empty seat between."))
        players = [self.group_players[pk] for pk in picked if pk]
        if len({player.pk for player in players}) != len(players):
            raise forms.ValidationError(_("A player can only sit in one seat."))
        data["players"] = players
        data["rules"] = self.rules(data)
        return data

    def rules(self, data) -> dict:
        """The log's `rules` object of what was chosen."""
        game = data["game"]
        rules: dict = {"stake": sheet.format_money(data["stake"])}
        if game == "places":
            rules |= {"preset": None, "money_by": "places"}
        else:
            rules["preset"] = game
        if game == "tien_len":
            defaults = sheet.TienLen()
            rules |= {
                key: getattr(defaults, key) if data[key] is None else data[key]
                for key in TIEN_LEN_UNITS
            }
            rules["instant_win_three_triples"] = data["instant_win_three_triples"]
        lines = []
        for line in range(1, NAMED_LINES + 1):
            name, units = data[f"line_{line}_name"].strip(), data[f"line_{line}_units"]
            if name or units is not None:
                if not name or units is None:
                    raise forms.ValidationError(_("A named payment needs a name and its units."))
                lines.append({"name": name, "units": units})
        rules["lines"] = lines
        return rules
