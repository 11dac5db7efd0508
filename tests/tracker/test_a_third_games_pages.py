"""A game added to the registry is on the pages around the games with nothing of them changed:
its section of the group page (its games, the button to start one, its history and ratings),
its table view's and its log's addresses, the pages a phone keeps for reading offline, the group's
currency kept once it played for money, and the demo group."""

import json
import re
import types
from io import StringIO

import pytest
from django.core.management import call_command
from django.http import HttpResponse
from django.urls import include, path, reverse

from cardtable import urls as project_urls  # first: it names the converter of ids
from core import games
from core.models import Group
from core.models.games import Game
from tests.factories import fresh
from tracker.gamelogs.urls import export_views
from tracker.tableview.urls import table_views

ROW = '<li><a href="{{ game.get_absolute_url }}">{{ game }}</a> {{ game.points }} points</li>\n'


class ScorePad(Game):
    class Meta:
        abstract = True
        app_label = "tracker"


class Pad:
    """One of the group's score pads, as its section of the group page reads it."""

    def __init__(self, group, number: int, points: int):
        self.group, self.number, self.points = group, number, points

    def __str__(self) -> str:
        return f"Score pad {self.number}"

    def get_absolute_url(self) -> str:
        return reverse("pad", args=[self.group.pk, self.number])


def pad_page(request, pk, pad_pk):
    return HttpResponse(f"Score pad {pad_pk}")


urlpatterns = [  # the score pad's own pages
    path("pads/new/", pad_page, {"pad_pk": 0}, name="pad_new"),
    path("pads/<id:pad_pk>/", pad_page, name="pad"),
]


class ScorePadGame(games.GameKind):
    kind = game = "pad"
    model = ScorePad
    urls = __name__
    address = "pads"
    group_row_template = "pad/_group_row.html"
    new_url_name = "pad_new"
    kept_pages = ("pad", "pad_table")

    def name(self) -> str:
        return "Score pad"

    def group_heading(self) -> str:
        return "Score pads"

    def none_yet(self) -> str:
        return "No score pad yet."

    def new_label(self) -> str:
        return "New score pad"

    def latest_games(self, group) -> list[Pad]:
        return [Pad(group, 2, 40), Pad(group, 1, 25)]

    def played_for_money(self, group) -> bool:
        return True

    def demo(self, group, owner) -> Pad:
        return Pad(group, 1, 0)


@pytest.fixture
def with_score_pads(settings, tmp_path):
    (tmp_path / "pad").mkdir()
    (tmp_path / "pad" / "_group_row.html").write_text(ROW)
    settings.TEMPLATES = [
        {**settings.TEMPLATES[0], "DIRS": [*settings.TEMPLATES[0]["DIRS"], tmp_path]}
    ]
    settings.GAMES = [*settings.GAMES, f"{__name__}.ScorePadGame"]
    games._registry.cache_clear()
    # The project's addresses were read when it started: its own again, the score pad's
    # pages and every registered game's table view and log, now the score pad's too.
    project = types.ModuleType("project_with_score_pads")
    project.urlpatterns = [
        path("groups/<id:pk>/", include(__name__)),
        path("groups/<id:pk>/", include(table_views())),
        path("groups/<id:pk>/", include(export_views())),
        *project_urls.urlpatterns,
    ]
    settings.ROOT_URLCONF = project
    yield
    settings.GAMES = settings.GAMES[:-1]
    games._registry.cache_clear()


def kept_page(client):
    worker = client.get(reverse("service_worker")).content.decode()
    return re.compile(json.loads(re.search(r"var KEPT_PAGE = new RegExp\((.+)\);", worker)[1]))


def test_a_third_games_pages_and_table_view_are_kept_for_reading_offline(with_score_pads, client):
    pattern = kept_page(client)
    assert pattern.match("/groups/7/pads/11/") and pattern.match("/groups/7/pads/11/table/")
    assert pattern.match("/groups/7/sessions/11/table/") and pattern.match("/groups/7/balances/")
    assert not pattern.match("/groups/7/pads/new/")


def test_a_third_game_has_its_section_on_the_group_page(with_score_pads, as_bob, group):
    html = as_bob.get(group.get_absolute_url()).content.decode()
    section = html[html.index('<section class="card" id="pads">') :]
    section = section[: section.index("</section>")]
    assert "<h2" in section and "Score pads</h2>" in section
    first = f'<a href="/groups/{group.pk}/pads/2/">Score pad 2</a> 40 points'
    assert section.index(first) < section.index("Score pad 1</a> 25 points")
    assert f'href="/groups/{group.pk}/pads/new/">New score pad</a>' in section
    assert f'href="/groups/{group.pk}/ratings/#pad">Ratings</a>' in section
    assert html.index('id="sessions"') < html.index('id="pads"') < html.index('id="balances"')


def test_a_third_games_table_view_and_log_are_at_its_games_address(with_score_pads):
    assert reverse("pad_table", args=[7, 11]) == "/groups/7/pads/11/table/"
    assert reverse("pad_export", args=[7, 11]) == "/groups/7/pads/11/export/"


def test_a_third_game_played_for_money_keeps_the_groups_currency(with_score_pads, as_alice, group):
    response = as_alice.post(
        reverse("group_edit", args=[group.pk]), {"name": "X", "currency": "VND"}
    )
    assert "The currency stays EUR" in response.content.decode()
    assert fresh(group).currency == "EUR"


def test_a_viewer_sees_a_third_games_section_without_its_button(with_score_pads, as_carol, group):
    html = as_carol.get(group.get_absolute_url()).content.decode()
    assert "Score pad 2</a> 40 points" in html and "New score pad" not in html


def test_the_demo_group_has_a_game_of_a_third_kind(with_score_pads, db):
    out = StringIO()
    call_command("demo", stdout=out)
    group = Group.objects.get(name="Demo table")
    played = [group.tournaments.get(), group.sessions.get(), group.sheets.get()]
    games_added = f"{', '.join(map(str, played))} and Score pad 1"
    assert f"Created Demo table: {games_added}." in out.getvalue()
