"""Every Cắt Tê URL: outsiders get 404, viewers get 403 on writes, wrong methods get 405."""

import pytest
from django.urls import reverse

from tests.factories import GroupFactory, PlayerFactory, fresh
from tracker.catte import board as catte_board
from tracker.catte import rules as catte
from tracker.catte import services
from tracker.catte.models import CatteSession, Round

# (url name, extra kwargs, method a viewer may use, method that writes, methods refused)
SESSION_URLS = [
    ("session_new", False, None, "post", ["put"]),
    ("session", True, "get", None, ["post"]),
    ("session_export", True, "get", None, ["post"]),
    ("session_summary", True, "get", None, ["post"]),
    ("round_entry", True, None, "post", ["get"]),
    ("round_edit", True, None, "post", ["put"]),
    ("round_undo", True, None, "post", ["get"]),
    ("session_close", True, None, "post", ["get"]),
]


@pytest.fixture
def session(group, alice, players):
    session = services.logs.start(group, players, {"stake": "1.00"}, alice)
    board = catte_board.load(fresh(session))
    services.rounds.record_round(board, catte.Round(tricks=["An"] * 4), alice)
    return session


def url_for(name, group, session, in_session):
    kwargs = {"pk": group.pk}
    if in_session:
        kwargs["session_pk"] = session.pk
    if name == "round_edit":
        kwargs["number"] = 1
    return reverse(name, kwargs=kwargs)


@pytest.mark.parametrize("name,in_session,read,write,refused", SESSION_URLS)
def test_an_outsider_gets_404_for_every_session_url(
    as_dave, group, session, name, in_session, read, write, refused
):
    url = url_for(name, group, session, in_session)
    for method in filter(None, [read, write]):
        assert getattr(as_dave, method)(url).status_code == 404
    assert Round.objects.count() == 1 and CatteSession.objects.count() == 1


@pytest.mark.parametrize("name,in_session,read,write,refused", SESSION_URLS)
def test_a_viewer_gets_403_for_every_write(
    as_carol, group, session, name, in_session, read, write, refused
):
    url = url_for(name, group, session, in_session)
    if write:
        data = {"version": 1, "number": 2, "taps": "t0 t0 t0 t0", "tap": "save"}
        assert getattr(as_carol, write)(url, data).status_code == 403
    if read:
        assert getattr(as_carol, read)(url).status_code == 200
    assert Round.objects.count() == 1 and CatteSession.objects.get().closed_at is None


@pytest.mark.parametrize("name,in_session,read,write,refused", SESSION_URLS)
def test_the_wrong_method_gets_405(
    as_alice, group, session, name, in_session, read, write, refused
):
    url = url_for(name, group, session, in_session)
    for method in refused:
        assert getattr(as_alice, method)(url).status_code == 405


def test_a_session_of_another_group_is_not_found_through_this_group(as_alice, group, alice):
    other = GroupFactory(name="Other table")
    seated = [PlayerFactory(group=other, name=name) for name in ["Xuân", "Yến", "Zoë"]]
    foreign = services.logs.start(other, seated, {"stake": "1.00"}, None)
    url = reverse("session", kwargs={"pk": group.pk, "session_pk": foreign.pk})
    assert as_alice.get(url).status_code == 404
