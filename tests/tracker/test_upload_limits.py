"""Hostile uploads: each is refused with a form error that says what is wrong, and creates
nothing. Zips are built here, byte for byte, as an attacker would."""

import html
import io
import json
import tracemalloc
import zipfile
from pathlib import Path

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from basics.errors import RulesError
from core.models import Player
from ledger.models import Transaction
from tests.factories import PlayerFactory
from tracker.catte.models import CatteSession
from tracker.cutthroat.models import Tournament
from tracker.gamelogs import limits, registry

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
FOUR = ["An", "Bình", "Chi", "Dũng"]


def case(name):
    return (EXAMPLES / f"{name}.json").read_text()


def counts():
    models = (Tournament, CatteSession, Player, Transaction)
    return tuple(model.objects.count() for model in models)


def manifest(**changes):
    session = {"file": "session-1.json", "name": "Friday", "closed": True}
    base = {"format": "cardtable-backup/1", "group": "Friday table", "currency": "EUR"}
    return {**base, "logs": [session], "players": FOUR, "payments": [], **changes}


def zipped(files: dict, compression=zipfile.ZIP_DEFLATED) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", compression) as archive:
        for name, text in files.items():
            archive.writestr(name, text if isinstance(text, str) else json.dumps(text))
    return buffer.getvalue()


def backup(files=None, **changes) -> bytes:
    """A backup of one session, its manifest changed and files added or replaced."""
    session = {"session-1.json": case("catte-evening")}
    return zipped({"group.json": manifest(**changes), **session, **(files or {})})


def tournament_backup(entry: dict) -> bytes:
    return zipped({"group.json": manifest(logs=[entry]), entry["file"]: case("cutthroat-bids")})


def restore(client, group, data: bytes):
    upload = SimpleUploadedFile("backup.zip", data, content_type="application/zip")
    return client.post(reverse("group_restore", args=[group.pk]), {"file": upload})


def import_text(client, group, text: str, **fields):
    return client.post(reverse("log_import", args=[group.pk]), {"text": text, **fields})


def refused(response, message: str, before: tuple) -> bool:
    page = html.unescape(response.content.decode())
    assert response.status_code == 200
    assert message in page, page[page.find("errorlist") :][:400]
    return counts() == before


def patched(data: bytes, offset: int, value: bytes) -> bytes:
    """The zip with bytes of its first central directory entry overwritten."""
    entry = data.index(b"PK\x01\x02")
    return data[: entry + offset] + value + data[entry + offset + len(value) :]


def test_a_restore_of_a_valid_backup_still_works(as_alice, group, players):
    response = restore(as_alice, group, backup())
    assert response.status_code == 302
    assert group.sessions.get().name == "Friday"


# 1. Zip bombs


def zeros_member(archive, name: str, megabytes: int) -> None:
    with archive.open(name, "w") as member:
        for _ in range(megabytes):
            member.write(bytes(1 << 20))


def test_a_zip_bomb_is_refused_before_it_is_inflated(as_alice, group, players):
    buffer, before = io.BytesIO(), counts()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        zeros_member(archive, "group.json", 50)
    tracemalloc.start()
    response = restore(as_alice, group, buffer.getvalue())
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    message = "backup: group.json inflates to 52,428,800 bytes; a file is at most 2,000,000"
    assert refused(response, message, before)
    assert peak < 64_000_000


def test_a_zip_that_lies_about_its_sizes_is_read_no_further_than_the_cap(group):
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        zeros_member(archive, "group.json", 50)
    declared = limits.MAX_LOG_BYTES.to_bytes(4, "little")  # 2 MB: within the caps
    lying = patched(buffer.getvalue(), 24, declared)
    tracemalloc.start()
    with pytest.raises(RulesError, match="backup: group.json: cannot be read") as refusal:
        limits.BoundedZip(lying).read("group.json")
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    assert "CRC" in str(refusal.value) and peak < 16_000_000


def test_a_member_that_inflates_too_many_times_is_refused(as_alice, group, players):
    before = counts()
    data = backup({"session-2.json": "0" * 1_000_000})
    response = restore(as_alice, group, data)
    assert refused(response, "times; at most 200 times", before)


def test_all_files_of_a_backup_together_are_capped(as_alice, group, players, monkeypatch):
    monkeypatch.setattr(limits, "MAX_INFLATED_BYTES", 1_000)
    before = counts()
    response = restore(as_alice, group, backup())
    assert refused(response, "bytes; at most 1,000 in all", before)


def test_a_backup_of_more_files_than_the_cap_is_refused(as_alice, group, players):
    before = counts()
    extra = {f"session-{n}.json": "{}" for n in range(2, 403)}
    response = restore(as_alice, group, backup(extra))
    assert refused(response, "backup: holds 403 files; at most 401", before)


def test_a_manifest_naming_one_log_300_times_creates_nothing(as_alice, group, players):
    before = counts()
    entry = {"file": "session-1.json", "name": "again", "closed": True}
    response = restore(as_alice, group, backup(logs=[entry] * 300))
    assert refused(response, "backup: logs 2: session-1.json is named twice", before)


# 2. Negative stakes and buy-ins


