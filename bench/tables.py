"""``python -m bench.tables fill|check``: the load benchmark's tables, inside its database.

``fill`` migrates, collects the static files and makes the tables (each a group of four
players playing one Cutthroat tournament or one Cắt Tê session, owned by a scorer logged in
once) and prints the plan the simulated phones read: each table's page and session cookie.
``check`` reads the saves the phones counted and says whether each is in the database exactly
once, and whether every ledger transaction sums to zero. Run in the environment the servers
get, as ``bench.django_side`` is.
"""

import argparse
import json
import os
import sys

import django

CUTTHROAT, CATTE = "cutthroat", "catte"
# The phones send this CSRF secret as their cookie, so every form they are given carries a token
# made from it (Django masks the cookie's secret into each form's token).
CSRF_SECRET = "tablesattablesattablesattablesat"


def fill(tables: int) -> dict:
    from django.core.cache import cache
    from django.core.management import call_command
    from django.test import Client

    from bench import history

    call_command("migrate", interactive=False, verbosity=0)
    call_command("collectstatic", interactive=False, verbosity=0)
    cache.clear()  # a shared Redis may hold fragments of another run's rows with these keys
    user = history.benchmark_user("scorer")
    client = Client(SERVER_NAME="127.0.0.1")
    client.force_login(user)
    plan = []
    for table in range(tables):
        group, players = history.make_group(f"Table {table + 1}", user)
        tournament, session = history.make_history(group, user, players, 0, 0)
        game = tournament if table % 2 == 0 else session
        kind = CUTTHROAT if table % 2 == 0 else CATTE
        plan.append({"kind": kind, "pk": game.pk, "page": game.get_absolute_url()})
    cookie = f"sessionid={client.cookies['sessionid'].value}; csrftoken={CSRF_SECRET}"
    return {"cookie": cookie, "tables": plan}


def check(plan: dict, saved: dict) -> dict:
    """Each table's saves (hand or round numbers the phones were answered for) against the
    rows in the database; and every transaction of the ledger balanced."""
    from django.db.models import Count, Sum

    from ledger.models import Transaction
    from tracker.catte.models import Round
    from tracker.cutthroat.models import Hand

    missing, doubled, extra = [], [], []
    for table, numbers in saved.items():
        game = plan["tables"][int(table)]
        rows = (
            Hand.objects.filter(tournament=game["pk"], tricks__isnull=False)
            if game["kind"] == CUTTHROAT
            else Round.objects.filter(session=game["pk"])
        )
        stored = dict(rows.values_list("number").annotate(n=Count("pk")))
        missing += [f"{table}:{n}" for n in numbers if n not in stored]
        doubled += [f"{table}:{n}" for n, count in stored.items() if count > 1]
        extra += [f"{table}:{n}" for n in stored if n not in numbers]
    totals = Transaction.objects.annotate(total=Sum("postings__amount_minor"))
    unbalanced = list(totals.exclude(total=0).values_list("pk", flat=True))
    return {
        "saves": sum(len(numbers) for numbers in saved.values()),
        "missing": missing,
        "doubled": doubled,
        "not_counted": extra,
        "transactions": Transaction.objects.count(),
        "unbalanced": unbalanced,
    }


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.tables")
    actions = parser.add_subparsers(dest="action", required=True)
    actions.add_parser("fill", help="migrate and make the tables").add_argument(
        "--tables", type=int, required=True
    )
    checking = actions.add_parser("check", help="every counted save stored once, ledger balanced")
    checking.add_argument("plan", help="the plan fill printed, as a file")
    checking.add_argument("saved", help="the saves the phones counted, as a file")
    args = parser.parse_args(argv)
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "cardtable.settings")
    # Its stdout is the JSON answer: the test client's requests must not log lines into it.
    os.environ["DJANGO_REQUEST_LOG_LEVEL"] = "WARNING"
    django.setup()
    if args.action == "fill":
        document = fill(args.tables)
    else:
        with open(args.plan) as plan, open(args.saved) as saved:
            document = check(json.load(plan), json.load(saved))
    json.dump(document, sys.stdout)


if __name__ == "__main__":
    main(sys.argv[1:])
