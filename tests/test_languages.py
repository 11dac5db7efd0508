"""The language of the pages: what the browser asks for, or what a person chose."""

import pytest
from django.urls import reverse


@pytest.mark.parametrize("language", ["de", "vi"])
def test_a_page_is_in_the_language_the_browser_asks_for(client, db, language):
    response = client.get(reverse("login"), HTTP_ACCEPT_LANGUAGE=language)
    assert response.status_code == 200
    assert f'<html lang="{language}">' in response.content.decode()


def test_the_language_chosen_in_the_switch_is_kept_for_the_next_page(client, db):
    login = reverse("login")
    response = client.post(reverse("choose_language"), {"language": "vi", "next": login})
    assert response.status_code == 302 and response["Location"] == login
    page = client.get(login, HTTP_ACCEPT_LANGUAGE="de")
    assert '<html lang="vi">' in page.content.decode()
