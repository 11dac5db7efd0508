"""The app's translatable messages, while the rules know nothing of how they are translated.

A message is an English template marked for the extraction of messages and its params: the
players, numbers, cards and amounts it speaks of, never part of the template. A `Phrase`
holds both and renders through the translator installed when it is shown, so a refusal made
for one page reads in the language that page is rendered in, and a line stored in the
database (core/stored_messages.py) reads in the language of each of its readers.
The web app installs Django's `gettext` and `ngettext` (core/apps.py); without them, every
phrase reads in English::

    where = Phrase(_("game %(game)s hand %(hand)s"), game=1, hand=3)
    str(Phrase(_("%(where)s: tricks add up to %(total)s, not %(expected)s"), where=where,
               total=12, expected=13))  # "game 1 hand 3: tricks add up to 12, not 13"
    imported = plural_phrase("Imported %(count)s hand", "Imported %(count)s hands", 6)
    str(imported)  # "Imported 6 hands"

Templates use Python's `%(name)s` placeholders, as Django's own messages do (a literal percent
sign is written twice); a template without params is shown as it is written. A param that is
itself a `Phrase` is translated too, a list or tuple is shown
as its items joined by ", ", an int stays a number (a template may write `%(number)d`), and
any other is shown as `str()` shows it. In the rules, templates are marked with `_`; elsewhere
the extraction of messages also reads the first argument of `Phrase` and the first two of
`plural_phrase`.
"""

from collections.abc import Callable
from typing import NamedTuple

Translate = Callable[[str], str]
TranslatePlural = Callable[[str, str, int], str]


def _(text: str) -> str:
    """Mark an English template for the extraction of messages; it is returned as it is."""
    return text


def english(text: str) -> str:
    """The translator that leaves every template in English."""
    return text


def english_plural(singular: str, plural: str, count: int) -> str:
    return singular if count == 1 else plural


class Translator(NamedTuple):
    """How templates are translated: a message, and a message with a singular and a plural."""

    gettext: Translate
    ngettext: TranslatePlural


ENGLISH = Translator(english, english_plural)
_translator = ENGLISH


def install_translator(
    gettext: Translate | Translator | None, ngettext: TranslatePlural | None = None
) -> Translator:
    """Render every phrase through `gettext` and `ngettext` (None: English; a plural without
    `ngettext` is its English form put through `gettext`); returns the translator replaced."""
    global _translator
    previous = _translator
    if isinstance(gettext, Translator):
        _translator = gettext
    elif gettext is None:
        _translator = ENGLISH
    else:
        translate = gettext
        _translator = Translator(
            translate, ngettext or (lambda one, many, count: translate(one if count == 1 else many))
        )
    return previous


class Phrase:
    """An English template and its params, rendered by `str()` in the language of the moment.

    Two phrases are equal when their templates and params are; a phrase equals the English
    text it renders, so lists of phrases compare with lists of English lines.
    """

    __slots__ = ("template", "params", "plural", "count")

    def __init__(self, template: str, /, **params):
        if not isinstance(template, str):
            raise TypeError(f"a phrase's template is text, not {type(template).__name__}")
        self.template = template
        self.params = params
        self.plural: str | None = None
        self.count: int | None = None

    def render(self, translator: Translator) -> str:
        """The phrase through `translator`, params that are phrases included."""
        if self.plural is None:
            template = translator.gettext(self.template)
            english_template = self.template
        else:
            assert self.count is not None
            template = translator.ngettext(self.template, self.plural, self.count)
            english_template = english_plural(self.template, self.plural, self.count)
        if not self.params:
            return template
        values = {key: _shown(value, translator) for key, value in self.params.items()}
        try:
            return template % values
        except (KeyError, ValueError, TypeError):
            if template == english_template:
                raise
            return english_template % values  # a broken translation: English instead

    def english(self) -> str:
        return self.render(ENGLISH)

    def __str__(self) -> str:
        return self.render(_translator)

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)

    def _key(self):
        return (self.template, self.plural, self.count, self.params)

    def __eq__(self, other):
        if isinstance(other, Phrase):
            return self._key() == other._key()
        if isinstance(other, str):
            return self.english() == other
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self.english())

    def __repr__(self) -> str:
        params = "".join(f", {key}={value!r}" for key, value in self.params.items())
        if self.plural is None:
            return f"Phrase({self.template!r}{params})"
        return f"plural_phrase({self.template!r}, {self.plural!r}{params})"


def plural_phrase(singular: str, plural: str, count: int, /, **params) -> Phrase:
    """A phrase with a singular and a plural template, chosen by `count` (also its
    `%(count)s`) in the language it is shown in."""
    phrase = Phrase(singular, count=count, **params)
    phrase.plural, phrase.count = plural, count
    return phrase


def _shown(value, translator: Translator):
    if isinstance(value, Phrase):
        return value.render(translator)
    if isinstance(value, list | tuple):
        return ", ".join(str(_shown(item, translator)) for item in value)
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    return str(value)
