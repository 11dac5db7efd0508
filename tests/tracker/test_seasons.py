"""Seasons: owners name them on the seasons page, every member reads them, and the ratings page
shows a leaderboard for each.

The worked history of the history pages (tests/tracker/test_history_views.py): the Cutthroat
tournament is moved to 1 March 2025 and the Cắt Tê session to 1 March 2026.
"""

import re
from datetime import date

import pytest
from django.core.management import CommandError
from django.urls import reverse

from tests.conftest import client_for
from tests.factories import GroupFactory
from tests.page_forms import form_on, submit
from tests.tracker.test_history_views import page_text, worked_session, worked_tournament
from tests.tracker.test_ratings import closed, command_output, shown_row
from tracker.catte.models import CatteSession
from tracker.cutthroat.models import Tournament
from tracker.history import seasons
from tracker.models import Season


@pytest.fixture
def two_years(group, players, alice):
    tournament = worked_tournament(group, players, alice)
    session = closed(worked_session(group, players, alice), alice)
    Tournament.objects.filter(pk=tournament.pk).update(created_at="2025-03-01T20:00:00Z")
    CatteSession.objects.filter(pk=session.pk).update(created_at="2026-03-01T20:00:00Z")
    group.refresh_from_db()
    return tournament, session


def seasons_url(group) -> str:
    return reverse("seasons", args=[group.pk])


def ratings_url(group, season: str = "") -> str:
    return reverse("ratings", args=[group.pk]) + (f"?season={season}" if season else "")


def test_an_owner_names_a_season_with_the_form_as_the_page_draws_it(as_alice, group):
    form = form_on(as_alice.get(seasons_url(group)), text="Add season")
    response = submit(as_alice, form, name="Tết league", starts_on="2026-01-01",
                      ends_on="2026-03-31")  # fmt: skip
    assert response.status_code == 302
    season = Season.objects.get(group=group)
    assert (season.name, season.starts_on, season.ends_on) == (
        "Tết league", date(2026, 1, 1), date(2026, 3, 31))  # fmt: skip


def test_an_owner_removes_a_season_with_the_second_tap(as_alice, group):
    season = seasons.add_season(group, "Summer", date(2026, 6, 1), date(2026, 8, 31))
    remove = reverse("season_remove", args=[group.pk, season.pk])
    form = form_on(as_alice.get(seasons_url(group)), action=remove)
    assert submit(as_alice, form).status_code == 302
    assert not Season.objects.filter(group=group).exists()


def test_it_validates_the_name_and_the_days(as_alice, group):
    seasons.add_season(group, "Summer", date(2026, 6, 1), date(2026, 8, 31))
    for name, starts, ends, said in [
        ("Autumn", "2026-10-01", "2026-09-30", "A season ends on the day it starts or later."),
        ("summer", "2027-06-01", "2027-08-31", "summer is already a season of Friday table."),
        ("", "2026-01-01", "2026-01-31", "Give the season a name."),
        ("x" * 41, "2026-01-01", "2026-01-31", "Keep the name to 40 characters."),
        ("Spring", "2026-02-30", "2026-03-31", "A day such as 2026-03-01."),
        ("Spring", "", "2026-03-31", "Give the first day of the season."),
    ]:
        form = form_on(as_alice.get(seasons_url(group)), text="Add season")
        response = submit(as_alice, form, name=name, starts_on=starts, ends_on=ends)
        assert response.status_code == 200 and said in page_text(response), name
    assert list(Season.objects.values_list("name", flat=True)) == ["Summer"]


def test_a_viewer_and_a_scorer_read_the_seasons_but_cannot_add_one(client, group, bob, carol):
    seasons.add_season(group, "Summer", date(2026, 6, 1), date(2026, 8, 31))
    for user in (bob, carol):
        reader = client_for(client, user)
        response = reader.get(seasons_url(group))
        assert "Summer" in page_text(response) and "Add season" not in page_text(response)
        typed = {"name": "Mine", "starts_on": "2026-01-01", "ends_on": "2026-01-31"}
        assert reader.post(seasons_url(group), typed).status_code == 403
        season = Season.objects.get()
        remove = reverse("season_remove", args=[group.pk, season.pk])
        assert reader.post(remove).status_code == 403
    assert list(Season.objects.values_list("name", flat=True)) == ["Summer"]


