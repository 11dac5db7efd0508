"""Tables of phones and their scorers, for locust (bench/ramp.py runs it; docs/performance.md).

    LOAD_PLAN=plan.json LOAD_SAVED=saved.json locust -f bench/locustfile.py --host http://...
    LOAD_HOSTS=http://a:8000,http://b:8000 to spread the requests over several servers.

`TablePhones` is the 4 or 5 phones of one table asking "changed?", `StreamingTablePhones` the
same following by stream, `TableScorer` the table's scorer; the Nth user of each class takes
the Nth table of the plan (`python -m bench.tables fill`). `OneTokenStreams` (LOAD_PROBES of
them) are streams opened with the first table's token from one address, as one hostile reader
would open them. Run the phones alone for the load of
idle phones. When locust quits, the hand and round numbers the scorers saw saved are written
to LOAD_SAVED, for `python -m bench.tables check`, and how long each save took to show on the
table's other phones to LOAD_SHOWN.

Each table's streams come from an address of its own (X-Forwarded-For, as a proxy tells the
phone's address): the server caps streams per client address (LIVE_STREAMS_PER_ADDRESS), and
locust's phones all come from this machine. The server trusts the header only when told it
sits behind a proxy (bench/ramp.py tells it so).
"""

import contextlib
import copy
import http.client
import itertools
import json
import os
import random
import time
from collections import defaultdict
from pathlib import Path
from urllib.parse import urlsplit

import gevent
import gevent.lock
from locust import FastHttpUser, constant, constant_pacing, events, task

from bench.table_load import (
    PERIOD_SECONDS,
    SAVE_EVERY_SECONDS,
    Phone,
    Refused,
    Scorer,
    StreamingPhone,
)

PLAN = json.loads(Path(os.environ["LOAD_PLAN"]).read_text()) if "LOAD_PLAN" in os.environ else None
PHONES_TABLES, SCORERS_TABLES = itertools.count(), itertools.count()
SAVED: dict[int, list[int]] = defaultdict(list)
SHOWN: list[float] = []  # seconds from a save sent to another phone showing it
SERVERS = [host for host in os.environ.get("LOAD_HOSTS", "").split(",") if host]
ADDRESSES = itertools.count(1)
RETRY_SECONDS = 3  # the stream's retry hint (core/web/live_stream.py): a dropped one opens again


class LocustClient:
    """The table's requests through locust's client: a wrong answer is a failure in its stats
    and a `Refused` for the table. With several servers (LOAD_HOSTS), each request goes to the
    next, as a proxy's round robin sends it."""

    def __init__(self, client, cookie: str):
        self.client, self.cookie = client, cookie
        self.servers = itertools.cycle(SERVERS or [""])
        number = next(ADDRESSES)
        self.address = f"10.{number >> 16 & 255}.{number >> 8 & 255}.{number & 255}"

    def get(self, path: str, name: str, htmx: bool = False, logged_in: bool = True) -> str:
        headers = {"Cookie": self.cookie} if logged_in else {}
        if htmx:
            headers |= {"HX-Request": "true", "HX-Target": "entry"}
        url = next(self.servers) + path
        return self._answer(self.client.get(url, name=name, headers=headers, catch_response=True))

    def post(self, path: str, data: dict, name: str) -> str:
        headers = {"Cookie": self.cookie, "HX-Request": "true", "HX-Target": "entry"}
        url = next(self.servers) + path
        posted = self.client.post(url, name=name, data=data, headers=headers, catch_response=True)
        return self._answer(posted)

    def stream(self, path: str, name: str):
        """The stream's lines as they arrive (its opening counted as a request); None when the
        server refused it (204)."""
        where = urlsplit((next(self.servers) or self.client.base_url) + path)
        began = time.perf_counter()
        connection = http.client.HTTPConnection(where.hostname, where.port)
        headers = {"Accept": "text/event-stream", "X-Forwarded-For": self.address}
        headers["Cookie"] = self.cookie  # the page's live part is read for its reader
        try:
            connection.request("GET", f"{where.path}?{where.query}", headers=headers)
            response = connection.getresponse()
            status, failed = response.status, None
        except OSError as error:
            status, failed = 0, error
        if status not in (200, 204) and failed is None:
            failed = Refused(f"status {status}")
        self.client.request_event.fire(request_type="GET", name=name, context={}, url=path,
            response_time=(time.perf_counter() - began) * 1000, response_length=0,
            exception=failed, response=None)  # fmt: skip
        if status != 200:
            connection.close()
            if failed:
                raise Refused(str(failed))
            return None
        return _lines(response, connection)

    def shown(self, seconds: float) -> None:
        """A save shown on another phone of the table `seconds` after it was sent: kept apart
        from the requests' figures, written to LOAD_SHOWN when locust quits."""
        SHOWN.append(seconds)

    def _answer(self, response) -> str:
        with response:
            if response.status_code not in (200, 204):
                response.failure(f"status {response.status_code}")
                raise Refused(f"status {response.status_code}")
            return response.text or ""


def _lines(response, connection):
    try:
        while line := response.readline():
            yield line.decode()
    except OSError:
        pass  # the line dropped: the phone opens the stream again
    finally:
        connection.close()


def refused(user, refusal: Refused) -> None:
    """A refusal not already counted as a failed request (a form missing from an answer)."""
    user.environment.events.request.fire(request_type="TABLE", name="refused", response_time=0,
        response_length=0, exception=refusal, context={}, url="")  # fmt: skip


