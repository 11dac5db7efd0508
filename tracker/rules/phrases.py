"""The words of the rules, translatable while the rules know nothing of how they are translated.

A message is an English template marked with `_`, so that the extraction of messages finds it,
and its params: the players, numbers and cards it speaks of, never part of the template. A
`Phrase` holds both and renders through the translator installed when it is shown, so a refusal
made for one page reads in the language that page is rendered in. The web app installs Django's
`gettext` (tracker/apps.py); without one, every phrase reads in English::

    where = Phrase(_("game {game} hand {hand}"), game=1, hand=3)
    str(Phrase(_("{where}: tricks add up to {total}, not {expected}"), where=where, total=12,
               expected=13))  # "game 1 hand 3: tricks add up to 12, not 13"

A template with params is a `str.format` template with named fields (a literal brace is
written twice); a template without params is shown as it is written. A param that is itself a
`Phrase` is translated too, a list or tuple is shown as its items joined by ", ", and any other
is shown as `str()` shows it.
"""

from collections.abc import Callable

Translator = Callable[[str], str]


def _(text: str) -> str:
    """Mark an English template for the extraction of messages; it is returned as it is."""
    return text


def english(text: str) -> str:
    """The translator that leaves every template in English."""
    return text


_translator: Translator = english


def install_translator(translator: Translator | None) -> Translator:
    """Render every phrase through `translator` (None: English); returns the one it replaces."""
    global _translator
    previous, _translator = _translator, translator or english
    return previous


class Phrase:
    """An English template and its params, rendered by `str()` in the language of the moment.

    Two phrases are equal when their templates and params are; a phrase equals the English
    text it renders, so lists of phrases compare with lists of English lines.
    """

    __slots__ = ("template", "params")

    def __init__(self, template: str, /, **params):
        if not isinstance(template, str):
            raise TypeError(f"a phrase's template is text, not {type(template).__name__}")
        self.template = template
        self.params = params

    def render(self, translate: Translator) -> str:
        """The phrase through `translate`, params that are phrases included."""
        template = translate(self.template)
        if not self.params:
            return template
        values = {key: _shown(value, translate) for key, value in self.params.items()}
        try:
            return template.format(**values)
        except (KeyError, IndexError, ValueError):
            if template == self.template:
                raise
            return self.template.format(**values)  # a broken translation: English instead

    def english(self) -> str:
        return self.render(english)

    def __str__(self) -> str:
        return self.render(_translator)

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)

    def __eq__(self, other):
        if isinstance(other, Phrase):
            return (self.template, self.params) == (other.template, other.params)
        if isinstance(other, str):
            return self.english() == other
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self.english())

    def __repr__(self) -> str:
        params = "".join(f", {key}={value!r}" for key, value in self.params.items())
        return f"Phrase({self.template!r}{params})"


def _shown(value, translate: Translator) -> str:
    if isinstance(value, Phrase):
        return value.render(translate)
    if isinstance(value, list | tuple):
        return ", ".join(_shown(item, translate) for item in value)
    return str(value)
