"""``python -m bench.ramp``: how many tables one box holds (``make load``; docs/performance.md).

Tables are added step by step, each step held for ``--seconds`` under locust
(bench/locustfile.py: 4–5 phones a table asking "changed?" every 3 s, a scorer saving a hand or
round every 30 s), until the step's 95th percentile passes ``--goal-ms`` or a request fails.
After each step every save the scorers counted must be in the database exactly once and every
ledger transaction must sum to zero. Then the same ramp with the phones alone, no one saving:
the tables the bare "changed?" check allows on the same servers in the same run.

``--follow stream,ask`` runs both ramps once for each way a phone follows its page, in that
order, on the same servers: by its stream (bench/locustfile.py's `StreamingTablePhones`; an
idle phone holds its stream and asks nothing) and by asking. With streams the servers are
uvicorn, as `make run` serves (``--workers`` processes each), told that a proxy forwards the
phones' addresses, so each table's streams count as coming from an address of its own; the
caps per token, address and process stay the settings'. Each step also reports the servers'
CPU (cores), threads and memory over the step, read from /proc.

``--probe 4000`` ends with one more step: that many streams opened with one token from one
address (bench/locustfile.py's `OneTokenStreams`) while the first step's tables play, asking;
what the caps leave of the other pages' p95, counted from the first opening. A refused one
stays closed, as an EventSource does after a 204; ``--probe-again 3`` opens each refused one
again 3 s later, a flood of requests.

In every step ``--visitors`` (2) members read the tables' pages, one a second each, from the
step's start to its end ("visitor page"): the other pages' p95 while the phones follow, apart
from the pages the phones open as they sit down.

SQLite in a temporary directory by default; ``--database-url`` (an empty PostgreSQL database)
and ``--redis-url`` for the hosted stack, ``--servers 2`` for two gunicorns on it, each request
sent to the next server in turn as Caddy's round robin does.
"""

import argparse
import contextlib
import csv
import json
import math
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from bench import BenchmarkError, server, usage

LOCUSTFILE = Path(__file__).with_name("locustfile.py")
PHONES = {"ask": "TablePhones", "stream": "StreamingTablePhones"}  # how they follow: locust's users


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
    parser.add_argument("--workers", type=int, default=2, help="a server's worker processes")
    parser.add_argument("--follow", default="ask", help="stream, ask or both: stream,ask")
    parser.add_argument("--probe", type=int, default=0, help="streams opened with one token")
    parser.add_argument(
        "--probe-again",
        type=float,
        default=0,
        help="seconds after which a refused probe opens again (default: never)",
    )
    parser.add_argument(
        "--visitors",
        type=int,
        default=2,
        help="members reading the tables' pages, one a second each, every step",
    )
    parser.add_argument("--database-url", help="an empty database (default: SQLite, throwaway)")
    parser.add_argument("--redis-url", help="the servers' shared cache (default: their memory)")
    options = parser.parse_args(argv)
    options.follow = [way.strip() for way in options.follow.split(",") if way.strip()]
    if not options.follow or set(options.follow) - set(PHONES):
        parser.error("--follow takes stream, ask or stream,ask")
    return options


def steps(text: str) -> list[int]:
    return [int(tables) for tables in text.split(",") if tables.strip()]


