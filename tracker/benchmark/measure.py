"""What is measured against the running server, in which order, and the check that saves saved.

``plan`` is what ``python -m tracker.benchmark fill`` answered: the cookie, the bare view, and
for "small" and "large" the history's size, the page URLs with their query counts, and one
tournament and one session per save client.
"""

from tracker.benchmark import BenchmarkError, load, saves
from tracker.benchmark.report import (
    CHANGED,
    CHANGED_RATIO_GOAL,
    PAGE_RATIO_GOAL,
    SAVE_RATIO_GOAL,
    Measured,
    Row,
)

HISTORIES = ("small", "large")
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

    before = bare("before the pages")
    rates = {}
    for page in plan["small"]["pages"]:
        for history in HISTORIES:
            progress(f"{page}, {history} history")
            rates[page, history] = load.get_rate(
                port, plan[history]["pages"][page], cookie, seconds
            )
    return _measured(generator, before, bare("after the pages"), rates, PAGE_RATIO_GOAL, plan)


def saving(port: int, plan: dict, seconds: int, progress) -> Measured:
    generator = f"{saves.CLIENTS} Python clients, each at its own table, htmx POSTs"
    cookie = plan["cookie"]

    def bare(when: str) -> load.Rate:
        progress(f"bare view {when}, {saves.CLIENTS} Python clients")
        return load.python_get_rate(port, plan["bare"], cookie, seconds, saves.CLIENTS)

    before = bare("before the saves")
    rates = {}
    for name, (client, games, _) in SAVES.items():
        for history in HISTORIES:
            progress(f"{name}, {history} history")
            per_client = [(port, cookie, game) for game in plan[history][games]]
            rates[name, history] = load.run_clients(client, per_client, seconds)
    progress("bare save")
    floor = [(port, cookie, plan["bare_save"])] * saves.CLIENTS
    floor = load.run_clients(saves.bare_saves, floor, seconds)
    measured = _measured(generator, before, bare("after the saves"), rates, SAVE_RATIO_GOAL, plan)
    measured.floor = floor
    return measured


def _measured(generator, before, after, rates: dict, ratio_goal: float, plan: dict) -> Measured:
    """The rows, each against the bare view's mean over the two measurements around them: the
    machine's speed may drift during the minutes the rows take."""
    bare = load.mean(before, after)
    rows = []
    for name in dict.fromkeys(name for name, _ in rates):
        queries = None
        if name in plan["small"]["queries"]:  # a page
            queries = tuple(plan[history]["queries"][name] for history in HISTORIES)
        small, large = (rates[name, history] for history in HISTORIES)
        goal = CHANGED_RATIO_GOAL if name == CHANGED else ratio_goal
        rows.append(Row(name, small, large, bare, goal, queries))
    return Measured(generator, bare, rows, (before.per_second, after.per_second))


def unsaved(plan: dict, rows: list[Row], counts: dict) -> list[str]:
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
