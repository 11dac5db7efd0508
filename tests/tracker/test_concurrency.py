"""Phones tapping the same thing at the same moment, as real simultaneous requests to a live
server on PostgreSQL: one hand, one round, one payment, one reversal, one undo, one close; the
others are told, none gets an error page, and the ledger stays balanced.

SQLite in tests is one in-memory connection shared by the server's threads, so these run on
PostgreSQL (the CI runs the suite there too).
"""

import http.client
import threading
from concurrent.futures import ThreadPoolExecutor
from urllib.parse import urlencode, urlsplit

import pytest
from django.db import connection
from django.db.models import Sum
from django.test import Client
from django.urls import reverse

from core.models import Change
from ledger.models import Posting, Transaction
from tests.factories import pay
from tests.page_forms import form_on
from tracker.catte import board as catte_board
from tracker.catte import rules as catte
from tracker.catte import services
from tracker.catte.models import CatteSession, Round
from tracker.cutthroat import board as cutthroat_board
from tracker.cutthroat import services as cutthroat_services
from tracker.cutthroat.models import Hand

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(
        connection.vendor != "postgresql", reason="simultaneous requests need PostgreSQL"
    ),
]
PHONES = 8
CSRF = "concurrentconcurrentconcurrent12"  # a CSRF secret the phones send as cookie and header


def cookie_of(user) -> str:
    client = Client()
    client.force_login(user)
    return f"sessionid={client.cookies['sessionid'].value}; csrftoken={CSRF}"


def at_once(live_server, user, path: str, forms: list[dict]) -> list[int]:
    """Post every form to `path` at the same moment, each from its own connection."""
    host = urlsplit(live_server.url)
    start = threading.Barrier(len(forms))
    headers = {
        "Cookie": cookie_of(user),
        "X-CSRFToken": CSRF,
        "Content-Type": "application/x-www-form-urlencoded",
    }

    def post(form: dict) -> int:
        phone = http.client.HTTPConnection(host.hostname, host.port, timeout=60)
        try:
            start.wait()
            phone.request("POST", path, urlencode(form), headers)
            return phone.getresponse().status
        finally:
            phone.close()

    with ThreadPoolExecutor(len(forms)) as pool:
        return list(pool.map(post, forms))


def ledger_balanced() -> bool:
    unbalanced = Transaction.objects.annotate(total=Sum("postings__amount_minor")).exclude(total=0)
    total = Posting.objects.aggregate(total=Sum("amount_minor"))["total"] or 0
    return not unbalanced.exclude(total__isnull=True).exists() and total == 0


@pytest.fixture
def evening(group, players, bob):
    session = services.logs.start(group, players, {"stake": "1.00", "side_pot_stake": "0.25"}, bob)
    return session


def test_one_round_tapped_on_eight_phones_is_saved_once(live_server, group, bob, evening):
    path = reverse("round_entry", args=[group.pk, evening.pk])
    form = {"number": 1, "taps": "r7 sH c- t0 t0 t0 t0", "tap": "save"}
    statuses = at_once(live_server, bob, path, [form] * PHONES)
    assert max(statuses) < 500
    assert Round.objects.count() == 1 and Change.objects.filter(action="round").count() == 1
    assert Transaction.objects.filter(kind="round").count() == 1 and ledger_balanced()


def test_one_hand_saved_on_eight_phones_is_played_once(live_server, group, players, bob):
    tournament = cutthroat_services.start(group, players[:3], {"preset": "official"}, bob)
    bids = dict.fromkeys(["An", "Bình", "Chi"], 5)
    hand = cutthroat_services.record_bids(cutthroat_board.load(tournament), bids, bob)
    form = {"number": 1, "hand": hand.pk, "tricks_0": 5, "tricks_1": 5, "tricks_2": 7}
    form |= {"jack_JD": 0, "jack_JC": 1}
    path = reverse("hand_played", args=[group.pk, tournament.pk])
    assert max(at_once(live_server, bob, path, [form] * PHONES)) < 500
    assert Hand.objects.filter(tricks__isnull=False).count() == 1
    assert Change.objects.filter(action="played").count() == 1


