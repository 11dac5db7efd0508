"""The language a person picks: stored on this phone, and with his account for every other."""

from django.test import Client
from django.urls import reverse

from tests.factories import PASSWORD
from tracker.models import Preferences


def choose(client, language, next_url="/"):
    return client.post(reverse("choose_language"), {"language": language, "next": next_url})


def log_in(client, user):
    return client.post(reverse("login"), {"username": user.username, "password": PASSWORD})


def test_a_logged_in_choice_is_kept_with_the_account(as_bob, bob):
    choose(as_bob, "vi")
    assert Preferences.objects.get(user=bob).language == "vi"


def test_another_phone_follows_the_chosen_language_after_logging_in(as_bob, bob):
    choose(as_bob, "de")
    other_phone = Client(HTTP_ACCEPT_LANGUAGE="en")
    log_in(other_phone, bob)
    assert other_phone.cookies["django_language"].value == "de"
    assert '<html lang="de">' in other_phone.get(reverse("home")).content.decode()


def test_a_choice_before_logging_in_is_kept_on_the_phone_only(client, bob):
    choose(client, "vi")
    assert '<html lang="vi">' in client.get(reverse("login")).content.decode()
    assert not Preferences.objects.exists()


def test_the_choice_wins_over_the_browser(client):
    choose(client, "de")
    page = client.get(reverse("login"), HTTP_ACCEPT_LANGUAGE="vi").content.decode()
    assert '<html lang="de">' in page


def test_an_unknown_language_changes_nothing(client):
    choose(client, "xx")
    assert "django_language" not in client.cookies


def test_it_goes_back_only_to_a_page_of_this_site(client):
    response = choose(client, "de", next_url="https://elsewhere.example/")
    assert response["Location"] == "/"
    assert choose(client, "de", next_url="/accounts/login/")["Location"] == "/accounts/login/"
