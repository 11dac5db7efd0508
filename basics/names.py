"""Players' names, as every way in (a form, a log, a backup) takes them.

A name is shown to every phone at the table and matched to the group's players ignoring case,
so it must be visible text: no control characters, no invisible ones (zero-width spaces, joiners,
the marks that turn text right to left), no space at either end, and at most `NAME_MAX`
characters. Two names that differ only in case, or only in how their accents are encoded, are
the same name.

Where there is no room for the whole name (a table header, a chart label, a button) a player
goes by a short name: his own if the owner gave one, else his given name, made longer only as
far as it takes to tell two players at the same table apart (`short_names`).
"""

import unicodedata

from basics.errors import RulesError
from basics.phrases import Phrase, _

NAME_MAX = 40
# Unicode categories of characters that do not show as themselves: controls, formats (bidi
# marks, zero-width characters), private use, surrogates, unassigned, line and paragraph breaks.
INVISIBLE = frozenset({"Cc", "Cf", "Co", "Cs", "Cn", "Zl", "Zp"})


def name_problem(name, limit: int = NAME_MAX) -> str | None:
    """What is wrong with `name` as a player's name (or, with its own `limit`, as the name of a
    group, a tournament or a session), in words of the language of the moment; None when
    nothing is."""
    problem = name_problem_phrase(name, limit)
    return None if problem is None else str(problem)


def name_problem_phrase(name, limit: int = NAME_MAX) -> Phrase | None:
    """`name_problem` as a phrase, shown in the language of the moment it is shown in."""
    if not isinstance(name, str):
        return Phrase(_("a name must be text"))
    if not name.strip():
        return Phrase(_("a name cannot be empty"))
    if len(name) > limit:
        return Phrase(
            _("a name has at most %(limit)s characters, not %(length)s"),
            limit=limit,
            length=len(name),
        )
    if name != name.strip():
        return Phrase(_("a name cannot start or end with a space"))
    hidden = hidden_character(name)
    if hidden is not None:
        return Phrase(
            _("a name cannot hold an invisible or control character (%(code)s)"), code=hidden
        )
    return None


def hidden_character(text: str) -> str | None:
    """The first character of `text` that does not show as itself ("U+202E"), if any."""
    hidden = next((char for char in text if unicodedata.category(char) in INVISIBLE), None)
    return None if hidden is None else f"U+{ord(hidden):04X}"


def short_name_problem(short: str, others) -> Phrase | None:
    """What is wrong with `short` as a player's own short name, beside the other players of
    his group (`others`: their (name, short name) pairs): text that does not show as typed, or
    a short name or a name of another player, whatever the case. None when nothing is."""
    problem = name_problem_phrase(short, SHORT_MAX)
    if problem is not None:
        return problem
    for name, other_short in others:
        if other_short and name_key(other_short) == name_key(short):
            return Phrase(_("%(player)s already goes by %(short)s"), player=name, short=other_short)
        if name_key(name) == name_key(short):
            return Phrase(_("%(short)s is the name of another player"), short=short)
    return None


def name_key(name: str) -> str:
    """What two names are compared by: the same letters, whatever their case or encoding."""
    return unicodedata.normalize("NFC", name).casefold()


def check_names(names, where: str | Phrase = "players") -> None:
    """Refuse a bad name, or two names that are the same name, naming where (the key in the
    log, or a phrase)."""
    seen: dict[str, str] = {}
    for name in names:
        problem = name_problem_phrase(name)
        if problem:
            raise RulesError(
                _("%(where)s: %(name)s: %(problem)s"),
                where=where,
                name=shown(name),
                problem=problem,
            )
        key = name_key(name)
        if key in seen and seen[key] == name:
            raise RulesError(_("%(where)s: %(name)s: listed twice"), where=where, name=name)
        if key in seen:
            raise RulesError(
                _("%(where)s: %(name)s: the same name as %(other)s"),
                where=where,
                name=name,
                other=seen[key],
            )
        seen[key] = name


def shown(value, most: int = 60) -> str:
    """A value as a refusal quotes it: in full when short, cut with an ellipsis when not."""
    text = repr(value)
    return text if len(text) <= most else text[: most - 1] + "…"


# Short names: what a table header, a chart label or a button has room for.
SHORT_MAX = 12
# Family names that open a Vietnamese name written without its accents ("Nguyen Van An"),
# without those that are as often a given name or a word of another language.
# fmt: off
FAMILY_NAMES = frozenset({
    "nguyen", "tran", "le", "pham", "hoang", "huynh", "phan", "vu", "vo", "dang", "bui", "do",
    "ho", "ngo", "duong", "truong", "dinh", "doan", "trinh", "luong", "luu", "cao", "quach",
    "vuong", "trieu", "phung", "kieu",
})
# fmt: on