def rendered_for_each_phone(user, page: str, action: str) -> list[dict]:
    """The form posting to `action`, as `page` renders it on each of the phones (each its own
    read, so each its own idempotency key); the CSRF token goes in the phones' header."""
    phone = Client()
    phone.force_login(user)
    forms = [form_on(phone.get(page), action).filled() for _ in range(PHONES)]
    return [{k: v for k, v in form.items() if k != "csrfmiddlewaretoken"} for form in forms]


def test_one_paid_tapped_on_eight_phones_is_recorded_once(live_server, group, bob, evening):
    played = catte.Round(tricks=["An"] * 4, side_pot_upturned="7H")
    services.rounds.record_round(catte_board.load(evening), played, bob)
    balances = reverse("balances", args=[group.pk])
    forms = rendered_for_each_phone(bob, balances, "/payments/paid/")
    assert len({form["once"] for form in forms}) == PHONES
    paid = reverse("transfer_paid", args=[group.pk])
    assert max(at_once(live_server, bob, paid, forms)) < 500
    assert Transaction.objects.filter(kind="payment").count() == 1 and ledger_balanced()


def test_a_payment_double_tapped_on_one_phone_is_recorded_once(live_server, group, players, bob):
    path = reverse("payment_new", args=[group.pk])
    form = rendered_for_each_phone(bob, path, path)[0]
    form |= {"payer": players[1].pk, "payee": players[0].pk, "amount": "2.50"}
    assert at_once(live_server, bob, path, [form] * 2) == [302, 302]
    assert Transaction.objects.filter(kind="payment").count() == 1 and ledger_balanced()


def test_one_payment_reversed_on_eight_phones_is_reversed_once(live_server, group, players, bob):
    payment = pay(group, players[1], players[0], 2, bob)
    path = reverse("payment_reverse", args=[group.pk, payment.pk])
    forms = rendered_for_each_phone(bob, reverse("balances", args=[group.pk]), path)
    assert max(at_once(live_server, bob, path, forms)) < 500
    assert Transaction.objects.filter(kind="reversal").count() == 1 and ledger_balanced()


def test_one_undo_tapped_on_eight_phones_undoes_one_round(live_server, group, bob, evening):
    for _ in range(3):
        played = catte.Round(tricks=["An"] * 4, side_pot_upturned="7H")
        services.rounds.record_round(catte_board.load(CatteSession.objects.get()), played, bob)
    path = reverse("round_undo", args=[group.pk, evening.pk])
    forms = rendered_for_each_phone(bob, evening.get_absolute_url(), path)
    assert max(at_once(live_server, bob, path, forms)) < 500
    assert Round.objects.count() == 2 and Change.objects.filter(action="undo").count() == 1
    assert ledger_balanced()


def test_closing_on_eight_phones_at_once_closes_and_refunds_once(live_server, group, bob, evening):
    played = catte.Round(tricks=["An"] * 4, side_pot_upturned="7H")
    services.rounds.record_round(catte_board.load(evening), played, bob)
    path = reverse("session_close", args=[group.pk, evening.pk])
    forms = rendered_for_each_phone(bob, evening.get_absolute_url(), path)
    assert max(at_once(live_server, bob, path, forms)) < 500
    assert Change.objects.filter(action="close").count() == 1
    assert Transaction.objects.filter(kind="side_pot_refund").count() == 1 and ledger_balanced()


def test_sessions_started_on_eight_phones_at_once_are_numbered_one_after_another(
    live_server, group, players, bob
):
    page = reverse("session_new", args=[group.pk])
    seats = {f"seat_{seat}": player.pk for seat, player in enumerate(players)}
    forms = [form | seats | {"stake": "1.00"} for form in rendered_for_each_phone(bob, page, page)]
    assert max(at_once(live_server, bob, page, forms)) < 500
    numbers = CatteSession.objects.filter(group=group).values_list("number", flat=True)
    assert sorted(numbers) == list(range(1, PHONES + 1))
