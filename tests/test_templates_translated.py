"""Every text a person reads in a template is marked for translation: what is left once the
marked text, the template code, the scripts and the HTML tags are taken away holds no word."""

import re
from pathlib import Path

from django.conf import settings

ROOT = Path(__file__).resolve().parent.parent
TEMPLATES = ROOT / "templates"
# The templates of the games, each an app with its templates/ folder, as the GAMES setting
# names them ("tracker.sheets.game.SheetGame" keeps them in tracker/sheets/templates).
APP_TEMPLATES = [
    ROOT.joinpath(*path.rpartition(".game.")[0].split("."), "templates") for path in settings.GAMES
]
SKIPPED = {"benchmark"}  # pages the benchmark measures, never shown to anyone

# Left on the page untranslated on purpose: signs rather than words, and the names of the
# languages in the footer's switch, each written in its own language (from settings).
ALLOWED = ["×", "·", "±", "♠", "♥", "♦", "♣", *(name for _code, name in settings.LANGUAGES)]

WORD = re.compile(r"[^\W\d_]{2,}")
TEXT_ATTRIBUTES = re.compile(
    r"""\b(aria-label|title|placeholder|alt)\s*=\s*("[^"]*"|'[^']*')""", re.IGNORECASE
)
BUTTON_VALUE = re.compile(
    r"""\btype\s*=\s*["']?(submit|button|reset)\b.*?\bvalue\s*=\s*("[^"]*"|'[^']*')""",
    re.IGNORECASE | re.DOTALL,
)
# Words handed to an included template ({% include … with ask="Remove" %}) or shown in place
# of a missing value (|default:"removed"), unless marked as _("…").
HANDED_ON = re.compile(r"""{%\s*(?:include\b.*?\bwith\b|with\b)(.*?)%}""", re.DOTALL)
ARGUMENT_TEXT = re.compile(r"""\b\w+=("[^"]*"|'[^']*')""")
DEFAULT_TEXT = re.compile(r"""\|default(?:_if_none)?:("[^"]*"|'[^']*')""")

BLOCKS = [
    re.compile(r"{%\s*comment\b.*?%}.*?{%\s*endcomment\s*%}", re.DOTALL),
    re.compile(r"{#.*?#}", re.DOTALL),
    re.compile(r"<!--.*?-->", re.DOTALL),
    re.compile(r"{%\s*blocktrans(?:late)?\b.*?%}.*?{%\s*endblocktrans(?:late)?\s*%}", re.DOTALL),
    re.compile(r"(<script\b[^>]*>).*?(?=</script>)", re.DOTALL | re.IGNORECASE),
    re.compile(r"(<style\b[^>]*>).*?(?=</style>)", re.DOTALL | re.IGNORECASE),
]
TEMPLATE_CODE = re.compile(r"{%.*?%}|{{.*?}}", re.DOTALL)
HTML_TAG = re.compile(r"<[!/]?[a-zA-Z][^>]*>")
ENTITY = re.compile(r"&(?:#\d+|#x[0-9a-fA-F]+|[a-zA-Z]+);")


def blank(match: re.Match) -> str:
    """The match replaced by spaces, its line breaks kept, so line numbers stay true."""
    kept = match.group(1) if match.re.groups and match.group(1) else ""
    rest = match.group(0)[len(kept) :]
    return kept + re.sub(r"[^\n]", " ", rest)


def has_words(text: str) -> bool:
    for allowed in ALLOWED:
        text = text.replace(allowed, " ")
    return bool(WORD.search(text))


def line_of(source: str, position: int) -> int:
    return source.count("\n", 0, position) + 1


