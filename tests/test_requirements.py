"""What the app runs with is apart from what its tests, linter and type check need: the image
installs only the first."""

from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TOOLS = {"pytest", "pytest-django", "pytest-xdist", "factory-boy", "hypothesis", "ruff", "mypy"}


def pinned(name: str) -> set[str]:
    lines = (ROOT / name).read_text().splitlines()
    return {line.split("==")[0] for line in lines if "==" in line}


def test_the_apps_requirements_carry_no_tool_of_the_tests():
    assert not pinned("requirements.txt") & (TOOLS | {"playwright", "django-stubs"})


def test_the_development_requirements_add_the_tools_to_the_apps():
    assert "-r requirements.txt" in (ROOT / "requirements-dev.txt").read_text().splitlines()
    assert pinned("requirements-dev.txt") >= TOOLS


def test_the_image_installs_only_what_the_app_runs_with():
    dockerfile = (ROOT / "Dockerfile").read_text()
    assert "pip install -r requirements.txt" in dockerfile
    assert "-r requirements-dev.txt" not in dockerfile
