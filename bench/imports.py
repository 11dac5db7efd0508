"""``python -m bench.imports``: the largest import of each game, while another group saves.

gunicorn serves the app with its production timeout (30 s) and two workers. An owner imports
on the import page the largest log one import takes of each game (`GameKind.most_imported`
rounds or hands), as a new game, then as much again as more of that game; meanwhile another
group's scorer records one payment after another. The report: how long each import took, and
the slowest payment of the other group sent or answered while it ran (none may fail).

    python -m bench.imports [--database-url postgres://…]
"""

import argparse
import json
import re
import sys
import tempfile
import time
from pathlib import Path

from bench import largest_logs, server
from bench.restore import PRODUCTION_TIMEOUT_SECONDS, Browser, while_paying

GAMES = ("sheet", "catte", "cutthroat")


def import_log(browser: Browser, plan: dict, log: dict, into: str | None) -> tuple[str, float]:
    """The import page read, filled in as a person does (pasted, a session kept open, a new
    game or more of the game `into` names) and sent: the game's address and the seconds."""
    _response, text, _took = browser.request("GET", plan["import_path"])
    chosen = "new"
    if into is not None:
        chosen = re.search(rf'value="({into}-\d+-\d+)"', text)[1]
    form = {"text": json.dumps(log, ensure_ascii=False), "session": "open", "into": chosen}
    response, text, took = browser.post(plan["import_path"], form)
    if response.status != 302:
        shown = re.sub(r"<[^>]+>", " ", text)
        raise SystemExit(f"the import answered {response.status}: {' '.join(shown.split())[:600]}")
    return response.headers["Location"], took


def imports(port: int, plan: dict, paid: list) -> list[dict]:
    """Each game's largest import, new then more of it; the payments that ended meanwhile."""
    browser, rows = Browser(port, plan["cookie"]), []
    for game in GAMES:
        most, kind = plan["most"][game], plan["kinds"][game]
        log = largest_logs.largest(game, most)
        for how, into in (("new", None), ("more of", kind)):
            time.sleep(1)  # payments on their own between two imports
            began = time.perf_counter()
            _where, took = import_log(browser, plan, log, into)
            time.sleep(0.5)  # the payment sent during the import has its answer
            ended = began + took
            during = [row for row in paid if row[0] < ended and row[1] > began]
            slowest = max((took for _sent, _at, status, took in during), default=0.0)
            rows.append({
                "game": game, "entries": most, "as": how, "import seconds": round(took, 2),
                "payments meanwhile": len(during), "slowest payment seconds": round(slowest, 2),
                "failed": [status for _sent, _at, status, _took in during if status != 302],
            })  # fmt: skip
    return rows


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.imports")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--database-url", default="")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="bench-imports-") as name:
        folder = Path(name)
        env = server.environment(folder)
        env["DATABASE_URL"] = args.database_url or env["DATABASE_URL"]
        plan = server.side(env, "bench.imports_side")
        timeout = PRODUCTION_TIMEOUT_SECONDS
        with server.serving(env, folder, args.workers, "/healthz", timeout=timeout) as port:
            paid: list = []
            rows, paid = while_paying(port, plan, lambda paid: imports(port, plan, paid), 0.05)
            log = (folder / server.LOG).read_text()
        for row in rows:
            print(json.dumps(row, ensure_ascii=False))
        alone = [took for _sent, _at, status, took in paid if status == 302]
        print(json.dumps({"payments": len(paid), "slowest of all": round(max(alone), 2)}))
        if "Traceback" in log or "WORKER TIMEOUT" in log:
            raise SystemExit(f"the server's log has errors:\n{log[-4000:]}")


if __name__ == "__main__":
    main(sys.argv[1:])
