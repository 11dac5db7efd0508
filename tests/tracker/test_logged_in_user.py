"""Logins and sessions are Django's own: the password backend behind the lockout check, and
sessions kept in the database and read from it."""

from unittest import mock

from axes.models import AccessAttempt
from django.conf import settings
from django.contrib.auth import BACKEND_SESSION_KEY, SESSION_KEY
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from tests.factories import PASSWORD


def test_a_login_names_djangos_password_backend(client, alice):
    client.post(reverse("login"), {"username": "alice", "password": PASSWORD})
    assert client.session[BACKEND_SESSION_KEY] == "django.contrib.auth.backends.ModelBackend"
    assert client.get(reverse("home")).context["user"] == alice


def test_a_session_of_a_backend_no_longer_listed_asks_to_log_in_once(client, alice):
    session = client.session
    session.update({SESSION_KEY: str(alice.pk), BACKEND_SESSION_KEY: "tracker.gone.UserBackend"})
    session.save()
    client.cookies[settings.SESSION_COOKIE_NAME] = session.session_key
    assert client.get(reverse("group_create")).status_code == 302
    client.post(reverse("login"), {"username": "alice", "password": PASSWORD})
    assert client.get(reverse("group_create")).status_code == 200


def test_a_user_made_inactive_is_logged_out(client, alice):
    client.force_login(alice)
    alice.is_active = False
    alice.save()
    assert client.get(reverse("group_create")).status_code == 302


def test_a_changed_password_logs_out_the_other_phones(client, alice):
    other_phone = Client()
    other_phone.force_login(alice)
    alice.set_password("another-deck-88")
    alice.save()
    assert other_phone.get(reverse("group_create")).status_code == 302


def test_a_wrong_password_is_checked_once_and_counted_once(client, alice):
    checks = mock.patch.object(User, "check_password", autospec=True, return_value=False)
    with checks as verify:
        client.post(reverse("login"), {"username": "alice", "password": "not-it"})
    assert verify.call_count == 1
    assert AccessAttempt.objects.get().failures_since_start == 1
