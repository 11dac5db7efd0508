"""A fourth game is its own package plus its line in GAMES: high card (tests/high_card), a game
that lives in the tests, registered here with nothing else of the project changed, is started
from its page, plays rounds that are corrected, undone and closed through the recorder (its
history says so), posts to the ledger, which balances and says who owes whom, and goes through
its log and a backup as the other games do.

The worked table: An, Bình and Chi at 1.00 a round; An wins round 1, Chi round 2 (An +1.00,
Bình −2.00, Chi +1.00); a correction gives round 2 to Bình (An +1.00, Bình +1.00, Chi −2.00).
"""

import io
import json
import types
import zipfile
from decimal import Decimal

import pytest
from django.conf import settings
from django.test import override_settings
from django.urls import include, path, reverse

from cardtable import urls as project_urls  # first: it names the converter of ids
from core import games, recording
from core.models import Change, Restore
from ledger.balances import group_balances
from ledger.posting import total_of_group
from tests.backups import summary
from tests.factories import fresh
from tests.high_card import services
from tests.high_card.board import load
from tests.high_card.game import HighCardGame
from tests.high_card.models import HighCard
from tests.page_forms import form_on, submit
from tests.tracker.test_history_views import page_text
from tracker.gamelogs import restoring
from tracker.gamelogs.urls import export_views
from tracker.tableview.urls import table_views

HIGH_CARD = "tests.high_card.game.HighCardGame"


def project_with_high_card() -> types.ModuleType:
    """The project's addresses, read when it started, with high card's pages and its table view
    and log, as the project builds them for every game in GAMES."""
    project = types.ModuleType("project_with_high_card")
    project.urlpatterns = [
        path("groups/<id:pk>/", include("tests.high_card.urls")),
        path("groups/<id:pk>/", include(table_views())),
        path("groups/<id:pk>/", include(export_views())),
        *project_urls.urlpatterns,
    ]
    return project


@pytest.fixture(scope="module", autouse=True)
def high_card_registered():
    """High card in GAMES for this module's tests, before each test's recorder guard is set up,
    so the guard watches its tables too."""
    with override_settings(GAMES=[*settings.GAMES, HIGH_CARD]):
        games._registry.cache_clear()
        with override_settings(ROOT_URLCONF=project_with_high_card()):
            yield
    games._registry.cache_clear()


@pytest.fixture
def table(group, players, bob):
    return services.start(group, players[:3], Decimal("1.00"), bob)


def page_of(client, table):
    return client.get(table.get_absolute_url())


def win(client, table, winner: str):
    form = form_on(page_of(client, table), "/rounds/", "Save round")
    return submit(client, form, winner=winner)


def history_of(table) -> list[str]:
    changes = Change.objects.filter(game_kind="highcard", game_id=table.pk).order_by("pk")
    return list(changes.values_list("summary", flat=True))


def money_of(table) -> dict:
    return load(fresh(table)).state.money


def test_a_scorer_starts_a_table_from_its_page_as_the_page_draws_the_form(as_bob, group, players):
    form = form_on(as_bob.get(reverse("highcard_new", args=[group.pk])), text="Start the table")
    seats = {"seat_0": players[0].pk, "seat_1": players[1].pk, "seat_2": players[2].pk}
    response = submit(as_bob, form, stake="1.00", **seats)
    table = group.high_cards.get()
    assert response.status_code == 302 and response["Location"] == table.get_absolute_url()
    assert [seat.player.name for seat in table.seats.all()] == ["An", "Bình", "Chi"]
    assert history_of(table) == ["Started with An, Bình, Chi"]


def test_rounds_saved_on_the_page_move_the_money_through_the_recorder(as_bob, table):
    assert win(as_bob, table, "An").status_code == 302
    win(as_bob, table, "Chi")
    assert money_of(table) == {"An": 1, "Bình": -2, "Chi": 1}
    assert fresh(table).version == 2 and fresh(table).round_count == 2
    assert history_of(table)[1:] == ["Round 1: An wins", "Round 2: Chi wins"]


def test_the_same_round_sent_twice_is_recorded_once(as_bob, table):
    form = form_on(page_of(as_bob, table), "/rounds/", "Save round")
    submit(as_bob, form, winner="An")
    submit(as_bob, form, winner="An")
    assert money_of(table) == {"An": 2, "Bình": -1, "Chi": -1}
    assert "Already recorded from this phone" in page_text(page_of(as_bob, table))


def test_a_correction_rescores_the_round_and_its_money_follows(as_bob, table):
    win(as_bob, table, "An")
    win(as_bob, table, "Chi")
    edit = as_bob.get(reverse("highcard_round_edit", args=[table.group_id, table.pk, 2]))
    submit(as_bob, form_on(edit, text="Save the correction"), winner="Bình")
    assert money_of(table) == {"An": 1, "Bình": 1, "Chi": -2}
    assert history_of(table)[-1] == "Round 2 corrected: Bình wins"
    transfers = {(t.payer, t.payee, t.amount) for t in group_balances(table.group).transfers}
    assert transfers == {("Chi", "An", 1), ("Chi", "Bình", 1)}


