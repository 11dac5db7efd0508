"""A sample of the parity test between the offline sheet's rules
(tracker/catte/static/catte/catte_round.js) and the online entry's
(tests/browser/test_catte_sheet_parity.py), small enough for every check: 50 random rounds,
replayed by Node instead of Chromium (the script needs no page)."""

import json
import random
import shutil
import subprocess

import pytest
from django.utils import translation

from tests.browser.test_catte_sheet_parity import REPLAY, SCRIPT, first_difference, play

NODE = shutil.which("node") or shutil.which("nodejs")
ROUNDS = 50

# The script in a context of its own whose `window` is that context, as a page's is; the rounds
# come on stdin and the questions go out on stdout, both as JSON text.
RUN = """
const fs = require("fs"), vm = require("vm");
const context = vm.createContext({});
context.window = context;
vm.runInContext(fs.readFileSync(process.argv[1], "utf8"), context);
const replay = vm.runInContext(process.argv[2], context);
process.stdout.write(replay(fs.readFileSync(0, "utf8")));
"""


def replayed_in_node(rounds: list[dict]) -> list[list[dict]]:
    done = subprocess.run(
        [NODE, "-e", RUN, str(SCRIPT), REPLAY],
        input=json.dumps(rounds),
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    return json.loads(done.stdout)


@pytest.mark.skipif(NODE is None, reason="Node is not installed (apt-get install nodejs)")
def test_a_sample_of_random_rounds_asks_and_refuses_alike_offline_and_online():
    rng = random.Random(20261206)  # not the browser test's rounds
    with translation.override("en"):
        rounds = [play(rng) for _round in range(ROUNDS)]
    assert sum(len(played["steps"]) for played in rounds) > 1_000
    asked = replayed_in_node(rounds)
    assert first_difference(rounds, asked) is None, first_difference(rounds, asked)
