"""The restore benchmark end to end, tiny: a real gunicorn, an upload, its steps, payments."""

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
def test_the_restore_benchmark_restores_in_steps_while_another_group_pays():
    done = subprocess.run(
        [sys.executable, "-m", "bench.restore", "--logs", "2", "--rounds", "1500"],
        cwd=settings.BASE_DIR,
        capture_output=True,
        text=True,
        timeout=180,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    measured = json.loads(done.stdout)
    # 1,000 rounds with the upload, 2,000 in 4 steps, the payments, the check against the backup
    assert measured["steps"] == 6
    assert measured["payments failed"] == []
