from django import forms
from django.contrib.auth.forms import UserCreationForm

from tracker.common.seats import MAX_PLAYERS
from tracker.common.text import clean_label
from tracker.models import CURRENCIES, Group, Invite, Player, Role
from tracker.rules.names import SHORT_MAX, name_key, name_problem


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
        return clean_label(self.cleaned_data["name"], "Give the group a name.")


class PlayerForm(forms.ModelForm):
    class Meta:
        model = Player
        fields = ["name", "short_name"]
        labels = {"short_name": "Short name"}
        error_messages = {
            "name": {
                "required": "Give the player a name.",
                "max_length": "Keep the name to %(limit_value)d characters.",
            },
            "short_name": {"max_length": "Keep the short name to %(limit_value)d characters."},
        }

    def __init__(self, *args, group: Group, **kwargs):
        super().__init__(*args, **kwargs)
        self.group = group
        self.instance.group = group
        self.fields["short_name"].widget.attrs["autocomplete"] = "off"

    def others(self):
        return self.group.players.exclude(pk=self.instance.pk)

    def clean_name(self):
        name = self.cleaned_data["name"].strip()
        if self.instance.pk is None and self.group.players.count() >= MAX_PLAYERS:
            raise forms.ValidationError(f"A group has at most {MAX_PLAYERS} players.")
        problem = name_problem(name)
        if problem:
            raise forms.ValidationError(problem[0].upper() + problem[1:] + ".")
        others = self.others().values_list("name", flat=True)
        if any(name_key(other) == name_key(name) for other in others):
            raise forms.ValidationError(f"{name} is already a player of {self.group.name}.")
        return name

    def clean_short_name(self):
        """Empty (derived from the name), or visible text that names no other player: neither
        another's short name nor another's name, whatever the case."""
        short = self.cleaned_data.get("short_name", "").strip()
        if not short:
            return ""
        problem = name_problem(short, SHORT_MAX)
        if problem:
            raise forms.ValidationError(problem[0].upper() + problem[1:] + ".")
        for other in self.others().only("name", "short_name"):
            if name_key(other.short_name) == name_key(short):
                raise forms.ValidationError(f"{other.name} already goes by {other.short_name}.")
            if name_key(other.name) == name_key(short):
                raise forms.ValidationError(f"{short} is the name of another player.")
        return short


class InviteForm(forms.ModelForm):
    class Meta:
        model = Invite
        fields = ["role"]
        widgets = {"role": forms.RadioSelect}


class MemberRoleForm(forms.Form):
    role = forms.ChoiceField(choices=Role.choices)
