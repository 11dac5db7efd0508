"""Uploads bent out of shape at random: a log or a backup is either taken or refused with a
RulesError, never another error, and a refused backup leaves nothing behind."""

import copy
import io
import json
import warnings
import zipfile
from decimal import Decimal
from pathlib import Path

import pytest
from django.core.cache import cache
from django.db import transaction
from hypothesis import HealthCheck, given
from hypothesis import settings as examples
from hypothesis import strategies as st

from basics.errors import RulesError
from basics.names import hidden_character
from tests.factories import GroupFactory, PlayerFactory, pay
from tracker.catte import services
from tracker.cutthroat import logs as tournaments
from tracker.gamelogs import backup, registry, restoring

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
LOGS = [
    json.loads(path.read_text())
    for path in sorted(EXAMPLES.glob("*.json"))
    if not path.name.endswith(".expected.json")
]


def example(name: str) -> dict:
    return json.loads((EXAMPLES / f"{name}.json").read_text())


FUZZ = examples(
    max_examples=200, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)


def nested(depth: int):
    value = []
    for _ in range(depth):
        value = [value]
    return value


HOSTILE = st.one_of(
    st.sampled_from([10**30, -1, 2**63, -(10**300), 1e308, -0.0, 0, 13, None, True, ""]),
    st.sampled_from(["1E+30", "-5", "0.001", "abc", "1" * 40, "NIL", "JD", "AS", "10H"]),
    st.sampled_from(["\x00", "\u202e", "\u200b", "An\n", " An", "AN", "A" * 60, "x" * 10_000]),
    st.builds(nested, st.integers(1, 80)),
    st.lists(st.integers(-3, 20), max_size=8),
    st.dictionaries(st.sampled_from(["An", "Bình", "x"]), st.integers(-1, 20), max_size=3),
    st.text(max_size=20),
)


def mutate(draw, doc) -> None:
    """Drop, duplicate or replace one key or item somewhere inside `doc`."""
    node = doc
    while True:
        items = node.items() if isinstance(node, dict) else enumerate(node)
        inner = [key for key, value in items if isinstance(value, dict | list) and value]
        if not inner or draw(st.booleans()):
            break
        node = node[draw(st.sampled_from(inner))]
    keys = list(node) if isinstance(node, dict) else list(range(len(node)))
    if not keys:
        return
    key = draw(st.sampled_from(keys))
    action = draw(st.sampled_from(["drop", "duplicate", "replace"]))
    if action == "drop":
        del node[key]
    elif action == "replace":
        node[key] = draw(HOSTILE)
    elif isinstance(node, list):
        node.insert(key, copy.deepcopy(node[key]))
    else:
        node[draw(st.sampled_from([*keys, "extra"]))] = copy.deepcopy(node[key])


@st.composite
def mutated_logs(draw):
    doc = copy.deepcopy(draw(st.sampled_from(LOGS)))
    for _ in range(draw(st.integers(1, 4))):
        mutate(draw, doc)
    return doc


def texts_of(group) -> list[str]:
    """Every text a restore stores that people read: names of games and players, notes."""
    texts = [*group.tournaments.values_list("name", flat=True)]
    texts += group.sessions.values_list("name", flat=True)
    texts += group.players.values_list("name", flat=True)
    return texts + list(group.transactions.values_list("note", flat=True))


def rolled_back(run):
    """Run in a transaction that is always rolled back; fragments cached under rows that the
    rollback hands out again are dropped too."""
    cache.clear()
    with transaction.atomic():
        try:
            return run()
        finally:
            transaction.set_rollback(True)


@FUZZ
@given(mutated_logs())
def test_a_mutated_log_is_imported_or_refused_with_a_rules_error(db, alice, doc):
    def attempt():
        group = GroupFactory(name="Fuzz", currency="EUR")
        try:
            registry.import_log(group, registry.read(json.dumps(doc)), alice, True)
        except RulesError:
            assert not group.tournaments.exists() and not group.sessions.exists()
            assert not group.players.exists()

    rolled_back(attempt)


@pytest.fixture
def backup_zip(alice) -> bytes:
    played = GroupFactory(name="Played", currency="EUR")
    players = [PlayerFactory(group=played, name=name) for name in ("An", "Bình", "Chi", "Dũng")]
    services.logs.import_log(played, example("catte-evening"), alice)
    money = {"game_stake": Decimal("2.00"), "buy_in": Decimal("5.00")}
    tournaments.import_log(played, example("cutthroat-bids"), alice, money_rules=money)
    pay(played, players[3], players[2], Decimal("3.50"), alice, "cash")
    return backup.export_zip(played)


