"""A restore's steps racing the table's taps, as real simultaneous requests to a live server on
PostgreSQL: rounds, payments and members' changes posted at the same moment as each step.
Nothing lands inside the restored group, no step answers with an error page, and the restore
ends with exactly the backup's rounds and money.
"""

import http.client
import threading
from concurrent.futures import ThreadPoolExecutor
from urllib.parse import urlencode, urlsplit

import pytest
from django.db import connection
from django.urls import reverse

from core.models import Restore, Role
from tests.backups import progress_of, six_sweeps, summary
from tests.tracker.test_concurrency import CSRF, cookie_of, ledger_balanced
from tracker.gamelogs import backup, restoring

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(
        connection.vendor != "postgresql", reason="simultaneous requests need PostgreSQL"
    ),
]


def all_at_once(live_server, posts: list[tuple]) -> list[int]:
    """Each (user, path, form) posted at the same moment, each from its own connection."""
    host = urlsplit(live_server.url)
    start = threading.Barrier(len(posts))
    cookies = {user: cookie_of(user) for user, _path, _form in posts}

    def post(sent) -> int:
        user, path, form = sent
        headers = {"Cookie": cookies[user], "X-CSRFToken": CSRF,
                   "Content-Type": "application/x-www-form-urlencoded"}  # fmt: skip
        phone = http.client.HTTPConnection(host.hostname, host.port, timeout=60)
        try:
            start.wait()
            phone.request("POST", path, urlencode(form), headers)
            return phone.getresponse().status
        finally:
            phone.close()

    with ThreadPoolExecutor(len(posts)) as pool:
        return list(pool.map(post, posts))


@pytest.fixture
def source(group, players, alice):
    return six_sweeps(group, players, alice)


@pytest.fixture
def restore(source, empty, alice, monkeypatch):
    monkeypatch.setattr(restoring, "STEP_ROUNDS", 1)
    monkeypatch.setattr(restoring, "FIRST_ENTRIES", 1)
    return restoring.begin(empty, backup.read_zip(backup.export_zip(source)), alice)


def taps_racing_each_step(live_server, restore, alice, bob) -> list[int]:
    """Until the restore stops: its next step, and at the same moment a round saved into its
    session, a payment, and a member's role changed (which moves the group's version)."""
    group, statuses = restore.group, []
    an, binh = group.players.get(name="An"), group.players.get(name="Bình")
    bobs = group.memberships.get(user=bob)
    for _ in range(40):
        restore.refresh_from_db()
        if not restore.is_running:
            return statuses
        session = group.sessions.first()
        group.refresh_from_db()
        posts = [(alice, progress_of(restore), {"version": restore.version})]
        if session is not None:
            round_ = {"number": session.round_count + 1, "taps": "t0 t0 t0 t0", "tap": "save"}
            posts.append((bob, reverse("round_entry", args=[group.pk, session.pk]), round_))
        payment = {"payer": an.pk, "payee": binh.pk, "amount": "1.00", "version": group.version}
        posts.append((bob, reverse("payment_new", args=[group.pk]), payment))
        role = {"role": Role.VIEWER if len(statuses) % 2 else Role.SCORER}
        posts.append((alice, reverse("member_role", args=[group.pk, bobs.pk]), role))
        statuses += all_at_once(live_server, posts)
    raise AssertionError("the restore never stopped")


def test_saves_racing_every_step_of_a_restore_leave_exactly_the_backups_rounds_and_money(
    live_server, restore, source, empty, alice, bob
):
    statuses = taps_racing_each_step(live_server, restore, alice, bob)
    assert max(statuses) < 500
    assert Restore.objects.get(pk=restore.pk).state == "done"
    assert empty.sessions.get().rounds.count() == 6
    assert summary(empty) == summary(source) and ledger_balanced()
