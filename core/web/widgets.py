"""Widgets rendered in Python: a select with a score of options costs a template render per
option through Django's form renderer, and the entry forms are rendered after every save. The
tap grid is every game's way to pick one of a few with one tap, with or without JavaScript."""

import functools

from django import forms
from django.forms.utils import flatatt
from django.forms.widgets import ChoiceWidget
from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString


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


class TapGrid(forms.RadioSelect):
    """Radio buttons as a grid of tap targets, rendered in one go: through Django's renderer
    each option costs a template render, and the entry forms are rendered after every save.

    `classes`: value → CSS classes of its button (how wide it is); `words`: value → the option
    in full words, where the button says less."""

    def __init__(self, attrs=None, choices=(), classes=None, words=None):
        super().__init__(attrs, choices)
        self.classes, self.words = classes or {}, words or {}

    # Choices come as (value, label) pairs already: not checked and copied again (PairsChoices).
    @property
    def choices(self):
        return self._choices

    @choices.setter
    def choices(self, value):
        self._choices = list(value)

    def render(self, name, value, attrs=None, renderer=None):
        choices = tuple((str(choice), str(label)) for choice, label in self.choices)
        grid_attrs = dict(self.attrs)
        grid_attrs["class"] = " ".join(["taps", grid_attrs.get("class", "")]).strip()
        return _grid(
            name,
            choices,
            frozenset(self.format_value(value)),
            tuple(sorted(self.classes.items())),
            tuple(sorted((value, str(words)) for value, words in self.words.items())),
            flatatt(grid_attrs),
        )


@functools.lru_cache(maxsize=1024)
def _grid(name, choices, chosen, classes, words, grid_attrs) -> SafeString:
    """A tap grid's markup, cached by what it shows: every save renders the same grids for the
    next hand again (labels come already in the reader's language, so the key holds it). Each
    input sits in its label, which names it without ids: the grids go to every phone after
    every change, and the ids only added bytes."""
    classes, words = dict(classes), dict(words)

    def button(value, label):
        said = words.get(value)
        wide = classes.get(value)
        return (
            format_html(' class="{}"', wide) if wide else "",
            format_html(' title="{}"', said) if said else "",
            name,
            value,
            format_html(' aria-label="{}"', said) if said else "",
            " checked" if value in chosen else "",
            label,
        )

    buttons = format_html_join(
        "",
        '<label{}{}><input type="radio" name="{}" value="{}"{}{}><span>{}</span></label>',
        (button(value, label) for value, label in choices),
    )
    return format_html("<div{}>{}</div>", grid_attrs, buttons)


class PairsChoices:
    """Choices given as (value, label) pairs already. Django checks and copies a choice
    field's choices again for every field of every form, and that was a quarter of the time
    an entry form took to make, twice for every save."""

    widget: ChoiceWidget  # the choice field's

    def _get_choices(self):
        return self._choices

    def _set_choices(self, value):
        self._choices = self.widget.choices = list(value)

    choices = property(_get_choices, _set_choices)


class TapChoiceField(PairsChoices, forms.ChoiceField):
    pass


class TapTypedChoiceField(PairsChoices, forms.TypedChoiceField):
    pass
