"""What one table at the card table asks of the server, as its pages do it.

Phones (4 or 5 a table) ask the "changed?" address their page carries every 3 s while the page
is visible (static/js/live.js); when the version changed, they fetch the live part of the page
as htmx does (GET with HX-Request). A phone following by stream holds the page's stream open
instead (data-stream), which brings the live part of each new version with it (fetched only
when the version comes alone); refused (204), it asks as the others do. A scorer enters a whole
hand or round every 30 s through the forms the page shows: a Cutthroat hand is the bids POST and
then the tricks POST, a Cắt Tê round is a tap a POST (the upturned card, no side-pot claim, four
tricks) and "Save round". Every form is read from the last page or answer (CSRF token, version,
idempotency key, draft version), as tests/page_forms.py reads it.

Plain Python over a `client` with `get(path, name, htmx=False, logged_in=True)` and
`post(path, data, name)`, each returning the answer's text or raising `Refused`, and
`stream(path, name)`, the stream's lines as they arrive or None when it is refused, and
`shown(seconds)`, how long a phone took to show a save after it was sent: the locust
file gives it locust's client, the test Django's. The "changed?" check goes without cookies, as
live.js sends it; the stream with them, as a browser opens it (its live part is read for them).
"""

import html
import re
import time
from urllib.parse import quote

from tests.page_forms import forms_in

PERIOD_SECONDS = 3  # live.js: PERIOD
SAVE_EVERY_SECONDS = 30
TAP_SECONDS = 1  # a person tapping the round in
LIVE_MARKER = re.compile(r'data-live="([^"]+)" data-version="(\d+)"')
STREAM_MARKER = re.compile(r'data-stream="([^"]+)"')
# A form error or a "this is the current state" warning: the save was refused.
PROBLEM = re.compile(
    r'<(?P<tag>p|ul|div)[^>]*class="(?:flash (?:warning|error)|errorlist)[^"]*"[^>]*>'
    r"(?P<text>.*?)</(?P=tag)>",
    re.S,
)
# Every bid made exactly, as bench/history.py plays: no bags, no Blind 6 ever offered.
BIDS = {"bid_0": 4, "bid_1": 4, "bid_2": 4, "bid_3": 1}
TRICKS = {"tricks_0": 4, "tricks_1": 4, "tricks_2": 4, "tricks_3": 1, "jack_JD": 0, "jack_JC": 1}
# Upturned K♥, no one claims the side pot, seat 0 takes the first four tricks: a sweep.
ROUND_TAPS = ["uKH", "c-", "t0", "t0", "t0", "t0", "save"]


# When each table's scorer last sent a save (a tap, bids, tricks), by its page: a phone that
# then shows a new version took this long to follow it (one process runs every table).
SAVE_SENT: dict[str, float] = {}


class Refused(Exception):
    """The server answered, but not with what the page expects (or the save was refused)."""


def problem_in(page: str) -> str | None:
    if found := PROBLEM.search(page):
        return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", found["text"])).split())
    return None


def form_in(page: str, action: str):
    """The page's form posting to an address containing `action`, its fragment dropped."""
    for form in forms_in(page):
        if action in form.action:
            form.action = form.action.split("#")[0]
            return form
    raise Refused(f"no form to {action!r} on the page")


