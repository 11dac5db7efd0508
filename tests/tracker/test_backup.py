from datetime import date
from decimal import Decimal

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from basics.errors import RulesError
from core.models import Change, Role
from tests.backups import played_everything, summary
from tests.factories import GroupFactory, MembershipFactory, PlayerFactory, fresh, pay
from tracker.catte import board as catte_board
from tracker.catte import rules as catte
from tracker.catte import services
from tracker.catte.models import SessionSeat
from tracker.cutthroat import services as tournaments
from tracker.gamelogs import backup, restoring
from tracker.history import seasons


@pytest.fixture
def played_group(group, players, alice):
    return played_everything(group, players, alice)


def test_a_backup_restores_into_an_empty_group_with_identical_balances(played_group, alice):
    data = backup.export_zip(played_group)
    empty = GroupFactory(name="Restored", currency="EUR")
    restoring.import_zip(empty, data, alice)
    assert summary(empty) == summary(played_group)
    assert empty.sessions.filter(closed_at__isnull=True).count() == 1
    assert empty.tournaments.get().game_stake == Decimal("2.00")


def test_a_backup_is_refused_by_a_group_that_has_played(played_group, alice):
    data = backup.export_zip(played_group)
    with pytest.raises(backup.RulesError, match="played nothing yet"):
        restoring.import_zip(played_group, data, alice)


def test_the_owner_downloads_and_restores_through_the_pages(as_alice, played_group, alice):
    data = as_alice.get(reverse("group_backup", args=[played_group.pk])).content
    empty = GroupFactory(name="Restored", currency="EUR")
    MembershipFactory(group=empty, user=alice, role=Role.OWNER)
    upload = SimpleUploadedFile("backup.zip", data, content_type="application/zip")
    response = as_alice.post(reverse("group_restore", args=[empty.pk]), {"file": upload})
    assert response.status_code == 302
    assert summary(empty) == summary(played_group)


def test_a_file_that_is_not_a_backup_is_refused(as_alice, group):
    upload = SimpleUploadedFile("backup.zip", b"not a zip", content_type="application/zip")
    response = as_alice.post(reverse("group_restore", args=[group.pk]), {"file": upload})
    assert "backup: not a backup of this app" in response.content.decode()


def test_only_an_owner_restores(as_bob, group):
    assert as_bob.get(reverse("group_restore", args=[group.pk])).status_code == 403


def test_an_outsider_gets_404_for_backup_and_restore(as_dave, group):
    assert as_dave.get(reverse("group_backup", args=[group.pk])).status_code == 404
    assert as_dave.get(reverse("group_restore", args=[group.pk])).status_code == 404


def test_backup_and_restore_refuse_other_methods(as_alice, group):
    assert as_alice.post(reverse("group_backup", args=[group.pk])).status_code == 405
    assert as_alice.put(reverse("group_restore", args=[group.pk])).status_code == 405


def test_a_backup_in_a_currency_without_cents_restores_its_stakes_and_payments(alice):
    dong = GroupFactory(name="Tết", currency="VND")
    an, binh, chi = (PlayerFactory(group=dong, name=name) for name in ("An", "Bình", "Chi"))
    money = {"game_stake": Decimal("5000"), "buy_in": Decimal("20000")}
    rules = {"preset": "official", "target": 100, "wins_needed": 1}
    tournaments.start(dong, [an, binh, chi], rules, alice, money_rules=money)
    pay(dong, an, chi, Decimal("15000"), alice, "tiền mặt")
    empty = GroupFactory(name="Restored", currency="VND")
    restoring.import_zip(empty, backup.export_zip(dong), alice)
    assert empty.tournaments.get().buy_in == Decimal("20000")
    assert summary(empty) == summary(dong)


def test_a_backup_names_its_players_whatever_their_case(played_group, alice):
    manifest, logs = backup.read_zip(backup.export_zip(played_group))
    manifest["players"] = [name.upper() for name in manifest["players"]]
    empty = GroupFactory(name="Restored", currency="EUR")
    restoring.restore(empty, (manifest, logs), alice)
    assert sorted(empty.players.values_list("name", flat=True)) == ["AN", "BÌNH", "CHI", "DŨNG"]
    rows = {name.upper(): row for name, row in summary(played_group)[0].items()}
    assert summary(empty)[0] == rows


def an_evening_chi_left_after_round_1(group, players, alice):
    session = services.logs.start(group, players, {"stake": "1.00"}, alice)
    round_ = catte.Round(tricks=["An"] * 4)
    services.rounds.record_round(catte_board.load(fresh(session)), round_, alice)
    board = catte_board.load(fresh(session))
    services.seating.leave(board, players[2].pk, board.session.version, alice)
    absent = catte.Round(tricks=["Bình"] * 4, absent=["Chi"])
    services.rounds.record_round(catte_board.load(fresh(session)), absent, alice)
    return session


