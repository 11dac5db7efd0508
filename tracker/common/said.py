"""Words stored in the database and shown in the language of whoever reads them.

A change's line in a game's history and a transaction's line in a statement are written once,
by one phone, and read by every phone of the group, each in its own language. So they are stored
as what they say: an English message marked for translation and its values (names, numbers,
amounts of money, other messages), put into words each time they are shown. The English text is
stored beside them for the CSV, the admin and anything written before words were stored.

    line = said("Game %(game)s · hand %(hand)s played", game=1, hand=3)
    record_change(summary=line, ...)  # stores line.stored() and line.english()
    str(line)  # "Spiel 1 · Hand 3 gespielt" for a German reader

`said` and `said_plural` mark their messages for extraction (see the makemessages command).
"""

from decimal import Decimal, InvalidOperation

from django.utils import translation
from django.utils.translation import gettext, ngettext

from tracker.common.locale_money import format_money

# Stored words are read back from the database: nesting deeper than any line the app writes is
# not read, and neither is anything else malformed (the English text is shown instead).
DEEPEST = 6


class _Line:
    """What a stored line can be asked besides `str()`: its text in English."""

    __slots__ = ()

    def english(self) -> str:
        with translation.override(None):
            return str(self)


class Said(_Line):
    """An English message and its values, in words in the language of the moment."""

    __slots__ = ("text", "plural", "count", "args")

    def __init__(self, text: str, plural: str | None = None, count: int | None = None, args=None):
        self.text, self.plural, self.count, self.args = text, plural, count, args or {}

    def __str__(self) -> str:
        if self.plural is None:
            template = gettext(self.text)
        else:
            template = ngettext(self.text, self.plural, self.count)
        if not self.args:
            return template
        # Numbers stay numbers: a message may write one with %(number)d.
        values = {k: v if isinstance(v, int) else str(v) for k, v in self.args.items()}
        try:
            return template % values
        except (KeyError, ValueError, TypeError):  # a broken translation: English instead
            english = self.text if self.plural is None or self.count == 1 else self.plural
            return english % values

    def stored(self) -> dict:
        stored = {"said": self.text, "args": {key: _stored(v) for key, v in self.args.items()}}
        if self.plural is not None:
            stored.update(plural=self.plural, count=self.count)
        return stored


class Joined(_Line):
    """Lines (or names) shown one after the other, `between` each two."""

    __slots__ = ("between", "parts")

    def __init__(self, between: str, parts):
        self.between, self.parts = between, list(parts)

    def __str__(self) -> str:
        return self.between.join(str(part) for part in self.parts)

    def stored(self) -> dict:
        return {"joined": self.between, "parts": [_stored(part) for part in self.parts]}


class Money:
    """An amount in a currency, written the way the reader's language writes money."""

    __slots__ = ("amount", "currency")

    def __init__(self, amount: Decimal, currency: str):
        self.amount, self.currency = Decimal(amount), currency

    def __str__(self) -> str:
        return format_money(self.amount, self.currency)

    def stored(self) -> dict:
        return {"money": str(self.amount), "currency": self.currency}


def said(text: str, /, **args) -> Said:
    return Said(text, args=args)


def said_plural(singular: str, plural: str, count: int, /, **args) -> Said:
    """A message with a singular and a plural (`count` is also its `%(count)s`)."""
    return Said(singular, plural, count, args={"count": count, **args})


def _stored(value):
    if isinstance(value, Said | Joined | Money):
        return value.stored()
    if isinstance(value, int | str):
        return value
    return str(value)  # a game's or player's name


def as_stored(line, most: int) -> tuple[dict | None, str]:
    """What a model stores of a line: its words (None for plain text) and its English text,
    shortened to the `most` characters its column holds (the words hold the whole line)."""
    if isinstance(line, _Line):
        words, text = line.stored(), line.english()
    else:
        words, text = None, str(line)
    return words, text if len(text) <= most else text[: most - 1] + "…"


UNREADABLE = (KeyError, TypeError, ValueError, InvalidOperation, RecursionError)


def shown(words, fallback: str) -> str:
    """Stored words in the reader's language; `fallback` when there are none or they are not
    words this module wrote."""
    try:
        return str(quoted(words, fallback))
    except UNREADABLE:
        return fallback


def quoted(words, fallback: str):
    """Stored words read back to be quoted in another line (a reversal quotes its payment);
    `fallback` when there are none or they are not words this module wrote."""
    if words is None:
        return fallback
    try:
        return _read(words, 0)
    except UNREADABLE:
        return fallback


def _read(stored_value, depth: int):
    if depth > DEEPEST:
        raise ValueError("words nested too deep")
    if isinstance(stored_value, str | int) and not isinstance(stored_value, bool):
        return stored_value
    if not isinstance(stored_value, dict):
        raise TypeError("not stored words")
    if "money" in stored_value:
        return Money(Decimal(str(stored_value["money"])), str(stored_value["currency"]))
    if "joined" in stored_value:
        parts = [_read(part, depth + 1) for part in stored_value["parts"]]
        return Joined(str(stored_value["joined"]), parts)
    text, args = stored_value["said"], stored_value.get("args", {})
    if not (isinstance(text, str) and text and isinstance(args, dict)):
        raise TypeError("not a stored message")
    values = {str(key): _read(value, depth + 1) for key, value in args.items()}
    if "plural" not in stored_value:
        return Said(text, args=values)
    plural, count = stored_value["plural"], stored_value["count"]
    if not (isinstance(plural, str) and isinstance(count, int)):
        raise TypeError("not a stored plural")
    return Said(text, plural, count, args=values)
