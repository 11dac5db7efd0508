"""Cutthroat's tournaments, seats and hands and Cắt Tê's sessions, seats and rounds moved from the
tracker app to an app of each game without moving a row: a database written before the move
reads the same after it, the history and the ledger still find the games they point at, and the
content types (the admin's log, permissions) follow the models."""

import pytest
from django.contrib.admin.models import CHANGE, LogEntry
from django.contrib.auth.models import User
from django.contrib.contenttypes.models import ContentType
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from basics.names import name_key
from core.models import Change
from ledger.models import Transaction
from tracker.catte.models import CatteSession, Round, SessionSeat
from tracker.cutthroat.models import Hand, Tournament, TournamentSeat

# A past migration replayed on an old database: make test and CI run it, make check does not.
pytestmark = pytest.mark.migration

BEFORE = [
    ("tracker", "0025_the_draft_says_who_changed_it_last"),
    ("core", "0002_a_players_name_is_unique_as_names_are_compared"),
    ("ledger", "0012_groups_and_players_are_the_core_apps"),
    ("sheets", "0003_listed_names_in_history_lines"),
]
MOVED = {
    "cutthroat": (Tournament, TournamentSeat, Hand),
    "catte": (CatteSession, SessionSeat, Round),
}
EVERY_MODEL = [model for models in MOVED.values() for model in models]


def back_before_the_move():
    """The database as it was before the move: the games' apps unapplied, the others before it."""
    executor = MigrationExecutor(connection)
    executor.migrate([("cutthroat", None), ("catte", None), *BEFORE])
    ContentType.objects.clear_cache()
    return executor.loader.project_state(BEFORE).apps


def forward():
    executor = MigrationExecutor(connection)
    executor.migrate(executor.loader.graph.leaf_nodes())
    ContentType.objects.clear_cache()


def rows_of(model) -> list[dict]:
    return list(model.objects.order_by("pk").values())


def write_thursday(apps) -> dict:
    """Thursday's table as a database before the move held it: a tournament with a hand, a
    session with a round, a change in each one's history and a transaction of each."""
    user = apps.get_model("auth", "User").objects.create(username="lan")
    group = apps.get_model("core", "Group").objects.create(name="Thursday", currency="EUR")
    players = [
        apps.get_model("core", "Player").objects.create(
            group=group, name=name, name_key=name_key(name)
        )
        for name in ("An", "Bình", "Chi")
    ]
    tournament = apps.get_model("tracker", "Tournament").objects.create(
        group=group, number=1, rules={"preset": "official"}, game_stake="2.50", created_by=user
    )
    session = apps.get_model("tracker", "CatteSession").objects.create(
        group=group, number=1, rules={"stake": "1.00"}, round_count=1, draft=["s0"]
    )
    for seat, player in enumerate(players):
        apps.get_model("tracker", "TournamentSeat").objects.create(
            tournament=tournament, player=player, seat=seat
        )
        apps.get_model("tracker", "SessionSeat").objects.create(
            session=session, player=player, seat=seat, joined_after_round=None
        )
    hand = apps.get_model("tracker", "Hand").objects.create(
        tournament=tournament, number=1, bids=[6, "NIL", 5], tricks=[7, 0, 6], entered_by=user
    )
    apps.get_model("tracker", "Round").objects.create(
        session=session, number=1, entry={"winner": 0, "takes": []}, result={"0": "2.00"}
    )
    changes = apps.get_model("core", "Change").objects
    changes.create(group=group, game_kind="tournament", game_id=tournament.pk, action="played")
    changes.create(group=group, game_kind="session", game_id=session.pk, action="round")
    transactions = apps.get_model("ledger", "Transaction").objects
    transactions.create(group=group, kind="game", description="Game 1", source_part=1,
                        source_type="cutthroat_game", source_id=tournament.pk)  # fmt: skip
    transactions.create(group=group, kind="round", description="Round 1", source_part=1,
                        source_type="catte_round", source_id=session.pk)  # fmt: skip
    return {"user": user, "tournament": tournament.pk, "session": session.pk, "hand": hand.pk}


