"""Payment details through their gate: checked for the group's currency, each change a new
version that nothing overwrites, one change however often it is sent, refused on a stale page."""

import pytest

from core.models import Role
from ledger.models import PaymentDetails
from ledger.payment_details import DetailsRefused, change_details, current_details, details_of
from tests.factories import GroupFactory, MembershipFactory, PlayerFactory, UserFactory, fresh

CHI = {"holder": "Chi Nguyen", "iban": "de89 3704 0044 0532 0130 00", "bic": "cobadeffxxx"}


def seen_by(group, user):
    """The group as its page reads it for `user`, his membership with it."""
    group.membership = group.memberships.get(user=user)
    return group


@pytest.fixture
def chi(players):
    return players[2]


def test_an_iban_is_kept_without_its_spaces_and_the_bic_in_capitals(group, alice, chi):
    details = change_details(seen_by(group, alice), chi, alice, CHI, number=0)
    assert (details.iban, details.bic, details.number) == (
        "DE89370400440532013000",
        "COBADEFFXXX",
        1,
    )
    assert details.iban_formatted == "DE89 3704 0044 0532 0130 00"


def test_an_iban_with_a_wrong_check_digit_is_refused_and_nothing_is_kept(group, alice, chi):
    with pytest.raises(DetailsRefused, match="check digits do not match"):
        mistyped = {**CHI, "iban": "DE88370400440532013000"}
        change_details(seen_by(group, alice), chi, alice, mistyped, number=0)
    assert not PaymentDetails.objects.exists()


@pytest.mark.parametrize(
    "typed, refusal",
    [
        ({"iban": "XX89370400440532013000"}, "not an IBAN"),
        ({"iban": "DE8937040044053201300"}, "not an IBAN"),
        ({"holder": ""}, "holder and an IBAN are both needed"),
        ({"bic": "COBA"}, "8 or 11 letters"),
        ({"holder": "Chi\u200bNguyen"}, "invisible"),
    ],
)
def test_details_a_bank_could_not_use_are_refused(group, alice, chi, typed, refusal):
    with pytest.raises(DetailsRefused, match=refusal):
        change_details(seen_by(group, alice), chi, alice, {**CHI, **typed}, number=0)


def test_a_group_in_dong_keeps_a_bank_of_the_list_and_an_account(alice, db):
    group = GroupFactory(currency="VND")
    MembershipFactory(group=group, user=alice, role=Role.OWNER)
    chi = PlayerFactory(group=group, name="Chi")
    typed = {"bank_bin": "970436", "account": "1023 4567 89", "iban": "DE89370400440532013000"}
    details = change_details(seen_by(group, alice), chi, alice, typed, number=0)
    assert (details.bank_name, details.account, details.iban) == ("Vietcombank", "1023456789", "")
    with pytest.raises(DetailsRefused, match="Choose the bank"):
        change_details(seen_by(group, alice), chi, alice, {**typed, "bank_bin": "123456"}, number=1)


def test_a_group_in_another_currency_keeps_a_line_of_text(alice, db):
    group = GroupFactory(currency="GBP")
    MembershipFactory(group=group, user=alice, role=Role.OWNER)
    chi = PlayerFactory(group=group, name="Chi")
    typed = {"text": " PayPal: chi@example.com "}
    details = change_details(seen_by(group, alice), chi, alice, typed, number=0)
    assert details.text == "PayPal: chi@example.com"


def test_a_change_is_a_new_version_and_the_old_one_stays(group, alice, chi):
    change_details(seen_by(group, alice), chi, alice, CHI, number=0)
    moved = {**CHI, "iban": "GB82 WEST 1234 5698 7654 32"}
    change_details(seen_by(group, alice), chi, alice, moved, number=1)
    ibans = [details.iban for details in chi.payment_details.all()]
    assert ibans == ["GB82WEST12345698765432", "DE89370400440532013000"]
    assert details_of(chi).number == 2


def test_emptied_details_are_a_version_too_and_leave_the_player_without_any(group, alice, chi):
    change_details(seen_by(group, alice), chi, alice, CHI, number=0)
    change_details(
        seen_by(group, alice), chi, alice, {"holder": "", "iban": "", "bic": ""}, number=1
    )
    assert chi.payment_details.count() == 2
    assert current_details(group) == {}


def test_the_same_change_sent_twice_is_one_change(group, alice, chi):
    first = change_details(seen_by(group, alice), chi, alice, CHI, number=0)
    again = change_details(seen_by(group, alice), chi, alice, CHI, number=0)
    assert again == first and chi.payment_details.count() == 1


def test_a_change_from_a_page_older_than_the_details_is_refused(group, alice, bob, chi):
    change_details(seen_by(group, alice), chi, alice, CHI, number=0)
    with pytest.raises(DetailsRefused, match="changed meanwhile"):
        change_details(seen_by(group, alice), chi, alice, {**CHI, "holder": "C. Nguyen"}, number=0)
    assert details_of(chi).holder == "Chi Nguyen"


def test_a_change_is_a_change_of_the_group(group, alice, chi):
    before = fresh(group).version
    change_details(seen_by(group, alice), chi, alice, CHI, number=0)
    assert fresh(group).version == before + 1


def test_a_scorer_or_a_viewer_changes_only_his_own_players_details(group, bob, carol, chi):
    with pytest.raises(DetailsRefused, match="Only an owner or Chi's own account"):
        change_details(seen_by(group, bob), chi, bob, CHI, number=0)
    with pytest.raises(DetailsRefused, match="Only an owner or Chi's own account"):
        change_details(seen_by(group, carol), chi, carol, CHI, number=0)
    chi.user = bob
    chi.save()
    assert change_details(seen_by(group, bob), chi, bob, CHI, number=0).number == 1
    chi.user = carol
    chi.save()
    changed = change_details(seen_by(group, carol), chi, carol, {**CHI, "holder": "C"}, number=1)
    assert changed.number == 2


def test_an_outsider_with_a_membership_elsewhere_changes_nothing(group, chi):
    stranger = UserFactory(username="eve")
    MembershipFactory(group=GroupFactory(), user=stranger, role=Role.OWNER)
    MembershipFactory(group=group, user=stranger, role=Role.VIEWER)
    with pytest.raises(DetailsRefused):
        change_details(seen_by(group, stranger), chi, stranger, CHI, number=0)
