"""Every kind of page carries the Content-Security-Policy and Permissions-Policy headers, and
nothing in its HTML needs what the policy refuses: inline scripts and styles, event-handler
attributes, another host's files."""

import re
from decimal import Decimal
from html.parser import HTMLParser

import pytest
from django.test import override_settings
from django.urls import reverse

from tests.factories import InviteFactory, fresh, pay
from tracker.catte import board as catte_board
from tracker.catte import rules as catte
from tracker.catte import services
from tracker.cutthroat import services as tournaments

POLICY = {
    "default-src": ["'self'"],
    "script-src": ["'self'"],
    "style-src": ["'self'"],
    "img-src": ["'self'", "data:"],
    "object-src": ["'none'"],
    "base-uri": ["'none'"],
    "frame-ancestors": ["'none'"],
    "form-action": ["'self'"],
}
PERMISSIONS = (
    "camera=(), microphone=(), geolocation=(), payment=(), usb=(), screen-wake-lock=(self)"
)
URL = re.compile(r"\b(?:https?:)?//([^/\"'\s<>]+)", re.I)
NAMESPACE = re.compile(r"""\sxmlns(?::\w+)?=("[^"]*"|'[^']*')""")


def parsed_policy(header: str) -> dict[str, list[str]]:
    # django-csp writes the directives in no fixed order.
    directives = [part.split() for part in header.split(";") if part.strip()]
    return {name: sources for name, *sources in directives}


class Refused(HTMLParser):
    """What the policy would refuse in a page, as readable lines."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.found = []

    def handle_starttag(self, tag, attrs):
        names = dict(attrs)
        if tag == "script" and not names.get("src"):
            self.found.append("inline <script>")
        if tag == "style":
            self.found.append("<style> element")
        for name, value in attrs:
            if name == "style":
                self.found.append(f"style attribute on <{tag}>")
            if name.startswith("on"):
                self.found.append(f"{name} handler on <{tag}>")
            if name.startswith("hx-on"):
                self.found.append(f"{name} on <{tag}>: htmx runs it with eval")
            if value and value.strip().lower().startswith("javascript:"):
                self.found.append(f"javascript: URL in {name} on <{tag}>")

    handle_startendtag = handle_starttag


def refused(html: str) -> list[str]:
    parser = Refused()
    parser.feed(html)
    # A namespace name (the chart's SVG one) is an identifier that nothing loads.
    hosts = {host.lower() for host in URL.findall(NAMESPACE.sub("", html))}
    return parser.found + [f"URL to {host}" for host in sorted(hosts - {"testserver"})]


@pytest.fixture
def played(group, alice, players):
    """A group as after an evening: a Cutthroat tournament with a hand, a Cắt Tê session with
    a round, a payment, an open invite."""
    tournament = tournaments.start(group, players[:3], {"preset": "official"}, alice)
    board = tournaments.load(fresh(tournament))
    tournaments.record_bids(board, {"An": 10, "Bình": 2, "Chi": 2}, alice)
    board = tournaments.load(fresh(tournament))
    tricks = {"An": 11, "Bình": 3, "Chi": 3}
    tournaments.record_tricks(board, 1, tricks, {"JD": "An", "JC": "Bình"}, alice)
    session = services.logs.start(group, players, {"stake": "1.00"}, alice)
    board = catte_board.load(fresh(session))
    services.rounds.record_round(board, catte.Round(tricks=["An"] * 4), alice)
    pay(group, players[3], players[2], Decimal("3.50"), alice, "cash")
    InviteFactory(group=group, created_by=alice)
    return {"tournament": tournament, "session": session, "player": players[0]}


def owner_pages(group, played):
    g = {"pk": group.pk}
    t = {**g, "tournament_pk": played["tournament"].pk}
    s = {**g, "session_pk": played["session"].pk}
    p = {**g, "player_pk": played["player"].pk}
    return [
        reverse("home"),
        reverse("group_create"),
        reverse("password_change"),
        reverse("group", kwargs=g),
        reverse("group_edit", kwargs=g),
        reverse("tournament_new", kwargs=g),
        reverse("tournament", kwargs=t),
        reverse("hand_edit", kwargs={**t, "number": 1}),
        reverse("session_new", kwargs=g),
        reverse("session", kwargs=s),
        reverse("round_edit", kwargs={**s, "number": 1}),
        reverse("balances", kwargs=g),
        reverse("balances_by_session", kwargs=g),
        reverse("payment_new", kwargs=g),
        reverse("statement", kwargs=p),
        reverse("history_tournaments", kwargs=g),
        reverse("history_tournament", kwargs=t),
        reverse("history_sessions", kwargs=g),
        reverse("history_session", kwargs=s),
        reverse("player_stats", kwargs=p),
        reverse("invite_list", kwargs=g),
        reverse("log_import", kwargs=g),
        reverse("group_restore", kwargs=g),
        reverse("tournament_table", kwargs=t),
        reverse("session_table", kwargs=s),
    ]


def assert_safe(response):
    assert response.status_code in (200, 429), response.status_code
    assert parsed_policy(response["Content-Security-Policy"]) == POLICY
    assert response["Permissions-Policy"] == PERMISSIONS
    assert refused(response.content.decode()) == []


@pytest.mark.parametrize("name", ["home", "login", "signup", "offline"])
def test_the_pages_for_visitors(client, db, name):
    assert_safe(client.get(reverse(name)))


def test_every_page_of_a_played_group(as_alice, group, played):
    pages = owner_pages(group, played)
    for url in pages:
        response = as_alice.get(url)
        assert response.status_code == 200, url
        try:
            assert_safe(response)
        except AssertionError as error:
            raise AssertionError(f"{url}: {error}") from error
    # The pages that draw on the server were among them: charts and the invite's QR code.
    charts = {"pk": group.pk, "tournament_pk": played["tournament"].pk}
    assert (
        b'<svg class="chart"' in as_alice.get(reverse("history_tournament", kwargs=charts)).content
    )
    assert b"<svg" in as_alice.get(reverse("invite_list", kwargs={"pk": group.pk})).content


def test_the_htmx_fragments_too(as_alice, group, played):
    t = {"pk": group.pk, "tournament_pk": played["tournament"].pk}
    s = {"pk": group.pk, "session_pk": played["session"].pk}
    for url in [reverse("tournament", kwargs=t), reverse("session_table", kwargs=s)]:
        assert_safe(as_alice.get(url, headers={"HX-Request": "true"}))


@override_settings(SIGNUP_THROTTLE_LIMIT=0)
def test_the_refusal_pages(client, alice):
    assert_safe(client.post(reverse("signup"), {"username": "lan"}))
    for _ in range(5):
        response = client.post(reverse("login"), {"username": "alice", "password": "wrong"})
    assert response.status_code == 429
    assert_safe(response)


def test_the_policy_names_no_other_host(settings):
    sources = [s for d in settings.CONTENT_SECURITY_POLICY["DIRECTIVES"].values() for s in d]
    assert all(source.startswith("'") or source == "data:" for source in sources)


def test_the_checker_finds_what_the_policy_refuses():
    html = (
        '<script>alert(1)</script><p style="color:red" onclick="x()">'
        '<a href="https://cdn.example.com/x.js">x</a><svg xmlns="http://www.w3.org/2000/svg">'
    )
    assert refused(html) == [
        "inline <script>",
        "style attribute on <p>",
        "onclick handler on <p>",
        "URL to cdn.example.com",
    ]
