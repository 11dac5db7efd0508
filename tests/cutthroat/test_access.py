"""Every Cutthroat URL: outsiders 404, viewers 403 on writes, wrong methods 405."""

import pytest
from django.urls import reverse

from tracker.cutthroat import services as tournaments

# (url name, extra kwargs, method a viewer may use, method that writes, methods refused)
TOURNAMENT_URLS = [
    ("tournament", {}, "get", None, ["post"]),
    ("hand_bids", {}, None, "post", ["get"]),
    ("hand_played", {}, None, "post", ["get"]),
    ("hand_edit", {"number": 1}, None, "post", ["put"]),
    ("hand_undo", {}, None, "post", ["get"]),
    ("tournament_export", {}, "get", None, ["post"]),
    ("tournament_sheet", {}, "get", None, ["post"]),
]


@pytest.fixture
def tournament(group, players, alice):
    return tournaments.start(group, players[:3], {"preset": "official"}, alice)


def url_for(name, tournament, extra):
    kwargs = {"pk": tournament.group_id, "tournament_pk": tournament.pk, **extra}
    return reverse(name, kwargs=kwargs)


@pytest.mark.parametrize("name,extra,read,write,refused", TOURNAMENT_URLS)
def test_an_outsider_gets_404(as_dave, tournament, name, extra, read, write, refused):
    for method in filter(None, [read, write]):
        assert getattr(as_dave, method)(url_for(name, tournament, extra)).status_code == 404


@pytest.mark.parametrize("name,extra,read,write,refused", TOURNAMENT_URLS)
def test_a_viewer_gets_403_on_writes(as_carol, tournament, name, extra, read, write, refused):
    url = url_for(name, tournament, extra)
    if write:
        assert getattr(as_carol, write)(url, {"bid_0": "3"}).status_code == 403
    if read:
        assert getattr(as_carol, read)(url).status_code == 200


@pytest.mark.parametrize("name,extra,read,write,refused", TOURNAMENT_URLS)
def test_the_wrong_method_gets_405(as_alice, tournament, name, extra, read, write, refused):
    for method in refused:
        assert getattr(as_alice, method)(url_for(name, tournament, extra)).status_code == 405


def test_a_tournament_of_another_group_is_404(as_alice, tournament, dave):
    from tests.factories import GroupFactory

    other = GroupFactory(name="Elsewhere")
    url = reverse("tournament", kwargs={"pk": other.pk, "tournament_pk": tournament.pk})
    assert as_alice.get(url).status_code == 404


@pytest.mark.parametrize("method", ["get", "post"])
def test_starting_a_tournament_needs_a_scorer(as_carol, group, method):
    url = reverse("tournament_new", args=[group.pk])
    assert getattr(as_carol, method)(url).status_code == 403


def test_an_outsider_cannot_start_a_tournament(as_dave, group):
    assert as_dave.get(reverse("tournament_new", args=[group.pk])).status_code == 404
