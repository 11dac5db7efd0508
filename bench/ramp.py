"""``python -m bench.ramp``: how many tables one box holds (``make load``; docs/performance.md).

Tables are added step by step, each step held for ``--seconds`` under locust
(bench/locustfile.py: 4–5 phones a table asking "changed?" every 3 s, a scorer saving a hand or
round every 30 s), until the step's 95th percentile passes ``--goal-ms`` or a request fails.
After each step every save the scorers counted must be in the database exactly once and every
ledger transaction must sum to zero. Then the same ramp with the phones alone, no one saving:
the tables the bare "changed?" check allows on the same servers in the same run.

SQLite in a temporary directory by default; ``--database-url`` (an empty PostgreSQL database)
and ``--redis-url`` for the hosted stack, ``--servers 2`` for two gunicorns on it, each request
sent to the next server in turn as Caddy's round robin does.
"""

import argparse
import contextlib
import csv
import json
import subprocess
import sys
import tempfile
from pathlib import Path

from bench import BenchmarkError, server

LOCUSTFILE = Path(__file__).with_name("locustfile.py")


def arguments(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="python -m bench.ramp",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--steps", default="50,100,200,300,400", help="tables, step by step")
    parser.add_argument("--bare-steps", default="200,400,600,800", help="tables, phones alone")
    parser.add_argument("--seconds", type=int, default=60, help="each step, once all started")
    parser.add_argument("--goal-ms", type=float, default=200, help="the 95th percentile's goal")
    parser.add_argument("--servers", type=int, default=1)
    parser.add_argument("--workers", type=int, default=2, help="gunicorn sync workers a server")
    parser.add_argument("--database-url", help="an empty database (default: SQLite, throwaway)")
    parser.add_argument("--redis-url", help="the servers' shared cache (default: their memory)")
    return parser.parse_args(argv)


def steps(text: str) -> list[int]:
    return [int(tables) for tables in text.split(",") if tables.strip()]


def run_step(env, folder: Path, hosts: list[str], tables: int, seconds: int, bare: bool) -> dict:
    """One step under locust; its figures from locust's CSV (every request, all started)."""
    prefix = folder / f"{'bare' if bare else 'tables'}-{tables}"
    users = ["TablePhones"] if bare else ["TablePhones", "TableScorer"]
    command = [
        sys.executable, "-m", "locust", "-f", str(LOCUSTFILE), "--headless", "--only-summary",
        "-u", str(tables * len(users)), "-r", str(max(10, tables * len(users) // 10)),
        "-t", f"{seconds}s", "--reset-stats", "--stop-timeout", "40", "--csv", str(prefix),
        "--host", hosts[0], *users,
    ]  # fmt: skip
    step_env = {**env, "LOAD_SAVED": f"{prefix}-saved.json", "LOAD_HOSTS": ",".join(hosts)}
    done = subprocess.run(command, env=step_env, cwd=server.PROJECT_DIR, capture_output=True,
                          text=True, timeout=seconds + 300)  # fmt: skip
    with open(f"{prefix}_stats.csv") as stats:
        rows = {row["Name"]: row for row in csv.DictReader(stats)}
    total = rows["Aggregated"]
    return {
        "tables": tables,
        "requests/s": float(total["Requests/s"]),
        "median ms": float(total["50%"]),
        "p95 ms": float(total["95%"]),
        "failures": int(total["Failure Count"]),
        "p95 by request": {name: float(row["95%"]) for name, row in rows.items()},
        "saved": json.loads(Path(f"{prefix}-saved.json").read_text()) if not bare else {},
        "locust exit": done.returncode,
        "locust errors": done.stderr[-2000:] if done.returncode not in (0, 1) else "",
    }


def ramp(env, folder, plan_file, hosts, options, bare: bool) -> int:
    """Steps until the goal is missed; the tables of the last step that met it."""
    held, saved = 0, {}
    for tables in steps(options.bare_steps if bare else options.steps):
        step = run_step(env, folder, hosts, tables, options.seconds, bare)
        for table, numbers in step.pop("saved").items():
            saved.setdefault(table, []).extend(numbers)
        checked = check(env, folder, plan_file, saved) if not bare else None
        print(json.dumps({"phones alone" if bare else "tables": step, "check": checked}),
              flush=True)  # fmt: skip
        sound = not checked or not (checked["missing"] or checked["doubled"]
                                    or checked["not_counted"] or checked["unbalanced"])  # fmt: skip
        if step["p95 ms"] > options.goal_ms or step["failures"] or not sound:
            break
        held = tables
    return held


def check(env, folder: Path, plan_file: Path, saved: dict) -> dict:
    saved_file = folder / "saved-so-far.json"
    saved_file.write_text(json.dumps(saved))
    return tables_side(env, "check", str(plan_file), str(saved_file))


def tables_side(env, *args: str) -> dict:
    """``python -m bench.tables …`` in the servers' environment; its JSON answer."""
    command = [sys.executable, "-m", "bench.tables", *args]
    done = subprocess.run(command, env=env, cwd=server.PROJECT_DIR, capture_output=True,
                          text=True, check=False)  # fmt: skip
    if done.returncode != 0:
        raise BenchmarkError(f"bench.tables {args[0]} failed:\n{done.stderr.strip()}")
    return json.loads(done.stdout)


def serving_folder(folder: Path, number: int) -> Path:
    """Each server's gunicorn configuration and log."""
    (folder / f"server-{number}").mkdir(exist_ok=True)
    return folder / f"server-{number}"


def main(argv: list[str]) -> int:
    options = arguments(argv)
    with tempfile.TemporaryDirectory(prefix="cardtable-load-") as name, server.exit_on_terminate():
        folder = Path(name)
        env = server.environment(folder)
        if options.database_url:
            env["DATABASE_URL"] = options.database_url
        if options.redis_url:
            env["REDIS_URL"] = options.redis_url
        most = max(steps(options.steps) + steps(options.bare_steps))
        plan = tables_side(env, "fill", "--tables", str(most))
        plan_file = folder / "plan.json"
        plan_file.write_text(json.dumps(plan))
        env["LOAD_PLAN"] = str(plan_file)
        with contextlib.ExitStack() as servers:
            ports = [
                servers.enter_context(
                    server.serving(env, serving_folder(folder, n), options.workers, "/healthz")
                )  # fmt: skip
                for n in range(options.servers)
            ]
            hosts = [f"http://{server.HOST}:{port}" for port in ports]
            held = ramp(env, folder, plan_file, hosts, options, bare=False)
            bare = ramp(env, folder, plan_file, hosts, options, bare=True)
        print(json.dumps({"tables held": held, "phones alone held": bare}))
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main(sys.argv[1:]))
    except BenchmarkError as error:
        print(error, file=sys.stderr)
        sys.exit(1)
