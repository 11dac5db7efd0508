"""The benchmark's report: rates, their ratio to the bare view, the saves' times, and the goals.

The goals are shown, not enforced: only queries that grow with the history fail the benchmark.
"""

from dataclasses import dataclass

from bench.load import Rate

PAGE_RATIO_GOAL = 0.30  # of the bare view, at both sizes
STEADY_GOAL = 0.90  # a page over the large history keeps this share of its small-history rate
SAVE_P95_GOAL_MS = 100  # a hand, a round: 95 % of them answered within this time…
GOAL_WORKERS = 2  # …on this many gunicorn workers
LIVE_PART_GOAL = 0.5  # a live part read again for another phone, to the "changed?" check
LIVE_PART_KB_GOAL = 16  # what a scorer's phone fetches after each change
# What every open page asks every 3 s: has my game changed? (204 while it has not)
CHANGED = "changed? check"
SERVER_LOG_CHARACTERS = 3000
NAME_WIDTH = 30
SAVE_CELLS_WIDTH = 31  # saves/s, ratio, median, p95


@dataclass
class Row:
    name: str
    small: Rate
    large: Rate | None  # None: measured once, whatever the history (the bare save)
    bare: Rate  # the bare view, measured with the same generator around this row

    def ratio(self, rate: Rate) -> float:
        return rate.per_second / self.bare.per_second if self.bare.per_second else 0.0

    def rates(self) -> list[tuple[str, Rate]]:
        measured = (("small", self.small), ("large", self.large))
        return [(size, rate) for size, rate in measured if rate is not None]

    def misses(self) -> list[str]:
        """The goals missed, named as the columns that show them."""
        return ["errors"] if any(rate.failed for _, rate in self.rates()) else []


@dataclass
class PageRow(Row):
    queries: tuple[int, int] = (0, 0)  # small, large
    sizes: tuple[int, int] | None = None  # bytes of a live part (small, large)

    @property
    def steady(self) -> float:
        return self.large.per_second / self.small.per_second if self.small.per_second else 0.0

    @property
    def queries_grow(self) -> bool:
        return self.queries[1] > self.queries[0]

    def misses(self) -> list[str]:
        missed = super().misses()
        if min(self.ratio(self.small), self.ratio(self.large)) < PAGE_RATIO_GOAL:
            missed.append("ratio")
        if self.steady < STEADY_GOAL:
            missed.append("large/small")
        if self.queries[1] != self.queries[0]:
            missed.append("queries")
        return missed


@dataclass
class SaveRow(Row):
    timed: bool = True  # judged against the p95 goal (a hand, a round; not the bare save)

    def misses(self) -> list[str]:
        missed = super().misses()
        p95s = [rate.p95_ms() for _, rate in self.rates()]
        if self.timed and any(p95 is None or p95 >= SAVE_P95_GOAL_MS for p95 in p95s):
            missed.append("p95")
        return missed


@dataclass
class Measured:
    """One kind of load (pages or saves): the bare view with its generator, and the rows."""

    generator: str
    bare: Rate  # the mean of all the bare view's measurements (each row has its own)
    rows: list[Row]
    bare_runs: tuple[float, ...]  # the bare view's rates, measured between the rows
    # Saves only: the bare save, a POST that writes one row and answers the bare template.
    floor: SaveRow | None = None


def lines(options: dict, pages: Measured, saves: Measured, unsaved: list[str], log: str):
    """The whole report, line by line; `unsaved` lists saves the database does not hold."""
    yield (
        f"gunicorn: {options['workers']} sync workers, debug off, SQLite, 127.0.0.1;"
        f" {options['seconds']} s per measurement"
    )
    yield (
        f"history: small {options['small']}, large {options['large']} hands and rounds"
        " (a tournament and a session)"
    )
    for name, measured in (("pages", pages), ("saves", saves)):
        runs = measured.bare_runs
        yield (
            f"{name}: {measured.generator}; bare view {measured.bare.per_second:.1f} req/s"
            f" (mean of {len(runs)} runs between the rows, {min(runs):.1f} to {max(runs):.1f})"
        )
    yield ""
    yield from _page_table(pages.rows)
    yield from _live_parts(pages.rows)
    yield ""
    yield from _save_table([*saves.rows, *([saves.floor] if saves.floor else [])])
    yield ""
    steady = f"large/small ≥ {STEADY_GOAL:.2f} (within {100 - STEADY_GOAL * 100:.0f} %)"
    yield f"goals: page ratio ≥ {PAGE_RATIO_GOAL:.2f} at both sizes, {steady},"
    yield "       the same queries at both sizes;"
    workers = "" if options["workers"] == GOAL_WORKERS else f" (this run: {options['workers']})"
    yield (
        f"       a hand and a round: p95 under {SAVE_P95_GOAL_MS} ms on {GOAL_WORKERS}"
        f" workers{workers}; no errors"
    )
    yield "ratio: to the bare view (4 rows, a small template) with the same generator, same run,"
    yield "       measured right before and right after the row"
    yield "median, p95: milliseconds from sending a save's POSTs to their full answers, while all"
    yield "       the clients save at once (a hand: its bids and tricks POSTs together)"
    if saves.floor:
        yield f"{saves.floor.name}: a logged-in POST that writes one row and answers the bare"
        yield "       template, what every save costs before its game does anything"
    problems = _problems(pages, saves) + unsaved
    if problems:
        yield ""
        yield "errors during the measurements:"
        yield from problems
        if log:
            yield f"server log (its end):\n{log[-SERVER_LOG_CHARACTERS:]}"
    if grew := [row.name for row in pages.rows if row.queries_grow]:
        yield ""
        yield f"queries grow with the history: {', '.join(grew)}"


