"""Money the ledger cannot keep is refused with a message, and nothing of it is saved: a
posting, a balance, or what a group's players are owed altogether past what a bigint holds
(LARGEST_MONEY_MINOR), whether it comes from a round, an import or a payment."""

import json
import re
from decimal import Decimal

import pytest
from django.urls import reverse
from hypothesis import given, settings
from hypothesis import strategies as st

from core.bounds import LARGEST_MONEY_MINOR
from ledger.models import Account, Transaction
from ledger.payments import PaymentError, record_payment
from ledger.posting import OutOfRange, player_account, post, total_of_group
from ledger.posting import reverse as reverse_entry
from tests.factories import GroupFactory, PlayerFactory, fresh
from tests.page_forms import form_on, submit
from tracker.sheets import rules as sheet
from tracker.sheets import services

REFUSAL = "These amounts are more than the app can keep, so nothing was saved"
NAMES = ["An", "Bình", "Chi", "Dũng", "Em", "Giang", "Hoa", "Khoa"]
# An wins by 100,000 points over each of seven, at a billion a point: 140,000,000,000,000.00
# a round, so his balance passes what a bigint holds (in cents) at round 66.
AN_WINS = sheet.Round(points={name: 100_000 if name == "An" else -100_000 for name in NAMES})


def big_sheet_log(rounds: int) -> dict:
    rules = sheet.settings_from_rules({"stake": "1000000000", "preset": "points"})
    return sheet.log_from(NAMES, rules, [AN_WINS] * rounds)


@pytest.fixture
def eight(group, players):
    return players + [PlayerFactory(group=group, name=name) for name in NAMES[4:]]


def test_the_round_of_an_eight_player_sheet_that_passes_the_bound_is_refused(as_bob, eight, bob):
    sheet_row = services.import_log(eight[0].group, big_sheet_log(65), bob)
    form = form_on(as_bob.get(sheet_row.get_absolute_url()), "/rounds/", "Save round")
    points = {f"points_{seat}": -100_000 for seat in range(1, 8)}
    response = submit(as_bob, form, points_0=100_000, **points)
    assert response.status_code == 200 and REFUSAL in response.content.decode()
    assert fresh(sheet_row).rounds.count() == 65 and fresh(sheet_row).version == 1
    assert Transaction.objects.count() == 65 and total_of_group(sheet_row.group) == 0


def test_eighty_such_rounds_imported_in_two_parts_refuse_the_part_that_passes_the_bound(
    as_bob, group, eight, bob
):
    sheet_row = services.import_log(group, big_sheet_log(50), bob)
    page = as_bob.get(reverse("log_import", args=[group.pk]))
    chosen = re.search(r'value="(sheet-\d+-\d+)"', page.content.decode())[1]
    form = form_on(page, "/import/", "Import it as")
    response = submit(as_bob, form, text=json.dumps(big_sheet_log(30)), into=chosen)
    assert response.status_code == 200 and REFUSAL in response.content.decode()
    assert fresh(sheet_row).rounds.count() == 50 and Transaction.objects.count() == 50


def test_a_payment_that_takes_the_balances_past_the_bound_is_refused(group, players, bob):
    an, binh = player_account(players[0]), player_account(players[1])
    largest = group.from_minor(LARGEST_MONEY_MINOR)  # 92,233,720,368,547,758.07 euros
    post(group, "round", "Round 1", {an: largest, binh: -largest})
    chi, dung = players[2], players[3]
    with pytest.raises(PaymentError, match="past what the app can keep; nothing was recorded"):
        record_payment(group, chi, dung, Decimal("5.00"), bob, version=fresh(group).version)
    assert Transaction.objects.count() == 1
    assert Account.objects.get(player=chi).balance_minor == 0


MINOR = st.one_of(
    st.integers(-(10**6), 10**6),
    st.integers(-(2**64), 2**64),
    st.sampled_from([LARGEST_MONEY_MINOR, -LARGEST_MONEY_MINOR, 2**62, -(2**62)]),
)
POSTED = st.lists(st.tuples(MINOR, MINOR, st.booleans()), max_size=6)


@pytest.mark.django_db
@settings(max_examples=25, deadline=None)
@given(posted=POSTED)
def test_whatever_is_posted_every_balance_stays_an_integer_within_bounds(posted):
    group = GroupFactory(currency="EUR")
    accounts = [player_account(PlayerFactory(group=group, name=name)) for name in NAMES[:3]]
    for first, second, undo in posted:
        amounts = dict(zip(accounts, (first, second, -first - second), strict=True))
        try:
            entry = post(
                group, "round", "Round", {a: group.from_minor(v) for a, v in amounts.items()}
            )
            if undo and entry is not None:
                reverse_entry(entry)
        except OutOfRange:
            pass
    assert_within_bounds(group)


def assert_within_bounds(group):
    balances = list(Account.objects.filter(group=group).values_list("balance_minor", flat=True))
    assert all(type(balance) is int and abs(balance) <= LARGEST_MONEY_MINOR for balance in balances)
    assert sum(balance for balance in balances if balance > 0) <= LARGEST_MONEY_MINOR
    for entry in Transaction.objects.filter(group=group).prefetch_related("postings"):
        assert sum(posting.amount_minor for posting in entry.postings.all()) == 0
    assert total_of_group(group) == 0
