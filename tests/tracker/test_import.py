import json
import unicodedata
from pathlib import Path

from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from core.models import Player
from tracker.cutthroat import services as tournaments
from tracker.cutthroat.models import Tournament
from tracker.gamelogs import registry as logs

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def case(name):
    return (EXAMPLES / f"{name}.json").read_text()


def upload(text):
    return SimpleUploadedFile("log.json", text.encode(), content_type="application/json")


def test_an_imported_tournament_shows_the_replayed_numbers(as_alice, group):
    url = reverse("log_import", args=[group.pk])
    as_alice.post(url, {"file": upload(case("cutthroat-bids")), "create_missing": "on"})
    board = tournaments.load(Tournament.objects.get())
    expected = json.loads((EXAMPLES / "cutthroat-bids.expected.json").read_text())
    assert board.standings.totals == expected["games"][0]["hands"][-1]["totals"]


def test_missing_players_are_offered_to_an_owner_and_nothing_is_created(as_alice, group, players):
    url = reverse("log_import", args=[group.pk])
    response = as_alice.post(url, {"text": case("cutthroat-tournament")})
    page = response.content.decode()
    assert "Ana, Ben, Cem" in page and 'name="create_missing"' in page
    assert not Tournament.objects.exists() and group.players.count() == 4


def test_players_are_matched_by_name(as_bob, group, players):
    as_bob.post(reverse("log_import", args=[group.pk]), {"text": case("cutthroat-bids")})
    tournament = Tournament.objects.get()
    assert [s.player for s in tournament.seats.all()] == players[:3]


def test_players_are_matched_whatever_the_case_or_the_encoding_of_the_accents(
    as_bob, group, players
):
    decomposed = unicodedata.normalize("NFD", "Bình")
    text = case("cutthroat-bids").replace('"An"', '"AN"').replace('"Bình"', f'"{decomposed}"')
    as_bob.post(reverse("log_import", args=[group.pk]), {"text": text})
    tournament = Tournament.objects.get()
    assert [s.player for s in tournament.seats.all()] == players[:3]
    assert group.players.count() == 4


def test_a_scorer_is_not_offered_to_add_players(as_bob, group):
    page = as_bob.get(reverse("log_import", args=[group.pk])).content.decode()
    assert 'name="create_missing"' not in page


def test_a_bad_log_is_refused_with_the_replay_message(as_bob, group, players):
    log = json.loads(case("cutthroat-bids"))
    log["games"][0]["hands"][3]["tricks"]["Chi"] = 13
    response = as_bob.post(reverse("log_import", args=[group.pk]), {"text": json.dumps(log)})
    assert "game 1 hand 4: tricks add up to 16, not 17" in response.content.decode()
    assert not Tournament.objects.exists()


def test_broken_json_is_refused(as_bob, group):
    response = as_bob.post(reverse("log_import", args=[group.pk]), {"text": "{nope"})
    assert "log: not valid JSON" in response.content.decode()
    assert not Tournament.objects.exists() and not Player.objects.exists()


def test_export_then_import_gives_the_same_result(as_bob, group, players):
    as_bob.post(reverse("log_import", args=[group.pk]), {"text": case("cutthroat-bids")})
    first = Tournament.objects.get()
    url = reverse("tournament_export", kwargs={"pk": group.pk, "tournament_pk": first.pk})
    exported = as_bob.get(url).content.decode()
    as_bob.post(reverse("log_import", args=[group.pk]), {"text": exported})
    second = Tournament.objects.exclude(pk=first.pk).get()
    assert logs.replay(logs.export(second)) == logs.replay(json.loads(case("cutthroat-bids")))


def test_importing_needs_a_scorer(as_carol, group):
    assert as_carol.get(reverse("log_import", args=[group.pk])).status_code == 403


def test_an_outsider_cannot_import(as_dave, group):
    response = as_dave.post(reverse("log_import", args=[group.pk]), {"text": "{}"})
    assert response.status_code == 404


def test_import_refuses_other_methods(as_alice, group):
    assert as_alice.put(reverse("log_import", args=[group.pk])).status_code == 405
