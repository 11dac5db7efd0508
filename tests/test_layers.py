"""Each layer imports only from the layers below it.

basics (pure Python, importing nothing of the project: the words every layer shares — the rules'
refusal, phrases, names, the order of names, money and its bounds)
← rules (pure Python: what the games share, and rules/catte, rules/cutthroat and the score
sheet's rules (tracker/sheets/rules, kept in its app) beside each other)
← core (an app of its own: the domain every game and the ledger share — groups, players, versions,
idempotency keys, money, stored messages, the registry and the recorder — and, in core.web, the
plumbing every page shares; it imports nothing of the tracker app, not even the rules)
← ledger (balanced money; it knows no game and nothing of the tracker app)
← the games (cutthroat, catte, the score sheet) ← history, game logs, the pages around the games
← the project.
Only views know requests. The benchmark (bench/) stands beside the project: it may import
anything from it, and nothing of the project imports it.
"""

import ast
import itertools
import sys
from pathlib import Path

import pytest
from django.conf import settings

ROOT = Path(__file__).resolve().parent.parent
# Each game's package, as the registry names its kind ("tracker.sheets.game.SheetGame" is in
# "tracker.sheets"):
# a game added to the GAMES setting is held to the layers without a line here.
GAMES = tuple(path.rpartition(".game.")[0] for path in settings.GAMES)
ABOVE_THE_GAMES = (
    "tracker.history", "tracker.gamelogs", "tracker.groups", "tracker.tableview", "tracker.webapp"
)  # fmt: skip
REQUEST_MODULES = ("django.http", "django.shortcuts", "django.contrib.messages", "django_htmx")


def modules(package: str) -> list[Path]:
    found = sorted((ROOT / package.replace(".", "/")).rglob("*.py"))
    return [path for path in found if "migrations" not in path.parts]


def imports_of(path: Path) -> list[str]:
    names = []
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            names += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.append(node.module)
    return names


def imports_from(path: Path, prefixes) -> list[str]:
    return [name for name in imports_of(path) if name.startswith(prefixes)]


@pytest.mark.parametrize("path", modules("basics"), ids=lambda p: p.name)
def test_the_basics_import_nothing_but_python_and_each_other(path):
    for name in imports_of(path):
        top = name.split(".")[0]
        assert top in sys.stdlib_module_names or top == "basics", f"{path.name} imports {name}"


# Each game's rules, a package of its app; and with them what the games' rules share.
RULES_OF = {game: f"{game}.rules" for game in GAMES}
RULES = ("tracker.rules", *RULES_OF.values())


@pytest.mark.parametrize(
    "path",
    [path for rules in RULES for path in modules(rules)],
    ids=lambda p: str(p.relative_to(ROOT)),
)
def test_the_rules_are_plain_python(path):
    for name in imports_of(path):
        top = name.split(".")[0]
        assert top not in ("django", "core", "ledger"), f"{path.name} imports {name}"
        assert top != "tracker" or name.startswith(RULES), f"{path.name} imports {name}"


def imported_names(path: Path) -> list[str]:
    """Each module an import names, "from tracker.catte import rules" as tracker.catte.rules."""
    names = []
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            names += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module:
            names += [f"{node.module}.{alias.name}" for alias in node.names]
    return names


@pytest.mark.parametrize(("game", "other"), list(itertools.permutations(RULES_OF, 2)))
def test_the_rules_of_one_game_do_not_reach_into_the_others(game, other):
    for path in modules(RULES_OF[game]):
        assert not [n for n in imported_names(path) if n.startswith(RULES_OF[other])], path


@pytest.mark.parametrize(
    "path",
    [path for path in modules("tracker.rules") if path.parent.name == "rules"],
    ids=lambda p: p.name,
)
def test_what_the_games_rules_share_knows_neither_game(path):
    games = tuple(RULES_OF.values())
    assert not [name for name in imported_names(path) if name.startswith(games)], path


@pytest.mark.parametrize("path", modules("ledger"), ids=lambda p: str(p.relative_to(ROOT)))
def test_the_ledger_depends_on_the_core_app_not_on_the_tracker_app(path):
    assert not [name for name in imported_names(path) if name.startswith("tracker")]


@pytest.mark.parametrize("path", modules("core"), ids=lambda p: str(p.relative_to(ROOT)))
def test_the_core_app_imports_neither_the_ledger_nor_a_game_nor_the_tracker_app(path):
    found = [n for n in imported_names(path) if n.startswith(("tracker", "ledger"))]
    assert not found, path


@pytest.mark.parametrize(
    "path", [p for p in modules("core") if "web" not in p.parts], ids=lambda p: p.name
)
def test_the_core_domain_imports_no_web_plumbing(path):
    # The app's configuration registers the plumbing's deploy check; the admin is a page.
    if path.name not in ("apps.py", "admin.py"):
        assert not imports_from(path, ("core.web",))


