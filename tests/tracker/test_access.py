"""Every group URL: outsiders get 404, viewers get 403 on writes, wrong methods get 405."""

import pytest
from django.urls import reverse

from core.models import Membership
from tests.factories import InviteFactory, PlayerFactory

# (url name, extra kwargs factory, method a viewer may use, method that writes, methods refused)
GROUP_URLS = [
    ("group", lambda g, a: {}, "get", None, ["post"]),
    ("group_edit", lambda g, a: {}, None, "post", ["put"]),
    ("player_add", lambda g, a: {}, None, "post", ["get"]),
    (
        "player_edit",
        lambda g, a: {"player_pk": PlayerFactory(group=g, name="Zoë").pk},
        None,
        "post",
        ["put"],
    ),
    (
        "member_role",
        lambda g, a: {"member_pk": Membership.objects.get(user=a).pk},
        None,
        "post",
        ["get"],
    ),
    (
        "member_remove",
        lambda g, a: {"member_pk": Membership.objects.get(user=a).pk},
        None,
        "post",
        ["get"],
    ),
    ("invite_list", lambda g, a: {}, None, "post", ["put"]),
    (
        "invite_revoke",
        lambda g, a: {"invite_pk": InviteFactory(group=g).pk},
        None,
        "post",
        ["get"],
    ),
]


def url_for(name, group, alice, extra):
    return reverse(name, kwargs={"pk": group.pk, **extra(group, alice)})


@pytest.mark.parametrize("name,extra,read,write,refused", GROUP_URLS)
def test_an_outsider_gets_404_for_every_group_url(
    as_dave, group, alice, name, extra, read, write, refused
):
    url = url_for(name, group, alice, extra)
    for method in filter(None, [read, write]):
        assert getattr(as_dave, method)(url).status_code == 404


@pytest.mark.parametrize("name,extra,read,write,refused", GROUP_URLS)
def test_a_viewer_gets_403_for_every_write(
    as_carol, group, alice, name, extra, read, write, refused
):
    url = url_for(name, group, alice, extra)
    if write:
        assert getattr(as_carol, write)(url, {"name": "X", "role": "owner"}).status_code == 403
    if read:
        assert getattr(as_carol, read)(url).status_code == 200


@pytest.mark.parametrize("name,extra,read,write,refused", GROUP_URLS)
def test_the_wrong_method_gets_405(as_alice, group, alice, name, extra, read, write, refused):
    url = url_for(name, group, alice, extra)
    for method in refused:
        assert getattr(as_alice, method)(url).status_code == 405


def test_a_scorer_cannot_manage_the_group(as_bob, group):
    response = as_bob.post(reverse("player_add", args=[group.pk]), {"name": "Hoa"})
    assert response.status_code == 403
    assert not group.players.filter(name="Hoa").exists()


def test_an_anonymous_visitor_is_sent_to_log_in(client, group):
    response = client.get(reverse("group", args=[group.pk]))
    assert response.status_code == 302
    assert response["Location"].startswith(reverse("login"))


def test_a_missing_group_looks_the_same_as_a_foreign_one(as_dave, group):
    assert as_dave.get(reverse("group", args=[group.pk + 1000])).status_code == 404