class TablePhones(FastHttpUser):
    wait_time = constant(0)

    def on_start(self):
        table = PLAN["tables"][next(PHONES_TABLES) % len(PLAN["tables"])]
        client = LocustClient(self.client, PLAN["cookie"])
        # The pages open while locust starts the users, before it resets its figures.
        self.phones = [Phone(client, table["page"]) for _ in range(random.choice([4, 5]))]
        self.started = False

    @task
    def three_seconds(self):
        """Each phone asks once, spread over the 3 s as phones are."""
        if not self.started:
            time.sleep(random.uniform(0, PERIOD_SECONDS))  # tables did not sit down in step
            self.started = True
        for phone in self.phones:
            time.sleep(PERIOD_SECONDS / len(self.phones))
            with contextlib.suppress(Refused):  # counted as a failed request already
                phone.ask()


class StreamingTablePhones(FastHttpUser):
    """The 4 or 5 phones of one table following by stream, each on a greenlet of its own: the
    user itself only waits, so locust stops it at once when the step ends."""

    wait_time = constant(1)

    def on_start(self):
        table = PLAN["tables"][next(PHONES_TABLES) % len(PLAN["tables"])]
        client = LocustClient(self.client, PLAN["cookie"])
        self.phones = [StreamingPhone(client, table["page"]) for _ in range(random.choice([4, 5]))]
        sitting_down = random.uniform(0, PERIOD_SECONDS)  # tables did not sit down in step
        self.following = [
            gevent.spawn_later(sitting_down, self.follow_one, phone) for phone in self.phones
        ]

    @task
    def follow(self):
        """Nothing more than the phones' greenlets do."""

    def follow_one(self, phone: StreamingPhone) -> None:
        """As the page does: the stream held, opened again when it drops; refused, the page
        asks every 3 s from then on."""
        asking = False
        while True:
            with contextlib.suppress(Refused):  # counted as a failed request already
                if asking:
                    phone.ask()
                else:
                    asking = not phone.follow()
            time.sleep(PERIOD_SECONDS if asking else RETRY_SECONDS)

    def on_stop(self):
        gevent.killall(self.following)


class OneTokenStreams(FastHttpUser):
    """One of LOAD_PROBES streams opened with one token from one address: those the caps allow
    are held, and opened again when they drop, as a browser's are. A refused one (204) stays
    closed, as an EventSource does; with LOAD_PROBE_AGAIN (seconds) it opens again after that
    long, as a reader flooding the server would. The page is read once for them all."""

    fixed_count = int(os.environ.get("LOAD_PROBES", "0"))
    wait_time = constant(1)
    first: StreamingPhone | None = None
    reading = gevent.lock.BoundedSemaphore()

    def on_start(self):
        client = LocustClient(self.client, PLAN["cookie"])
        client.address = "10.255.255.254"
        with OneTokenStreams.reading:  # the first reads the page, the others wait for it
            if OneTokenStreams.first is None:
                OneTokenStreams.first = StreamingPhone(client, PLAN["tables"][0]["page"])
        self.phone = copy.copy(OneTokenStreams.first)
        self.phone.client = client
        self.following = gevent.spawn(self.open_and_hold)

    @task
    def wait(self):
        """Nothing more than the stream's greenlet does."""

    def open_and_hold(self) -> None:
        again = float(os.environ.get("LOAD_PROBE_AGAIN", "0"))
        while True:
            held = True
            with contextlib.suppress(Refused):  # counted as a failed request already
                held = self.phone.follow()
            if not (held or again):
                return
            time.sleep(RETRY_SECONDS if held else again)

    def on_stop(self):
        self.following.kill()


class Visitor(FastHttpUser):
    """One of LOAD_VISITORS members reading the tables' pages, one a second, from a step's start
    to its end: the other pages' figure beside the phones' own ("visitor page")."""

    fixed_count = int(os.environ.get("LOAD_VISITORS", "0"))
    wait_time = constant_pacing(1)

    def on_start(self):
        self.member = LocustClient(self.client, PLAN["cookie"])

    @task
    def read_a_page(self):
        table = random.choice(PLAN["tables"])
        with contextlib.suppress(Refused):  # counted as a failed request already
            self.member.get(table["page"], "visitor page")


class TableScorer(FastHttpUser):
    wait_time = constant_pacing(SAVE_EVERY_SECONDS)

    def on_start(self):
        self.table = next(SCORERS_TABLES) % len(PLAN["tables"])
        game = PLAN["tables"][self.table]
        self.scorer = Scorer(LocustClient(self.client, PLAN["cookie"]), game["kind"], game["page"])
        self.started = False

    @task
    def one_hand_or_round(self):
        if not self.started:
            time.sleep(random.uniform(0, SAVE_EVERY_SECONDS))  # scorers do not save in step
            self.started = True
        try:
            SAVED[self.table].append(self.scorer.save())
        except Refused as refusal:
            refused(self, refusal)


@events.quitting.add_listener
def write_saved(environment, **kwargs):
    if os.environ.get("LOAD_SAVED"):
        with open(os.environ["LOAD_SAVED"], "w") as saved:
            json.dump(SAVED, saved)
    if os.environ.get("LOAD_SHOWN"):
        Path(os.environ["LOAD_SHOWN"]).write_text(json.dumps(SHOWN))
