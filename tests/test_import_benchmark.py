"""The import benchmark end to end: a real gunicorn, each game's largest import, new and as more
of it, while another group pays; every payment answered (how fast is the benchmark's to say)."""

import json
import subprocess
import sys

import pytest
from django.conf import settings

from bench.server import gunicorn_path


@pytest.mark.slow
@pytest.mark.skipif(
    sys.platform == "win32" or gunicorn_path() is None, reason="gunicorn runs on Unix only"
)
def test_the_import_benchmark_imports_each_games_largest_log_while_another_group_pays():
    done = subprocess.run(
        [sys.executable, "-m", "bench.imports"],
        cwd=settings.BASE_DIR,
        capture_output=True,
        text=True,
        timeout=240,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    rows = [json.loads(line) for line in done.stdout.splitlines()]
    imported = [(row["game"], row["as"]) for row in rows[:-1]]
    assert imported == [
        (game, how) for game in ("sheet", "catte", "cutthroat") for how in ("new", "more of")
    ]
    assert all(row["failed"] == [] for row in rows[:-1]) and rows[-1]["payments"] > 0
