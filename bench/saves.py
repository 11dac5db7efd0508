"""Saves as a phone makes them with htmx: a whole Cutthroat hand, a Cắt Tê round.

Each client works on its own tournament or session, logged in with the session cookie and
sending the CSRF token the page gave it. A save counts only when the answer shows it was
recorded (the next hand or round is offered); the benchmark also checks the database afterwards.
Each save's time is what its POSTs waited for the server, from sending the request to the last
byte of the answer; a Cutthroat hand's two POSTs make one save.
"""

import html
import http.client
import re
import time
from collections import Counter
from http.cookies import SimpleCookie
from urllib.parse import urlencode

from bench.load import HOST, REQUEST_TIMEOUT_SECONDS

# Phones saving at once, each at its own table: enough to keep two sync workers busy.
CLIENTS = 4
# Every bid made exactly: no bags, and no one far enough behind to be offered a Blind 6.
BIDS = {f"bid_{seat}": bid for seat, bid in enumerate(["4", "4", "4", "1"])}
TRICKS = {f"tricks_{seat}": tricks for seat, tricks in enumerate(["4", "4", "4", "1"])}
JACKS = {"jack_JD": "0", "jack_JC": "1"}  # seats that took tricks
# Upturned K♥, no one claims the side pot, seat 0 wins the first four tricks: a sweep.
ROUND_TAPS = "rK sH c- t0 t0 t0 t0"

# A form error or a "this is the current state" warning shown: the save was refused. A hidden
# place kept for a message (the offline sheet's refusal) says nothing.
PROBLEM = re.compile(
    r'<(?P<tag>p|ul|div)(?![^>]*\bhidden\b)[^>]*class="(?:flash (?:warning|error)|errorlist)'
    r'[^"]*"(?![^>]*\bhidden\b)[^>]*>(?P<text>.*?)</(?P=tag)>',
    re.S,
)


class Refused(Exception):
    """The server answered, but the save was not recorded."""


class PhoneClient:
    """One phone: its session cookie, the CSRF cookie the server sets, htmx headers."""

    def __init__(self, port: int, cookie: str):
        self.connection = http.client.HTTPConnection(HOST, port, timeout=REQUEST_TIMEOUT_SECONDS)
        self.cookies = SimpleCookie(cookie)
        self.csrf_token = None
        self.waited = 0.0  # seconds spent waiting for answers, from request to last byte

    def get(self, path: str) -> str:
        text = self._request("GET", path)
        # The page's token, as the phone sends it (base.html puts it into hx-headers).
        token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', text)
        self.csrf_token = token[1] if token else self.cookies["csrftoken"].value
        return text

    def post(self, path: str, data: dict) -> str:
        headers = {
            "Content-Type": "application/x-www-form-urlencoded",
            "X-CSRFToken": self.csrf_token,
            "HX-Request": "true",
        }
        return self._request("POST", path, urlencode(data), headers)

    def _request(self, method: str, path: str, body=None, headers=None) -> str:
        cookie = "; ".join(f"{name}={morsel.value}" for name, morsel in self.cookies.items())
        # A sync gunicorn worker closes the connection after each answer; http.client opens
        # a new one for the next request by itself.
        sent = time.perf_counter()
        self.connection.request(method, path, body, {**(headers or {}), "Cookie": cookie})
        response = self.connection.getresponse()
        text = response.read().decode()
        self.waited += time.perf_counter() - sent
        for header in response.headers.get_all("Set-Cookie") or []:
            self.cookies.load(header)
        if response.status != 200:
            raise Refused(f"{method} {_kind(path)}: status {response.status}")
        if problem := PROBLEM.search(text):
            raise Refused(f"{method} {_kind(path)}: {_plain(problem['text'])}")
        return text


def cutthroat_hands(port: int, cookie: str, table: dict, seconds: float, start) -> tuple:
    """Whole hands (bids, then tricks) into one tournament until the time is up."""
    phone = PhoneClient(port, cookie)
    phone.get(table["page"])
    start()
    return _until_time_is_up(phone, seconds, lambda expected: _one_hand(phone, table, expected))


def _one_hand(phone: PhoneClient, table: dict, expected: int | None) -> int:
    page = phone.post(table["bids"], BIDS)
    number, hand = _hidden(page, "number"), _hidden(page, "hand")
    if number is None or hand is None:
        raise Refused("bids: no tricks form in the answer")
    if expected is not None and int(number) != expected:
        raise Refused(f"bids: hand {number} offered, {expected} expected")
    page = phone.post(table["played"], {"number": number, "hand": hand, **TRICKS, **JACKS})
    if 'id="bids"' not in page:
        raise Refused(f"tricks of hand {number}: no bids form for the next hand in the answer")
    return int(number) + 1


def catte_rounds(port: int, cookie: str, table: dict, seconds: float, start) -> tuple:
    """Rounds saved into one session until the time is up, each in one POST as "Save round"."""
    phone = PhoneClient(port, cookie)
    first = _hidden(phone.get(table["page"]), "number")
    start()
    expected = int(first) if first else None
    return _until_time_is_up(
        phone, seconds, lambda number: _one_round(phone, table, number), expected
    )


def _one_round(phone: PhoneClient, table: dict, number: int) -> int:
    page = phone.post(table["round"], {"number": number, "taps": ROUND_TAPS, "tap": "save"})
    offered = _hidden(page, "number")
    if offered is None or int(offered) != number + 1:
        raise Refused(f"round {number}: round {offered} offered next, {number + 1} expected")
    return number + 1


def bare_saves(port: int, cookie: str, table: dict, seconds: float, start) -> tuple:
    """The bare save (see ``views.bare_save``) posted as a phone posts a save, until the time
    is up: what every save costs before its game is read, checked, recorded and rendered."""
    phone = PhoneClient(port, cookie)
    phone.get(table["page"])
    start()
    return _until_time_is_up(phone, seconds, lambda _: phone.post(table["save"], {}))


def _until_time_is_up(phone: PhoneClient, seconds: float, save, expected=None) -> tuple:
    """(saves done, seconds taken, errors, each save's seconds waiting for the server); the
    first refusal ends this client's run."""
    done, errors, timings, began = 0, Counter(), [], time.monotonic()
    while time.monotonic() - began < seconds:
        waited = phone.waited
        try:
            expected = save(expected)
        except (Refused, OSError, http.client.HTTPException) as refusal:
            errors[str(refusal) or type(refusal).__name__] += 1
            break
        done += 1
        timings.append(phone.waited - waited)
    return done, time.monotonic() - began, errors, timings


def _hidden(page: str, name: str) -> str | None:
    field = re.search(rf'<input[^>]*name="{name}"[^>]*>', page)
    value = field and re.search(r'value="([^"]*)"', field[0])
    return value[1] if value else None


def _plain(fragment: str) -> str:
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", fragment)).split())[:160]


def _kind(path: str) -> str:
    return path.rstrip("/").rsplit("/", 1)[-1]  # "bids", "played", "round"
