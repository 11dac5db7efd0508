import pytest
from django.urls import reverse

from tracker.models import Player


def test_an_owner_adds_a_player(as_alice, group):
    response = as_alice.post(reverse("player_add", args=[group.pk]), {"name": "Nguyễn Thị Hoa"})
    assert response.status_code == 302
    assert group.players.get().name == "Nguyễn Thị Hoa"


@pytest.mark.parametrize("name", ["Bình", "Đặng Văn Dũng", "Jürgen Groß", "Änne-Sophie"])
def test_names_round_trip_exactly(as_alice, group, name):
    as_alice.post(reverse("player_add", args=[group.pk]), {"name": name})
    page = as_alice.get(reverse("group", args=[group.pk])).content.decode()
    assert Player.objects.get(group=group).name == name
    assert name in page


@pytest.mark.parametrize(
    "name,message",
    [
        ("", "Give the player a name."),
        ("   ", "Give the player a name."),
        ("x" * 41, "Keep the name to 40 characters."),
        ("bình", "bình is already a player of Friday table."),
    ],
)
def test_it_refuses_a_bad_player_name_and_saves_nothing(as_alice, group, players, name, message):
    response = as_alice.post(
        reverse("player_add", args=[group.pk]), {"name": name}, HTTP_HX_REQUEST="true"
    )
    assert message in response.content.decode()
    assert group.players.count() == 4


def test_without_javascript_a_refused_name_is_flashed(as_alice, group, players):
    response = as_alice.post(reverse("player_add", args=[group.pk]), {"name": "Chi"}, follow=True)
    assert "Chi is already a player of Friday table." in response.content.decode()
    assert group.players.count() == 4


def test_htmx_gets_only_the_players_fragment(as_alice, group):
    response = as_alice.post(
        reverse("player_add", args=[group.pk]), {"name": "Lan"}, HTTP_HX_REQUEST="true"
    )
    page = response.content.decode()
    assert 'id="players"' in page and "<html" not in page
    assert "Lan" in page


def test_an_owner_links_a_player_to_a_member(as_alice, group, players, bob):
    url = reverse("player_edit", args=[group.pk, players[0].pk])
    as_alice.post(url, {"name": "An", "user": str(bob.pk)})
    players[0].refresh_from_db()
    assert players[0].user == bob


def test_a_player_cannot_be_linked_to_an_outsider(as_alice, group, players, dave):
    url = reverse("player_edit", args=[group.pk, players[0].pk])
    as_alice.post(url, {"name": "An", "user": str(dave.pk)})
    players[0].refresh_from_db()
    assert players[0].user is None


def test_renaming_to_a_taken_name_is_refused(as_alice, group, players):
    url = reverse("player_edit", args=[group.pk, players[0].pk])
    response = as_alice.post(url, {"name": "Chi", "user": ""})
    assert "Chi is already a player" in response.content.decode()
    players[0].refresh_from_db()
    assert players[0].name == "An"
