"""A page kept for offline reading follows the screen: the service worker puts each part the
page swapped in between that part's markers in the page as served (static/js/sw.js). So the
markers hold exactly what the server sends for the part."""

import re

import pytest
from django.urls import reverse

from tests.factories import pay
from tracker.catte import board as catte_board
from tracker.catte import rules as catte
from tracker.catte import services
from tracker.cutthroat import services as tournaments

# What differs at every render: the CSRF token, idempotency keys, the signed live address.
PER_RENDER = re.compile(r'(name="(?:csrfmiddlewaretoken|once)" value|data-live)="[^"]*"')


def between_markers(html: str, part: str) -> str:
    found = re.findall(rf"<!--kept-part:{part}-->(.*?)<!--/kept-part:{part}-->", html, re.S)
    assert len(found) == 1, f"{len(found)} places for {part}"
    return PER_RENDER.sub(r'\1="…"', found[0])


def sent_for(client, url: str, **headers) -> str:
    return PER_RENDER.sub(r'\1="…"', client.get(url, headers=headers).content.decode())


@pytest.fixture
def session(group, players, bob):
    session = services.logs.start(group, players, {"stake": "1.00"}, bob)
    services.rounds.record_round(catte_board.load(session), catte.Round(tricks=["Chi"] * 4), bob)
    return session


@pytest.fixture
def tournament(group, players, bob):
    return tournaments.start(group, players[:3], {"preset": "official"}, bob)


@pytest.mark.parametrize(
    "page", ["session", "session_table", "tournament", "tournament_table", "balances"]
)
def test_the_live_part_between_the_markers_is_what_htmx_gets(
    as_bob, bob, group, players, session, tournament, page
):
    pay(group, players[1], players[0], "3.00", bob)
    game = {"session": session, "tournament": tournament}.get(page.removesuffix("_table"))
    url = reverse(page, args=[group.pk] + ([game.pk] if game else []))
    page_html = as_bob.get(url).content.decode()
    assert between_markers(page_html, "entry") == sent_for(as_bob, url, **{"HX-Request": "true"})


def test_the_sheet_between_its_markers_is_what_the_phone_fetches_again(as_bob, group, session):
    page_html = as_bob.get(session.get_absolute_url()).content.decode()
    sheet = sent_for(as_bob, reverse("round_sheet", args=[group.pk, session.pk]))
    assert between_markers(page_html, "kept-sheet") == sheet
    assert 'id="kept-sheet"' in sheet and "data-round-sheet" in sheet


def test_a_tournaments_sheet_between_its_markers_is_what_the_phone_fetches_again(
    as_bob, group, tournament
):
    page_html = as_bob.get(tournament.get_absolute_url()).content.decode()
    sheet = sent_for(as_bob, reverse("tournament_sheet", args=[group.pk, tournament.pk]))
    assert between_markers(page_html, "kept-sheet") == sheet
    assert 'id="offline-tricks"' in sheet and 'id="offline-next-hand"' in sheet
