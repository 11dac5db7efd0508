"""The cast of the tests: Alice owns the group, Bob scores, Carol views, Dave is an outsider."""

import os
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from django.conf import settings
from django.core.cache import cache
from django.test import override_settings
from django.utils import translation
from hypothesis import settings as hypothesis_settings

from core.models import Role
from core.web.catalogs import compile_catalogs
from tests.factories import PASSWORD, GroupFactory, MembershipFactory, PlayerFactory, UserFactory
from tests.recorder_guard import RecorderGuard, watching

# A property test checks what the rules compute, not how fast: on a busy machine (workers side
# by side) one example may take longer than Hypothesis's default deadline of 200 ms.
hypothesis_settings.register_profile("suite", deadline=None)
hypothesis_settings.load_profile("suite")


# Games that live in the tests: their apps are installed for the whole run, so their tables are
# in the test database as a game's under tracker/ are; only the tests that play one name it in
# GAMES (tests/test_a_fourth_game.py).
GAMES_OF_THE_TESTS = ["tests.high_card"]


def pytest_configure(config):
    # A suite run straight from pytest reads the same translations `make test` compiles.
    compile_catalogs(Path(__file__).resolve().parent.parent / "locale")
    own_redis_database()
    override_settings(INSTALLED_APPS=[*settings.INSTALLED_APPS, *GAMES_OF_THE_TESTS]).enable()


def own_redis_database():
    """Workers running side by side each keep their cache in a Redis database of their own, as
    the tests empty it; servers a test starts inherit it."""
    worker, url = os.environ.get("PYTEST_XDIST_WORKER", ""), os.environ.get("REDIS_URL", "")
    if not (worker.startswith("gw") and url):
        return
    url = urlsplit(url)._replace(path=f"/{1 + int(worker[2:])}").geturl()
    os.environ["REDIS_URL"] = url
    caches = {"default": {**settings.CACHES["default"], "LOCATION": url}}
    override_settings(REDIS_URL=url, CACHES=caches).enable()


@pytest.fixture(autouse=True)
def fast_passwords(settings):
    # The real hasher is slow on purpose; the tests log in hundreds of times.
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture(autouse=True)
def english_between_requests():
    # A request leaves its language active in the thread, as a server's next request would
    # replace it; code a test runs outside a request reads English, as a command does.
    yield
    translation.deactivate()


@pytest.fixture(autouse=True)
def only_the_recorder_writes_a_game(request):
    """Fails a test in which the project wrote a game's rows, its history or the ledger past
    the recorder (tests/recorder_guard.py)."""
    if request.node.get_closest_marker("past_the_recorder"):
        yield
        return
    guard = RecorderGuard()
    with watching(guard):
        yield
    assert not guard.outside, "written past the recorder:\n" + "\n".join(sorted(set(guard.outside)))


@pytest.fixture(autouse=True)
def empty_cache():
    # Cached fragments are keyed by rows that a rolled-back test may hand out again.
    cache.clear()


@pytest.fixture
def group(db):
    return GroupFactory(name="Friday table", currency="EUR")


@pytest.fixture
def alice(group):
    return MembershipFactory(group=group, user=UserFactory(username="alice"), role=Role.OWNER).user


@pytest.fixture
def bob(group):
    return MembershipFactory(group=group, user=UserFactory(username="bob"), role=Role.SCORER).user


@pytest.fixture
def carol(group):
    return MembershipFactory(group=group, user=UserFactory(username="carol"), role=Role.VIEWER).user


@pytest.fixture
def dave(db):
    return UserFactory(username="dave")


@pytest.fixture
def players(group):
    return [PlayerFactory(group=group, name=name) for name in ["An", "Bình", "Chi", "Dũng"]]


@pytest.fixture
def empty(alice, bob):
    """A second group of alice (owner) and bob (scorer), nothing in it: where a backup is
    restored to."""
    group = GroupFactory(name="Restored", currency="EUR")
    MembershipFactory(group=group, user=alice, role=Role.OWNER)
    MembershipFactory(group=group, user=bob, role=Role.SCORER)
    return group


def client_for(client, user):
    client.login(username=user.username, password=PASSWORD)
    return client


@pytest.fixture
def as_alice(client, alice):
    return client_for(client, alice)


@pytest.fixture
def as_bob(client, bob):
    return client_for(client, bob)


@pytest.fixture
def as_carol(client, carol):
    return client_for(client, carol)


@pytest.fixture
def as_dave(client, dave, alice):
    return client_for(client, dave)