def run_step(env, folder: Path, servers: dict, tables: int, options, bare: bool,
             follow: str, probes: int = 0) -> dict:  # fmt: skip
    """One step under locust; its figures from locust's CSV (every request, all started), and
    the servers' use of the machine once all started. `servers`: each one's address → pid;
    `probes`: streams opened with one token meanwhile; `options.visitors` read pages
    throughout."""
    seconds, visitors = options.seconds, options.visitors
    prefix = (
        folder / f"{follow}-{'bare' if bare else 'tables'}-{tables}{'-probe' if probes else ''}"
    )
    users = [PHONES[follow]] if bare else [PHONES[follow], "TableScorer"]
    count = tables * len(users) + probes + visitors
    # Playing tables sit down within 10 s; idle phones within 30 s, each opening its page, as
    # an evening's phones open theirs over its first minutes rather than at one moment.
    rate = max(10, count // (30 if bare else 10))
    users += (["OneTokenStreams"] if probes else []) + (["Visitor"] if visitors else [])
    command = [
        sys.executable, "-m", "locust", "-f", str(LOCUSTFILE), "--headless", "--only-summary",
        "-u", str(count), "-r", str(rate),
        "-t", f"{seconds}s", *([] if probes else ["--reset-stats"]), "--stop-timeout", "40",
        "--csv", str(prefix),
        "--host", next(iter(servers)), *users,
    ]  # fmt: skip
    step_env = {**env, "LOAD_SAVED": f"{prefix}-saved.json", "LOAD_HOSTS": ",".join(servers)}
    step_env |= {"LOAD_PROBES": str(probes), "LOAD_SHOWN": f"{prefix}-shown.json"}
    step_env |= {"LOAD_PROBE_AGAIN": str(options.probe_again), "LOAD_VISITORS": str(visitors)}
    with open(f"{prefix}-locust.log", "w+") as log:
        done = subprocess.Popen(command, env=step_env, cwd=server.PROJECT_DIR, text=True,
                                stdout=subprocess.DEVNULL, stderr=log)  # fmt: skip
        starting = count / rate
        used = measured_while(list(servers.values()), starting, seconds)
        done.wait(timeout=seconds + 300)
        log.seek(0)
        errors = log.read()[-2000:]
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
        "requests by name": {name: int(row["Request Count"]) for name, row in rows.items()},
        **used,
        **shown_on_the_other_phones(Path(f"{prefix}-shown.json")),
        "saved": json.loads(Path(f"{prefix}-saved.json").read_text()) if not bare else {},
        "locust exit": done.returncode,
        "locust errors": errors if done.returncode not in (0, 1) else "",
    }


def shown_on_the_other_phones(written: Path) -> dict:
    """How soon the table's other phones showed a save: its 95th percentile, nearest rank."""
    seconds = sorted(json.loads(written.read_text())) if written.exists() else []
    if not seconds:
        return {}
    p95 = seconds[math.ceil(0.95 * len(seconds)) - 1]
    return {"saves shown": len(seconds), "save shown p95 ms": round(p95 * 1000)}


def measured_while(pids: list[int], starting: float, seconds: int) -> dict:
    """The servers' use between all users started (and a second more) and the step's end."""
    waited = min(starting + 1, seconds / 2)
    time.sleep(waited)
    first, began = usage.of(pids), time.monotonic()
    time.sleep(max(seconds - waited - 1, 1))
    return usage.between(first, usage.of(pids), time.monotonic() - began)


def ramp(env, folder, plan_file, servers, options, bare: bool, follow: str, saved: dict) -> int:
    """Steps until the goal is missed; the tables of the last step that met it. `saved`: the
    scorers' saves so far, every run's, grown by this one's."""
    held = 0
    for tables in steps(options.bare_steps if bare else options.steps):
        step = run_step(env, folder, servers, tables, options, bare, follow)
        for table, numbers in step.pop("saved").items():
            saved.setdefault(table, []).extend(numbers)
        checked = check(env, folder, plan_file, saved) if not bare else None
        print(json.dumps({"follow": follow, "phones alone" if bare else "tables": step,
                          "check": checked}), flush=True)  # fmt: skip
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
        streams = "stream" in options.follow or options.probe > 0
        if streams:
            env["DJANGO_TRUSTED_PROXY_COUNT"] = "1"  # X-Forwarded-For: each table's address
        with contextlib.ExitStack() as stack:
            servers = {}
            for n in range(options.servers):
                port, process = stack.enter_context(server.serving_process(
                    env, serving_folder(folder, n), options.workers, "/healthz", asgi=streams
                ))  # fmt: skip
                servers[f"http://{server.HOST}:{port}"] = process.pid
            held, bare, saved = {}, {}, {}
            for follow in options.follow:
                held[follow] = ramp(env, folder, plan_file, servers, options, False, follow, saved)
                bare[follow] = ramp(env, folder, plan_file, servers, options, True, follow, saved)
            if options.probe:
                tables = steps(options.steps)[0]
                step = run_step(env, folder, servers, tables, options, False, "ask", options.probe)
                step.pop("saved")
                print(json.dumps({"probe": options.probe, "tables": step}), flush=True)
        print(json.dumps({"tables held": held, "phones alone held": bare}))
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main(sys.argv[1:]))
    except BenchmarkError as error:
        print(error, file=sys.stderr)
        sys.exit(1)
