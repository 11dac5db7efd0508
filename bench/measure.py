"""What is measured against the running server, in which order, and the check that saves saved.

``plan`` is what ``python -m bench.django_side fill`` answered: the cookie, the bare view, and
for "small" and "large" the history's size, the page URLs with their query counts, and one
tournament and one session per save client.
"""

from bench import BenchmarkError, load, saves
from bench.report import Measured, PageRow, SaveRow

HISTORIES = ("small", "large")
BARE_SAVE = "bare save"
# Each row's small and large histories are measured in turn, in this many parts each: a drift
# of the machine's speed falls on both alike.
PARTS = 2
SAVES = {  # row name → (client, the plan's games for it, what the database counts)
    "Cutthroat hand (bids + tricks)": (saves.cutthroat_hands, "tournaments", "hands"),
    "Cắt Tê round": (saves.catte_rounds, "sessions", "rounds"),
}


def check_pages(port: int, plan: dict) -> None:
    """Every page answers 200 for the cookie (wrk would count a redirect to the log-in page as
    a success), and each worker has rendered every template before anything is timed."""
    paths = [plan["bare"]] + [path for h in HISTORIES for path in plan[h]["pages"].values()]
    for path in paths:
        if why := load.check_page(port, path, plan["cookie"]):
            raise BenchmarkError(why)


def pages(port: int, plan: dict, seconds: int, progress) -> Measured:
    generator, cookie = load.generator_name(), plan["cookie"]

    def bare(when: str) -> load.Rate:
        progress(f"bare view {when}, {generator}")
        return load.get_rate(port, plan["bare"], cookie, seconds)

    def page(name: str, history: str, part: int) -> load.Rate:
        progress(f"{name}, {history} history")
        return load.get_rate(port, plan[history]["pages"][name], cookie, part, name in plan["htmx"])

    rows, bares = _between_bare_views(bare, page, plan["small"]["pages"], seconds)
    table = [
        PageRow(
            name,
            rates["small"],
            rates["large"],
            bare,
            tuple(plan[history]["queries"][name] for history in HISTORIES),
            _sizes(plan, name),
        )
        for name, rates, bare in rows
    ]
    return _measured(generator, bares, table)


def _sizes(plan: dict, name: str) -> tuple[int, int] | None:
    """The bytes of a live part (small, large history); None for a whole page."""
    if name not in plan["htmx"]:
        return None
    return tuple(plan[history]["bytes"][name] for history in HISTORIES)


def saving(port: int, plan: dict, seconds: int, progress) -> Measured:
    generator = f"{saves.CLIENTS} Python clients, each at its own table, htmx POSTs"
    cookie = plan["cookie"]

    def bare(when: str) -> load.Rate:
        progress(f"bare view {when}, {saves.CLIENTS} Python clients")
        return load.python_get_rate(port, plan["bare"], cookie, seconds, saves.CLIENTS)

    def save(name: str, history: str, part: int) -> load.Rate:
        progress(f"{name}, {history} history")
        if name == BARE_SAVE:  # one group, whatever the history
            per_client = [(port, cookie, plan["bare_save"])] * saves.CLIENTS
            return load.run_clients(saves.bare_saves, per_client, part)
        client, games, _ = SAVES[name]
        per_client = [(port, cookie, game) for game in plan[history][games]]
        return load.run_clients(client, per_client, part)

    names, only_small = [*SAVES, BARE_SAVE], {BARE_SAVE: ["small"]}
    rows, bares = _between_bare_views(bare, save, names, seconds, only_small)
    table = [SaveRow(name, rates["small"], rates["large"], bare) for name, rates, bare in rows[:-1]]
    measured = _measured(generator, bares, table)
    name, rates, bare_around = rows[-1]
    # Measured once: the bare save is the same whatever the history.
    measured.floor = SaveRow(name, rates["small"], None, bare_around, timed=False)
    return measured


def _between_bare_views(bare, measure, names: list[str], seconds: int, histories=None):
    """Each row measured between two measurements of the bare view, and compared with their
    mean; its histories measured in turn, in PARTS of the seconds. The machine's speed may
    drift while the rows are measured: a quarter between the first and the last bare view
    has been seen, and 20 % within a minute. Returns (rows, the bare view's measurements);
    a row is (name, {history: rate}, the bare view's mean around it).

    `measure(name, history, seconds)` measures one part."""
    parts = min(PARTS, seconds)
    # Whole seconds (wrk takes no fractions) adding up to the seconds asked for.
    lengths = [seconds // parts + (part < seconds % parts) for part in range(parts)]
    bares, rows = [bare("first")], []
    for name in names:
        sizes = (histories or {}).get(name, HISTORIES)
        measured = {history: [] for history in sizes}
        for length in lengths:
            for history in sizes:
                measured[history].append(measure(name, history, length))
        rates = {history: load.mean(*measured[history], seconds=lengths) for history in sizes}
        bares.append(bare(f"after {name}"))
        rows.append((name, rates, load.mean(bares[-2], bares[-1])))
    return rows, bares


def _measured(generator: str, bares: list, table: list) -> Measured:
    runs = tuple(rate.per_second for rate in bares)
    return Measured(generator, load.mean(*bares), table, runs)


def unsaved(plan: dict, rows: list[SaveRow], counts: dict) -> list[str]:
    """Saves the clients counted that the database does not hold, or the other way round."""
    lines = []
    for row in rows:
        _, games, counted = SAVES[row.name]
        for history, rate in zip(HISTORIES, (row.small, row.large), strict=True):
            size = plan[history]["size"]
            grown = sum(counts[counted][str(game["pk"])] - size for game in plan[history][games])
            if grown != rate.done:
                lines.append(
                    f"  {row.name}, {history}: {rate.done} counted,"
                    f" the database has {grown} more {counted}"
                )
    return lines
