"""``python -m bench.restore``: the largest restore under the production server's timeout, while
another group records payments.

gunicorn serves the app with its production timeout (30 s) and two workers. An owner uploads a
backup of `--logs` Cắt Tê sessions of `--rounds` rounds each, and his page takes the steps that
follow, as its htmx does; meanwhile another group's scorer records a payment after another. The
report: how long the upload and each step took, and how the payments fared (none may fail).

    python -m bench.restore --logs 12 --rounds 5000 [--database-url postgres://…]
"""

import argparse
import http.client
import json
import re
import sys
import tempfile
import threading
import time
import uuid
from http.cookies import SimpleCookie
from pathlib import Path
from urllib.parse import urlencode

from bench import server

PRODUCTION_TIMEOUT_SECONDS = 30  # gunicorn.conf.py's
VERSION = re.compile(r'name="version" value="(\d+)"')
PAUSE = re.compile(r'hx-trigger="load delay:(\d+)ms')
ONCE = re.compile(r'name="once" value="([^"]+)"')
TOKEN = re.compile(r'name="csrfmiddlewaretoken" value="([^"]+)"')


class Browser:
    """One person's browser: the session cookie, the CSRF token of the last page, timings."""

    def __init__(self, port: int, cookie: str):
        self.port, self.cookies, self.token = port, SimpleCookie(cookie), ""

    def request(self, method: str, path: str, body=b"", headers=None):
        cookie = "; ".join(f"{name}={morsel.value}" for name, morsel in self.cookies.items())
        connection = http.client.HTTPConnection(server.HOST, self.port, timeout=120)
        sent = time.perf_counter()
        connection.request(method, path, body, {**(headers or {}), "Cookie": cookie})
        response = connection.getresponse()
        text = response.read().decode()
        took = time.perf_counter() - sent
        connection.close()
        for header in response.headers.get_all("Set-Cookie") or []:
            self.cookies.load(header)
        if token := TOKEN.search(text):
            self.token = token[1]
        return response, text, took

    def post(self, path: str, data: dict, htmx: bool = False):
        headers = {"Content-Type": "application/x-www-form-urlencoded", "X-CSRFToken": self.token}
        if htmx:
            headers["HX-Request"] = "true"
        return self.request("POST", path, urlencode(data).encode(), headers)

    def upload(self, path: str, name: str, data: bytes):
        boundary = uuid.uuid4().hex
        head = (
            f"--{boundary}\r\n"
            'Content-Disposition: form-data; name="csrfmiddlewaretoken"\r\n\r\n'
            f"{self.token}\r\n--{boundary}\r\n"
            f'Content-Disposition: form-data; name="{name}"; filename="backup.zip"\r\n'
            "Content-Type: application/zip\r\n\r\n"
        )
        body = head.encode() + data + f"\r\n--{boundary}--\r\n".encode()
        headers = {"Content-Type": f"multipart/form-data; boundary={boundary}"}
        return self.request("POST", path, body, headers)


def restore(browser: Browser, plan: dict) -> dict:
    """Upload the backup, then take every step as the progress page's htmx does."""
    browser.request("GET", plan["restore_path"])
    response, _text, upload = browser.upload(
        plan["restore_path"], "file", Path(plan["zip"]).read_bytes()
    )
    if response.status != 302:
        raise SystemExit(f"the upload answered {response.status}")
    where, steps = response.headers["Location"], []
    _response, text, _took = browser.request("GET", where)
    while "/restores/" in where:
        version, pause = VERSION.search(text), PAUSE.search(text)
        if version is None or pause is None:
            raise SystemExit(f"the restore stopped: {re.sub(r'<[^>]+>', ' ', text)[:600]}")
        time.sleep(int(pause[1]) / 1000)  # as the page's htmx waits before the next step
        response, text, took = browser.post(where, {"version": version[1]}, htmx=True)
        if response.status != 200:
            raise SystemExit(f"a step answered {response.status}")
        steps.append(took)
        if response.headers.get("HX-Redirect"):
            break
    return {"upload": upload, "steps": steps}


def pay_meanwhile(browser: Browser, plan: dict, stop: threading.Event, paid: list, pause: float):
    """A payment after another in the other group, as the payment form is filled in: each as
    (sent, answered, status, seconds)."""
    while not stop.is_set():
        try:
            _response, text, _took = browser.request("GET", plan["payment_path"])
            form = {"payer": plan["payer"], "payee": plan["payee"], "amount": "1.00"}
            form |= {"version": VERSION.search(text)[1], "once": ONCE.search(text)[1]}
            sent = time.perf_counter()
            response, _text, took = browser.post(plan["payment_path"], form)
            paid.append((sent, sent + took, response.status, took))
        except (OSError, TypeError) as failure:  # no answer, or a page without the form
            paid.append((time.perf_counter(), time.perf_counter(), type(failure).__name__, 0.0))
        time.sleep(pause)


def while_paying(port: int, plan: dict, run, pause: float) -> tuple:
    """`run(paid)` while the other group pays one payment after another (`pause` seconds
    apart), `paid` the payments so far: what it gave, and the payments."""
    stop, paid = threading.Event(), []
    browser = Browser(port, plan["cookie"])
    payer = threading.Thread(target=pay_meanwhile, args=(browser, plan, stop, paid, pause))
    payer.start()
    try:
        return run(paid), paid
    finally:
        stop.set()
        payer.join()


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))] if ordered else 0.0


def report(done: dict, paid: list, seconds: float) -> dict:
    steps, times = done["steps"], [took for _sent, _at, status, took in paid if status == 302]
    return {
        "restore seconds": round(seconds, 1),
        "upload seconds": round(done["upload"], 2),
        "steps": len(steps),
        "step p50 / p95 / max seconds": [
            round(percentile(steps, share), 2) for share in (0.5, 0.95, 1.0)
        ],
        "payments recorded": len(times),
        "payments failed": [status for _sent, _at, status, _took in paid if status != 302],
        "payment p95 / max seconds": [round(percentile(times, s), 2) for s in (0.95, 1.0)],
    }


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.restore")
    parser.add_argument("--logs", type=int, default=12)
    parser.add_argument("--rounds", type=int, default=5000)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--database-url", default="")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="bench-restore-") as name:
        folder = Path(name)
        env = server.environment(folder)
        env["DATABASE_URL"] = args.database_url or env["DATABASE_URL"]
        print(f"making a backup of {args.logs} × {args.rounds} rounds…", file=sys.stderr)
        plan = server.side(env, "bench.restore_side", str(folder), str(args.logs), str(args.rounds))
        timeout = PRODUCTION_TIMEOUT_SECONDS
        with server.serving(env, folder, args.workers, "/healthz", timeout=timeout) as port:
            started = time.perf_counter()
            browser = Browser(port, plan["cookie"])
            done, paid = while_paying(port, plan, lambda _paid: restore(browser, plan), 0.2)
            seconds = time.perf_counter() - started
            log = (folder / server.LOG).read_text()
        print(json.dumps(report(done, paid, seconds), indent=1))
        trouble = min((log.find(word) for word in ("WORKER TIMEOUT", "Traceback") if word in log),
                      default=-1)  # fmt: skip
        if trouble >= 0:
            raise SystemExit(f"the server's log has errors:\n{log[trouble : trouble + 4000]}")


if __name__ == "__main__":
    main(sys.argv[1:])