def test_an_outsider_gets_404(as_dave, group):
    season = seasons.add_season(group, "Summer", date(2026, 6, 1), date(2026, 8, 31))
    remove = reverse("season_remove", args=[group.pk, season.pk])
    assert as_dave.get(seasons_url(group)).status_code == 404
    assert as_dave.post(seasons_url(group), {"name": "Mine"}).status_code == 404
    assert as_dave.post(remove).status_code == 404
    assert as_dave.get(ratings_url(group, "Summer")).status_code == 404
    assert Season.objects.count() == 1


def test_another_groups_season_cannot_be_removed(as_alice, group, alice):
    other = GroupFactory(name="Other table")
    theirs = seasons.add_season(other, "Summer", date(2026, 6, 1), date(2026, 8, 31))
    remove = reverse("season_remove", args=[group.pk, theirs.pk])
    assert as_alice.post(remove).status_code == 404
    assert Season.objects.filter(pk=theirs.pk).exists()


def test_it_requires_login(client, group):
    response = client.get(seasons_url(group))
    assert response.status_code == 302
    assert response["Location"].startswith(reverse("login"))


def test_without_named_seasons_the_page_offers_each_year_with_games(as_carol, group, two_years):
    text = page_text(as_carol.get(ratings_url(group)))
    assert "All time 2026 2025 About seasons" in text


def test_named_seasons_come_in_addition_to_the_years(as_carol, group, two_years):
    seasons.add_season(group, "Tết league", date(2026, 1, 1), date(2026, 3, 31))
    text = page_text(as_carol.get(ratings_url(group)))
    assert "All time Tết league 2026 2025 About seasons" in text


def test_a_season_named_after_a_year_is_offered_once(as_carol, group, two_years):
    seasons.add_season(group, "2026", date(2026, 1, 1), date(2026, 3, 31))
    text = page_text(as_carol.get(ratings_url(group)))
    assert "All time 2026 2025 About seasons" in text


def test_a_years_leaderboard_holds_only_that_years_games(as_carol, group, two_years):
    text = page_text(as_carol.get(ratings_url(group, "2025")))
    assert "Ratings · 2025" in text and "No closed session yet." in text
    assert "1. An provisional 4.6 2 games won 1 (50%)" in text


def test_a_named_seasons_leaderboard_holds_only_its_days(as_carol, group, two_years):
    seasons.add_season(group, "Tết league", date(2026, 1, 1), date(2026, 3, 1))
    text = page_text(as_carol.get(ratings_url(group, "t%E1%BA%BFt%20LEAGUE")))
    assert "No finished game yet." in text
    assert "1. An provisional 3.3 1 session won 1 (100%) longest winning streak 1 sweeps 2" in text


def test_a_season_nobody_named_is_404(as_carol, group, two_years):
    assert as_carol.get(ratings_url(group, "Winter")).status_code == 404


def test_the_command_agrees_with_the_page_for_a_season(as_carol, group, two_years):
    seasons.add_season(group, "Tết league", date(2026, 1, 1), date(2026, 3, 1))
    for season, game, unit in [("2025", "cutthroat", "games"), ("Tết league", "catte", "session")]:
        numbers = command_output("--group", group.name, "--season", season)
        assert numbers[game] and not numbers["cutthroat" if game == "catte" else "catte"]
        text = page_text(as_carol.get(ratings_url(group, season)))
        for place, row in enumerate(numbers[game], start=1):
            assert re.search(shown_row(place, row, unit), text), (season, row)


def test_the_command_refuses_a_season_it_cannot_find(group, two_years):
    with pytest.raises(CommandError, match="no season named 'Winter' in 'Friday table'"):
        command_output("--group", group.name, "--season", "Winter")
