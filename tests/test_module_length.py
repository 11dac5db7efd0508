"""Every module of the project reads in one sitting: none is over 400 lines (migrations, which
Django writes, aside), Python or the JavaScript the project ships (a minified file is a
third party's, as htmx would be: the app serves htmx from django-htmx's own static files)."""

from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("basics", "cardtable", "core", "tracker", "ledger", "bench", "tests")
MOST_LINES = 400


def lines_of(path: Path) -> int:
    return len(path.read_text(encoding="utf-8").splitlines())


def too_long(modules: list[Path]) -> dict[str, int]:
    return {
        str(path.relative_to(ROOT)): lines_of(path)
        for path in modules
        if lines_of(path) > MOST_LINES
    }


def test_no_module_is_over_400_lines():
    modules = [path for package in PACKAGES for path in (ROOT / package).rglob("*.py")]
    assert len(modules) > 200
    assert too_long([path for path in modules if "migrations" not in path.parts]) == {}


def shipped_scripts() -> list[Path]:
    """The scripts under the project's static/ and every app's static/."""
    folders = [ROOT / "static"]
    folders += [path for package in PACKAGES for path in (ROOT / package).rglob("static")]
    folders = [folder for folder in folders if folder.is_dir()]
    scripts = {path for folder in folders for path in folder.rglob("*.js")}
    return sorted(path for path in scripts if not path.name.endswith(".min.js"))


def test_no_script_is_over_400_lines():
    scripts = shipped_scripts()
    names = {str(path.relative_to(ROOT)) for path in scripts}
    assert {
        "static/js/outbox.js",
        "static/js/sw.js",
        "tracker/sheets/static/sheets/round.js",
    } <= names
    assert too_long(scripts) == {}
