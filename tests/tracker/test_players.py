import re

import pytest
from django.urls import reverse

from core.models import Player
from tests.factories import InviteFactory, PlayerFactory


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


def edit(client, group, player, **data):
    url = reverse("player_edit", args=[group.pk, player.pk])
    return client.post(url, {"name": player.name, "user": "", **data})


def test_an_owner_gives_a_player_a_short_name(as_alice, group, players):
    version = group.version
    response = edit(as_alice, group, players[1], short_name=" Bé ")
    assert response.status_code == 302
    players[1].refresh_from_db()
    group.refresh_from_db()
    assert players[1].short_name == "Bé"
    assert group.version > version  # the group's pages (and its games') are rendered again


def test_the_form_shows_the_short_name_a_player_gets_without_one(as_alice, group):
    ann = [PlayerFactory(group=group, name=n) for n in ["Nguyễn Thị Ánh", "Trần Thị Ánh"]]
    page = as_alice.get(reverse("player_edit", args=[group.pk, ann[0].pk])).content.decode()
    assert 'placeholder="Ánh N."' in page and "Empty: “Ánh N.”" in page


@pytest.mark.parametrize(
    "short,message",
    [
        ("x" * 13, "Keep the short name to 12 characters."),
        ("An\u200b", "A name cannot hold an invisible or control character (U+200B)."),
        ("BÉ", "Chi already goes by Bé."),
        ("dũng", "Dũng is the name of another player."),
    ],
)
def test_it_refuses_a_short_name_that_is_bad_or_taken(as_alice, group, players, short, message):
    players[2].short_name = "Bé"
    players[2].save()
    response = edit(as_alice, group, players[0], short_name=short)
    assert message in response.content.decode()
    players[0].refresh_from_db()
    assert players[0].short_name == ""


def test_an_empty_short_name_goes_back_to_the_derived_one(as_alice, group, players):
    players[0].short_name = "Anni"
    players[0].save()
    edit(as_alice, group, players[0], short_name="")
    players[0].refresh_from_db()
    assert players[0].short_name == ""


def test_the_group_page_lists_players_as_they_read(as_carol, group, alice):
    for name in ["Êm", "Nhung", "Đức", "Ánh", "Dũng", "Bình", "Nguyễn", "Anh"]:
        PlayerFactory(group=group, name=name)
    page = as_carol.get(reverse("group", args=[group.pk])).content.decode()
    listed = re.findall(r'/players/\d+/stats/">([^<]+)</a>', page)
    assert listed == ["Anh", "Ánh", "Bình", "Dũng", "Đức", "Êm", "Nguyễn", "Nhung"]


def test_seat_choices_on_a_start_form_are_alphabetical(as_bob, group, alice):
    for name in ["Müller", "Đức", "Mueller", "Dũng", "Muller"]:
        PlayerFactory(group=group, name=name)
    for view in ["tournament_new", "session_new"]:
        page = as_bob.get(reverse(view, args=[group.pk])).content.decode()
        seat = re.search(r'<select name="seat_0".*?</select>', page, flags=re.S).group()
        choices = re.findall(r'<option value="\d+">([^<]+)</option>', seat)
        assert choices == ["Dũng", "Đức", "Mueller", "Muller", "Müller"]


def test_member_removal_and_invite_revoke_take_two_taps(as_alice, group, alice, carol):
    invite = InviteFactory(group=group)
    remove = reverse("member_remove", args=[group.pk, carol.memberships.get().pk])
    revoke = reverse("invite_revoke", args=[group.pk, invite.pk])
    for page, url, ask in [
        (as_alice.get(reverse("group", args=[group.pk])), remove, "Remove carol"),
        (as_alice.get(reverse("invite_list", args=[group.pk])), revoke, "Revoke this invite"),
    ]:
        html = page.content.decode()
        confirm = re.search(rf'<details class="confirm">.*?action="{url}".*?</details>', html, re.S)
        assert confirm and f'<button class="danger wide">{ask}</button>' in confirm.group()
        assert 'name="csrfmiddlewaretoken"' in confirm.group()
    # The owner is offered no control to remove himself.
    own = reverse("member_remove", args=[group.pk, alice.memberships.get().pk])
    assert own not in as_alice.get(reverse("group", args=[group.pk])).content.decode()
    as_alice.post(revoke)
    as_alice.post(remove)
    invite.refresh_from_db()
    assert invite.revoked_at is not None and not group.memberships.filter(user=carol).exists()
