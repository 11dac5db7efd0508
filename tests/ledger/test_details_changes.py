"""A change of anyone's payment details stays on the group page for 30 days however many changes
follow, and a code to pay says when someone else than the payee changed his details lately."""

from datetime import timedelta

from django.urls import reverse
from django.utils import timezone

from core.versioning import touch_group
from ledger.models import PaymentDetails
from ledger.payment_details import window_start
from tests.factories import pay
from tests.ledger.test_payment_details_views import IBAN, typed_in

OTHER_IBAN = "GB82 WEST 1234 5698 7654 32"


def group_page(client, group):
    return client.get(group.get_absolute_url()).content.decode()


def test_an_owners_change_stays_on_the_group_page_however_many_changes_follow(
    as_alice, group, players
):
    typed_in(as_alice, group, players[1], holder="Bình Trần", iban=IBAN)
    for holder in ["Binh", "Binh T", "Binh Tran", "B Tran"]:
        typed_in(as_alice, group, players[2], holder=holder, iban=OTHER_IBAN)
    page = group_page(as_alice, group)
    assert "Bình's payment details changed by alice" in page
    assert "Chi's payment details changed 4 times by alice, last " in page


def test_a_change_older_than_30_days_leaves_the_group_page(as_alice, group, players):
    typed_in(as_alice, group, players[1], holder="Bình Trần", iban=IBAN)
    old = window_start(timezone.localdate()) - timedelta(minutes=1)
    PaymentDetails.objects.update(changed_at=old)
    touch_group(group.pk)
    assert "Bình's payment details changed" not in group_page(as_alice, group)


def test_the_cached_group_page_drops_a_change_on_the_day_it_leaves_the_30_days(
    as_alice, group, players, monkeypatch
):
    typed_in(as_alice, group, players[1], holder="Bình Trần", iban=IBAN)
    today = timezone.localdate()
    PaymentDetails.objects.update(changed_at=window_start(today) + timedelta(hours=1))
    touch_group(group.pk)
    assert "Bình's payment details changed" in group_page(as_alice, group)
    localdate = timezone.localdate
    monkeypatch.setattr(timezone, "localdate", lambda *given: localdate(*given) + timedelta(1))
    assert "Bình's payment details changed" not in group_page(as_alice, group)


def test_the_code_to_pay_says_when_another_changed_the_payees_details(
    as_alice, alice, bob, group, players
):
    players[2].user = bob
    players[2].save()
    pay(group, players[2], players[0], "21.00", alice)  # An → Chi €21.00 settles it
    typed_in(as_alice, group, players[2], holder="Chi Nguyen", iban=IBAN)
    PaymentDetails.objects.update(changed_at=timezone.now() - timedelta(days=2))
    touch_group(group.pk)
    page = as_alice.get(reverse("balances", args=[group.pk])).content.decode()
    assert "Chi's details changed 2 days ago by alice" in page


def test_the_code_to_pay_says_nothing_when_the_payee_changed_his_own_details(
    as_bob, alice, bob, group, players
):
    players[2].user = bob
    players[2].save()
    pay(group, players[2], players[0], "21.00", alice)
    typed_in(as_bob, group, players[2], holder="Chi Nguyen", iban=IBAN)
    page = as_bob.get(reverse("balances", args=[group.pk])).content.decode()
    assert "Pay by QR" in page and "Chi's details changed" not in page