def unmarked(source: str) -> list[tuple[int, str]]:
    """(line, text) of each text in `source` that a person reads and that is not marked."""
    found = []
    for block in BLOCKS:
        source = block.sub(blank, source)
    for tag in TEMPLATE_CODE.finditer(source):
        handed_on = HANDED_ON.match(tag.group(0))
        literals = ARGUMENT_TEXT.findall(handed_on.group(1)) if handed_on else []
        for literal in literals + DEFAULT_TEXT.findall(tag.group(0)):
            if has_words(literal):
                found.append((line_of(source, tag.start()), literal))
    source = TEMPLATE_CODE.sub(blank, source)
    for tag in HTML_TAG.finditer(source):
        values = TEXT_ATTRIBUTES.findall(tag.group(0)) + BUTTON_VALUE.findall(tag.group(0))
        for _name, value in values:
            if has_words(value.strip("\"'")):
                found.append((line_of(source, tag.start()), " ".join(value.split())))
    source = ENTITY.sub(blank, HTML_TAG.sub(blank, source))
    for number, line in enumerate(source.splitlines(), start=1):
        if has_words(line):
            found.append((number, " ".join(line.split())))
    return sorted(found)


def templates() -> list[Path]:
    project = [
        path
        for path in TEMPLATES.rglob("*.html")
        if path.relative_to(TEMPLATES).parts[0] not in SKIPPED
    ]
    return sorted(project + [path for folder in APP_TEMPLATES for path in folder.rglob("*.html")])


def test_every_text_in_the_templates_is_marked_for_translation():
    problems = [
        f"{path.relative_to(ROOT)}:{line}: {text}"
        for path in templates()
        for line, text in unmarked(path.read_text(encoding="utf-8"))
    ]
    assert not problems, "Text outside translation tags:\n" + "\n".join(problems)


def test_the_check_sees_the_templates():
    names = {str(path.relative_to(ROOT)) for path in templates()}
    assert {
        "templates/base.html",
        "templates/offline.html",
        "tracker/sheets/templates/sheets/sheet.html",
    } <= names
    assert not any(name.startswith("templates/benchmark/") for name in names)


def test_it_finds_plain_text_and_names_its_line():
    sample = '{% load i18n %}\n<h1>{% translate "Scores" %}</h1>\n<p class="muted">Nobody yet</p>'
    assert unmarked(sample) == [(3, "Nobody yet")]


def test_it_finds_words_in_any_script():
    assert unmarked("<p>Xin chào</p>") == [(1, "Xin chào")]
    assert unmarked("<p>Spielstand</p>") == [(1, "Spielstand")]


def test_it_finds_unmarked_attributes_a_person_reads():
    sample = '<nav aria-label="Pages">\n<img alt="{{ name }}" title="Dealer" src="x.png"></nav>'
    assert unmarked(sample) == [(1, '"Pages"'), (2, '"Dealer"')]


def test_it_finds_words_handed_to_an_included_template():
    sample = '{% include "tracker/_confirm.html" with url=u ask="Remove" do=_("Remove him") %}'
    assert unmarked(sample) == [(1, '"Remove"')]
    assert unmarked('{{ row.after|default:"removed" }}') == [(1, '"removed"')]


def test_it_accepts_marked_text_code_and_signs():
    sample = """{% load i18n %}{# a note #}{% comment %}Notes for us{% endcomment %}
<title>{% block title %}{% translate "Log in" %}{% endblock %}</title>
<button aria-label="{% translate 'Close' %}" class="link" data-x='{"a": 1}'>×</button>
<p>{% blocktranslate trimmed with name=player.name %}
  {{ name }} deals
{% endblocktranslate %} · ♠ ± {{ total }} &nbsp; 3/17 <!-- draft -->
<script src="x.js">var text = "Hello";</script><style>p { color: red; }</style></p>
{% include "tracker/_confirm.html" with url=u ask=_("Remove") %}
{% for code, name in languages %}<button value="{{ code }}">{{ name }}</button>{% endfor %}"""
    assert unmarked(sample) == []


def test_every_short_comment_ends_on_its_line():
    """Django's {# … #} comment is one line; one that goes on is written out on the page, to
    every reader (a longer comment is {% comment %} … {% endcomment %})."""
    unclosed = [
        f"{template.relative_to(ROOT)}:{number}"
        for folder in (TEMPLATES, *APP_TEMPLATES)
        for template in folder.rglob("*.html")
        for number, line in enumerate(template.read_text().splitlines(), start=1)
        if re.search(r"{#(?!.*#})", line)
    ]
    assert unclosed == []
