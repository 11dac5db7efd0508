"""The registry of games: every kind of game the GAMES setting names, each once, found by its
kind, its game, its log format or its model."""

import pytest
from django.core.exceptions import ImproperlyConfigured

from core import games
from tracker.catte.models import CatteSession
from tracker.cutthroat.models import Tournament
from tracker.sheets.models import Sheet

BOTH = ["tracker.cutthroat.game.CutthroatGame", "tracker.catte.game.CatteGame"]


@pytest.fixture
def registry_read_again():
    games._registry.cache_clear()
    yield
    games._registry.cache_clear()


def test_every_kind_is_found_by_its_kind_its_game_its_format_and_its_model():
    session, tournament = games.kind_named("session"), games.kind_named("tournament")
    assert [kind.game for kind in games.every_kind()] == ["cutthroat", "catte", "sheet"]
    assert games.game_named("catte") is session and games.format_named("catte-log/1") is session
    assert games.kind_of(CatteSession) is session and games.kind_of(Tournament()) is tournament
    assert games.format_named("sheet-log/1") is games.kind_named("sheet") is games.kind_of(Sheet)


def test_a_game_named_twice_is_refused(settings, registry_read_again):
    settings.GAMES = [*BOTH, "tracker.catte.game.CatteGame"]
    with pytest.raises(ImproperlyConfigured, match="already"):
        list(games.every_kind())


def test_a_model_that_is_no_game_is_not_found():
    with pytest.raises(LookupError):
        games.kind_of(games.GameKind)
