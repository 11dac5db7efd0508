"""One line per request, with the request id the proxy sent (or one made here), and never a
query string's token or a form's password."""

import logging
import re

import pytest

LINE = re.compile(r"GET /healthz 200 \d+ms id=[0-9a-f]{32}")


@pytest.fixture
def request_lines(caplog):
    # The request log does not propagate to the root logger, where caplog listens.
    logger = logging.getLogger("cardtable.requests")
    logger.addHandler(caplog.handler)
    yield lambda: [record.getMessage() for record in caplog.records if record.name == logger.name]
    logger.removeHandler(caplog.handler)


def test_it_logs_method_path_status_time_and_id(client, request_lines):
    response = client.get("/healthz")
    [line] = request_lines()
    assert LINE.fullmatch(line)
    assert line.endswith(f"id={response['X-Request-ID']}")


def test_it_keeps_the_request_id_the_proxy_sent(client, request_lines):
    sent = "3f2a6c1e-7b9d-4e0f-a1b2-c3d4e5f6a7b8"
    response = client.get("/healthz", headers={"X-Request-ID": sent})
    assert response["X-Request-ID"] == sent
    assert request_lines()[0].endswith(f"id={sent}")


@pytest.mark.parametrize("sent", ["", "short", "with spaces in it", "x" * 65, "<b>bold</b>abc"])
def test_it_makes_its_own_id_when_the_sent_one_is_malformed(client, sent):
    response = client.get("/healthz", headers={"X-Request-ID": sent})
    assert re.fullmatch(r"[0-9a-f]{32}", response["X-Request-ID"])


def test_it_logs_no_query_string(client, request_lines):
    client.get("/healthz?token=a-secret-token")
    assert "/healthz 200" in request_lines()[0]
    assert "a-secret-token" not in " ".join(request_lines())


def test_it_logs_no_posted_password(client, db, request_lines):
    client.post("/accounts/login/", {"username": "alice", "password": "hunter2-secret"})
    assert "POST /accounts/login/ 200" in request_lines()[0]
    assert "hunter2-secret" not in " ".join(request_lines())
