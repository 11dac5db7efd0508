"""A date and a time are written one way in each language on every page: a moment as
DATETIME_FORMAT, a day as DATE_FORMAT (cardtable/formats/)."""

from datetime import UTC, datetime

import pytest
from django.urls import reverse

from ledger.models import PaymentDetails, Transaction
from ledger.payment_details import change_details
from tests.factories import pay
from tracker.catte import services
from tracker.catte.models import CatteSession

MOMENT = datetime(2026, 12, 5, 21, 15, tzinfo=UTC)
WRITTEN = {
    "en": ("Dec. 5, 2026, 09:15 PM", "Dec. 5, 2026"),
    "de": ("5. Dezember 2026, 21:15", "5. Dezember 2026"),
    "vi": ("21:15 05/12/2026", "05/12/2026"),
}


@pytest.fixture
def evening(group, players, alice):
    """A session, a payment and a change of payment details, all at 21:15 on 5 December 2026."""
    session = services.logs.start(group, players[:3], {"stake": "1.00"}, alice)
    pay(group, players[0], players[1], "2.00", alice)
    group.membership = group.memberships.get(user=alice)
    change_details(
        group,
        players[1],
        alice,
        {"holder": "Bình Trần", "iban": "DE89370400440532013000"},
        number=0,
    )
    CatteSession.objects.update(created_at=MOMENT)
    Transaction.objects.update(created_at=MOMENT)
    PaymentDetails.objects.update(changed_at=MOMENT)
    return session


@pytest.mark.parametrize("language", WRITTEN)
def test_a_moment_is_written_one_way_on_every_page(as_alice, group, players, evening, language):
    as_alice.cookies["django_language"] = language
    moment, _day = WRITTEN[language]
    for page in [
        reverse("group", args=[group.pk]),
        reverse("balances", args=[group.pk]),
        reverse("statement", args=[group.pk, players[0].pk]),
        reverse("payment_details", args=[group.pk, players[1].pk]),
    ]:
        assert moment in as_alice.get(page).content.decode(), page


@pytest.mark.parametrize("language", WRITTEN)
def test_a_day_is_written_one_way_on_every_page(as_alice, group, evening, language):
    as_alice.cookies["django_language"] = language
    _moment, day = WRITTEN[language]
    for page in [
        reverse("group", args=[group.pk]),
        reverse("history_sessions", args=[group.pk]),
        reverse("balances_by_session", args=[group.pk]),
    ]:
        assert day in as_alice.get(page).content.decode(), page
