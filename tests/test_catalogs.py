"""The Vietnamese and German catalogs: complete, nothing fuzzy, and holding every marked text."""

import ast
import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po
from django.core.management import call_command
from django.core.management.commands import makemessages

ROOT = Path(__file__).resolve().parent.parent
LANGUAGES = ["vi", "de"]
PACKAGES = ("basics", "core", "tracker", "ledger", "cardtable")

# `{% translate "…" %}` in templates and `_("…")` in Python with a plain literal: the simple
# cases, enough to notice a text marked after the catalogs were last extracted.
TEMPLATE_TEXT = re.compile(r'{%\s*(?:translate|trans)\s+"([^"]+)"')
PYTHON_TEXT = re.compile(
    r'\b(?:_|gettext|gettext_lazy|gettext_noop|Phrase)\(\s*"((?:[^"\\]|\\.)+)"\s*[,)]'
)


def catalog(language):
    with (ROOT / "locale" / language / "LC_MESSAGES" / "django.po").open("rb") as po_file:
        return read_po(po_file, locale=language)


def marked_texts() -> set[str]:
    texts = set()
    # The project's templates, and the apps' own (a game's, under its templates/ folder).
    templates = [*(ROOT / "templates").rglob("*.html")]
    for folder in PACKAGES:
        templates += [path for path in (ROOT / folder).rglob("*.html") if "templates" in path.parts]
    for template in templates:
        texts |= set(TEMPLATE_TEXT.findall(template.read_text()))
    for folder in PACKAGES:
        for module in (ROOT / folder).rglob("*.py"):
            if "migrations" not in module.parts:
                found = PYTHON_TEXT.findall(module.read_text())
                texts |= {ast.literal_eval(f'"{text}"') for text in found}
    return texts


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_entry_is_translated_and_none_is_fuzzy(language):
    untranslated = []
    for message in catalog(language):
        forms = message.string if isinstance(message.string, tuple) else (message.string,)
        if message.id and (message.fuzzy or not all(forms)):
            untranslated.append(message.id)
    assert untranslated == []


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_marked_text_is_in_the_catalog(language):
    ids = {
        message.id if isinstance(message.id, str) else message.id[0]
        for message in catalog(language)
    }
    assert sorted(marked_texts() - ids) == []


@pytest.mark.parametrize("language", LANGUAGES)
def test_placeholders_survive_translation(language):
    for message in catalog(language):
        if not message.id or isinstance(message.id, tuple):
            continue
        for pattern in (r"%\(\w+\)[sd]", r"\{\w+\}"):
            assert sorted(re.findall(pattern, message.id)) == sorted(
                re.findall(pattern, message.string)
            ), message.id


def test_extracting_the_messages_leaves_out_the_tests(monkeypatch):
    asked = {}
    monkeypatch.setattr(
        makemessages.Command, "handle", lambda self, **options: asked.update(options)
    )
    call_command("makemessages", locale=["vi"])
    assert "tests/*" in asked["ignore_patterns"]
