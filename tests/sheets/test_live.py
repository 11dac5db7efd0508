"""A score sheet on every phone: its page follows the sheet's version (the live check answers
the new version after a round), and its live part is rendered once per version for every
scorer who reads it, each with his own CSRF token and form."""

import re

import pytest
from django.core.cache import cache
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from core.models import Role
from tests.factories import MembershipFactory, UserFactory, fresh
from tracker.sheets import rules as sheet
from tracker.sheets import services
from tracker.sheets.board import load

HTMX = {"HX-Request": "true"}
LIVE = re.compile(r'data-live="([^"]+)" data-version="(\d+)"')


@pytest.fixture
def erin(group):
    return MembershipFactory(group=group, user=UserFactory(username="erin"), role=Role.SCORER).user


@pytest.fixture
def tien_len(group, players, bob):
    return services.start(group, players, {"stake": "1.00", "preset": "tien_len"}, bob)


def phone(user) -> Client:
    client = Client(enforce_csrf_checks=True)
    client.force_login(user)
    return client


def test_a_phone_on_the_sheet_is_told_of_a_round_saved_on_another(as_carol, tien_len, bob):
    address, version = LIVE.search(
        as_carol.get(tien_len.get_absolute_url()).content.decode()
    ).groups()
    assert as_carol.get(f"{address}?v={version}").status_code == 204
    services.record_round(load(tien_len), sheet.Round(places=["An", "Bình", "Chi", "Dũng"]), bob)
    answer = as_carol.get(f"{address}?v={version}")
    assert answer.status_code == 200 and answer.content == b"1"


def test_the_second_scorer_of_a_version_reads_the_live_part_without_a_render(tien_len, bob, erin):
    bobs, erins = phone(bob), phone(erin)
    bobs.get(tien_len.get_absolute_url(), headers=HTMX)
    erins.get(tien_len.get_absolute_url() + "?warm=1")
    with CaptureQueriesContext(connection) as shared:
        erins_part = erins.get(tien_len.get_absolute_url(), headers=HTMX).content.decode()
    cache.clear()
    with CaptureQueriesContext(connection) as rendered:
        erins.get(tien_len.get_absolute_url(), headers=HTMX)
    assert len(shared) < len(rendered)
    assert "Save round" in erins_part and 'name="csrfmiddlewaretoken"' in erins_part
    assert (
        erins.cookies["csrftoken"].value
        not in bobs.get(tien_len.get_absolute_url()).content.decode()
    )


def test_after_a_round_the_page_shows_the_new_version(as_bob, tien_len, bob):
    services.record_round(load(tien_len), sheet.Round(places=["An", "Bình", "Chi", "Dũng"]), bob)
    html = as_bob.get(fresh(tien_len).get_absolute_url(), headers=HTMX).content.decode()
    assert LIVE.search(html).group(2) == "1" and "Round 2" in html
