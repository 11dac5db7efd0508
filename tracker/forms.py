from decimal import Decimal

from django import forms
from django.contrib.auth.forms import UserCreationForm

from tracker import logs
from tracker.models import CURRENCIES, Group, Invite, Player, Role
from tracker.rules import RulesError


class SignupForm(UserCreationForm):
    class Meta(UserCreationForm.Meta):
        fields = ("username",)


class GroupForm(forms.ModelForm):
    currency = forms.ChoiceField(
        choices=[(code, f"{code} ({places} decimals)") for code, places in CURRENCIES.items()],
        error_messages={"invalid_choice": "Unknown currency %(value)s: pick one from the list."},
    )

    class Meta:
        model = Group
        fields = ["name", "currency"]
        error_messages = {
            "name": {
                "required": "Give the group a name.",
                "max_length": "Keep the name to %(limit_value)d characters.",
            }
        }

    def clean_name(self):
        name = self.cleaned_data["name"].strip()
        if not name:
            raise forms.ValidationError("Give the group a name.")
        return name


class PlayerForm(forms.ModelForm):
    class Meta:
        model = Player
        fields = ["name"]
        error_messages = {
            "name": {
                "required": "Give the player a name.",
                "max_length": "Keep the name to %(limit_value)d characters.",
            }
        }

    def __init__(self, *args, group: Group, **kwargs):
        super().__init__(*args, **kwargs)
        self.group = group
        self.instance.group = group

    def clean_name(self):
        name = self.cleaned_data["name"].strip()
        clash = self.group.players.filter(name__iexact=name).exclude(pk=self.instance.pk)
        if clash.exists():
            raise forms.ValidationError(f"{name} is already a player of {self.group.name}.")
        return name


class InviteForm(forms.ModelForm):
    class Meta:
        model = Invite
        fields = ["role"]
        widgets = {"role": forms.RadioSelect}


class MemberRoleForm(forms.Form):
    role = forms.ChoiceField(choices=Role.choices)


class RestoreForm(forms.Form):
    file = forms.FileField(label="Backup (.zip)")

    def clean_file(self):
        upload = self.cleaned_data["file"]
        if upload.size > 20_000_000:
            raise forms.ValidationError("A backup file is at most 20 MB.")
        return upload


class ImportForm(forms.Form):
    """A game log, uploaded as a file or pasted."""

    file = forms.FileField(required=False, label="Log file (.json)")
    text = forms.CharField(required=False, label="…or paste the log", widget=forms.Textarea)
    create_missing = forms.BooleanField(
        required=False, label="Add players who are not in the group yet"
    )

    def clean(self):
        data = super().clean()
        upload, text = data.get("file"), data.get("text", "").strip()
        if not upload and not text:
            raise forms.ValidationError("Choose a log file or paste a log.")
        if upload and upload.size > 2_000_000:
            raise forms.ValidationError("A log file is at most 2 MB.")
        try:
            data["log"] = logs.read(upload.read() if upload else text)
        except RulesError as error:
            raise forms.ValidationError(str(error)) from error
        return data


def money_field(group, label: str, required: bool = True, help_text: str = ""):
    decimals = group.decimals
    too_fine = (
        f"{group.currency} amounts have no decimals."
        if decimals == 0
        else f"{group.currency} amounts have at most {decimals} decimals."
    )
    return forms.DecimalField(
        label=label,
        required=required,
        min_value=Decimal(0),
        max_digits=12,
        decimal_places=decimals,
        help_text=help_text,
        error_messages={
            "required": f"{label}: the table agrees on an amount.",
            "max_decimal_places": too_fine,
            "min_value": f"{label}: cannot be negative.",
            "invalid": f"{label}: an amount such as {'5' if decimals == 0 else '0.50'}.",
        },
        widget=forms.TextInput(
            attrs={"inputmode": "decimal" if decimals else "numeric", "autocomplete": "off"}
        ),
    )


def seats_from_dealer(form, data: dict, seats: int) -> list | None:
    """The players picked in seat_0…seat_N, clockwise from the first dealer.

    Refuses gaps and a player in two seats; None (with the error on the form) when the first
    dealer's seat is empty.
    """
    picked = [data.get(f"seat_{seat}") for seat in range(seats)]
    if "" in picked and any(picked[picked.index("") :]):
        raise forms.ValidationError("Fill the seats in order, with no empty seat between.")
    seated = [form.group_players[pk] for pk in picked if pk]
    if len({player.pk for player in seated}) != len(seated):
        raise forms.ValidationError("A player can only sit in one seat.")
    dealer = data.get("first_dealer") or 0
    if dealer >= len(seated):
        form.add_error("first_dealer", f"Seat {dealer + 1} is empty.")
        return None
    return seated[dealer:] + seated[:dealer]
