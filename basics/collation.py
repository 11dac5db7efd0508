"""Names in the order the players read them: Vietnamese alphabetical order, right for German too.

The letters run a ă â b c d đ e ê (f) g h i (j) k l m n o ô ơ p q r s t u ư v (w) x y (z): the
Vietnamese alphabet, with the Latin letters it lacks in their usual places. ă â ê ô ơ ư đ are
letters of their own. A word is compared by its letters first; its tone counts only between
words of the same letters, in the dictionary order ngang, huyền, hỏi, ngã, sắc, nặng (no mark,
then grave, hook, tilde, acute, dot below): Anh, Ảnh, Ánh. Whole names are compared word by
word from the left, as a dictionary compares syllables, so "Anh Tuấn" comes before "Ánh" as
"anh" comes before "ánh".

German follows DIN 5007-1: ä ö ü sort as a o u and ß as ss, each right after the plain spelling
(Muller, Müller; Strasse, Straße). Case never counts, except to order two spellings of one name.
Runs of digits compare as numbers (Bàn 2 before Bàn 10).
"""

import unicodedata

ALPHABET = "aăâbcdđeêfghijklmnoôơpqrstuưvwxyz"
RANK = {letter: rank for rank, letter in enumerate(ALPHABET)}

# Marks that make a Vietnamese letter of its own, not a tone.
LETTERS = {
    ("a", "\u0306"): "ă",
    ("a", "\u0302"): "â",
    ("e", "\u0302"): "ê",
    ("o", "\u0302"): "ô",
    ("o", "\u031b"): "ơ",
    ("u", "\u031b"): "ư",
}
# Tones in dictionary order (no mark, ngang, is 0 and sorts first), then the other marks.
MARKS = {
    "\u0300": 1,  # huyền, grave
    "\u0309": 2,  # hỏi, hook above
    "\u0303": 3,  # ngã, tilde
    "\u0301": 4,  # sắc, acute
    "\u0323": 5,  # nặng, dot below
    "\u0308": 6,  # German umlaut, diaeresis: ü right after u
}
OTHER_MARK = 7
# Letters that are spelt as others (DIN 5007-1 for ß), with the mark that puts them right after.
SPELT_AS = {"ß": ("ss", 8), "æ": ("ae", 8), "œ": ("oe", 8), "ø": ("o", 8), "ł": ("l", 8)}

SEPARATORS = frozenset(" \t-\u2010\u2011")

LETTER, NUMBER, OTHER = 1, 0, 2  # numbers before letters, other scripts after


def _letters(char: str) -> tuple[list[str], list[int]]:
    """The alphabet letters of one (lower-case, composed) character and its marks."""
    if char in SPELT_AS:
        spelt, mark = SPELT_AS[char]
        return list(spelt), [mark]
    decomposed = unicodedata.normalize("NFD", char)
    letter, marks = decomposed[0], []
    for combining in decomposed[1:]:
        if (letter, combining) in LETTERS:
            letter = LETTERS[(letter, combining)]
        else:
            marks.append(MARKS.get(combining, OTHER_MARK))
    return [letter], marks


def word_key(word: str) -> tuple[tuple, tuple]:
    """A word's letters (as ranks, digit runs as numbers), then its marks in order."""
    bases: list[tuple[int, int]] = []
    marks: list[int] = []
    digits = ""
    for char in unicodedata.normalize("NFC", word).lower() + " ":
        if char.isdecimal():
            digits += char
            continue
        if digits:
            bases.append((NUMBER, int(digits)))
            digits = ""
        if not char.isalpha():
            continue  # apostrophes, dots: not letters to sort by
        letters, char_marks = _letters(char)
        marks += char_marks
        for letter in letters:
            rank = RANK.get(letter)
            bases.append((LETTER, rank) if rank is not None else (OTHER, ord(letter)))
    return tuple(bases), tuple(marks)


def words(name: str) -> list[str]:
    found, current = [], ""
    for char in name:
        if char in SEPARATORS or char.isspace():
            if current:
                found.append(current)
            current = ""
        else:
            current += char
    return found + ([current] if current else [])


def sort_key(name: str) -> tuple:
    """What a list of names is sorted by: word by word, each by its letters, then its tone; two
    spellings of one name (case, encoding) last by their composed form, so the order is fixed."""
    composed = unicodedata.normalize("NFC", name)
    return tuple(word_key(word) for word in words(composed)), composed.casefold(), composed
