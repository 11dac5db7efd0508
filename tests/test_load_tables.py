"""The load benchmark's tables (bench/table_load.py, bench/locustfile.py) still speak the pages'
language: a phone reads its "changed?" address or its stream from the page, a scorer saves a
hand and a round through the forms the page shows. No load: Django's test client plays the
server, and the ASGI application the streams (tests/live_streams.py)."""

import subprocess
from pathlib import Path

import pytest
from django.test import Client

from bench import history
from bench.table_load import Phone, Scorer, StreamingPhone
from core.web import live_stream, stream_part
from tests.live_streams import first_pieces
from tracker.catte.models import Round
from tracker.cutthroat.models import Hand

ROOT = Path(__file__).resolve().parent.parent
LOAD_PYTHON = ROOT / ".venv-load" / "bin" / "python"  # make load installs locust there


class PagesClient:
    """The table's client interface over Django's test client."""

    def __init__(self, client):
        self.client, self.asked = client, []

    def get(self, path, name, htmx=False, logged_in=True):
        self.asked.append(name)
        client = self.client if logged_in else Client()
        response = client.get(path, headers={"HX-Request": "true"} if htmx else {})
        assert response.status_code in (200, 204), (name, response.status_code)
        return response.content.decode()

    def post(self, path, data, name):
        self.asked.append(name)
        response = self.client.post(path, data, headers={"HX-Request": "true"})
        assert response.status_code == 200, (name, response.status_code)
        return response.content.decode()

    def shown(self, seconds):
        self.asked.append("shown")

    def stream(self, path, name):
        """The stream's first two pieces: its retry hint, then an event or a "still here"."""
        self.asked.append(name)
        cookies = "; ".join(f"{name}={c.value}" for name, c in self.client.cookies.items())
        status, said = first_pieces(path, 2, {"Cookie": cookies})
        assert status in (200, 204), (name, status)
        return "".join(said).splitlines(keepends=True) if status == 200 else None


@pytest.fixture
def table(client, alice):
    group, players = history.make_group("Table 1", alice)
    client.force_login(alice)
    return PagesClient(client), *history.make_history(group, alice, players, 0, 0)


def test_a_scorer_saves_a_hand_through_the_tournament_page_forms(table):
    client, tournament, _ = table
    scorer = Scorer(client, "cutthroat", tournament.get_absolute_url())
    assert scorer.save() == 1
    assert scorer.save() == 2
    assert Hand.objects.filter(tournament=tournament, tricks__isnull=False).count() == 2


def test_a_scorer_saves_a_round_tap_by_tap_through_the_session_page_forms(table):
    client, _, session = table
    scorer = Scorer(client, "catte", session.get_absolute_url(), sleep=lambda seconds: None)
    assert scorer.save() == 1
    assert Round.objects.filter(session=session).count() == 1


def test_a_phone_fetches_the_live_part_only_when_the_game_changed(table):
    client, tournament, _ = table
    phone = Phone(client, tournament.get_absolute_url())
    assert phone.ask() is False
    Scorer(client, "cutthroat", tournament.get_absolute_url()).save()
    assert phone.ask() is True
    assert phone.ask() is False


@pytest.mark.django_db(transaction=True)  # the stream reads on threads of its own
def test_a_streaming_phone_takes_the_live_part_from_its_stream(table):
    client, tournament, _ = table
    phone = StreamingPhone(client, tournament.get_absolute_url())
    Scorer(client, "cutthroat", tournament.get_absolute_url()).save()
    client.asked.clear()
    assert phone.follow() is True
    assert client.asked == ["stream"]  # a save made before it opened: caught up, not timed
    assert phone.version == "3"


@pytest.mark.django_db(transaction=True)
def test_a_streaming_phone_fetches_the_live_part_when_the_version_comes_alone(table, monkeypatch):
    monkeypatch.setattr(stream_part, "MOST_BYTES", 100)  # no part is sent: each is larger
    client, tournament, _ = table
    phone = StreamingPhone(client, tournament.get_absolute_url())
    Scorer(client, "cutthroat", tournament.get_absolute_url()).save()
    client.asked.clear()
    assert phone.follow() is True
    assert client.asked == ["stream", "live part"]
    assert phone.version == "3"


@pytest.mark.django_db(transaction=True)
def test_an_idle_streaming_phone_asks_nothing_while_its_stream_holds(table, monkeypatch):
    monkeypatch.setattr(live_stream, "KEEP_ALIVE", 0.1)
    client, tournament, _ = table
    phone = StreamingPhone(client, tournament.get_absolute_url())
    client.asked.clear()
    assert phone.follow() is True
    assert client.asked == ["stream"]


@pytest.mark.skipif(not LOAD_PYTHON.exists(), reason="locust is installed by make load")
def test_the_locust_file_imports_with_its_five_kinds_of_user():
    shown = (
        "import bench.locustfile as f;"
        "print(*(user.__name__ for user in f.FastHttpUser.__subclasses__()))"
    )
    done = subprocess.run([LOAD_PYTHON, "-c", shown], cwd=ROOT, capture_output=True, text=True)
    users = ["TablePhones", "StreamingTablePhones", "OneTokenStreams", "Visitor", "TableScorer"]
    assert done.stdout.split() == users, done.stderr