def members(data: bytes) -> dict[str, bytes]:
    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        return {info.filename: archive.read(info) for info in archive.infolist()}


def rezipped(files: list[tuple[str, bytes]], compression: int) -> bytes:
    buffer = io.BytesIO()
    with warnings.catch_warnings(), zipfile.ZipFile(buffer, "w", compression) as archive:
        warnings.simplefilter("ignore")  # a name written twice is the point
        for name, data in files:
            archive.writestr(name, data)
    return buffer.getvalue()


def text_leaves(node):
    """(container, key) of every string value inside `node`."""
    items = node.items() if isinstance(node, dict) else enumerate(node)
    for key, value in items:
        if isinstance(value, str):
            yield node, key
        elif isinstance(value, dict | list):
            yield from text_leaves(value)


def hide_in_text(draw, doc) -> None:
    """Put a character that does not show as itself into one of the texts of `doc`."""
    leaves = list(text_leaves(doc))
    if leaves:
        node, key = draw(st.sampled_from(leaves))
        node[key] += draw(st.sampled_from(["\x00", "\u202e", "\u200b", "\x07", "\n"]))


@st.composite
def mutated_zips(draw, data: bytes):
    """The backup with bytes changed, or with files dropped, doubled, swapped or bent."""
    if draw(st.booleans()):
        raw = bytearray(data)
        for _ in range(draw(st.integers(1, 8))):
            raw[draw(st.integers(0, len(raw) - 1))] = draw(st.integers(0, 255))
        return bytes(raw[: draw(st.integers(0, len(raw)))] if draw(st.booleans()) else raw)
    files = list(members(data).items())
    for _ in range(draw(st.integers(1, 3))):
        at = draw(st.integers(0, len(files) - 1))
        name, content = files[at]
        action = draw(st.sampled_from(["drop", "double", "swap", "bend", "entry", "hide"]))
        if action == "drop" and len(files) > 1:
            files.pop(at)
        elif action == "double":
            files.append((name, content))
        elif action == "swap":
            other = draw(st.integers(0, len(files) - 1))
            files[at], files[other] = (name, files[other][1]), (files[other][0], content)
        elif action == "bend":
            doc = json.loads(content)
            mutate(draw, doc)
            files[at] = (name, json.dumps(doc).encode())
        elif action == "hide" and name == "group.json":
            doc = json.loads(content)
            hide_in_text(draw, doc)
            files[at] = (name, json.dumps(doc).encode())
        elif action == "entry" and name == "group.json":
            doc = json.loads(content)
            if isinstance(doc.get("logs"), list):
                doc["logs"] += doc["logs"][: draw(st.integers(1, 2))]
            files[at] = (name, json.dumps(doc).encode())
    compression = draw(st.sampled_from([zipfile.ZIP_STORED, zipfile.ZIP_DEFLATED]))
    return rezipped(files, compression)


@FUZZ
@given(data=st.data())
def test_a_mutated_backup_is_restored_whole_or_not_at_all(db, alice, backup_zip, data):
    mutated = data.draw(mutated_zips(backup_zip))

    def attempt():
        empty = GroupFactory(name="Restored", currency="EUR")
        try:
            restoring.import_zip(empty, mutated, alice)
        except RulesError:
            assert not empty.tournaments.exists() and not empty.sessions.exists()
            assert not empty.players.exists() and not empty.transactions.exists()
        else:
            assert not any(map(hidden_character, texts_of(empty)))

    rolled_back(attempt)


@FUZZ
@given(data=st.data())
def test_text_that_does_not_show_as_itself_is_never_restored(db, alice, backup_zip, data):
    files = members(backup_zip)
    manifest = json.loads(files["group.json"])
    hide_in_text(data.draw, manifest)
    files["group.json"] = json.dumps(manifest).encode()
    hidden = rezipped(list(files.items()), zipfile.ZIP_DEFLATED)

    def attempt():
        empty = GroupFactory(name="Restored", currency="EUR")
        try:
            restoring.import_zip(empty, hidden, alice)
        except RulesError:
            return
        assert not any(map(hidden_character, texts_of(empty)))

    rolled_back(attempt)
