from django.contrib.auth import get_user_model
from django.urls import reverse

from tests.factories import PASSWORD


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