def test_an_undo_takes_the_round_back_and_it_stays_in_the_history(as_bob, table):
    win(as_bob, table, "An")
    win(as_bob, table, "Chi")
    submit(as_bob, form_on(page_of(as_bob, table), "/undo/", "Yes, undo it"))
    assert money_of(table) == {"An": 2, "Bình": -1, "Chi": -1}
    assert history_of(table)[-1] == "Round 2 undone" and fresh(table).rounds.count() == 1
    assert "Round 2: Chi wins" in page_text(page_of(as_bob, table))


def test_a_closed_table_takes_no_more_rounds(as_bob, table):
    win(as_bob, table, "An")
    form = form_on(page_of(as_bob, table), "/rounds/", "Save round")
    submit(as_bob, form_on(page_of(as_bob, table), "/close/", "Yes, close it"))
    submit(as_bob, form, winner="Bình")
    assert fresh(table).is_closed and history_of(table)[-1] == "Closed after 1 round"
    assert money_of(table) == {"An": 2, "Bình": -1, "Chi": -1}
    text = page_text(page_of(as_bob, table))
    assert "Save round" not in text and "History of changes Closed after 1 round" in text


def test_the_ledger_balances_to_zero_and_says_who_owes_whom(as_bob, table, group):
    win(as_bob, table, "An")
    win(as_bob, table, "An")
    assert total_of_group(group) == 0
    text = page_text(as_bob.get(reverse("balances", args=[group.pk])))
    assert "Settle up with 2 transfers" in text
    assert "Bình → An €2.00" in text and "Chi → An €2.00" in text


def test_its_log_exports_and_imports_back_equal(as_bob, table, group):
    win(as_bob, table, "An")
    win(as_bob, table, "Chi")
    log = as_bob.get(reverse("highcard_export", args=[group.pk, table.pk])).json()
    form = form_on(as_bob.get(reverse("log_import", args=[group.pk])), text="Import")
    response = submit(as_bob, form, text=json.dumps(log))
    imported = group.high_cards.get(number=2)
    assert response["Location"] == imported.get_absolute_url()
    assert services.export_game(imported) == log == services.export_game(fresh(table))


def test_a_backup_restores_it_with_its_rounds_and_money(as_alice, table, group, empty, alice):
    services.record_round(load(table), "An", alice)
    services.close(load(fresh(table)), fresh(table).version, alice)
    backup = as_alice.get(reverse("group_backup", args=[group.pk])).content
    assert f"highcard-{table.pk}.json" in zipfile.ZipFile(io.BytesIO(backup)).namelist()
    restore = restoring.import_zip(empty, backup, alice)
    assert restore.state == Restore.State.DONE  # read back against the backup, and the same
    assert summary(empty) == summary(group)
    assert services.export_game(empty.high_cards.get()) == services.export_game(table)


def test_its_section_of_the_group_page_and_its_table_view(as_carol, table, group):
    services.record_round(load(table), "Chi", table.created_by)
    section = page_text(as_carol.get(group.get_absolute_url()))
    assert "High card High card 1 An, Bình, Chi · 1 rounds" in section
    screen = page_text(as_carol.get(reverse("highcard_table", args=[group.pk, table.pk])))
    assert "High card 1 · round 2" in screen and "Chi 2.00" in screen


def test_its_past_tables_are_on_the_history_pages_every_game_shares(as_carol, table, group):
    services.record_round(load(table), "Chi", table.created_by)
    listed = page_text(as_carol.get(reverse("history_highcards", args=[group.pk])))
    assert "High card 1: An -1.00, Bình -1.00, Chi 2.00" in listed
    one = page_text(as_carol.get(reverse("history_highcard", args=[group.pk, table.pk])))
    assert "High card 1 An -1.00 Bình -1.00 Chi 2.00" in one


def test_its_closed_tables_are_rated_by_the_money_they_paid(as_carol, table, group, bob):
    services.record_round(load(table), "Bình", bob)
    services.close(load(fresh(table)), fresh(table).version, bob)
    text = page_text(as_carol.get(reverse("ratings", args=[group.pk])))
    assert "High card 1. Bình provisional" in text


def test_rounds_written_in_bulk_are_replayed_once_and_the_ledger_caught_up(table, group):
    table.rounds.create(number=1, entry={"winner": 2})
    recording.catch_up(fresh(table))
    assert money_of(table) == {"An": -1, "Bình": -1, "Chi": 2} and total_of_group(group) == 0
    HighCard.objects.filter(pk=table.pk).update(state=None)
    assert money_of(table) == {"An": -1, "Bình": -1, "Chi": 2}
    assert fresh(table).state_version == fresh(table).version


def test_a_game_that_keeps_no_history_leaves_the_ratings_page_whole(as_carol, table, monkeypatch):
    monkeypatch.setattr(HighCardGame, "history", None)
    text = page_text(as_carol.get(reverse("ratings", args=[table.group_id])))
    assert "High card No finished game yet." in text
    settled = as_carol.get(reverse("balances_by_session", args=[table.group_id]))
    assert settled.status_code == 200
