"""Messages stored in the database and shown in the language of whoever reads them.

A change's line in a game's history and a transaction's line in a statement are written once,
by one phone, and read by every phone of the group, each in its own language. So they are stored
as what they say: a `Phrase` (tracker/rules/phrases.py) and its values (names, numbers, amounts
of money, other messages), put into words each time they are shown. The English text is stored
beside them for the CSV, the admin and anything written before messages were stored.

    line = Phrase("Game %(game)s · hand %(hand)s played", game=1, hand=3)
    record_change(summary=line, ...)  # stores stored(line) and english(line)
    str(line)  # "Spiel 1 · Hand 3 gespielt" for a German reader
"""

from decimal import Decimal, InvalidOperation

from django.utils import translation

from basics.phrases import Phrase, plural_phrase
from core.locale_money import format_money

# Stored messages are read back from the database: nesting deeper than any line the app writes
# is not read, and neither is anything else malformed (the English text is shown instead).
DEEPEST = 6


class Joined:
    """Lines (or names) shown one after the other, `between` each two."""

    __slots__ = ("between", "parts")

    def __init__(self, between: str, parts):
        self.between, self.parts = between, list(parts)

    def __str__(self) -> str:
        return self.between.join(str(part) for part in self.parts)


class Money:
    """An amount in a currency, written the way the reader's language writes money."""

    __slots__ = ("amount", "currency")

    def __init__(self, amount: Decimal, currency: str):
        self.amount, self.currency = Decimal(amount), currency

    def __str__(self) -> str:
        return format_money(self.amount, self.currency)


Line = Phrase | Joined


def english(line) -> str:
    """A line as an English reader sees it, money written the English way too."""
    with translation.override(None):
        return str(line)


def stored(value):
    """What the database keeps of a line or one of its values (the keys are those of the rows
    already stored: "said" is a phrase's template)."""
    if isinstance(value, Phrase):
        kept: dict[str, object] = {
            "said": value.template,
            "args": {k: stored(v) for k, v in value.params.items()},
        }
        if value.plural is not None:
            kept.update(plural=value.plural, count=value.count)
        return kept
    if isinstance(value, Joined):
        return {"joined": value.between, "parts": [stored(part) for part in value.parts]}
    if isinstance(value, list | tuple):  # names in a phrase: joined as the phrase joins them
        return stored(Joined(", ", value))
    if isinstance(value, Money):
        return {"money": str(value.amount), "currency": value.currency}
    if isinstance(value, int | str):
        return value
    return str(value)  # a game's or player's name


def as_stored(line, most: int) -> tuple[dict | None, str]:
    """What a model stores of a line: its message (None for plain text) and its English text,
    shortened to the `most` characters its column holds (the message holds the whole line)."""
    if isinstance(line, Line):
        kept, text = stored(line), english(line)
    else:
        kept, text = None, str(line)
    return kept, text if len(text) <= most else text[: most - 1] + "…"


UNREADABLE = (KeyError, TypeError, ValueError, InvalidOperation, RecursionError)


def render_stored(kept, fallback: str) -> str:
    """A stored message in the reader's language; `fallback` when there is none or it is not
    one this module stored."""
    try:
        return str(read_stored(kept, fallback))
    except UNREADABLE:
        return fallback


def read_stored(kept, fallback: str):
    """A stored message read back to be quoted in another line (a reversal quotes its payment);
    `fallback` when there is none or it is not one this module stored."""
    if kept is None:
        return fallback
    try:
        return _read(kept, 0)
    except UNREADABLE:
        return fallback


def _read(kept, depth: int):
    if depth > DEEPEST:
        raise ValueError("message nested too deep")
    if isinstance(kept, str | int) and not isinstance(kept, bool):
        return kept
    if not isinstance(kept, dict):
        raise TypeError("not a stored message")
    if "money" in kept:
        return Money(Decimal(str(kept["money"])), str(kept["currency"]))
    if "joined" in kept:
        return Joined(str(kept["joined"]), [_read(part, depth + 1) for part in kept["parts"]])
    template, args = kept["said"], kept.get("args", {})
    if not (isinstance(template, str) and template and isinstance(args, dict)):
        raise TypeError("not a stored message")
    values = {str(key): _read(value, depth + 1) for key, value in args.items()}
    if "plural" not in kept:
        return Phrase(template, **values)
    plural, count = kept["plural"], kept["count"]
    if not (isinstance(plural, str) and isinstance(count, int)):
        raise TypeError("not a stored plural")
    values.pop("count", None)
    return plural_phrase(template, plural, count, **values)
