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
