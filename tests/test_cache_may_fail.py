"""A server whose Redis stops: every page still answers (logins and sessions included, pages
rendered cold), /readyz says ready and that the cache is gone, and when Redis is back the
server uses it again. A real Redis and a real gunicorn, as hosted."""

import os
import shutil
import signal
import socket
import subprocess
import time

import pytest

from core import redis_failures
from core.web.cache import ASK_AGAIN_AFTER, ForgivingRedisCache
from tests.page_forms import forms_on
from tests.test_two_servers import GUNICORN, Phone, free_port, gunicorns, stopped, with_the_demo

REDIS = shutil.which("redis-server")
# Real servers started: make test and CI run it, make check does not.
pytestmark = [
    pytest.mark.servers,
    pytest.mark.skipif(
        REDIS is None or not GUNICORN.exists(), reason="needs redis-server and gunicorn"
    ),
]


class Redis:
    def __init__(self, port: int):
        self.port, self.process = port, None

    def start(self) -> None:
        self.process = subprocess.Popen(
            [REDIS, "--port", str(self.port), "--bind", "127.0.0.1", "--save", ""],
            stdout=subprocess.DEVNULL,
        )
        for _ in range(100):  # until it listens
            with socket.socket() as probe:
                if probe.connect_ex(("127.0.0.1", self.port)) == 0:
                    return
            time.sleep(0.05)
        raise AssertionError("redis-server did not start")

    def stop(self) -> None:
        self.process.terminate()
        self.process.wait(timeout=10)

    def pause(self) -> None:
        """Redis stops answering but keeps what it holds, as in a blip."""
        self.process.send_signal(signal.SIGSTOP)

    def resume(self) -> None:
        self.process.send_signal(signal.SIGCONT)


def hosted_on(tmp_path, servers: int, workers: int):
    """`servers` gunicorns with the demo group, their cache one Redis of their own."""
    redis = Redis(free_port())
    redis.start()
    env = {**os.environ, "DATABASE_URL": f"sqlite:///{tmp_path / 'db.sqlite3'}"}
    env |= {"REDIS_URL": f"redis://127.0.0.1:{redis.port}/0", "DJANGO_DEBUG": "1"}
    with_the_demo(env)
    processes, urls = gunicorns(env, servers, workers=workers)
    yield urls, redis
    redis.resume()
    stopped(processes)
    if redis.process.poll() is None:
        redis.stop()


@pytest.fixture
def hosted(tmp_path):
    """gunicorn of two workers with the demo group, its cache a Redis of its own."""
    for urls, redis in hosted_on(tmp_path, servers=1, workers=2):
        yield urls[0], redis


@pytest.fixture
def two_hosts(tmp_path):
    """Two gunicorns of one worker each, sharing the database and one Redis."""
    yield from hosted_on(tmp_path, servers=2, workers=1)


def test_a_server_that_saw_redis_fail_empties_it_before_reading_from_it_again():
    redis = Redis(free_port())
    redis.start()
    cache = ForgivingRedisCache(f"redis://127.0.0.1:{redis.port}/0", {})
    try:
        cache.set("page", "as it was before a delete that failed")
        cache.missed.add(cache.where)  # a delete that failed
        redis_failures.failed_at[cache.where] = time.monotonic() - ASK_AGAIN_AFTER
        assert cache.get("page") is None
        assert not cache.unavailable()
    finally:
        redis.stop()


PAGES = ["/", "/groups/1/", "/groups/1/sessions/1/", "/groups/1/balances/"]


def test_with_redis_stopped_every_page_answers_and_it_is_used_again_when_back(hosted):
    url, redis = hosted
    phone = Phone(url)
    phone.log_in("demo", "cards-on-the-table")
    assert [phone.get(page).status for page in PAGES] == [200] * 4
    redis.stop()
    assert [phone.get(page).status for page in PAGES] == [200] * 4  # the session read cold
    newcomer = Phone(url)
    newcomer.log_in("demo", "cards-on-the-table")  # a login without the cache
    assert newcomer.get("/groups/1/").status == 200
    assert phone.get("/readyz").content == b"ready\ncache unavailable"
    redis.start()
    assert [newcomer.get(page).status for page in PAGES] == [200] * 4
    assert ready_again(phone, within=15)  # each worker asks a Redis that failed every 5 s


def ready_again(phone, within: float) -> bool:
    deadline = time.monotonic() + within
    while time.monotonic() < deadline:
        if phone.get("/readyz").content == b"ready":
            return True
        time.sleep(0.5)
    return False


def test_a_logout_while_redis_does_not_answer_ends_the_session_on_both_servers(two_hosts):
    (first, second), redis = two_hosts
    phone = Phone(first)
    phone.log_in("demo", "cards-on-the-table")
    old_cookie_on_second = Phone(second).with_cookies_of(phone)
    assert old_cookie_on_second.get("/groups/1/").status == 200  # the session is in Redis
    old_cookie_on_first = Phone(first).with_cookies_of(phone)
    redis.pause()
    logout = next(form for form in forms_on(phone.get("/")) if "logout" in form.action)
    assert phone.post(logout).status == 302
    redis.resume()
    assert old_cookie_on_second.get("/groups/1/").status == 302  # to the login page
    assert old_cookie_on_first.get("/groups/1/").status == 302
    time.sleep(ASK_AGAIN_AFTER)  # the server that saw Redis fail asks it again
    assert old_cookie_on_first.get("/groups/1/").status == 302
    assert old_cookie_on_second.get("/groups/1/").status == 302
