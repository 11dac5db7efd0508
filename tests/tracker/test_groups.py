from decimal import Decimal

import pytest
from django.urls import reverse

from core.locale_money import amount_text
from core.models import Group, Membership, Role
from tests.page_forms import forms_on
from tracker.catte import services
from tracker.cutthroat import services as tournaments


def test_it_creates_a_group_owned_by_its_creator(as_dave):
    response = as_dave.post(reverse("group_create"), {"name": "Stammtisch", "currency": "EUR"})
    group = Group.objects.get(name="Stammtisch")
    assert response.status_code == 302
    assert Membership.objects.get(group=group).role == Role.OWNER


def test_a_vnd_group_keeps_money_without_decimals(as_dave):
    as_dave.post(reverse("group_create"), {"name": "Bàn Sài Gòn", "currency": "VND"})
    group = Group.objects.get(name="Bàn Sài Gòn")
    assert group.decimals == 0
    assert group.plain_amount(group.from_minor(50000)) == "50000"
    assert amount_text(group, group.from_minor(50000)) == "₫50,000"


@pytest.mark.parametrize(
    "name,currency,message",
    [
        ("", "EUR", "Give the group a name."),
        ("   ", "EUR", "Give the group a name."),
        ("x" * 81, "EUR", "Keep the name to 80 characters."),
        ("Stammtisch", "XYZ", "Unknown currency XYZ"),
    ],
)
def test_it_refuses_a_bad_group_and_saves_nothing(as_dave, name, currency, message):
    response = as_dave.post(reverse("group_create"), {"name": name, "currency": currency})
    assert response.status_code == 200
    assert message in response.content.decode()
    assert Group.objects.count() == 1


def test_the_group_page_lists_players_and_members(as_carol, group, players, alice):
    page = as_carol.get(reverse("group", args=[group.pk])).content.decode()
    assert "Bình" in page and "Dũng" in page and "alice" in page


def test_the_home_page_lists_only_my_groups(as_dave, group):
    as_dave.post(reverse("group_create"), {"name": "Dave's table", "currency": "USD"})
    page = as_dave.get(reverse("home")).content.decode()
    assert "Dave&#x27;s table" in page and "Friday table" not in page


def test_an_owner_makes_a_viewer_a_scorer(as_alice, group, carol):
    member = Membership.objects.get(user=carol)
    as_alice.post(reverse("member_role", args=[group.pk, member.pk]), {"role": "scorer"})
    member.refresh_from_db()
    assert member.role == Role.SCORER


def test_the_last_owner_cannot_step_down(as_alice, group, alice, bob):
    member = Membership.objects.get(user=alice)
    as_alice.post(reverse("member_role", args=[group.pk, member.pk]), {"role": "viewer"})
    member.refresh_from_db()
    assert member.role == Role.OWNER


def test_an_owner_removes_a_member(as_alice, group, carol):
    member = Membership.objects.get(user=carol)
    as_alice.post(reverse("member_remove", args=[group.pk, member.pk]))
    assert not Membership.objects.filter(pk=member.pk).exists()


def test_an_owner_renames_the_group(as_alice, group):
    as_alice.post(reverse("group_edit", args=[group.pk]), {"name": "Samstag", "currency": "EUR"})
    group.refresh_from_db()
    assert group.name == "Samstag"


def test_a_tournament_played_for_points_leaves_the_currency_free(as_alice, group, players, alice):
    tournaments.start(group, players[:3], {"preset": "official"}, alice)
    as_alice.post(reverse("group_edit", args=[group.pk]), {"name": "X", "currency": "VND"})
    assert Group.objects.get().currency == "VND"


@pytest.mark.parametrize("game", ["tournament for money", "session"])
def test_a_game_started_for_money_keeps_the_currency(as_alice, group, players, alice, game):
    if game == "session":
        services.logs.start(group, players, {"stake": "1.00"}, alice)
    else:
        money = {"buy_in": Decimal("5.00")}
        tournaments.start(group, players[:3], {"preset": "official"}, alice, money_rules=money)
    response = as_alice.post(
        reverse("group_edit", args=[group.pk]), {"name": "X", "currency": "VND"}
    )
    assert "The currency stays EUR" in response.content.decode()


@pytest.mark.parametrize(("language", "currency"), [("vi", "VND"), ("de", "EUR"), ("en", "EUR")])
def test_a_new_group_is_offered_the_currency_of_the_phones_language(as_dave, language, currency):
    page = as_dave.get(reverse("group_create"), HTTP_ACCEPT_LANGUAGE=language)
    form = next(form for form in forms_on(page) if "currency" in form.fields)
    assert form.fields["currency"] == currency
    as_dave.post(reverse("group_create"), form.filled(name="Bàn 1"), HTTP_ACCEPT_LANGUAGE=language)
    assert Group.objects.get(name="Bàn 1").currency == currency
