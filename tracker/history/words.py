"""What the history pages say of every game at once: each game's own phrase (its registry
entry says it), joined in the reader's language."""

from functools import reduce

from django.utils.translation import gettext as _


def _joined(phrases, pair: str) -> str:
    """The phrases joined two by two ("a or b", then "a or b or c"); none is ""."""
    phrases = list(phrases)
    if not phrases:
        return ""
    return reduce(lambda earlier, later: pair % {"earlier": earlier, "later": later}, phrases)


def either(phrases) -> str:
    """ "a finished Cutthroat game or closed Cắt Tê session"."""
    return _joined(phrases, _("%(earlier)s or %(later)s"))


def or_else(phrases) -> str:
    """ "what the games paid the player, or the sessions' money"."""
    return _joined(phrases, _("%(earlier)s, or %(later)s"))


def each_and(phrases) -> str:
    """ "each Cắt Tê session, and each tournament played for money"."""
    return _joined(phrases, _("%(earlier)s, and %(later)s"))