@pytest.mark.parametrize("path", modules("core.web"), ids=lambda p: p.name)
def test_the_web_plumbing_imports_no_game(path):
    assert not imports_from(path, GAMES + ABOVE_THE_GAMES)


@pytest.mark.parametrize(("game", "other"), list(itertools.permutations(GAMES, 2)))
def test_a_game_does_not_reach_into_the_others_or_into_the_layers_above(game, other):
    for path in modules(game):
        assert not imports_from(path, (other, *ABOVE_THE_GAMES)), path


def test_the_project_package_holds_only_the_project():
    names = {path.name for path in (ROOT / "cardtable").glob("*.py")}
    assert names == {"__init__.py", "settings.py", "urls.py", "wsgi.py", "asgi.py"}


@pytest.mark.parametrize(
    "path",
    modules("basics")
    + modules("tracker")
    + modules("core")
    + modules("ledger")
    + modules("cardtable"),
    ids=lambda p: str(p.relative_to(ROOT)),
)
def test_the_project_never_imports_the_benchmark(path):
    assert not [name for name in imports_of(path) if name.split(".")[0] == "bench"], path


def test_the_production_settings_leave_the_benchmark_out():
    assert "bench" not in settings.INSTALLED_APPS
    assert not settings.ROOT_URLCONF.startswith("bench")


def is_view_module(path: Path) -> bool:
    """Views, their URLs, the views' permission helper, the middleware that sets headers,
    throttles (with the lockout check before a login), picks the language, logs each
    request and draws the pages of refused requests, and the admin
    (Django's own views)."""
    named = path.name in ("views.py", "urls.py", "permissions.py", "admin.py")
    named |= path.name in ("headers.py", "throttle.py", "language.py", "request_log.py")
    named |= path.name == "errors.py"
    return named


@pytest.mark.parametrize(
    "path",
    [p for p in modules("tracker") + modules("core") + modules("ledger") if not is_view_module(p)],
    ids=lambda p: str(p.relative_to(ROOT)),
)
def test_only_views_know_about_requests(path):
    assert not imports_from(path, REQUEST_MODULES), path
    tree = ast.parse(path.read_text())
    parameters = [
        arg.arg
        for node in ast.walk(tree)
        if isinstance(node, ast.FunctionDef | ast.Lambda)
        for arg in node.args.args
    ]
    assert "request" not in parameters, path


CATTE_SERVICES = ROOT / "tracker" / "catte" / "services"
ABOVE_THE_SERVICES = ("tracker.catte.views", "tracker.catte.forms", "tracker.catte.display")


@pytest.mark.parametrize("path", modules("tracker.catte.services"), ids=lambda p: p.name)
def test_the_catte_services_know_no_page(path):
    assert not imports_from(path, ABOVE_THE_SERVICES), path


RECORDER = ROOT / "core" / "recording.py"
WRITES_OF_A_CHANGE = {"record_change", "save_state", "store_state", "after_change"}


@pytest.mark.parametrize(
    "path",
    [p for p in modules("tracker") + modules("core") if p != RECORDER],
    ids=lambda p: str(p.relative_to(ROOT)),
)
def test_only_the_recorder_records_a_change_of_a_game(path):
    """The history entry, the stored state and the ledger's postings of every change of every
    game are written by one function (core/recording.py); a game's postings are
    its own (`post` in its registry entry), called only by it."""
    called = {
        getattr(node.func, "id", None) or getattr(node.func, "attr", None)
        for node in ast.walk(ast.parse(path.read_text()))
        if isinstance(node, ast.Call)
    }
    allowed = {"after_change"} if path.name == "game.py" else set()
    assert not called & (WRITES_OF_A_CHANGE - allowed), path


AROUND_THE_GAMES = (
    "core", "tracker.gamelogs", "tracker.history", "tracker.tableview",
    "tracker.groups", "tracker.webapp", "tracker.templatetags", "tracker.management", "ledger",
)  # fmt: skip
GAME_MODELS = {"CatteSession", "SessionSeat", "Round", "Tournament", "TournamentSeat", "Hand"}


@pytest.mark.parametrize(
    "path",
    [p for package in AROUND_THE_GAMES for p in modules(package)],
    ids=lambda p: str(p.relative_to(ROOT)),
)
def test_what_is_around_the_games_names_no_game(path):
    """The ledger, the history, logs and backups, live following, the pages around the games
    and the commands ask the registry of games: none of them imports a game, its rules or its
    models, so a new game is added without changing them."""
    rules_of_games = tuple(RULES_OF.values())
    assert not [n for n in imported_names(path) if n.startswith((*GAMES, *rules_of_games))], path
    models = {n.rsplit(".", 1)[1] for n in imported_names(path) if n.startswith("tracker.models.")}
    assert not models & GAME_MODELS, path
