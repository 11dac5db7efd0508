"""A load balancer asks two questions: is the server alive (healthz), and can it serve a table
(readyz: its database answers; whether its cache does is said apart, since pages are only
slower without it)."""

from django.db import OperationalError
from django.db.models import QuerySet

UNREACHABLE_REDIS = {
    "default": {
        "BACKEND": "core.web.cache.ForgivingRedisCache",
        "LOCATION": "redis://127.0.0.1:1/0",  # nothing listens on port 1
    }
}


def test_it_is_alive_without_asking_the_database(client):
    response = client.get("/healthz")  # without the db fixture, a query would fail the test
    assert response.status_code == 200
    assert response.content == b"ok"


def test_it_is_ready_when_the_database_and_the_cache_answer(client, db):
    response = client.get("/readyz")
    assert response.status_code == 200
    assert response.content == b"ready"


def test_it_is_not_ready_when_the_database_does_not_answer(client, db, monkeypatch):
    def refused(queryset):
        raise OperationalError("connection refused")

    monkeypatch.setattr(QuerySet, "exists", refused)
    response = client.get("/readyz")
    assert response.status_code == 503
    assert response.content == b"database unavailable"


def test_it_is_ready_without_its_cache_and_says_so(client, db, settings):
    settings.CACHES = UNREACHABLE_REDIS
    response = client.get("/readyz")
    assert response.status_code == 200
    assert response.content == b"ready\ncache unavailable"
    assert response["Content-Type"] == "text/plain"
