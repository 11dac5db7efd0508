from datetime import timedelta

import pytest
from axes.models import AccessAttempt
from django.contrib.auth import get_user_model
from django.core.cache import cache
from django.test import Client, override_settings
from django.urls import reverse
from django.utils import timezone

from core.models import ThrottledPost
from tests.factories import PASSWORD
from tests.page_forms import form_on


def test_a_visitor_signs_up_and_is_logged_in(client, db):
    form = {"username": "lan", "password1": "shuffle-up-99", "password2": "shuffle-up-99"}
    response = client.post(reverse("signup"), form, follow=True)
    assert get_user_model().objects.filter(username="lan").exists()
    assert "Your tables" in response.content.decode()


def test_signup_refuses_mismatched_passwords(client, db):
    form = {"username": "lan", "password1": "shuffle-up-99", "password2": "shuffle-up-98"}
    response = client.post(reverse("signup"), form)
    assert response.status_code == 200
    assert not get_user_model().objects.filter(username="lan").exists()


def test_log_in_and_out(client, alice):
    response = client.post(reverse("login"), {"username": "alice", "password": PASSWORD})
    assert response.status_code == 302
    client.post(reverse("logout"))
    assert client.get(reverse("group_create")).status_code == 302


def test_a_member_changes_the_password(as_alice, alice):
    form = {
        "old_password": PASSWORD,
        "new_password1": "new-deck-77x",
        "new_password2": "new-deck-77x",
    }
    as_alice.post(reverse("password_change"), form)
    alice.refresh_from_db()
    assert alice.check_password("new-deck-77x")


def test_the_welcome_page_works_without_an_account(client, db):
    assert "Sign up" in client.get(reverse("home")).content.decode()


def test_pages_load_htmx_from_our_own_static_files(client, db):
    page = client.get(reverse("login")).content.decode()
    assert '<script src="/static/django_htmx/htmx' in page
    assert 'hx-headers=\'{"X-CSRFToken"' in page and "viewport" in page


# Throttling: wrong passwords per username and address, sign-ups per address.

PHONE, OTHER_PHONE = "203.0.113.7", "198.51.100.9"


def log_in(client, password, address=PHONE, username="alice"):
    form = {"username": username, "password": password}
    return client.post(reverse("login"), form, REMOTE_ADDR=address)


def logged_in(client):
    return "_auth_user_id" in client.session


def test_forty_wrong_passwords_lock_out_even_the_right_one(client, alice):
    for _ in range(40):
        assert not logged_in(client)
        log_in(client, "not-the-password")
    response = log_in(client, PASSWORD)
    assert response.status_code == 429
    page = response.content.decode()
    assert "Too many wrong passwords for <strong>alice</strong>" in page
    assert "Wait 15 minutes, then try again." in page
    assert not logged_in(client)


def test_the_fifth_wrong_password_locks_out(client, alice):
    statuses = [log_in(client, "not-the-password").status_code for _ in range(5)]
    assert statuses == [200, 200, 200, 200, 429]
    # Another username from the same address is still asked for its password.
    assert log_in(client, "not-the-password", username="bob").status_code == 200


def minutes_pass(minutes):
    """Moves the failures axes stores back in time, as if `minutes` had passed."""
    attempt = AccessAttempt.objects.get()
    attempt.attempt_time -= timedelta(minutes=minutes)
    attempt.save()


def test_the_lockout_ends_after_fifteen_minutes(client, alice):
    for _ in range(5):
        log_in(client, "not-the-password")
    minutes_pass(14)
    assert log_in(client, PASSWORD).status_code == 429  # and the 15 minutes start again
    minutes_pass(14)
    assert log_in(client, PASSWORD).status_code == 429
    assert not logged_in(client)
    minutes_pass(15.1)
    assert log_in(client, PASSWORD).status_code == 302
    assert logged_in(client)


def test_the_lockout_is_for_one_address_only(client, alice):
    for _ in range(5):
        log_in(client, "not-the-password")
    assert log_in(client, PASSWORD, address=OTHER_PHONE).status_code == 302


