"""`make run` serves on port 8000, or on the port a newcomer names when 8000 is taken."""

import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
pytestmark = pytest.mark.skipif(not shutil.which("make"), reason="make is not installed")


def planned_run(*arguments: str) -> str:
    """What `make run` would do, without doing it."""
    command = ["make", "--dry-run", "--always-make", "run", *arguments]
    return subprocess.run(command, cwd=ROOT, capture_output=True, text=True, check=True).stdout


def test_make_run_serves_on_port_8000():
    assert "runserver 127.0.0.1:8000" in planned_run()


def test_make_run_serves_on_the_port_named():
    planned = planned_run("PORT=8001")
    assert "runserver 127.0.0.1:8001" in planned and "http://127.0.0.1:8001/" in planned
