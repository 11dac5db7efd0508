"""Queries and time per page for a small and a large history, next to a bare Django view.

Everything is made inside a transaction that is rolled back: the database is left as it was.
Exits 1 when a page's number of queries grows with the history.
"""

import statistics
import time

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand
from django.db import connection, reset_queries, transaction
from django.test import Client, override_settings
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from tracker.catte import money as ledger_catte
from tracker.catte import services as catte_sessions
from tracker.cutthroat import services as tournaments
from tracker.models import Group, Hand, Membership, Player, Role, Round

NAMES = ["An", "Bình", "Chi", "Dũng"]
SWEEP = {"tricks": [0, 0, 0, 0], "side_pot": {"upturned": "7H", "claimed_by": None}}


class Rollback(Exception):
    pass


def make_history(hands: int, rounds: int):
    user, _ = get_user_model().objects.get_or_create(username="benchmark-user")
    group = Group.objects.create(name=f"Benchmark {hands}", currency="EUR")
    Membership.objects.create(group=group, user=user, role=Role.OWNER)
    players = [Player.objects.create(group=group, name=name) for name in NAMES]
    rules = {"preset": "official", "target": 100000}
    tournament = tournaments.start(group, players[:3], rules, user)
    Hand.objects.bulk_create(
        Hand(
            tournament=tournament,
            number=n,
            bids=[5, 5, 5],
            tricks=[5, 5, 7],
            jacks={"JD": 0, "JC": 1},
        )
        for n in range(1, hands + 1)
    )
    tournaments.refresh_cache(tournament)
    rules = {"stake": "1.00", "side_pot_stake": "0.25", "sweep_double_min_players": None}
    session = catte_sessions.start(group, players, rules, user)
    Round.objects.bulk_create(
        Round(session=session, number=n, entry=SWEEP) for n in range(1, rounds + 1)
    )
    ledger_catte.sync_session(catte_sessions.load(session), user)
    urls = [
        group.get_absolute_url(),
        tournament.get_absolute_url(),
        session.get_absolute_url(),
        reverse("balances", args=[group.pk]),
        reverse("statement", args=[group.pk, players[0].pk]),
    ]
    return group, user, urls


def measure(client, url: str, runs: int) -> tuple[int, float]:
    reset_queries()  # the log is a bounded deque: a full one would count nothing
    with CaptureQueriesContext(connection) as queries:
        response = client.get(url)
    assert response.status_code == 200, (url, response.status_code)
    timings = []
    for _ in range(runs):
        started = time.perf_counter()
        client.get(url)
        timings.append((time.perf_counter() - started) * 1000)
    return len(queries), statistics.median(timings)


class Command(BaseCommand):
    help = __doc__

    def add_arguments(self, parser):
        parser.add_argument("--small", type=int, default=10, help="hands and rounds, small")
        parser.add_argument("--large", type=int, default=1000, help="hands and rounds, large")
        parser.add_argument("--runs", type=int, default=7)

    def handle(self, *args, **options):
        self.grew = False
        try:
            with override_settings(ALLOWED_HOSTS=["testserver"]), transaction.atomic():
                self.run(options)
                raise Rollback
        except Rollback:
            pass
        if self.grew:
            raise SystemExit(1)

    def run(self, options):
        client = Client()
        bare = measure(client, reverse("healthz"), options["runs"])[1]
        self.stdout.write(f"bare Django view: {bare:.2f} ms")
        login_page = measure(client, reverse("login"), options["runs"])[1]
        self.stdout.write(f"a plain page (log in form, same base template): {login_page:.2f} ms")
        results = {}
        for size in (options["small"], options["large"]):
            group, user, urls = make_history(size, size)
            client.force_login(user)
            pages = [url.replace(f"/{group.pk}/", "/G/", 1) for url in urls]
            results[size] = [
                (page, measure(client, url, options["runs"]))
                for page, url in zip(pages, urls, strict=True)
            ]
        self.stdout.write(f"{'page':34} {'queries':>14}   {'ms (times the plain page)':>30}")
        for (page, small), (_, large) in zip(*results.values(), strict=True):
            grew = large[0] > small[0]
            self.grew |= grew
            times = (small[1], small[1] / login_page, large[1], large[1] / login_page)
            self.stdout.write(
                f"{page:34} {small[0]:>5} → {large[0]:<5}{'GROWS' if grew else '':5}"
                " {:6.1f} ({:4.1f}×) → {:6.1f} ({:4.1f}×)".format(*times)
            )
        self.stdout.write(f"history: {options['small']} → {options['large']} hands and rounds")