def _folded(word: str) -> str:
    """A word without its accents, lower case: "Nguyễn" → "nguyen", "Đặng" → "dang"."""
    bare = unicodedata.normalize("NFD", word.casefold().replace("đ", "d"))
    return "".join(char for char in bare if not unicodedata.combining(char))


def _looks_vietnamese(word: str) -> bool:
    """Spelt with a letter only Vietnamese uses among the languages at the table: ă đ ĩ ũ ơ ư
    and the tone-marked vowels past Latin-1 (ạ ả ấ … ỹ); à á â é ô are French or German too."""
    return any(char in "ăđĩũơưĂĐĨŨƠƯ" or "\u1ea0" <= char <= "\u1ef9" for char in word)


def given_name(words: list[str]) -> tuple[str, list[str]]:
    """The given name of a name split into words, and the other words, the one that tells two
    such given names apart first: the family name.

    A Vietnamese name puts the family name first and the given name last ("Nguyễn Thị Ánh");
    other names put the given name first ("Jörg Müller", "Ánh Nguyễn" as written abroad)."""
    if len(words) == 1:
        return words[0], []
    first_family = _folded(words[0]) in FAMILY_NAMES
    last_family = _folded(words[-1]) in FAMILY_NAMES
    if first_family != last_family:
        vietnamese_order = first_family
    else:
        vietnamese_order = any(_looks_vietnamese(word) for word in words)
    if vietnamese_order:
        return words[-1], words[:-1]
    return words[0], [words[-1], *words[1:-1]]


def abbreviated(word: str, limit: int) -> str:
    """`word` in at most `limit` characters, any cut shown: "Marie-Christine" → "M.-Christine",
    "Christophorus" → "Christophor.". Never a silent cut: the dot says letters are missing."""
    if len(word) <= limit:
        return word
    parts = word.split("-")
    if len(parts) > 1:
        joined = "-".join([*(initial(part) + "." for part in parts[:-1]), parts[-1]])
        if len(joined) <= limit:
            return joined
    return word[: limit - 1] + "."


def initial(word: str) -> str:
    return next((char for char in word if char.isalnum()), word[:1]).upper()


def short_candidates(name: str) -> list[str]:
    """The short names `name` may take, the plainest first: the given name; with the family
    name's initial ("Ánh N."); with every other word's initial ("Ánh N.T."); the name itself
    when it fits; the given name's initial with the family name ("C. Meier")."""
    words = unicodedata.normalize("NFC", name).split()
    if not words:
        return [name]
    given, others = given_name(words)
    found = [abbreviated(given, SHORT_MAX)]
    if others:
        suffixes = [initial(others[0]) + "."]
        if len(others) > 1:
            suffixes.append("".join(initial(word) + "." for word in others))
        for suffix in suffixes:
            found.append(f"{abbreviated(given, SHORT_MAX - len(suffix) - 1)} {suffix}")
        found.append(" ".join(words))
        found.append(f"{initial(given)}. {others[0]}")
    return [short for short in dict.fromkeys(found) if len(short) <= SHORT_MAX]


def short_names(full_names: list[str], chosen: list[str] | None = None) -> list[str]:
    """A short name for each of `full_names` (the players at one table, or of one group), no
    two the same name ignoring case.

    A name in `chosen` (aligned, "" for none) is kept as it is; the others start from their
    given name and, while two are the same, each of those that can takes its next, longer
    candidate; the few that still clash (the same given name and initials) are numbered.
    """
    chosen = list(chosen) if chosen else [""] * len(full_names)
    options = [
        [mine] if mine else short_candidates(name)
        for name, mine in zip(full_names, chosen, strict=True)
    ]
    level = [0] * len(options)
    while True:
        current = [option[step] for option, step in zip(options, level, strict=True)]
        moved = False
        for same in _clashes(current):
            for index in same:
                if level[index] + 1 < len(options[index]):
                    level[index] += 1
                    moved = True
        if not moved:
            break
    kept = {index for index, mine in enumerate(chosen) if mine}
    return _numbered(current, [option[0] for option in options], kept)


def _clashes(names: list[str]) -> list[list[int]]:
    by_key: dict[str, list[int]] = {}
    for index, name in enumerate(names):
        by_key.setdefault(name_key(name), []).append(index)
    return [same for same in by_key.values() if len(same) > 1]


def _numbered(names: list[str], bases: list[str], kept: set[int]) -> list[str]:
    """`names` with the second and later of any that are still the same numbered from their
    first candidate: "Ánh 2". Chosen ones (`kept`) keep theirs."""
    names, used = list(names), set()
    for index in sorted(range(len(names)), key=lambda index: index not in kept):
        number = 1
        while name_key(names[index]) in used:
            number += 1
            suffix = f" {number}"
            names[index] = abbreviated(bases[index], SHORT_MAX - len(suffix)) + suffix
        used.add(name_key(names[index]))
    return names