@pytest.mark.parametrize("key", ["game_stake", "buy_in"])
def test_a_negative_stake_or_buy_in_is_refused(as_alice, group, players, key):
    before = counts()
    entry = {"file": "tournament-1.json", "name": "", "game_stake": "2.00", key: "-5.00"}
    response = restore(as_alice, group, tournament_backup(entry))
    assert refused(response, f"backup: logs 1: {key} must be an amount such as", before)


# 3. Malformed uploads


def test_deeply_nested_json_is_refused_without_recursing(as_bob, group, players):
    before = counts()
    response = import_text(as_bob, group, "[" * 100_000 + "]" * 100_000)
    assert refused(response, "log: nested more than 50 levels deep", before)


def test_a_deeply_nested_manifest_is_refused(as_alice, group, players):
    before = counts()
    nested = '{"a":' * 5_000 + "1" + "}" * 5_000
    data = zipped({"group.json": nested}, zipfile.ZIP_STORED)
    response = restore(as_alice, group, data)
    assert refused(response, "backup: group.json: nested more than 50 levels deep", before)


def test_a_forty_digit_stake_in_a_log_is_refused(as_bob, group, players):
    before = counts()
    log = json.loads(case("catte-evening"))
    log["rules"]["stake"] = "1" * 40
    response = import_text(as_bob, group, json.dumps(log))
    assert refused(response, "rules: stake must be an amount such as", before)


def test_a_forty_digit_stake_in_a_backup_is_refused(as_alice, group, players):
    before = counts()
    entry = {"file": "tournament-1.json", "name": "", "game_stake": "1" * 40}
    response = restore(as_alice, group, tournament_backup(entry))
    assert refused(response, "backup: logs 1: game_stake must be an amount such as", before)


def test_two_players_whose_names_differ_only_in_case_are_refused(as_alice, group, players):
    before = counts()
    text = case("cutthroat-bids").replace('"An"', '"Ann"').replace('"Bình"', '"ANN"')
    response = import_text(as_alice, group, text, create_missing="on")
    assert refused(response, "players: ANN: the same name as Ann", before)


def test_a_backup_listing_ann_and_ann_in_capitals_is_refused(as_alice, group):
    before = counts()
    response = restore(as_alice, group, backup(players=[*FOUR, "Ann", "ANN"]))
    assert refused(response, "backup: players: ANN: the same name as Ann", before)


def test_a_manifest_with_a_player_that_is_not_text_is_refused(as_alice, group, players):
    before = counts()
    response = restore(as_alice, group, backup(players=[*FOUR, 7]))
    assert refused(response, "backup: players: 7: a name must be text", before)


def test_a_log_that_is_a_json_list_is_refused(as_bob, group, players):
    before = counts()
    response = import_text(as_bob, group, "[1, 2, 3]")
    assert refused(response, "log: must be a JSON object", before)


def test_a_backup_whose_log_is_a_json_list_is_refused(as_alice, group, players):
    before = counts()
    response = restore(as_alice, group, backup({"session-1.json": "[1, 2, 3]"}))
    assert refused(response, "backup: session-1.json: log: must be a JSON object", before)


def test_a_payment_from_an_unknown_player_is_refused(as_alice, group, players):
    before = counts()
    payment = {"from": "Zed", "to": "An", "amount": "5.00", "note": "", "reversed": False}
    response = restore(as_alice, group, backup(payments=[payment]))
    assert refused(
        response, """backup: payment 1: "from" 'Zed' is not one of the backup's players""", before
    )


@pytest.mark.parametrize("amount", ["abc", "0.001", "-5", "1E+30"])
def test_a_payment_amount_that_is_not_an_amount_is_refused(as_alice, group, players, amount):
    before = counts()
    payment = {"from": "An", "to": "Chi", "amount": amount, "note": "", "reversed": False}
    response = restore(as_alice, group, backup(payments=[payment]))
    assert refused(response, "backup: payment 1: amount must be an amount such as", before)


def test_an_encrypted_zip_is_refused(as_alice, group, players):
    before = counts()
    encrypted = patched(backup(), 8, b"\x01\x00")  # the flag bits: "encrypted"
    response = restore(as_alice, group, encrypted)
    assert refused(response, "backup: group.json is encrypted; a backup never is", before)


def test_an_unknown_compression_method_is_refused(as_alice, group, players):
    before = counts()
    files = {"group.json": manifest(), "session-1.json": case("catte-evening")}
    response = restore(as_alice, group, zipped(files, zipfile.ZIP_BZIP2))
    assert refused(response, "backup: group.json is compressed with method 12", before)


# 4. Names longer than the column


def test_a_sixty_character_name_in_an_imported_log_is_refused(as_alice, group, players):
    before = counts()
    text = case("cutthroat-bids").replace('"An"', f'"{"A" * 60}"')
    response = import_text(as_alice, group, text, create_missing="on")
    assert refused(response, "a name has at most 40 characters, not 60", before)


def test_a_sixty_character_name_in_a_backup_is_refused(as_alice, group, players):
    before = counts()
    response = restore(as_alice, group, backup(players=[*FOUR, "A" * 60]))
    assert refused(response, "a name has at most 40 characters, not 60", before)


