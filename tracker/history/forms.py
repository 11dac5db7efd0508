from django import forms
from django.utils.translation import gettext_lazy

from tracker.models.seasons import SEASON_NAME_MAX


class DayInput(forms.DateInput):
    """The phone's own date picker; its value is written 2026-03-01 in every language."""

    input_type = "date"

    def __init__(self):
        super().__init__(format="%Y-%m-%d")


def day_field(label, missing) -> forms.DateField:
    invalid = gettext_lazy("A day such as 2026-03-01.")
    errors = {"required": missing, "invalid": invalid}
    return forms.DateField(label=label, widget=DayInput(), error_messages=errors)


class SeasonForm(forms.Form):
    """A named season as typed; `tracker.history.seasons.add_season` decides whether it is one."""

    name = forms.CharField(
        label=gettext_lazy("Name"),
        max_length=SEASON_NAME_MAX,
        error_messages={
            "required": gettext_lazy("Give the season a name."),
            "max_length": gettext_lazy("Keep the name to %(limit_value)d characters."),
        },
    )
    starts_on = day_field(
        gettext_lazy("First day"), gettext_lazy("Give the first day of the season.")
    )
    ends_on = day_field(gettext_lazy("Last day"), gettext_lazy("Give the last day of the season."))
