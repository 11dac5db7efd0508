import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SHORT_HAND = {
    "format": "cutthroat-log/1",
    "players": ["An", "Bình", "Chi"],
    "games": [
        {
            "hands": [
                {
                    "bids": {"An": 4, "Bình": "NIL", "Chi": 5},
                    "tricks": {"An": 6, "Bình": 0, "Chi": 10},
                    "jacks": {"JD": "Chi", "JC": "An"},
                }
            ]
        }
    ],
}


def replay(tmp_path, text: str):
    log = tmp_path / "log.json"
    log.write_text(text, encoding="utf-8")
    command = [sys.executable, "manage.py", "replay", str(log)]
    return subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=60)


def test_a_bad_hand_exits_1_with_one_line_naming_it(tmp_path):
    done = replay(tmp_path, json.dumps(SHORT_HAND))
    assert done.returncode == 1
    assert done.stdout == ""
    assert done.stderr == "game 1 hand 1: tricks add up to 16, not 17\n"


def test_broken_json_exits_1_with_one_line(tmp_path):
    done = replay(tmp_path, '{"format": "catte-log/1",')
    assert done.returncode == 1
    assert done.stderr.startswith("log: not valid JSON") and done.stderr.count("\n") == 1


def test_an_unknown_format_is_refused(tmp_path):
    done = replay(tmp_path, json.dumps({"format": "poker-log/1"}))
    assert done.returncode == 1
    assert "format" in done.stderr and done.stdout == ""


def test_a_missing_file_is_refused_in_one_line(tmp_path):
    command = [sys.executable, "manage.py", "replay", str(tmp_path / "nope.json")]
    done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert done.returncode == 1 and done.stderr.count("\n") == 1


def test_a_good_log_prints_json_and_exits_0(tmp_path):
    good = json.loads(json.dumps(SHORT_HAND))
    good["games"][0]["hands"][0]["tricks"]["Chi"] = 11
    done = replay(tmp_path, json.dumps(good, ensure_ascii=False))
    assert done.returncode == 0
    assert json.loads(done.stdout)["games"][0]["hands"][0]["totals"] == {
        "An": 50,
        "Bình": 100,
        "Chi": 60,
    }
