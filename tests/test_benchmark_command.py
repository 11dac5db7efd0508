"""The benchmark end to end, tiny: a real gunicorn, a real load generator, every row measured."""

import re
import subprocess
import sys

import pytest
from django.conf import settings

from bench.database import LIVE_PARTS, PAGES
from bench.measure import BARE_SAVE, SAVES
from bench.server import gunicorn_path

NUMBER = r"\d+\.\d+"
SERVER_DID_NOT_START = (
    "gunicorn stopped at start",
    "gunicorn did not answer",
    "gunicorn is not installed",
)


@pytest.mark.slow
@pytest.mark.skipif(
    sys.platform == "win32" or gunicorn_path() is None, reason="gunicorn runs on Unix only"
)
def test_benchmark_measures_every_page_and_save_against_the_bare_view():
    done = subprocess.run(
        [sys.executable, "-m", "bench", "--small", "2", "--large", "4", "--seconds", "1"],
        cwd=settings.BASE_DIR,
        capture_output=True,
        text=True,
        timeout=180,
        check=False,
    )
    if any(reason in done.stderr for reason in SERVER_DID_NOT_START):
        pytest.skip(f"gunicorn cannot start here: {done.stderr.strip()[-300:]}")
    assert done.returncode == 0, done.stdout + done.stderr
    out = done.stdout
    assert re.search(rf"pages: .*bare view {NUMBER} req/s", out), out
    assert re.search(rf"saves: .*bare view {NUMBER} req/s", out), out
    for name in PAGES:
        # the name, then rate and ratio for the small history and for the large one
        row = rf"^{re.escape(name)}\s+{NUMBER}\s+{NUMBER}\s+{NUMBER}\s+{NUMBER}\s"
        assert re.search(row, out, re.MULTILINE), f"no ratios for {name}:\n{out}"
    for name in LIVE_PARTS:
        # against the changed? check at both sizes, and how heavy it is
        row = rf"^{re.escape(name)}: {NUMBER} and {NUMBER} of the changed\? check .* {NUMBER} KB"
        assert re.search(row, out, re.MULTILINE), f"no live part of {name}:\n{out}"
    for name in SAVES:
        # for each history: saves/s, ratio, median and p95 in milliseconds; then the p95 goal
        size = rf"{NUMBER}\s+{NUMBER}\s+{NUMBER}\s+{NUMBER}"
        row = rf"^{re.escape(name)}\s+{size}\s+{size}\s+(✓|✗ .*p95)"
        assert re.search(row, out, re.MULTILINE), f"no rates and times for {name}:\n{out}"
    bare_save = rf"^{re.escape(BARE_SAVE)}\s+{NUMBER}\s+{NUMBER}\s+{NUMBER}\s+{NUMBER}\s"
    assert re.search(bare_save, out, re.MULTILINE), out
    assert "p95 under 100 ms on 2 workers" in out, out
    assert "errors during the measurements" not in out, out
