"""Players' names, as every way in (a form, a log, a backup) takes them.

A name is shown to every phone at the table and matched to the group's players ignoring case,
so it must be visible text: no control characters, no invisible ones (zero-width spaces, joiners,
the marks that turn text right to left), no space at either end, and at most `NAME_MAX`
characters. Two names that differ only in case, or only in how their accents are encoded, are
the same name.
"""

import unicodedata

from tracker.rules import RulesError

NAME_MAX = 40
# Unicode categories of characters that do not show as themselves: controls, formats (bidi
# marks, zero-width characters), private use, surrogates, unassigned, line and paragraph breaks.
INVISIBLE = frozenset({"Cc", "Cf", "Co", "Cs", "Cn", "Zl", "Zp"})


def name_problem(name, limit: int = NAME_MAX) -> str | None:
    """What is wrong with `name` as a player's name (or, with its own `limit`, as the name of a
    group, a tournament or a session), in words; None when nothing is."""
    if not isinstance(name, str):
        return "a name must be text"
    if not name.strip():
        return "a name cannot be empty"
    if len(name) > limit:
        return f"a name has at most {limit} characters, not {len(name)}"
    if name != name.strip():
        return "a name cannot start or end with a space"
    hidden = next((char for char in name if unicodedata.category(char) in INVISIBLE), None)
    if hidden is not None:
        return f"a name cannot hold an invisible or control character (U+{ord(hidden):04X})"
    return None


def name_key(name: str) -> str:
    """What two names are compared by: the same letters, whatever their case or encoding."""
    return unicodedata.normalize("NFC", name).casefold()


def check_names(names, where: str = "players") -> None:
    """Refuse a bad name, or two names that are the same name, naming where."""
    seen: dict[str, str] = {}
    for name in names:
        problem = name_problem(name)
        if problem:
            raise RulesError(f"{where}: {shown(name)}: {problem}")
        key = name_key(name)
        if key in seen:
            twice = "listed twice" if seen[key] == name else f"the same name as {seen[key]}"
            raise RulesError(f"{where}: {name}: {twice}")
        seen[key] = name


def shown(value, most: int = 60) -> str:
    """A value as a refusal quotes it: in full when short, cut with an ellipsis when not."""
    text = repr(value)
    return text if len(text) <= most else text[: most - 1] + "…"
