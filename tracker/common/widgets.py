"""Widgets drawn in Python: a select with a score of options costs a template render per option
through Django's form renderer, and the entry forms are drawn after every save."""

from django import forms
from django.forms.utils import flatatt
from django.utils.html import format_html, format_html_join


class QuickSelect(forms.Select):
    """A plain select (no option groups), the same HTML as Django's, drawn in one go."""

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


class QuickHidden(forms.HiddenInput):
    """A hidden input, the same HTML as Django's, drawn in one go: an entry form carries the
    hand and the version it was drawn for, and Django's renderer took longer for each of them
    than for the rest of the form."""

    def render(self, name, value, attrs=None, renderer=None):
        value = self.format_value(value)
        shown = format_html(' value="{}"', value) if value is not None else ""
        attrs = self.build_attrs(self.attrs, attrs)
        return format_html('<input type="hidden" name="{}"{}{}>', name, shown, flatatt(attrs))
