"""Names of groups and games as typed into a form: visible text, checked like players' names."""

from django import forms

from tracker.rules.names import name_problem


def clean_label(text: str, missing: str, limit: int = 80) -> str:
    """The name of a group or a game, as typed, if it shows as typed."""
    text = text.strip()
    if not text:
        raise forms.ValidationError(missing)
    problem = name_problem(text, limit)
    if problem:
        raise forms.ValidationError(problem[0].upper() + problem[1:] + ".")
    return text
