"""Every module of the project reads in one sitting: none is over 400 lines (migrations, which
Django writes, aside)."""

from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("basics", "cardtable", "core", "tracker", "ledger", "bench", "tests")
MOST_LINES = 400


def lines_of(path: Path) -> int:
    return len(path.read_text(encoding="utf-8").splitlines())


def test_no_module_is_over_400_lines():
    modules = [path for package in PACKAGES for path in (ROOT / package).rglob("*.py")]
    too_long = {
        str(path.relative_to(ROOT)): lines_of(path)
        for path in modules
        if "migrations" not in path.parts and lines_of(path) > MOST_LINES
    }
    assert len(modules) > 200
    assert too_long == {}
