"""Names of groups and games as typed into a form: visible text, checked like players' names."""

from django import forms
from django.utils.translation import gettext as _

from basics.names import name_problem


def clean_label(text: str, missing: str, limit: int = 80) -> str:
    """The name of a group or a game, as typed, if it shows as typed."""
    text = text.strip()
    if not text:
        raise forms.ValidationError(missing)
    problem = name_problem(text, limit)
    if problem:
        raise forms.ValidationError(sentence(problem))
    return text


def sentence(problem) -> str:
    """A problem as the rules word it ("a name cannot be empty"), as a sentence on a form."""
    text = str(problem)
    # Translators: a problem with a name, already translated, ended as a sentence.
    return _("%(problem)s.") % {"problem": text[:1].upper() + text[1:]}


def shown_value(value) -> str:
    """A value a file sent, in a message: cut short, since the message is shown on a page."""
    text = repr(value)
    return text if len(text) <= 60 else f"{text[:57]}..."
