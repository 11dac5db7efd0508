import ast
from pathlib import Path

RULES = Path(__file__).resolve().parent.parent / "tracker" / "rules"


def imported_modules(path: Path):
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            yield from (alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            yield node.module


def test_no_module_under_tracker_rules_imports_django():
    modules = sorted(RULES.rglob("*.py"))
    assert modules
    for path in modules:
        for name in imported_modules(path):
            assert name.split(".")[0] != "django", f"{path.name} imports {name}"
            assert name.split(".")[0] != "tracker" or name.startswith("tracker.rules"), path.name
