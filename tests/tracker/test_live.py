"""Every phone follows the game: a signed address answers "unchanged" (204) in one query."""

import re

from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from core.live import live_token
from tests.factories import closed_evening
from tracker.catte import board as catte_board
from tracker.catte import rules as catte
from tracker.catte import services
from tracker.cutthroat import services as cutthroat_services


def live_url_of(page: str) -> tuple[str, str]:
    found = re.search(r'data-live="([^"]+)" data-version="(\d+)"', page)
    return found.group(1), found.group(2)


def test_a_session_page_says_where_to_ask_and_at_which_version(as_carol, group, players, bob):
    session = services.logs.start(group, players, {"stake": "1.00"}, bob)
    url, version = live_url_of(as_carol.get(session.get_absolute_url()).content.decode())
    assert url.startswith("/live/") and version == "0"


def test_unchanged_is_204_in_one_query_and_without_a_login(client, group, players, bob):
    session = services.logs.start(group, players, {"stake": "1.00"}, bob)
    url = reverse("live", args=[live_token("session", session.pk)])
    with CaptureQueriesContext(connection) as queries:
        response = client.get(url, {"v": "0"})
    assert response.status_code == 204 and len(queries) == 1


def test_a_saved_round_answers_the_new_version(client, group, players, bob):
    session = services.logs.start(group, players, {"stake": "1.00"}, bob)
    services.rounds.record_round(catte_board.load(session), catte.Round(tricks=["An"] * 4), bob)
    response = client.get(reverse("live", args=[live_token("session", session.pk)]), {"v": "0"})
    assert response.status_code == 200 and response.content == b"1"


def test_a_forged_token_is_404(client, group):
    forged = live_token("group", group.pk)[:-3] + "abc"
    assert client.get(reverse("live", args=[forged]), {"v": "0"}).status_code == 404


def test_the_group_page_and_its_balances_follow_the_group(as_carol, group):
    page = as_carol.get(reverse("balances", args=[group.pk])).content.decode()
    assert live_url_of(page)[1] == str(group.version)
    fragment = as_carol.get(group.get_absolute_url(), HTTP_HX_REQUEST="true")
    assert fragment.content.decode().startswith('<div id="entry">')
    assert "HX-Request" in fragment["Vary"]


def evening_with_a_round_being_entered(group, players, bob):
    """A closed session with rounds, a player who left and a side pot, and a tournament: their
    pages' versions are far from their groups' and from each other's counters."""
    session = closed_evening(group, players, bob)
    tournament = cutthroat_services.start(group, players[:3], {"preset": "official"}, bob)
    return session, tournament


def test_every_live_page_carries_the_version_its_check_answers(as_carol, group, players, bob):
    session, tournament = evening_with_a_round_being_entered(group, players, bob)
    pages = [
        session.get_absolute_url(),
        reverse("session_table", args=[group.pk, session.pk]),
        tournament.get_absolute_url(),
        reverse("tournament_table", args=[group.pk, tournament.pk]),
        group.get_absolute_url(),
        reverse("balances", args=[group.pk]),
        reverse("statement", args=[group.pk, players[0].pk]),
    ]
    for page in pages:
        for headers in ({}, {"HX-Request": "true"}):
            url, version = live_url_of(as_carol.get(page, headers=headers).content.decode())
            assert as_carol.get(url, {"v": version}).status_code == 204, page