@pytest.fixture
def before(transactional_db):
    apps = back_before_the_move()
    written = write_thursday(apps)
    types = apps.get_model("contenttypes", "ContentType").objects
    old_types = {
        model: types.get_or_create(app_label="tracker", model=model._meta.model_name)[0].pk
        for model in EVERY_MODEL
    }
    # Staff once looked at the hand in the admin, and Lan may look at tournaments there.
    # (The admin's log is no app the move depends on: its own model writes it, as it stands.)
    LogEntry.objects.create(
        user_id=written["user"].pk, content_type_id=old_types[Hand],
        object_id=str(written["hand"]), object_repr="Hand 1", action_flag=CHANGE,
    )  # fmt: skip
    permission = apps.get_model("auth", "Permission").objects.get_or_create(
        content_type_id=old_types[Tournament], codename="view_tournament"
    )[0]
    written["user"].user_permissions.add(permission)
    rows = {model: rows_of(apps.get_model("tracker", model.__name__)) for model in EVERY_MODEL}
    forward()
    return {**written, "types": old_types, "rows": rows}


def test_every_row_reads_the_same_through_the_games_apps(before):
    for model in EVERY_MODEL:
        assert rows_of(model) == before["rows"][model], model.__name__
    assert Tournament.objects.get().hands.get().bids == [6, "NIL", 5]
    session = CatteSession.objects.get()
    assert [seat.player.name for seat in session.seats.all()] == ["An", "Bình", "Chi"]
    assert (session.rounds.get().result, session.draft) == ({"0": "2.00"}, ["s0"])


def test_the_history_and_the_ledger_still_find_their_games(before):
    for kind, model in (("tournament", Tournament), ("session", CatteSession)):
        change = Change.objects.get(game_kind=kind)
        assert model.objects.get(pk=change.game_id).group == change.group
    game_stake = Transaction.objects.get(source_type="cutthroat_game")
    assert Tournament.objects.get(pk=game_stake.source_id).pk == before["tournament"]
    round_paid = Transaction.objects.get(source_type="catte_round")
    assert CatteSession.objects.get(pk=round_paid.source_id).pk == before["session"]


def test_new_rows_are_numbered_after_the_old_ones(before):
    tournament = Tournament.objects.get()
    hand = Hand.objects.create(tournament=tournament, number=2, bids=[5, 5, 3])
    assert hand.pk > before["hand"]
    session = CatteSession.objects.create(group=tournament.group, number=2)
    assert session.pk > before["session"]


def test_the_content_types_follow_the_models_into_their_apps(before):
    for app_label, models in MOVED.items():
        for model in models:
            content_type = ContentType.objects.get_for_model(model)
            assert (content_type.pk, content_type.app_label) == (before["types"][model], app_label)
    moved_names = [model._meta.model_name for model in EVERY_MODEL]
    assert not ContentType.objects.filter(app_label="tracker", model__in=moved_names).exists()


def test_the_admins_log_and_the_permissions_follow_them(before):
    assert LogEntry.objects.get().get_edited_object() == Hand.objects.get(pk=before["hand"])
    assert User.objects.get(username="lan").has_perm("cutthroat.view_tournament")


def test_the_move_goes_back(before):
    apps = back_before_the_move()
    hand = apps.get_model("tracker", "Hand").objects.get(pk=before["hand"])
    assert (hand.tournament.group.name, hand.tricks) == ("Thursday", [7, 0, 6])
    session = apps.get_model("tracker", "CatteSession").objects.get(pk=before["session"])
    assert session.rounds.get().number == 1
    for model in EVERY_MODEL:
        assert ContentType.objects.get(pk=before["types"][model]).app_label == "tracker"
    assert not ContentType.objects.filter(app_label__in=MOVED).exists()
    forward()