def test_a_successful_login_clears_the_count(client, alice):
    for _ in range(4):
        log_in(client, "not-the-password")
    assert log_in(client, PASSWORD).status_code == 302
    client.post(reverse("logout"))
    for _ in range(4):
        log_in(client, "not-the-password")
    assert log_in(client, PASSWORD).status_code == 302


def sign_up(client, username, address=PHONE, **headers):
    form = {"username": username, "password1": "shuffle-up-99", "password2": "shuffle-up-99"}
    response = client.post(reverse("signup"), form, REMOTE_ADDR=address, **headers)
    client.logout()
    return response


def test_sign_ups_from_one_address_are_limited(client, db, settings):
    for n in range(settings.SIGNUP_THROTTLE_LIMIT):
        assert sign_up(client, f"player{n}").status_code == 302
    response = sign_up(client, "one-too-many")
    assert response.status_code == 429
    page = response.content.decode()
    assert "Too many sign-ups came from your network" in page and "Try again in" in page
    assert not get_user_model().objects.filter(username="one-too-many").exists()
    assert sign_up(client, "from-elsewhere", address=OTHER_PHONE).status_code == 302


@override_settings(SIGNUP_THROTTLE_LIMIT=2)
def test_the_sign_up_count_is_shared_by_every_server_process(client, db):
    assert sign_up(client, "lan").status_code == 302
    cache.clear()  # what a second gunicorn worker, with its own in-process cache, starts from
    assert sign_up(client, "mai").status_code == 302
    cache.clear()
    assert sign_up(client, "hoa").status_code == 429


@override_settings(SIGNUP_THROTTLE_LIMIT=1, SIGNUP_THROTTLE_SECONDS=3600)
def test_an_address_may_sign_up_again_an_hour_after_its_first_sign_up(client, db):
    assert sign_up(client, "lan").status_code == 302
    ThrottledPost.objects.update(at=timezone.now() - timedelta(minutes=59))
    response = sign_up(client, "mai")
    assert response.status_code == 429 and "Try again in 1 minute" in response.content.decode()
    ThrottledPost.objects.update(at=timezone.now() - timedelta(minutes=61))
    assert sign_up(client, "mai").status_code == 302
    assert ThrottledPost.objects.count() == 1  # the old post is forgotten


@override_settings(SIGNUP_THROTTLE_LIMIT=1, TRUSTED_PROXY_COUNT=1)
def test_behind_a_proxy_the_address_it_forwards_is_counted(client, db):
    proxy = "10.0.0.1"

    def through_proxy(username, forwarded):
        return sign_up(client, username, proxy, HTTP_X_FORWARDED_FOR=forwarded).status_code

    # The client may send an X-Forwarded-For of its own: only the proxy's last entry counts.
    assert through_proxy("lan", f"1.2.3.4, {PHONE}") == 302
    assert through_proxy("mai", f"5.6.7.8, {PHONE}") == 429
    assert through_proxy("hoa", OTHER_PHONE) == 302


def change_password(client, old: str, address=PHONE):
    """The password form as the page draws it, with the old password typed in."""
    form = form_on(client.get(reverse("password_change")), text="Old password")
    typed = {"old_password": old, "new_password1": "new-deck-77x", "new_password2": "new-deck-77x"}
    url = form.action or reverse("password_change")  # the form posts to its own page
    return client.post(url, form.filled(**typed), REMOTE_ADDR=address)


def test_wrong_old_passwords_lock_out_the_password_change_like_a_login(as_alice, alice):
    statuses = [change_password(as_alice, "not-the-password").status_code for _ in range(5)]
    assert statuses == [200, 200, 200, 200, 429]
    assert change_password(as_alice, PASSWORD).status_code == 429  # even the right one
    alice.refresh_from_db()
    assert alice.check_password(PASSWORD)
    assert log_in(Client(), PASSWORD).status_code == 429  # and a login from there


@pytest.mark.parametrize(
    ("language", "sheet"), [("en", "score sheet"), ("vi", "bảng điểm"), ("de", "Spielblock")]
)
def test_the_welcome_page_names_every_game(client, db, language, sheet):
    page = client.get(reverse("home"), HTTP_ACCEPT_LANGUAGE=language).content.decode()
    assert "Cutthroat" in page and "Cắt Tê" in page and sheet in page
