"""The logged-in user is read with written SQL (UserBackend); logins and sessions behave as
Django's own, and sessions that Django's ModelBackend logged in before still work."""

from unittest import mock

from axes.models import AccessAttempt
from django.contrib.auth import BACKEND_SESSION_KEY, get_user
from django.contrib.auth.models import User
from django.test import RequestFactory
from django.urls import reverse

from tests.factories import PASSWORD
from tracker.common.sessions import USER_BACKEND, SessionStore

DJANGOS_BACKEND = "django.contrib.auth.backends.ModelBackend"


def test_a_login_names_the_backend_that_reads_with_written_sql(client, alice):
    client.post(reverse("login"), {"username": "alice", "password": PASSWORD})
    assert client.session[BACKEND_SESSION_KEY] == USER_BACKEND
    assert client.get(reverse("home")).context["user"] == alice


def test_a_session_logged_in_before_keeps_its_user(client, alice):
    client.force_login(alice, backend=DJANGOS_BACKEND)
    assert client.get(reverse("home")).context["user"] == alice


def test_a_user_made_inactive_is_logged_out(client, alice):
    client.force_login(alice)
    alice.is_active = False
    alice.save()
    assert client.get(reverse("group_create")).status_code == 302


def test_a_changed_password_logs_out_the_other_phones(client, alice):
    client.force_login(alice)
    alice.set_password("another-deck-88")
    alice.save()
    request = RequestFactory().get("/")
    request.session = SessionStore(client.session.session_key)
    assert not get_user(request).is_authenticated


def test_a_wrong_password_is_checked_once_and_counted_once(client, alice):
    checks = mock.patch.object(User, "check_password", autospec=True, return_value=False)
    with checks as verify:
        client.post(reverse("login"), {"username": "alice", "password": "not-it"})
    assert verify.call_count == 1
    assert AccessAttempt.objects.get().failures_since_start == 1
