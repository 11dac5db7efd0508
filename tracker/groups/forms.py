from django import forms
from django.contrib.auth import authenticate
from django.contrib.auth.forms import PasswordChangeForm, UserCreationForm
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from basics.names import name_problem, short_name_problem
from core.models import CURRENCIES, Group, Invite, Player, Role
from core.names import name_taken
from core.seats import MAX_PLAYERS
from core.text import clean_label, sentence


class SignupForm(UserCreationForm):
    # The stubs do not declare UserCreationForm.Meta; Django's form has it.
    class Meta(UserCreationForm.Meta):  # type: ignore[name-defined]
        fields = ("username",)


def currency_choices() -> list[tuple[str, str]]:
    """Each currency with its decimals, in the reader's language (rendered with each form)."""
    return [
        (
            code,
            ngettext("%(code)s (%(places)d decimal)", "%(code)s (%(places)d decimals)", places)
            % {"code": code, "places": places},
        )
        for code, places in CURRENCIES.items()
    ]


class GuardedPasswordChangeForm(PasswordChangeForm):
    """The old password is checked as a login checks it (django-axes): a wrong one counts
    towards the same lockout of that username from that address, and a locked-out username
    cannot change its password either."""

    def __init__(self, user, *args, request, **kwargs):
        super().__init__(user, *args, **kwargs)
        self.request = request

    def clean_old_password(self):
        old = self.cleaned_data["old_password"]
        if authenticate(self.request, username=self.user.get_username(), password=old) is None:
            raise forms.ValidationError(
                self.error_messages["password_incorrect"], code="password_incorrect"
            )
        return old


# A new group is offered the currency its first owner's language is mostly played in; any
# other is one choice away.
CURRENCY_OF_LANGUAGE = {"vi": "VND", "de": "EUR"}


def currency_for(language: str) -> str:
    return CURRENCY_OF_LANGUAGE.get(language, Group._meta.get_field("currency").default)


class GroupForm(forms.ModelForm):
    currency = forms.ChoiceField(
        choices=currency_choices,
        label=gettext_lazy("Currency"),
        error_messages={
            "invalid_choice": gettext_lazy("Unknown currency %(value)s: pick one from the list.")
        },
    )

    class Meta:
        model = Group
        fields = ["name", "currency"]
        labels = {"name": gettext_lazy("Name")}
        error_messages = {
            "name": {
                "required": gettext_lazy("Give the group a name."),
                "max_length": gettext_lazy("Keep the name to %(limit_value)d characters."),
            }
        }

    def clean_name(self):
        return clean_label(self.cleaned_data["name"], _("Give the group a name."))


class PlayerForm(forms.ModelForm):
    class Meta:
        model = Player
        fields = ["name", "short_name"]
        labels = {"name": gettext_lazy("Name"), "short_name": gettext_lazy("Short name")}
        error_messages = {
            "name": {
                "required": gettext_lazy("Give the player a name."),
                "max_length": gettext_lazy("Keep the name to %(limit_value)d characters."),
            },
            "short_name": {
                "max_length": gettext_lazy("Keep the short name to %(limit_value)d characters.")
            },
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
            raise forms.ValidationError(
                _("A group has at most %(most)d players.") % {"most": MAX_PLAYERS}
            )
        problem = name_problem(name)
        if problem:
            raise forms.ValidationError(sentence(problem))
        if Player.named(self.group, name).exclude(pk=self.instance.pk).exists():
            raise forms.ValidationError(name_taken(name, self.group))
        return name

    def clean_short_name(self):
        """Empty (derived from the name), or visible text that names no other player: neither
        another's short name nor another's name, whatever the case."""
        short = self.cleaned_data.get("short_name", "").strip()
        if not short:
            return ""
        problem = short_name_problem(short, self.others().values_list("name", "short_name"))
        if problem:
            raise forms.ValidationError(sentence(problem))
        return short

    def refuse_what_was_taken(self) -> None:
        """After a save refused because another phone gave this name (or short name) to another
        player between this form's check and its save: the check again, which now sees him."""
        for field, check in (("name", self.clean_name), ("short_name", self.clean_short_name)):
            try:
                check()
            except forms.ValidationError as refusal:
                self.add_error(field, refusal)
                return
        self.add_error("name", name_taken(self.cleaned_data["name"], self.group))


class InviteForm(forms.ModelForm):
    class Meta:
        model = Invite
        fields = ["role"]
        labels = {"role": gettext_lazy("Role")}
        widgets = {"role": forms.RadioSelect}


class MemberRoleForm(forms.Form):
    role = forms.ChoiceField(choices=Role.choices, label=gettext_lazy("Role"))