class Phone:
    """One phone at the table: the "changed?" address of its page and the version it shows."""

    def __init__(self, client, page_path: str):
        self.client, self.page_path = client, page_path
        self._read(client.get(page_path, "page"))

    def _read(self, page: str) -> None:
        self.live, self.version = self._marker(page)
        self.current_at = time.perf_counter()  # when the phone last knew it showed the latest

    def _marker(self, page: str) -> tuple[str, str]:
        found = LIVE_MARKER.search(page)
        if not found:
            raise Refused("no live marker on the page")
        return html.unescape(found[1]), found[2]

    def ask(self) -> bool:
        """One "changed?"; the live part fetched when it changed. True when it had."""
        asked_at = time.perf_counter()
        answer = self.client.get(f"{self.live}?v={self.version}", "changed?", logged_in=False)
        if not answer.strip() or answer.strip() == self.version:
            self.current_at = asked_at
            return False  # 204: nothing changed
        self._fetch_live_part()
        return True

    def _fetch_live_part(self) -> None:
        self._shows(self._marker(self.client.get(self.page_path, "live part", htmx=True))[1])

    def _shows(self, version: str) -> None:
        """The page shows `version`: how long after the table's last save, when it is new and
        that save was sent while the phone showed the latest (not one missed before the phone
        sat down or while its stream was closed)."""
        sent = SAVE_SENT.get(self.page_path)
        if version != self.version and sent is not None and sent >= self.current_at:
            self.client.shown(time.perf_counter() - sent)
        self.version = version


class StreamingPhone(Phone):
    """A phone whose page follows by its stream: it makes no request while the stream holds,
    the live part of each new version coming with it; a version that comes alone (the part could
    not be read for it) fetches the live part."""

    def _read(self, page: str) -> None:
        super()._read(page)
        found = STREAM_MARKER.search(page)
        if not found:
            raise Refused("no stream on the page")
        self.stream = html.unescape(found[1])

    def follow(self) -> bool:
        """The stream held open until it ends, as the page holds it; False when the server
        refused it (204), and the page asks every 3 s instead."""
        page = quote(self.page_path, safe="")
        opened_at = time.perf_counter()
        lines = self.client.stream(f"{self.stream}?v={self.version}&page={page}", "stream")
        if lines is None:
            return False
        self.current_at = opened_at  # what was saved before comes first, as catching up
        for name, data in events(lines):
            if name == "part":
                self._shows(self._marker(data)[1])
            elif name == "version" and data.strip() != self.version:
                self._fetch_live_part()
        return True


def events(lines):
    """Each event of a stream of server-sent events as (its name, its data), from its lines;
    comments (the stream's "still here") and the retry hint are no event."""
    name, data = "message", []
    for line in lines:
        line = line.rstrip("\r\n")
        if not line:
            if data:
                yield name, "\n".join(data)
            name, data = "message", []
            continue
        field, _, value = line.partition(":")
        value = value.removeprefix(" ")
        if field == "event":
            name = value
        elif field == "data":
            data.append(value)


class Scorer:
    """The table's scorer: enters the next hand or round from the form on the last answer."""

    def __init__(self, client, kind: str, page_path: str, sleep=time.sleep):
        self.client, self.kind, self.sleep, self.page_path = client, kind, sleep, page_path
        self.page = client.get(page_path, "page")

    def save(self) -> int:
        """One whole hand or round; its number, once the answer offers the next one."""
        return self._hand() if self.kind == "cutthroat" else self._round()

    def _hand(self) -> int:
        bids = form_in(self.page, "/bids/")
        tricks = form_in(self._post(bids.action, bids.filled(**BIDS), "bids"), "/played/")
        self.page = self._post(tricks.action, tricks.filled(**TRICKS), "tricks")
        return self._offered_after(int(bids.fields["number"]), "/bids/")

    def _round(self) -> int:
        number = int(form_in(self.page, "/round/").fields["number"])
        for tap in ROUND_TAPS:
            entry = form_in(self.page, "/round/")
            self.page = self._post(entry.action, entry.filled(tap), "round tap")
            self.sleep(TAP_SECONDS)
        return self._offered_after(number, "/round/")

    def _post(self, path: str, data: dict, name: str) -> str:
        SAVE_SENT[self.page_path] = time.perf_counter()
        answer = self.client.post(path, data, name)
        if problem := problem_in(answer):
            raise Refused(f"{name}: {problem}")
        return answer

    def _offered_after(self, number: int, action: str) -> int:
        offered = int(form_in(self.page, action).fields["number"])
        if offered != number + 1:
            raise Refused(f"after {number}, {offered} offered instead of {number + 1}")
        return number
