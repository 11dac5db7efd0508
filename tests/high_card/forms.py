"""High card's forms: the one that starts a table (its players and stake), and a round's winner,
entered or corrected."""

from decimal import Decimal

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from core.idempotency import KeyedEntryForm
from core.models import Player
from core.money import money_field
from core.seats import add_seat_fields, seats_as_last_time
from tests.high_card.rules import MOST_PLAYERS


class StartForm(forms.Form):
    group_players: dict[str, Player]  # by key, set by add_seat_fields
    name = forms.CharField(max_length=80, required=False, label=gettext_lazy("Name (optional)"))

    def __init__(self, *args, group, players, **kwargs):
        super().__init__(*args, **kwargs)
        add_seat_fields(self, players, MOST_PLAYERS)
        self.fields["seat_2"].required = False  # two players may play
        self.fields["stake"] = money_field(group, _("Stake: what each loser pays the winner"))

    @staticmethod
    def as_last_time(table) -> dict:
        if table is None:
            return {}
        return {**seats_as_last_time(table), "stake": Decimal(table.rules["stake"])}

    @property
    def seat_fields(self):
        return [self[f"seat_{seat}"] for seat in range(MOST_PLAYERS)]

    def clean(self):
        data = super().clean()
        assert data is not None
        picked = [data.get(f"seat_{seat}") for seat in range(MOST_PLAYERS)]
        players = [self.group_players[pk] for pk in picked if pk]
        if len({player.pk for player in players}) != len(players):
            raise forms.ValidationError(_("A player can only sit in one seat."))
        data["players"] = players
        return data


class RoundForm(KeyedEntryForm):
    """Who won round `number`; `version`, the table's as the page showed it."""

    number = forms.IntegerField(min_value=1, widget=forms.HiddenInput)
    version = forms.IntegerField(min_value=0, widget=forms.HiddenInput)

    def __init__(self, *args, board, **kwargs):
        super().__init__(*args, **kwargs)
        choices = [(name, name) for name in board.names]
        self.fields["winner"] = forms.ChoiceField(
            choices=choices, widget=forms.RadioSelect, label=_("Winner")
        )
