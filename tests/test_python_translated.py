"""Every sentence the Python code shows to people goes through gettext.

A scan of the source, not of the pages: a string literal (or an f-string) with words in it,
handed unmarked to a message, a form error, a label, a refusal or a change summary, is text a
Vietnamese or German reader would see in English. The rules (checked on their own), the
migrations, the operator's commands and the benchmark speak to no one at the table.
"""

import ast
from pathlib import Path

import pytest
from django.conf import settings

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("core", "tracker", "ledger", "cardtable")
# Each game's rules, the rules/ package of its app as the GAMES setting names it.
RULES_OF_GAMES = tuple(
    "/" + path.rpartition(".game.")[0].replace(".", "/") + "/rules/" for path in settings.GAMES
)
SKIPPED = (
    "tracker/rules/",
    *RULES_OF_GAMES,
    "tracker/benchmark/",
    "/migrations/",
    "/management/commands/",
)

MARKERS = {
    "_",
    "gettext",
    "gettext_lazy",
    "ngettext",
    "ngettext_lazy",
    "pgettext",
    "pgettext_lazy",
    "npgettext",
    "npgettext_lazy",
    "format_lazy",
    "Phrase",
    "plural_phrase",
}
MESSAGE_LEVELS = {"success": 1, "info": 1, "warning": 1, "error": 1, "debug": 1, "add_message": 2}
TEXT_KEYWORDS = {
    "label",
    "help_text",
    "empty_label",
    "summary",
    "verbose_name",
    "verbose_name_plural",
}
TEXT_SETTINGS = {"error_messages", "labels", "help_texts", "verbose_name", "verbose_name_plural"}


def name_of(func: ast.expr) -> str:
    if isinstance(func, ast.Name):
        return func.id
    if isinstance(func, ast.Attribute):
        return func.attr
    return ""


def has_words(text: str) -> bool:
    return sum(char.isalpha() for char in text) >= 2


def unmarked(node: ast.expr | None) -> ast.expr | None:
    """The literal in `node` that reaches a reader untranslated, if any."""
    if isinstance(node, ast.Constant):
        return node if isinstance(node.value, str) and has_words(node.value) else None
    if isinstance(node, ast.JoinedStr):
        parts = [part.value for part in node.values if isinstance(part, ast.Constant)]
        return node if has_words("".join(parts)) else None
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        return unmarked(node.left) or unmarked(node.right)
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Mod):
        return unmarked(node.left)
    if isinstance(node, ast.IfExp):
        return unmarked(node.body) or unmarked(node.orelse)
    if isinstance(node, ast.BoolOp):
        return next(filter(None, map(unmarked, node.values)), None)
    if isinstance(node, ast.Dict):
        return next(filter(None, map(unmarked, node.values)), None)
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
        # "…".format(…) and "…".join(…) are as unmarked as their text.
        return unmarked(node.func.value) if isinstance(node.func.value, ast.Constant) else None
    return None


def argument(call: ast.Call, index: int, keyword: str) -> ast.expr | None:
    if len(call.args) > index and not isinstance(call.args[index], ast.Starred):
        return call.args[index]
    return next((k.value for k in call.keywords if k.arg == keyword), None)


def shown_texts(call: ast.Call) -> list[ast.expr | None]:
    """The arguments of `call` that are text for people."""
    name = name_of(call.func)
    texts = [k.value for k in call.keywords if k.arg in TEXT_KEYWORDS]
    texts += [k.value for k in call.keywords if k.arg == "error_messages"]
    is_messages = isinstance(call.func, ast.Attribute) and name_of(call.func.value) == "messages"
    if is_messages and name in MESSAGE_LEVELS:
        texts.append(argument(call, MESSAGE_LEVELS[name], "message"))
    if name == "ValidationError":
        texts.append(argument(call, 0, "message"))
    if name == "add_error":
        texts.append(argument(call, 1, "error"))
    if name.endswith(("Refused", "Refusal")) or name == "RulesError":
        texts.append(argument(call, 0, "message"))
    return texts


def untranslated(source: str) -> list[tuple[int, str]]:
    """(line, text) of every unmarked literal `source` shows to people."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Call) and name_of(node.func) not in MARKERS:
            texts = shown_texts(node)
        elif isinstance(node, ast.Assign):
            names = {name_of(target) for target in node.targets}
            texts = [node.value] if names & TEXT_SETTINGS else []
        else:
            continue
        for text in texts:
            literal = unmarked(text)
            if literal is not None:
                found.append((literal.lineno, ast.unparse(literal)[:70]))
    return sorted(set(found))


def sources() -> list[Path]:
    paths = []
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            relative = "/" + path.relative_to(ROOT).as_posix()
            if not any(part in relative for part in SKIPPED):
                paths.append(path)
    return paths


SAMPLE = """
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

messages.success(request, "Group saved.")
messages.success(request, _("Group saved."))
messages.error(request, f"{name} joined the table.")
messages.error(request, _("%(name)s joined the table.") % {"name": name})
messages.error(request, str(refusal))
raise forms.ValidationError(f"{name} cannot pay themselves.")
self.add_error("amount", "A payment is more than zero.")
self.add_error(None, f"{refusal} — {other}")
raise Refused("A group needs at least one owner.")
raise RulesError(f"backup: {name} is in the zip twice")
name = forms.CharField(label="Who paid", help_text=gettext_lazy("Optional."))
seat = forms.ChoiceField(error_messages={"required": "Seats 1 to 3 need a player."})
Change.objects.create(summary=f"Hand {number} corrected")
Change.objects.create(summary=_("Hand %(number)d corrected") % {"number": number})
error_messages = {"name": {"required": gettext_lazy("Give the group a name.")}}
labels = {"short_name": "Short name"}
kind = models.CharField(verbose_name="kind of entry")
messages.success(request, "OK" if done else _("Not saved."))
"""


def test_the_scanner_names_each_unmarked_text_by_line():
    lines = [line for line, _ in untranslated(SAMPLE)]
    assert lines == [5, 7, 10, 11, 13, 14, 15, 16, 17, 20, 21, 22]


def test_the_scanner_passes_marked_text_and_text_without_words():
    marked = "messages.info(request, _('Saved.'))\nform.add_error(None, f'{a}: {b}')\n"
    assert untranslated(marked) == []


@pytest.mark.parametrize("path", sources(), ids=lambda path: str(path.relative_to(ROOT)))
def test_python_shows_people_only_translated_text(path):
    found = untranslated(path.read_text())
    where = path.relative_to(ROOT)
    assert not found, "\n".join(f"{where}:{line}: {text}" for line, text in found)