def test_a_backup_keeps_who_has_left_an_open_session(group, players, alice):
    an_evening_chi_left_after_round_1(group, players, alice)
    empty = GroupFactory(name="Restored", currency="EUR")
    restoring.import_zip(empty, backup.export_zip(group), alice)
    seat = SessionSeat.objects.get(session__group=empty, player__name="Chi")
    assert seat.left_after_round == 1
    assert Change.objects.get(group=empty, action="leave").summary == ("Chi left before round 2")


def test_a_backup_names_who_left_in_its_manifest(group, players, alice):
    an_evening_chi_left_after_round_1(group, players, alice)
    manifest, _logs = backup.read_zip(backup.export_zip(group))
    assert manifest["logs"][0]["left"] == {"Chi": 1}


@pytest.mark.parametrize(
    ("left", "refusal"),
    [
        ({"Chi": "one"}, "left: 'Chi' must have the number of a round"),
        ({"Chi": 5}, "Chi cannot have left after round 5 of 2"),
        ({"Emil": 1}, "left: 'Emil' does not sit at this open session"),
        (["Chi"], "left must name at most"),
    ],
)
def test_a_backup_that_says_a_wrong_leave_is_refused(group, players, alice, left, refusal):
    an_evening_chi_left_after_round_1(group, players, alice)
    manifest, logs = backup.read_zip(backup.export_zip(group))
    manifest["logs"][0]["left"] = left
    empty = GroupFactory(name="Restored", currency="EUR")
    with pytest.raises(RulesError, match=refusal):
        backup.check_manifest(manifest)
        restoring.restore(empty, (manifest, logs), alice)
    assert not empty.sessions.exists()


def test_a_backup_keeps_the_players_short_names(group, players, alice):
    players[1].short_name = "Bé"
    players[1].save()
    empty = GroupFactory(name="Restored", currency="EUR")
    restoring.import_zip(empty, backup.export_zip(group), alice)
    assert empty.players.get(name="Bình").short_name == "Bé"
    assert empty.players.get(name="An").short_name == ""


@pytest.mark.parametrize(
    ("shorts", "refusal"),
    [
        ({"Bình": "an"}, "backup: short_names: Bình: an is the name of another player"),
        ({"Bình": "Bé", "Chi": "BÉ"}, "backup: short_names: Bình: Chi already goes by BÉ"),
        ({"Emil": "Em"}, "backup: short_names: 'Emil' is not one of the backup's players"),
        ({"Bình": "x" * 13}, "a name has at most 12 characters, not 13"),
        (["Bé"], "must give players' names their short names"),
    ],
)
def test_a_backup_with_a_short_name_a_form_would_refuse_is_refused(group, players, shorts, refusal):
    manifest, _logs = backup.read_zip(backup.export_zip(group))
    manifest["short_names"] = shorts
    with pytest.raises(RulesError, match=refusal):
        backup.check_manifest(manifest)


def test_a_short_name_taken_by_a_player_of_the_group_is_refused_on_restore(group, players, alice):
    players[1].short_name = "Bé"
    players[1].save()
    empty = GroupFactory(name="Restored", currency="EUR")
    PlayerFactory(group=empty, name="Emil", short_name="bé")
    with pytest.raises(RulesError, match="Emil already goes by bé"):
        restoring.import_zip(empty, backup.export_zip(group), alice)
    assert empty.players.count() == 1


def test_a_backup_keeps_the_named_seasons(group, players, alice):
    seasons.add_season(group, "Tết league", date(2026, 1, 1), date(2026, 3, 31))
    empty = GroupFactory(name="Restored", currency="EUR")
    restoring.import_zip(empty, backup.export_zip(group), alice)
    restored = empty.seasons.get()
    assert (restored.name, restored.starts_on, restored.ends_on) == (
        "Tết league", date(2026, 1, 1), date(2026, 3, 31))  # fmt: skip


@pytest.mark.parametrize(
    ("entry", "refusal"),
    [
        ({"name": "Spring", "starts": "2026-03-01"}, 'backup: seasons 2: "ends" is missing'),
        ({"name": "Spring", "starts": "2026-04-01", "ends": "2026-03-31"}, "in order"),
        ({"name": "Spring", "starts": "1 March", "ends": "2026-03-31"}, "days such as 2026-03-01"),
        ({"name": "tết LEAGUE", "starts": "2026-01-01", "ends": "2026-01-31"}, "named twice"),
        ({"name": "x" * 41, "starts": "2026-01-01", "ends": "2026-01-31"}, "at most 40"),
    ],
)
def test_a_backup_with_a_season_a_form_would_refuse_is_refused(group, entry, refusal):
    seasons.add_season(group, "Tết league", date(2026, 1, 1), date(2026, 3, 31))
    manifest, _logs = backup.read_zip(backup.export_zip(group))
    manifest["seasons"].append(entry)
    with pytest.raises(RulesError, match=refusal):
        backup.check_manifest(manifest)
