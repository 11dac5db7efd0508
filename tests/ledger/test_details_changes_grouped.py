"""One account changes a player's payment details at most 10 times a day, and the group page
lists the changes of the last 30 days one line for each player and account that made them,
those made by another account than the player's own first, as a warning: a viewer changing his
own details 3,000 times cannot bury an owner's change of another player's IBAN."""

from datetime import timedelta

from django.utils import timezone

from core.versioning import touch_group
from ledger.models import PaymentDetails
from ledger.payment_details import change_details, recent_changes
from tests.ledger.test_details_changes import OTHER_IBAN, group_page
from tests.ledger.test_payment_details_views import IBAN, typed_in


def linked(player, user):
    player.user = user
    player.save()
    return player


def changed_long_ago(group, player, user, times):
    """`times` changes of the player's details by `user`, spread over the last 20 days."""
    now = timezone.now()
    PaymentDetails.objects.bulk_create(
        PaymentDetails(
            group=group,
            player=player,
            number=number,
            changed_by=user,
            holder=f"Chi {number}",
            changed_at=now - timedelta(days=1 + number % 20),
        )
        for number in range(1, times + 1)
    )
    touch_group(group.pk)


def test_an_eleventh_change_in_a_day_is_refused_and_saves_nothing(as_carol, carol, group, players):
    chi = linked(players[2], carol)
    for number in range(10):
        typed_in(as_carol, group, chi, holder=f"Chi {number}", iban=IBAN)
    page = typed_in(as_carol, group, chi, holder="Chi 10", iban=IBAN).content.decode()
    assert "changed 10 times today from your account" in page
    assert chi.payment_details.count() == 10


def test_the_ten_changes_of_a_day_are_counted_for_each_account(alice, carol, group, players):
    chi = linked(players[2], carol)
    group.membership = group.memberships.get(user=carol)
    for number in range(10):
        change_details(group, chi, carol, {"holder": f"Chi {number}", "iban": IBAN}, number=number)
    group.membership = group.memberships.get(user=alice)
    change_details(group, chi, alice, {"holder": "Chi Nguyen", "iban": OTHER_IBAN}, number=10)
    assert chi.payment_details.count() == 11


def test_3000_changes_by_the_players_own_account_are_one_line_and_the_page_stays_small(
    as_alice, carol, group, players
):
    chi = linked(players[2], carol)
    changed_long_ago(group, chi, carol, 1)
    one_change = len(group_page(as_alice, group))
    changed_long_ago(group, players[3], carol, 3000)
    page = group_page(as_alice, group)
    assert page.count("payment details changed") == 2
    assert "Dũng's payment details changed 3000 times by carol, last " in page
    assert len(page) < one_change + 1000


def test_an_owners_change_of_anothers_iban_is_listed_first_as_a_warning(
    as_alice, bob, carol, group, players
):
    changed_long_ago(group, linked(players[2], carol), carol, 3000)
    typed_in(as_alice, group, linked(players[1], bob), holder="Bình Trần", iban=IBAN)
    page = group_page(as_alice, group)
    first = page.split("payment details changed")[0]
    assert first.endswith("Bình's ") and 'class="flash warning"' in first.rsplit("<p", 1)[1]


def test_the_lines_come_from_one_query(django_assert_num_queries, carol, group, players):
    changed_long_ago(group, linked(players[2], carol), carol, 300)
    with django_assert_num_queries(1):
        lines = recent_changes(group, timezone.localdate())
    assert [(line.name, line.times, line.by_another) for line in lines] == [("Chi", 300, False)]
