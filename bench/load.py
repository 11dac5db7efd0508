"""Load on loopback: wrk when it is installed, else Python processes; requests per second.

Nothing here imports Django: the Python clients run in fresh processes ("spawn"), which only
need this module and ``saves``.
"""

import http.client
import math
import multiprocessing
import queue
import re
import shutil
import signal
import statistics
import subprocess
import time
from collections import Counter
from dataclasses import dataclass, field

HOST = "127.0.0.1"
CONNECTIONS = 8  # phones at a busy table, and wrk's -c
WRK_THREADS = 2
# A request over a long history may wait seconds behind the others: it is slow, not failed.
REQUEST_TIMEOUT_SECONDS = 300
SETUP_SECONDS = 120  # for a client to connect and read its first page before the start
DRAIN_SECONDS_AT_MOST = 120
WARM_UP_REQUESTS = 4


@dataclass
class Rate:
    """What one measurement gives: completed units (requests, hands, rounds) per second, and
    for saves how long the server took for each unit."""

    per_second: float
    done: int
    errors: Counter = field(default_factory=Counter)  # what went wrong → how often
    # Saves only: seconds from sending a unit's requests to their full answers, one per unit.
    timings: list[float] = field(default_factory=list)

    @property
    def failed(self) -> bool:
        return bool(self.errors)

    def problems(self) -> str:
        return "; ".join(f"{what} ×{times}" for what, times in self.errors.most_common(3))

    def median_ms(self) -> float | None:
        return statistics.median(self.timings) * 1000 if self.timings else None

    def p95_ms(self) -> float | None:
        """The 95th percentile, nearest rank: 95 % of the units took at most this long."""
        if not self.timings:
            return None
        ordered = sorted(self.timings)
        return ordered[math.ceil(0.95 * len(ordered)) - 1] * 1000


def mean(*rates: Rate, seconds: list[int] | None = None) -> Rate:
    """Several measurements of the same thing as one; each weighs by its `seconds` if given."""
    weights = seconds or [1] * len(rates)
    errors = sum((rate.errors for rate in rates), Counter())
    per_second = sum(r.per_second * w for r, w in zip(rates, weights, strict=True)) / sum(weights)
    timings = [timing for rate in rates for timing in rate.timings]
    return Rate(per_second, sum(rate.done for rate in rates), errors, timings)


def wrk_path() -> str | None:
    return shutil.which("wrk")


def generator_name() -> str:
    if wrk := wrk_path():
        return f"wrk ({wrk}, -t{WRK_THREADS} -c{CONNECTIONS})"
    return f"{CONNECTIONS} Python clients (wrk is not installed)"


def get_rate(port: int, path: str, cookie: str, seconds: float, htmx: bool = False) -> Rate:
    """GET requests per second to `path` (as htmx asks for a page's live part, if `htmx`): with
    wrk if installed, else with Python clients."""
    if wrk_path():
        return wrk_rate(port, path, cookie, seconds, htmx)
    return python_get_rate(port, path, cookie, seconds, CONNECTIONS, htmx)


def wrk_rate(port: int, path: str, cookie: str, seconds: float, htmx: bool = False) -> Rate:
    command = [wrk_path(), f"-t{WRK_THREADS}", f"-c{CONNECTIONS}", f"-d{seconds}s"]
    command += [f"--timeout={REQUEST_TIMEOUT_SECONDS}s", "-H", f"Cookie: {cookie}"]
    command += ["-H", "HX-Request: true"] if htmx else []
    done = subprocess.run(
        [*command, f"http://{HOST}:{port}{path}"], capture_output=True, text=True, check=False
    )
    out = done.stdout
    rate = re.search(r"Requests/sec:\s*([\d.]+)", out)
    total = re.search(r"(\d+) requests in", out)
    if done.returncode != 0 or not rate or not total:
        return Rate(0.0, 0, Counter({f"wrk failed: {(done.stderr or out).strip()[:200]}": 1}))
    errors = Counter()
    if bad := re.search(r"Non-2xx or 3xx responses:\s*(\d+)", out):
        errors["status 4xx/5xx"] = int(bad[1])
    # Closed connections are how a sync gunicorn worker ends every response: wrk reconnects.
    # Only a timeout means a request never got an answer.
    timeouts = re.search(r"Socket errors:.*timeout (\d+)", out)
    if timeouts and int(timeouts[1]):
        errors["timeout"] = int(timeouts[1])
    per_second = float(rate[1])
    # wrk stops without waiting for its last requests, but the server still answers them: let
    # it finish (as many requests as connections, at the rate just measured) before the next
    # measurement starts, or a slow page would steal time from the one after it.
    time.sleep(min(CONNECTIONS / per_second, DRAIN_SECONDS_AT_MOST) if per_second else 1.0)
    return Rate(per_second, int(total[1]), errors)