# 5. Adding players is an owner's job


def test_a_scorer_cannot_add_players_through_an_import(as_bob, group, players):
    before = counts()
    response = import_text(as_bob, group, case("cutthroat-tournament"), create_missing="on")
    message = (
        "Not players of this group yet: Ana, Ben, Cem — ask an owner of the group to add them, "
        "or import as an owner."
    )
    assert refused(response, message, before)
    assert 'name="create_missing"' not in response.content.decode()


def test_an_owner_still_adds_the_players_of_an_import(as_alice, group, players):
    response = import_text(as_alice, group, case("cutthroat-tournament"), create_missing="on")
    assert response.status_code == 302
    assert set(group.players.values_list("name", flat=True)) >= {"Ana", "Ben", "Cem"}


# Caps


def test_an_import_that_would_pass_the_players_cap_is_refused(as_alice, group):
    PlayerFactory.create_batch(199, group=group)
    before = counts()
    response = import_text(as_alice, group, case("cutthroat-bids"), create_missing="on")
    message = "players: a group has at most 200 players; adding An, Bình, Chi would make 202"
    assert refused(response, message, before)


def test_a_backup_with_more_players_than_the_cap_is_refused(as_alice, group):
    before = counts()
    many = [*FOUR, *(f"Player {n}" for n in range(197))]
    response = restore(as_alice, group, backup(players=many))
    assert refused(response, "backup: 201 players; a backup holds at most 200", before)


def test_a_restore_that_would_pass_the_players_cap_is_refused(as_alice, group, players):
    PlayerFactory.create_batch(190, group=group)
    before = counts()
    many = [*FOUR, *(f"Guest {n}" for n in range(10))]
    response = restore(as_alice, group, backup(players=many))
    assert refused(response, "the group would have 204 players; a group has at most 200", before)


def test_a_log_larger_than_the_cap_is_refused_before_it_is_parsed():
    with pytest.raises(RulesError, match="log: larger than 2 MB"):
        registry.read(b" " * 2_000_001)


def test_a_log_file_larger_than_the_cap_is_refused_by_the_form(as_bob, group, players):
    before = counts()
    upload = SimpleUploadedFile("log.json", b" " * 2_000_001, content_type="application/json")
    response = as_bob.post(reverse("log_import", args=[group.pk]), {"file": upload})
    assert refused(response, "A log file is at most 2 MB.", before)


# Names, files and amounts of a backup


def test_a_member_that_climbs_out_of_its_folder_is_refused(as_alice, group, players):
    before = counts()
    response = restore(as_alice, group, backup({"../evil.json": "{}"}))
    assert refused(response, "backup: '../evil.json' is not a file name this app writes", before)


def test_a_file_the_manifest_does_not_name_is_refused(as_alice, group, players):
    before = counts()
    response = restore(as_alice, group, backup({"notes.json": "{}"}))
    assert refused(response, "backup: notes.json is not named in group.json", before)


def test_a_log_the_manifest_names_but_the_zip_lacks_is_refused(as_alice, group, players):
    before = counts()
    entry = {"file": "session-9.json", "name": "", "closed": True}
    data = zipped({"group.json": manifest(logs=[entry])})
    assert refused(
        restore(as_alice, group, data), "backup: session-9.json is not in the zip", before
    )


def test_a_log_naming_players_the_manifest_does_not_list_is_refused(as_alice, group):
    before = counts()
    response = restore(as_alice, group, backup(players=["An", "Bình", "Chi"]))
    assert refused(response, "backup: session-1.json: Not players of this group yet: Dũng", before)


def test_a_payment_in_cents_is_refused_for_a_currency_without_them(as_alice, group, players):
    group.currency = "VND"
    group.save()
    before = counts()
    payment = {"from": "An", "to": "Chi", "amount": "1500.50", "note": "", "reversed": False}
    response = restore(as_alice, group, backup(currency="VND", logs=[], payments=[payment]))
    assert refused(response, "backup: payment 1: amount: VND amounts have no decimals", before)


def test_a_payment_to_oneself_and_a_long_note_are_refused(as_alice, group, players):
    before = counts()
    to_self = {"from": "An", "to": "an", "amount": "5.00"}
    long_note = {"from": "An", "to": "Chi", "amount": "5.00", "note": "x" * 101}
    response = restore(as_alice, group, backup(payments=[to_self]))
    assert refused(response, "backup: payment 1: An cannot pay themselves", before)
    response = restore(as_alice, group, backup(payments=[long_note]))
    assert refused(response, "note must be text of at most 100 characters", before)


def test_nan_is_not_json():
    with pytest.raises(RulesError, match="log: not valid JSON"):
        registry.read('{"format": NaN}')


def test_a_round_won_by_someone_who_is_not_at_the_table_is_refused(as_bob, group, players):
    before = counts()
    log = json.loads(case("catte-evening"))
    log["rounds"][0]["tricks"] = ["Minh", "Minh", "Minh", "Minh"]
    response = import_text(as_bob, group, json.dumps(log))
    assert refused(response, "round 1: Minh: not a player of this session", before)
