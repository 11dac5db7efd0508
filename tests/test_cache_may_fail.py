"""A server whose Redis stops: every page still answers (logins and sessions included, pages
rendered cold), /readyz says ready and that the cache is gone, and when Redis is back the
server uses it again. A real Redis and a real gunicorn, as hosted."""

import os
import shutil
import socket
import subprocess
import time

import pytest

from tests.test_two_servers import GUNICORN, Phone, free_port, gunicorns, stopped, with_the_demo

REDIS = shutil.which("redis-server")
pytestmark = pytest.mark.skipif(
    REDIS is None or not GUNICORN.exists(), reason="needs redis-server and gunicorn"
)


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


@pytest.fixture
def hosted(tmp_path):
    """gunicorn with the demo group, its cache a Redis of its own."""
    redis = Redis(free_port())
    redis.start()
    env = {**os.environ, "DATABASE_URL": f"sqlite:///{tmp_path / 'db.sqlite3'}"}
    env |= {"REDIS_URL": f"redis://127.0.0.1:{redis.port}/0", "DJANGO_DEBUG": "1"}
    with_the_demo(env)
    servers, urls = gunicorns(env, 1, workers=2)
    yield urls[0], redis
    stopped(servers)
    if redis.process.poll() is None:
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