def _page_table(rows: list[PageRow]):
    yield (
        f"{'page (requests/s)':{NAME_WIDTH}} {'small':>8} {'ratio':>6}  {'large':>8} {'ratio':>6}"
        f"  {'large/small':>11}  {'queries':>9}  goal"
    )
    for row in rows:
        queries = f"{row.queries[0]}→{row.queries[1]}"
        yield (
            f"{row.name:{NAME_WIDTH}} {row.small.per_second:8.1f} {row.ratio(row.small):6.2f}"
            f"  {row.large.per_second:8.1f} {row.ratio(row.large):6.2f}"
            f"  {row.steady:11.2f}  {queries:>9}  {_verdict(row.misses())}"
        )


def _live_parts(rows: list[PageRow]):
    """Each live part against the "changed?" check of the same run, and its size."""
    check = next((row for row in rows if row.name == CHANGED), None)
    for row in rows:
        if row.sizes is None or check is None:
            continue
        ratios = [
            part.per_second / asked.per_second if asked.per_second else 0.0
            for part, asked in ((row.small, check.small), (row.large, check.large))
        ]
        kb = max(row.sizes) / 1000
        missed = min(ratios) < LIVE_PART_GOAL or kb > LIVE_PART_KB_GOAL
        yield (
            f"{row.name}: {ratios[0]:.2f} and {ratios[1]:.2f} of the {CHANGED} (goal"
            f" ≥ {LIVE_PART_GOAL}), {kb:.1f} KB (goal ≤ {LIVE_PART_KB_GOAL})"
            f"  {'✗' if missed else '✓'}"
        )


def _save_table(rows: list[SaveRow]):
    columns = f"{'saves/s':>8} {'ratio':>6} {'median':>7} {'p95':>7}"
    size = SAVE_CELLS_WIDTH
    yield f"{'save':{NAME_WIDTH}} {'small':^{size}}  {'large':^{size}}  goal"
    yield f"{'':{NAME_WIDTH}} {columns}  {columns}"
    for row in rows:
        sizes = [_save_cells(row, rate) for rate in (row.small, row.large)]
        misses = row.misses()
        verdict = _verdict(misses) if row.timed or misses else "—"
        yield f"{row.name:{NAME_WIDTH}} {sizes[0]}  {sizes[1]}  {verdict}"


def _save_cells(row: SaveRow, rate: Rate | None) -> str:
    if rate is None:
        return f"{'':{SAVE_CELLS_WIDTH}}"
    return (
        f"{rate.per_second:8.1f} {row.ratio(rate):6.2f}"
        f" {_milliseconds(rate.median_ms())} {_milliseconds(rate.p95_ms())}"
    )


def _milliseconds(value: float | None) -> str:
    return f"{value:7.1f}" if value is not None else f"{'—':>7}"


def _verdict(misses: list[str]) -> str:
    return "✗ " + ", ".join(misses) if misses else "✓"


def _problems(*measured: Measured) -> list[str]:
    """What went wrong, one line per rate that met errors."""
    found = []
    for kind in measured:
        if kind.bare.failed:
            found.append(f"  bare view ({kind.generator}): {kind.bare.problems()}")
        rows = [*kind.rows, *([kind.floor] if kind.floor else [])]
        for row in rows:
            for size, rate in row.rates():
                if rate.failed:
                    found.append(f"  {row.name}, {size}: {rate.problems()}")
    return found
