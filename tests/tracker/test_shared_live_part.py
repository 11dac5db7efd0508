"""The live part of a game's page is rendered once per version for everyone who reads it; each
reader still gets his own CSRF token and idempotency keys, his role's forms and his messages."""

import re

import pytest
from django.core.cache import cache
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from core.models import Role
from core.web.shared_part import slot
from tests.factories import MembershipFactory, UserFactory, fresh
from tests.page_forms import form_on, forms_on, submit
from tracker.catte import services
from tracker.cutthroat import services as cutthroat

HTMX = {"HX-Request": "true"}
MESSAGE = re.compile(r'data-message[^>]*>\s*<p class="m-0">([^<]+)</p>')


@pytest.fixture
def erin(group):
    return MembershipFactory(group=group, user=UserFactory(username="erin"), role=Role.SCORER).user


@pytest.fixture
def session(group, players, bob):
    return services.logs.start(group, players, {"stake": "1.00", "side_pot_stake": "0.25"}, bob)


def phone(user) -> Client:
    client = Client(enforce_csrf_checks=True)
    client.force_login(user)
    return client


def page(group, session) -> str:
    return reverse("session", args=[group.pk, session.pk])


def test_the_second_scorer_of_a_version_reads_its_live_part_without_a_render(
    group, session, bob, erin
):
    bobs, erins = phone(bob), phone(erin)
    bobs.get(page(group, session), headers=HTMX)
    erins.get(reverse("home"))
    with CaptureQueriesContext(connection) as shared:
        erins.get(page(group, session), headers=HTMX)
    cache.clear()
    with CaptureQueriesContext(connection) as rendered:
        erins.get(page(group, session), headers=HTMX)
    assert len(shared) == 3 < len(rendered) - 3  # the login's session row, its user, the game


def test_a_form_from_a_shared_render_carries_its_readers_own_csrf_token_and_records(
    group, session, players, bob, erin
):
    phone(bob).get(page(group, session), headers=HTMX)
    erins = phone(erin)
    leaves = form_on(erins.get(page(group, session), headers=HTMX), "/leaves/", "Dũng")
    assert submit(erins, leaves).status_code == 302
    assert fresh(session).seats.get(player=players[3]).left_after_round == 0


def test_each_reader_gets_new_one_time_keys_and_no_slot(group, session, bob, erin):
    pages = [phone(user).get(page(group, session), headers=HTMX) for user in (bob, erin)]
    keys = [form.fields["once"] for one in pages for form in forms_on(one) if "once" in form.fields]
    assert len(keys) == len(set(keys)) >= 8
    assert not any(slot("once") in one.content.decode() for one in pages)
    assert not any(slot("csrf") in one.content.decode() for one in pages)


def test_a_double_tap_on_a_shared_render_leaves_once_and_tells_the_second_what_the_first_did(
    group, session, players, bob, erin
):
    phone(bob).get(page(group, session), headers=HTMX)
    erins = phone(erin)
    leaves = form_on(erins.get(page(group, session)), "/leaves/", "Dũng")
    submit(erins, leaves), submit(erins, leaves)
    told = MESSAGE.findall(erins.get(page(group, session)).content.decode())
    assert told == ["Dũng left: every new round starts without this player."]
    assert fresh(session).version == 1


def test_a_viewer_reads_no_scorers_form_after_a_scorer_read_the_same_version(
    group, session, bob, carol
):
    phone(bob).get(page(group, session), headers=HTMX)
    viewers = phone(carol).get(page(group, session), headers=HTMX)
    assert forms_on(viewers) == []
    assert "Save round" not in viewers.content.decode()


def test_a_message_beside_the_seating_stays_with_the_phone_it_was_for(group, session, bob, erin):
    bobs, erins = phone(bob), phone(erin)
    submit(bobs, form_on(bobs.get(page(group, session)), "/leaves/", "Dũng"))
    assert (
        "Dũng left: every new round"
        not in erins.get(page(group, session), headers=HTMX).content.decode()
    )
    assert (
        "Dũng left: every new round"
        in bobs.get(page(group, session), headers=HTMX).content.decode()
    )
    assert (
        "Dũng left: every new round"
        not in erins.get(page(group, session), headers=HTMX).content.decode()
    )


def test_a_reader_in_another_language_reads_his_own_words(group, session, bob, erin):
    phone(bob).get(page(group, session), headers={**HTMX, "Accept-Language": "en"})
    vietnamese = phone(erin).get(page(group, session), headers={**HTMX, "Accept-Language": "vi"})
    assert "Save round" not in vietnamese.content.decode()
    assert "Lưu ván" in vietnamese.content.decode()


def test_a_tournament_form_from_a_shared_render_records_the_bids(group, players, bob, erin):
    tournament = cutthroat.start(group, players[:3], {"preset": "official"}, bob)
    url = reverse("tournament", args=[group.pk, tournament.pk])
    phone(bob).get(url, headers=HTMX)
    erins = phone(erin)
    bids = form_on(erins.get(url, headers=HTMX), "/bids/")
    assert submit(erins, bids, bid_0=4, bid_1=3, bid_2=5).status_code == 302
    assert tournament.hands.get().bids == [4, 3, 5]


def test_a_taps_answer_is_the_render_the_other_phones_then_read(group, session, bob, erin):
    bobs, erins = phone(bob), phone(erin)
    erins.get(reverse("home"))
    entry = form_on(bobs.get(page(group, session), headers=HTMX), "/round/")
    answer = submit(bobs, entry, button="t0", headers=HTMX)
    with CaptureQueriesContext(connection) as read:
        other = erins.get(page(group, session), headers=HTMX)
    assert len(read) == 3  # the login's session row, its user, the game
    assert 'data-version="1"' in answer.content.decode()
    assert 'data-version="1"' in other.content.decode()


def test_a_live_refresh_names_the_round_sheet_without_carrying_it(group, session, bob):
    bobs = phone(bob)
    whole = bobs.get(page(group, session)).content.decode()
    refreshed = bobs.get(page(group, session), headers=HTMX).content.decode()
    held = re.search(r'<div id="kept-sheet" data-key="([^"]+)">', whole)
    named = re.search(r'data-kept-sheet="([^"]+)" data-key="([^"]+)"', refreshed)
    assert held and named and held[1] == named[2]
    assert 'id="offline-round"' in whole.split('id="entry"')[1].split('id="kept-sheet"')[1]
    assert 'id="offline-round"' not in refreshed
    fetched = bobs.get(named[1]).content.decode()
    assert fetched.strip().startswith(held[0]) and fetched.strip() in whole


def test_the_sheet_is_named_anew_when_a_player_leaves(group, session, players, bob):
    bobs = phone(bob)
    before = re.search(
        r'data-key="([^"]+)"', bobs.get(page(group, session), headers=HTMX).content.decode()
    )
    submit(bobs, form_on(bobs.get(page(group, session)), "/leaves/", "Dũng"))
    after = bobs.get(page(group, session), headers=HTMX).content.decode()
    assert re.search(r'data-kept-sheet="[^"]+" data-key="([^"]+)"', after)[1] != before[1]
