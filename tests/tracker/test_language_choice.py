"""The language a person picks: stored on this phone, and with his account for every other."""

from django.test import Client
from django.urls import reverse
from django.utils.translation import get_language_info

from core.models import Preferences
from tests.factories import PASSWORD
from tests.page_forms import form_on, submit


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


def test_the_languages_have_a_page_of_their_own_away_from_every_action(client):
    page = client.get(reverse("choose_language"), {"next": "/accounts/login/"}).content.decode()
    for code, name in [("en", "English"), ("vi", get_language_info("vi")["name_local"])]:
        assert f'value="{code}" lang="{code}"' in page and name in page
    assert 'name="next" value="/accounts/login/"' in page
    login = client.get(reverse("login")).content.decode()
    assert 'name="language"' not in login and 'id="language-link"' in login


def test_the_page_after_a_switch_offers_the_way_back_in_the_language_before(client):
    choose(client, "de", next_url="/accounts/login/")
    page = client.get(reverse("login")).content.decode()
    assert "Die Seiten sind jetzt auf Deutsch." in page
    assert '<button name="language" value="en" lang="en" class="secondary">Back to English' in page


def test_the_way_back_is_offered_once(client):
    choose(client, "vi", next_url="/accounts/login/")
    client.get(reverse("login"))
    assert 'id="language-back"' not in client.get(reverse("login")).content.decode()


def test_choosing_the_language_already_shown_offers_nothing_back(client):
    choose(client, "en", next_url="/accounts/login/")
    assert 'id="language-back"' not in client.get(reverse("login")).content.decode()


def test_taking_the_switch_back_offers_nothing_more(client):
    choose(client, "de", next_url="/accounts/login/")
    page = client.get(reverse("login")).content.decode()
    assert 'name="taking_back" value="1"' in page
    client.post(reverse("choose_language"), {"language": "en", "taking_back": "1", "next": "/"})
    page = client.get(reverse("login")).content.decode()
    assert '<html lang="en">' in page and 'id="language-back"' not in page


def test_a_language_chosen_before_signing_up_is_kept_with_the_new_account(client, db):
    choose(client, "vi", next_url=reverse("signup"))
    typed = {"username": "lan", "password1": "shuffle-up-99", "password2": "shuffle-up-99"}
    submit(client, form_on(client.get(reverse("signup")), "signup"), **typed)
    other_phone = Client(HTTP_ACCEPT_LANGUAGE="de")
    other_phone.post(reverse("login"), {"username": "lan", "password": "shuffle-up-99"})
    assert '<html lang="vi">' in other_phone.get(reverse("home")).content.decode()


def test_logging_in_keeps_the_account_language_over_the_one_chosen_on_this_phone(client, bob):
    Preferences.objects.create(user=bob, language="de")
    choose(client, "vi")
    log_in(client, bob)
    assert Preferences.objects.get(user=bob).language == "de"
    assert '<html lang="de">' in client.get(reverse("home")).content.decode()
