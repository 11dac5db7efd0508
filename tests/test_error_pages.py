"""A refused or failed request is answered in the app's look and the reader's language, with debug
on (`make run`) as with it off."""

import pytest
from django.test import Client, RequestFactory
from django.urls import reverse

from core.web.errors import server_error


@pytest.mark.parametrize("debug", [False, True])
def test_a_group_page_for_an_outsider_is_the_apps_404_in_his_language(
    as_dave, group, settings, debug
):
    settings.DEBUG = debug
    response = as_dave.get(reverse("group", args=[group.pk]), HTTP_ACCEPT_LANGUAGE="vi")
    page = response.content.decode()
    assert response.status_code == 404
    assert "Không có gì ở đây" in page and 'class="topbar"' in page


def test_an_address_the_server_does_not_serve_is_the_apps_400(db, settings):
    settings.ALLOWED_HOSTS = ["cards.example.org"]
    response = Client().get("/", HTTP_HOST="elsewhere.example", HTTP_ACCEPT_LANGUAGE="de")
    assert response.status_code == 400
    assert "Diese Anfrage ließ sich nicht lesen" in response.content.decode()


def test_a_form_posted_without_its_token_is_the_apps_403(db):
    phone = Client(enforce_csrf_checks=True)
    response = phone.post(reverse("login"), {"username": "an"}, HTTP_ACCEPT_LANGUAGE="vi")
    assert response.status_code == 403
    assert "Bạn không mở được trang này" in response.content.decode()


def test_a_failed_request_is_the_apps_500_saying_nothing_was_saved(db):
    request = RequestFactory().get("/", HTTP_ACCEPT_LANGUAGE="en")
    response = server_error(request)
    assert response.status_code == 500
    assert "Nothing of this request was saved" in response.content.decode()