def python_get_rate(port, path: str, cookie: str, seconds: float, clients: int, htmx=False) -> Rate:
    return run_clients(get_client, [(port, path, cookie, htmx)] * clients, seconds)


def run_clients(target, per_client: list[tuple], seconds: float) -> Rate:
    """Start one process per argument tuple, let them all begin together, add up their rates.

    `target(*args, seconds, start)` prepares (connects, reads its first page), calls `start()`
    and works until the time is up; it returns (units done, seconds it took, errors Counter,
    seconds each unit waited for the server, or an empty list). Each client's rate is its own
    units over its own time, so a last unit finishing after the end does not inflate the sum.
    """
    context = multiprocessing.get_context("spawn")
    barrier = context.Barrier(len(per_client))
    results = context.Queue()
    processes = [
        context.Process(target=_client_main, args=(target, args, seconds, barrier, results))
        for args in per_client
    ]
    for process in processes:
        process.start()
    total, waiting = Rate(0.0, 0), len(processes)
    try:
        while waiting:
            try:
                done, elapsed, errors, timings = results.get(timeout=1)
            except queue.Empty:
                if any(process.exitcode not in (None, 0) for process in processes):
                    barrier.abort()  # a client crashed: the others must not wait for it
                if not any(process.is_alive() for process in processes):
                    total.errors["a client ended without an answer"] += waiting
                    break
                continue
            waiting -= 1
            total.done += done
            total.per_second += done / elapsed if elapsed > 0 else 0.0
            total.errors.update(errors)
            total.timings += timings
    except BaseException:  # interrupted: the clients stop now, not when their time is up
        for process in processes:
            process.terminate()
        raise
    finally:
        for process in processes:
            process.join(timeout=10)
            if process.is_alive():
                process.kill()
                process.join()
    return total


def _client_main(target, args, seconds, barrier, results) -> None:
    # Ctrl-C reaches every process of the terminal; the command stops its clients itself.
    signal.signal(signal.SIGINT, signal.SIG_IGN)

    def start() -> None:
        barrier.wait(timeout=SETUP_SECONDS)

    try:
        results.put(target(*args, seconds, start))
    except Exception as error:  # reported with the numbers, never hidden
        barrier.abort()  # the others are not kept waiting for this one
        results.put((0, 0.0, Counter({f"{type(error).__name__}: {error}"[:200]: 1}), []))


def get_client(port: int, path: str, cookie: str, htmx: bool, seconds: float, start) -> tuple:
    connection = http.client.HTTPConnection(HOST, port, timeout=REQUEST_TIMEOUT_SECONDS)
    headers = {"Cookie": cookie, **({"HX-Request": "true"} if htmx else {})}
    start()
    done, errors, began = 0, Counter(), time.monotonic()
    while time.monotonic() - began < seconds:
        # A sync gunicorn worker closes the connection after each answer; http.client opens
        # a new one for the next request by itself.
        connection.request("GET", path, headers=headers)
        response = connection.getresponse()
        response.read()
        if 200 <= response.status < 300:  # as wrk counts: the changed? check answers 204
            done += 1
        else:
            errors[f"status {response.status}"] += 1
    return done, time.monotonic() - began, errors, []


def check_page(port: int, path: str, cookie: str) -> str | None:
    """Why `path` is no page to measure (not a 200, or a 204, for this cookie), or None. Also a
    warm-up:
    each worker compiles its templates on its first request."""
    connection = http.client.HTTPConnection(HOST, port, timeout=REQUEST_TIMEOUT_SECONDS)
    try:
        for _ in range(WARM_UP_REQUESTS):
            connection.request("GET", path, headers={"Cookie": cookie})
            response = connection.getresponse()
            response.read()
            if response.status not in (200, 204):  # 204: the changed? check, unchanged
                where = response.getheader("Location")
                return f"{path} answered {response.status}" + (f" → {where}" if where else "")
    except (OSError, http.client.HTTPException) as error:
        return f"{path}: {type(error).__name__}: {error}"
    finally:
        connection.close()
    return None
