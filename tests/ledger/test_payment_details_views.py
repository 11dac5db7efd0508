"""The payment details' page, posted as it draws its form; who may see and change them; the
group's pages pointing out each change; "Pay by QR" beside a transfer to a player with details."""

import json
import zipfile
from io import BytesIO

import pytest
from django.test import Client
from django.urls import reverse

from ledger.models import PaymentDetails
from tests.conftest import client_for
from tests.factories import pay
from tests.page_forms import form_on, submit
from tracker.gamelogs.backup import export_zip

IBAN = "DE89 3704 0044 0532 0130 00"


def details_page(client, group, player, language="en"):
    url = reverse("payment_details", args=[group.pk, player.pk])
    return client.get(url, headers={"Accept-Language": language})


def typed_in(client, group, player, **typed):
    form = form_on(details_page(client, group, player), "/payment-details/")
    return submit(client, form, **typed)


def test_an_owner_types_a_players_details_and_every_version_is_listed(as_alice, group, players):
    typed_in(as_alice, group, players[2], holder="Chi Nguyen", iban=IBAN)
    typed_in(as_alice, group, players[2], holder="Chi Nguyen", iban="GB82 WEST 1234 5698 7654 32")
    page = details_page(as_alice, group, players[2]).content.decode()
    assert "GB82 WEST 1234 5698 7654 32" in page and IBAN in page
    assert page.count("changed by alice") == 2


def test_a_wrong_check_digit_is_refused_on_the_form_as_typed(as_alice, group, players):
    response = typed_in(
        as_alice, group, players[2], holder="Chi", iban="DE88 3704 0044 0532 0130 00"
    )
    page = response.content.decode()
    assert "check digits do not match" in page and 'value="DE88 3704' in page
    assert not PaymentDetails.objects.exists()


def test_a_scorer_changes_his_own_players_details_not_anothers(as_bob, bob, group, players):
    players[1].user = bob
    players[1].save()
    typed_in(as_bob, group, players[1], holder="Bình Trần", iban=IBAN)
    assert players[1].payment_details.get().changed_by == bob
    assert "<form" not in details_page(as_bob, group, players[2]).content.decode().split("</h1>")[1]
    url = reverse("payment_details", args=[group.pk, players[2].pk])
    as_bob.post(url, {"holder": "Bob", "iban": IBAN, "number": "0"})
    assert not players[2].payment_details.exists()


def test_a_viewer_reads_the_details_but_cannot_change_them(as_carol, alice, group, players):
    url = reverse("payment_details", args=[group.pk, players[2].pk])
    as_carol.post(url, {"holder": "Carol", "iban": IBAN, "number": "0"})
    assert not PaymentDetails.objects.exists()
    assert details_page(as_carol, group, players[2]).status_code == 200


def test_an_outsider_gets_404_reading_or_changing(as_dave, group, players):
    url = reverse("payment_details", args=[group.pk, players[2].pk])
    assert as_dave.get(url).status_code == 404
    assert as_dave.post(url, {"holder": "Dave", "iban": IBAN, "number": "0"}).status_code == 404
    assert not PaymentDetails.objects.exists()


def test_the_group_page_says_whose_details_changed_and_who_changed_them(as_alice, group, players):
    typed_in(as_alice, group, players[2], holder="Chi Nguyen", iban=IBAN)
    page = as_alice.get(group.get_absolute_url()).content.decode()
    assert "Chi's payment details changed by alice" in page


def test_a_transfer_to_a_player_with_details_has_a_code_and_the_same_as_text(
    as_alice, alice, group, players
):
    pay(group, players[2], players[0], "21.00", alice)  # lent to An: An → Chi €21.00 settles it
    typed_in(as_alice, group, players[2], holder="Chi Nguyen", iban=IBAN)
    page = as_alice.get(reverse("balances", args=[group.pk])).content.decode()
    assert "Pay by QR" in page and '<svg viewBox="0 0' in page
    assert 'data-copy="DE89370400440532013000"' in page and 'data-copy="21.00"' in page
    assert (
        "Card table / Friday table / Chi - An" in page
        or "Card table / Friday table / An - Chi" in page
    )


def test_a_backup_says_it_leaves_the_payment_details_out(as_alice, group, players):
    typed_in(as_alice, group, players[2], holder="Chi Nguyen", iban=IBAN)
    archive = zipfile.ZipFile(BytesIO(export_zip(group)))
    manifest = json.loads(archive.read("group.json"))
    assert manifest["payment_details_included"] is False
    assert "DE89" not in "".join(archive.read(name).decode() for name in archive.namelist())


@pytest.mark.parametrize("language, words", [("de", "Zahlungsdaten"), ("vi", "thanh toán")])
def test_the_details_page_speaks_the_readers_language(as_alice, group, players, language, words):
    assert words in details_page(as_alice, group, players[2], language).content.decode()


def test_a_details_number_the_page_never_drew_is_refused_and_the_owner_still_changes_them(
    as_bob, bob, alice, group, players
):
    players[1].user = bob
    players[1].save()
    url = reverse("payment_details", args=[group.pk, players[1].pk])
    posted = {"holder": "Bình Trần", "iban": IBAN, "number": "2147483646"}
    assert "changed meanwhile" in as_bob.post(url, posted).content.decode()
    owner = client_for(Client(), alice)
    typed_in(owner, group, players[1], holder="Bình Trần", iban=IBAN)
    typed_in(owner, group, players[1], holder="Binh Tran", iban=IBAN)
    assert [details.number for details in players[1].payment_details.all()] == [2, 1]


def test_a_details_number_larger_than_any_version_is_refused_with_the_details_as_they_are(
    as_alice, group, players
):
    form = form_on(details_page(as_alice, group, players[2]), "/payment-details/")
    response = submit(as_alice, form, holder="Chi Nguyen", iban=IBAN, number="2147483648")
    assert "changed meanwhile" in response.content.decode()
    assert not players[2].payment_details.exists()


def test_a_linked_viewer_sets_his_own_details_but_nobody_elses(as_carol, carol, group, players):
    players[3].user = carol
    players[3].save()
    typed_in(as_carol, group, players[3], holder="Dũng Lê", iban=IBAN)
    other = reverse("payment_details", args=[group.pk, players[2].pk])
    as_carol.post(other, {"holder": "Carol", "iban": IBAN, "number": "0"})
    assert [details.player for details in PaymentDetails.objects.all()] == [players[3]]


def test_an_iban_of_a_country_outside_sepa_is_refused_with_its_country(as_alice, group, players):
    response = typed_in(
        as_alice,
        group,
        players[2],
        holder="Chi Nguyen",
        iban="BR18 0036 0305 0000 1000 9795 493C 1",
    )
    assert "outside SEPA (BR)" in response.content.decode()
    assert not PaymentDetails.objects.exists()
