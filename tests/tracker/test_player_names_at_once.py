"""Two owners naming two players at the same moment: however they spell one name (its case, its
accents' encoding, "ß" or "SS"), both pass the form's check, but the database keeps one player
of that name in the group and the second is refused as the check refuses it. So the pages that
read the group's names (a sheet, the backup, the ratings) never meet two of one name."""

import unicodedata

import pytest
from django.db import IntegrityError, transaction
from django.db.models.signals import pre_save
from django.urls import reverse

from core.models import Player
from core.seats import added_player
from tests.factories import PlayerFactory, UserFactory, fresh
from tests.tracker.test_admin import admin_url, form_as_rendered
from tracker.groups.forms import PlayerForm
from tracker.groups.views import saved_player
from tracker.sheets import rules as sheet
from tracker.sheets import services
from tracker.sheets.board import load

SAME_NAMES = [
    ("Ánh", "ánh"),
    (unicodedata.normalize("NFC", "Dũng"), unicodedata.normalize("NFD", "Dũng")),
    ("Straße", "STRASSE"),
]


@pytest.fixture
def players(group):
    return [PlayerFactory(group=group, name=name) for name in ["An", "Bình", "Chi", "Lan"]]


def checked_then_saved(group, edits: list) -> list[PlayerForm]:
    """Each (player or None for a new one, name) on its own form: every form checked before
    any is saved, as two phones posting at the same moment."""
    forms = [PlayerForm({"name": name}, instance=player, group=group) for player, name in edits]
    assert all(form.is_valid() for form in forms)
    for form in forms:
        saved_player(form)
    return forms


@pytest.mark.parametrize(("first", "second"), SAME_NAMES)
def test_two_owners_renaming_two_players_to_one_name_at_once_rename_one(
    group, players, first, second
):
    forms = checked_then_saved(group, [(fresh(players[0]), first), (fresh(players[1]), second)])
    assert forms[1].errors == {"name": [f"{second} is already a player of Friday table."]}
    assert [fresh(player).name for player in players[:2]] == [first, "Bình"]


@pytest.mark.parametrize(("first", "second"), SAME_NAMES)
def test_two_owners_adding_one_name_at_once_add_one_player(group, players, first, second):
    forms = checked_then_saved(group, [(None, first), (None, second)])
    assert forms[1].errors == {"name": [f"{second} is already a player of Friday table."]}
    assert list(Player.named(group, first).values_list("name", flat=True)) == [first]


def test_a_rename_and_an_add_of_one_name_at_once_keep_one(group, players):
    forms = checked_then_saved(group, [(None, "Straße"), (fresh(players[0]), "STRASSE")])
    assert forms[1].errors == {"name": ["STRASSE is already a player of Friday table."]}
    assert fresh(players[0]).name == "An"


def test_an_import_adding_a_name_another_phone_has_just_added_seats_that_player(group, players):
    anh = PlayerFactory(group=group, name="Ánh")  # after the import read the group's players
    assert added_player(group, "ánh") == anh
    assert Player.named(group, "ÁNH").count() == 1


def test_a_short_name_taken_at_once_is_refused_beside_the_short_name(group, players):
    forms = [
        PlayerForm({"name": player.name, "short_name": "Bé"}, instance=fresh(player), group=group)
        for player in players[:2]
    ]
    assert all(form.is_valid() for form in forms)
    saved_player(forms[0])
    assert saved_player(forms[1]) is None
    assert forms[1].errors == {"short_name": ["An already goes by Bé."]}


def test_the_database_keeps_one_player_of_a_name_in_a_group(group, players):
    with pytest.raises(IntegrityError), transaction.atomic():
        Player(group=group).set_name("AN").save()


@pytest.mark.parametrize(("first", "second"), SAME_NAMES)
def test_after_renames_at_once_the_sheet_backup_and_ratings_answer(
    as_bob, group, players, bob, first, second
):
    sheet_row = services.start(group, players, {"stake": "1.00", "preset": "tien_len"}, bob)
    services.record_round(load(sheet_row), sheet.Round(places=["An", "Bình", "Chi", "Lan"]), bob)
    checked_then_saved(group, [(fresh(players[0]), first), (fresh(players[1]), second)])
    assert as_bob.get(sheet_row.get_absolute_url()).status_code == 200
    assert as_bob.get(reverse("group_backup", args=[group.pk])).status_code == 200
    assert as_bob.get(reverse("ratings", args=[group.pk])).status_code == 200


def test_a_name_taken_between_the_admins_check_and_its_save_is_refused(client, group, players):
    client.force_login(UserFactory(username="root", is_staff=True, is_superuser=True))
    url = admin_url(players[0], "change", players[0].pk)
    form = {**form_as_rendered(client, url), "name": "ánh"}

    def another_phone_renames_bình(sender, instance, **kwargs):
        if instance.pk == players[0].pk:
            Player.objects.filter(pk=players[1].pk).update(name="Ánh", name_key="ánh")

    pre_save.connect(another_phone_renames_bình, sender=Player)
    try:
        response = client.post(url, form, follow=True)
    finally:
        pre_save.disconnect(another_phone_renames_bình, sender=Player)
    # (the admin capitalises its messages)
    assert "Ánh is already a player of Friday table." in response.content.decode()
    assert fresh(players[0]).name == "An"


def test_the_admin_refuses_a_name_another_player_has_in_another_encoding(client, group, players):
    client.force_login(UserFactory(username="root", is_staff=True, is_superuser=True))
    url = admin_url(players[0], "change", players[0].pk)
    nfd = unicodedata.normalize("NFD", "Bình")
    response = client.post(url, {**form_as_rendered(client, url), "name": nfd})
    assert f"{nfd} is already a player of Friday table." in response.content.decode()
    assert fresh(players[0]).name == "An"
