"""The benchmark's report: rates, their ratio to the bare view, and the goals beside them.

The goals are shown, not enforced: only queries that grow with the history fail the command.
"""

from dataclasses import dataclass

from tracker.benchmark.load import Rate

PAGE_RATIO_GOAL = 0.35  # of the bare view, at both sizes
SAVE_RATIO_GOAL = 0.25
CHANGED_RATIO_GOAL = 0.8  # the question every open page asks every 3 s
# What every open page asks every 3 s: has my game changed? (204 while it has not)
CHANGED = "changed? check"
STEADY_GOAL = 0.90  # a page over the large history keeps this share of its small-history rate
SERVER_LOG_CHARACTERS = 3000


@dataclass
class Row:
    name: str
    small: Rate
    large: Rate
    bare: Rate  # the bare view, measured with the same generator
    ratio_goal: float
    queries: tuple[int, int] | None = None  # pages only: small, large

    def ratio(self, rate: Rate) -> float:
        return rate.per_second / self.bare.per_second if self.bare.per_second else 0.0

    @property
    def steady(self) -> float:
        return self.large.per_second / self.small.per_second if self.small.per_second else 0.0

    @property
    def queries_grow(self) -> bool:
        return self.queries is not None and self.queries[1] > self.queries[0]

    def misses(self) -> list[str]:
        """The goals missed, named as the columns that show them."""
        missed = []
        if self.small.failed or self.large.failed:
            missed.append("errors")
        if min(self.ratio(self.small), self.ratio(self.large)) < self.ratio_goal:
            missed.append("ratio")
        if self.queries is not None and self.steady < STEADY_GOAL:
            missed.append("large/small")
        if self.queries is not None and self.queries[1] != self.queries[0]:
            missed.append("queries")
        return missed


@dataclass
class Measured:
    """One kind of load (pages or saves): the bare view with its generator, and the rows."""

    generator: str
    bare: Rate  # the mean of all the bare view's measurements (each row has its own)
    rows: list[Row]
    bare_runs: tuple[float, ...]  # the bare view's rates, measured between the rows
    # Saves only: the bare save, a POST that writes one row and answers the bare template.
    floor: Row | None = None


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
    yield from _table("page (requests/s)", pages.rows)
    yield ""
    yield from _table("save (saves/s)", saves.rows)
    if floor := saves.floor:
        ratio = floor.ratio(floor.small)
        yield (
            f"{floor.name:30} {floor.small.per_second:8.1f} {ratio:6.2f}  a logged-in POST that"
            f" writes one row and answers the bare template; a hand, two POSTs: ≤ {ratio / 2:.2f}"
        )
    yield ""
    yield f"goals: page ratio ≥ {PAGE_RATIO_GOAL} at both sizes, large/small ≥ {STEADY_GOAL},"
    yield f"       the same queries at both sizes; save ratio ≥ {SAVE_RATIO_GOAL}; no errors;"
    yield f"       {CHANGED} ratio ≥ {CHANGED_RATIO_GOAL}"
    yield "ratio: to the bare view (4 rows, a small template) with the same generator, same run,"
    yield "       measured right before and right after the row"
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


def _table(title: str, rows: list[Row]):
    yield (
        f"{title:30} {'small':>8} {'ratio':>6}  {'large':>8} {'ratio':>6}"
        f"  {'large/small':>11}  {'queries':>9}  goal"
    )
    for row in rows:
        queries = f"{row.queries[0]}→{row.queries[1]}" if row.queries else "—"
        misses = row.misses()
        yield (
            f"{row.name:30} {row.small.per_second:8.1f} {row.ratio(row.small):6.2f}"
            f"  {row.large.per_second:8.1f} {row.ratio(row.large):6.2f}"
            f"  {row.steady:11.2f}  {queries:>9}  {'✗ ' + ', '.join(misses) if misses else '✓'}"
        )


def _problems(*measured: Measured) -> list[str]:
    """What went wrong, one line per rate that met errors."""
    found = []
    for kind in measured:
        if kind.bare.failed:
            found.append(f"  bare view ({kind.generator}): {kind.bare.problems()}")
        if kind.floor is not None and kind.floor.small.failed:
            found.append(f"  {kind.floor.name}: {kind.floor.small.problems()}")
        for row in kind.rows:
            for size, rate in (("small", row.small), ("large", row.large)):
                if rate.failed:
                    found.append(f"  {row.name}, {size}: {rate.problems()}")
    return found
