"""The Vietnamese and German catalogs speak the games' words as locale/GLOSSARY.md decides: a
term it translates is never left in English, a name it keeps is kept wherever it appears."""

import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parent.parent
COLUMNS = {"vi": 1, "de": 2}
# Not words of a text: the log format's names in quotes, placeholders, HTML.
NOT_WORDS = re.compile(r'"[^"]*"|\{[^{}]*\}|%\(\w+\)[sd]|<[^>]+>')


def glossary() -> list[list[str]]:
    """The rows of the glossary's table: English, Vietnamese, German, why."""
    lines = (ROOT / "locale" / "GLOSSARY.md").read_text().splitlines()
    rows = [line.strip("|").split(" | ") for line in lines if line.startswith("| ")]
    return [[cell.strip() for cell in row] for row in rows[1:]]  # the header first


def entries(language) -> list[tuple[str, str]]:
    """(English, translation) of every entry, each plural form on its own, as words only."""
    path = ROOT / "locale" / language / "LC_MESSAGES" / "django.po"
    with path.open("rb") as po_file:
        catalog = read_po(po_file, locale=language)
    pairs = []
    for message in catalog:
        if message.id:
            ids = (message.id,) if isinstance(message.id, str) else message.id
            strings = (message.string,) if isinstance(message.string, str) else message.string
            pairs += [(NOT_WORDS.sub(" ", ids[-1]), NOT_WORDS.sub(" ", s)) for s in strings]
    return pairs


def has(term: str, text: str) -> bool:
    return re.search(rf"(?<![\w-]){re.escape(term)}(?![\w])", text, re.IGNORECASE) is not None


def terms(language, kept: bool) -> list[str]:
    column = COLUMNS[language]
    chosen = [row[0] for row in glossary() if (row[column] == row[0]) == kept]
    return [form for forms in chosen for form in forms.split(", ")]


def test_the_glossary_decides_the_words_that_were_left_in_english():
    decided = {form for row in glossary() for form in row[0].split(", ")}
    assert {"bag", "bags", "Nil", "Blind Nil", "Blind 6", "Shoot the Moon", "Moon"} <= decided


@pytest.mark.parametrize("language", list(COLUMNS))
def test_no_translation_keeps_an_english_word_the_glossary_translates(language):
    translated = terms(language, kept=False)
    left = [(term, text) for _, text in entries(language) for term in translated if has(term, text)]
    assert left == []


@pytest.mark.parametrize("language", list(COLUMNS))
def test_every_translation_keeps_the_names_the_glossary_keeps(language):
    kept = terms(language, kept=True)
    lost = [
        (term, text)
        for english, text in entries(language)
        for term in kept
        if has(term, english) and not has(term, text)
    ]
    assert lost == []
