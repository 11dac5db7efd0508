"""Requests and saves per second under gunicorn, for a small and a large history.

A throwaway SQLite database in a temporary directory is filled with both histories, gunicorn
serves it with debug off, and a load generator on loopback measures the pages and the saves.
Every rate is shown as a ratio to a bare Django view measured with the same generator in the
same run, beside the goals. Exits 1 when a page's number of queries grows with the history;
missed goals are shown and change nothing else.
"""

import sys
import tempfile
import time
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from tracker.benchmark import BenchmarkError, measure, report, saves, server


class Command(BaseCommand):
    help = __doc__

    def add_arguments(self, parser):
        parser.add_argument("--small", type=int, default=10, help="hands and rounds, small")
        parser.add_argument("--large", type=int, default=10_000, help="hands and rounds, large")
        parser.add_argument("--seconds", type=int, default=5, help="per measurement")
        parser.add_argument("--workers", type=int, default=2, help="gunicorn sync workers")

    def handle(self, *args, **options):
        if (
            min(options["small"], options["large"]) < 0
            or min(options["seconds"], options["workers"]) < 1
        ):
            raise CommandError("sizes are 0 or more; seconds and workers 1 or more")
        began = time.monotonic()
        try:
            pages, saving, unsaved, log = self.measure(options)
        except BenchmarkError as error:
            raise CommandError(str(error)) from error
        for line in report.lines(options, pages, saving, unsaved, log):
            self.stdout.write(line)
        self.stdout.write(f"\ntook {time.monotonic() - began:.0f} s")
        if any(row.queries_grow for row in pages.rows):
            sys.exit(1)

    def measure(self, options):
        seconds = options["seconds"]
        with (
            server.exit_on_terminate(),
            tempfile.TemporaryDirectory(prefix="cardtable-benchmark-") as directory,
        ):
            directory = Path(directory)
            env = server.environment(directory)
            self.progress("filling a throwaway database")
            sizes = ["--small", str(options["small"]), "--large", str(options["large"])]
            plan = server.django_side(env, "fill", *sizes, "--clients", str(saves.CLIENTS))
            with server.serving(env, directory, options["workers"], plan["bare"]) as port:
                measure.check_pages(port, plan)
                pages = measure.pages(port, plan, seconds, self.progress)
                saving = measure.saving(port, plan, seconds, self.progress)
            unsaved = measure.unsaved(plan, saving.rows, server.django_side(env, "count"))
            return pages, saving, unsaved, server.server_log(directory)

    def progress(self, what: str) -> None:
        self.stderr.write(f"… {what}", style_func=None)
