"""Requests and saves per second under gunicorn, for a small and a large history.

A throwaway SQLite database in a temporary directory is filled with both histories, gunicorn
serves it with debug off, and a load generator on loopback measures the pages and the saves.
Every rate is shown as a ratio to a bare Django view measured with the same generator in the
same run, and each save with its time per request (median and 95th percentile), beside the
goals. Exits 1 when a page's number of queries grows with the history; missed goals are shown
and change nothing else.
"""

import argparse
import sys
import tempfile
import time
from pathlib import Path

from bench import BenchmarkError, measure, report, saves, server


def arguments(argv: list[str]) -> dict:
    parser = argparse.ArgumentParser(
        prog="python -m bench",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--small", type=int, default=10, help="hands and rounds, small")
    parser.add_argument("--large", type=int, default=10_000, help="hands and rounds, large")
    parser.add_argument("--seconds", type=int, default=5, help="per measurement")
    parser.add_argument("--workers", type=int, default=2, help="gunicorn sync workers")
    options = vars(parser.parse_args(argv))
    sizes = (options["small"], options["large"])
    at_least_one = (options["seconds"], options["workers"])
    if min(sizes) < 0 or min(at_least_one) < 1:
        parser.error("sizes are 0 or more; seconds and workers 1 or more")
    return options


def main(argv: list[str]) -> int:
    options = arguments(argv)
    began = time.monotonic()
    try:
        pages, saving, unsaved, log = run(options)
    except BenchmarkError as error:
        print(f"error: {error}", file=sys.stderr)
        return 1
    for line in report.lines(options, pages, saving, unsaved, log):
        print(line)
    print(f"\ntook {time.monotonic() - began:.0f} s")
    return 1 if any(row.queries_grow for row in pages.rows) else 0


def run(options: dict):
    seconds = options["seconds"]
    with (
        server.exit_on_terminate(),
        tempfile.TemporaryDirectory(prefix="cardtable-benchmark-") as directory,
    ):
        directory = Path(directory)
        # The Django side and gunicorn get the benchmark's settings module from here.
        env = server.environment(directory)
        progress("filling a throwaway database")
        sizes = ["--small", str(options["small"]), "--large", str(options["large"])]
        plan = server.django_side(env, "fill", *sizes, "--clients", str(saves.CLIENTS))
        with server.serving(env, directory, options["workers"], plan["bare"]) as port:
            measure.check_pages(port, plan)
            pages = measure.pages(port, plan, seconds, progress)
            saving = measure.saving(port, plan, seconds, progress)
        unsaved = measure.unsaved(plan, saving.rows, server.django_side(env, "count"))
        return pages, saving, unsaved, server.server_log(directory)


def progress(what: str) -> None:
    print(f"… {what}", file=sys.stderr, flush=True)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
