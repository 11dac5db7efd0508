"""Widgets rendered in Python: a select with a score of options costs a template render per
option through Django's form renderer, and the entry forms are rendered after every save."""

from django import forms
from django.forms.utils import flatatt
from django.utils.html import format_html, format_html_join


class QuickSelect(forms.Select):
    """A plain select (no option groups), the same HTML as Django's, rendered in one go."""

    def render(self, name, value, attrs=None, renderer=None):
        chosen = {str(item) for item in self.format_value(value)}
        options = format_html_join(
            "\n",
            '<option value="{}"{}>{}</option>',
            (
                (choice, " selected" if str(choice) in chosen else "", label)
                for choice, label in self.choices
            ),
        )
        attrs = self.build_attrs(self.attrs, {**(attrs or {}), "name": name})
        return format_html("<select{}>\n{}\n</select>", flatatt(attrs), options)


def _input(widget, name, value, attrs) -> str:
    """An <input>, the same HTML as Django's input.html."""
    value = widget.format_value(value)
    shown = format_html(' value="{}"', value) if value is not None else ""
    attrs = flatatt(widget.build_attrs(widget.attrs, attrs))
    return format_html('<input type="{}" name="{}"{}{}>', widget.input_type, name, shown, attrs)


class QuickHidden(forms.HiddenInput):
    """A hidden input rendered in one go: an entry form carries the hand and the version it was
    rendered for, and Django's renderer took longer for each of them than for the rest of the
    form."""

    def render(self, name, value, attrs=None, renderer=None):
        return _input(self, name, value, attrs)


class QuickText(forms.TextInput):
    """A text input rendered in one go (the session page's form for a player who joins)."""

    def render(self, name, value, attrs=None, renderer=None):
        return _input(self, name, value, attrs)
