"""The throwaway database, on the side of Django: filled before the server starts, counted after.

Run through ``python -m bench.django_side`` in the environment the server gets, so that this side
and the server see the same database with the same settings.
"""

from django.core.management import call_command
from django.db import connection, reset_queries
from django.db.models import Count, Q
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from bench import history
from bench.report import CHANGED
from core.live import live_token
from tracker.catte.models import CatteSession
from tracker.cutthroat.models import Tournament

PAGES = ["group page", "Cutthroat scoreboard", "Cắt Tê session", "balances", "statement"]
# What each phone fetches after a change: the live part of the page, as htmx asks for it.
LIVE_PARTS = {"Cutthroat live part": "Cutthroat scoreboard", "Cắt Tê live part": "Cắt Tê session"}
PAGES += [*LIVE_PARTS, CHANGED]
HTMX = {"HX-Request": "true", "HX-Target": "entry"}


def fill(small: int, large: int, clients: int) -> dict:
    """Migrate, collect the static files, make the histories, log in, and count the queries.

    For each size: a group whose pages are measured (one tournament, one session), and a group
    with a tournament and a session for each save client, so that clients never refuse each
    other's saves and the pages' group keeps exactly the history it claims to have.
    """
    call_command("migrate", interactive=False, verbosity=0)
    call_command("collectstatic", interactive=False, verbosity=0)
    user = history.benchmark_user()
    client = Client(SERVER_NAME="127.0.0.1")  # the only host the server allows
    client.force_login(user)
    plan = {"cookie": f"sessionid={client.cookies['sessionid'].value}"}
    plan["bare"] = reverse("bench_bare")
    plan["htmx"] = list(LIVE_PARTS)
    for label, size in (("small", small), ("large", large)):
        group, players = history.make_group(f"Pages, {label} history", user)
        tournament, session = history.make_history(group, user, players, size, size)
        urls = [
            group.get_absolute_url(),
            tournament.get_absolute_url(),
            session.get_absolute_url(),
            reverse("balances", args=[group.pk]),
            reverse("statement", args=[group.pk, players[0].pk]),
            tournament.get_absolute_url(),
            session.get_absolute_url(),
            reverse("live", args=[live_token("session", session.pk)])
            + f"?v={CatteSession.objects.get(pk=session.pk).version}",
        ]
        saves_group, players = history.make_group(f"Saves, {label} history", user)
        games = [
            history.make_history(saves_group, user, players, size, size) for _ in range(clients)
        ]
        pages = dict(zip(PAGES, urls, strict=True))
        plan[label] = {
            "size": size,
            "pages": pages,
            "queries": {
                page: count_queries(client, url, page in LIVE_PARTS) for page, url in pages.items()
            },
            "bytes": {
                page: len(client.get(pages[page], headers=HTMX).content) for page in LIVE_PARTS
            },
            "tournaments": [cutthroat_urls(saves_group, tournament) for tournament, _ in games],
            "sessions": [catte_urls(saves_group, session) for _, session in games],
        }
    # The bare save changes the version of a group that no measured page shows.
    plan["bare_save"] = {
        "page": saves_group.get_absolute_url(),
        "save": reverse("bench_bare_save", args=[saves_group.pk]),
    }
    return plan


def cutthroat_urls(group, tournament) -> dict:
    args = [group.pk, tournament.pk]
    return {
        "pk": tournament.pk,
        "page": tournament.get_absolute_url(),
        "bids": reverse("hand_bids", args=args),
        "played": reverse("hand_played", args=args),
    }


def catte_urls(group, session) -> dict:
    return {
        "pk": session.pk,
        "page": session.get_absolute_url(),
        "round": reverse("round_entry", args=[group.pk, session.pk]),
    }


def count_queries(client, url: str, htmx: bool = False) -> int:
    reset_queries()  # the log is a bounded deque: a full one would count nothing
    with CaptureQueriesContext(connection) as queries:
        response = client.get(url, headers=HTMX if htmx else {})
    if response.status_code not in (200, 204):
        raise SystemExit(f"{url} answered {response.status_code}, not 200")
    return len(queries)


def count() -> dict:
    """Played hands by tournament and rounds by session, to check that every save was saved."""
    hands = Tournament.objects.annotate(n=Count("hands", filter=Q(hands__tricks__isnull=False)))
    rounds = CatteSession.objects.annotate(n=Count("rounds"))
    return {
        "hands": {str(pk): n for pk, n in hands.values_list("pk", "n")},
        "rounds": {str(pk): n for pk, n in rounds.values_list("pk", "n")},
    }
