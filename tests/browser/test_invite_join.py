"""Joining by invite from a phone that has no account yet: the sign-up is the answer."""

import pytest

from core.models import Membership, Role
from tests.browser import test_languages as languages
from tests.browser import thumb as phones
from tests.factories import InviteFactory

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
thumb = phones.thumb  # the fixture: both phone sizes, with a tap counter
phone_in = languages.phone_in  # the fixture: a phone in a language
SCROLL_TO = "element => element.scrollIntoView({block: 'center'})"


def test_signing_up_from_an_invite_ends_in_the_group(thumb, live_server, group):
    InviteFactory(group=group, token="open-sesame", role=Role.SCORER)
    thumb.page.goto(f"{live_server.url}/invite/open-sesame/")
    with thumb.page.expect_navigation():
        thumb.tap("a:has-text('Sign up to join')")
    thumb.page.fill("#id_username", "eve")
    thumb.page.fill("#id_password1", "shuffle-up-99")
    thumb.page.fill("#id_password2", "shuffle-up-99")
    thumb.page.locator("button:has-text('Create account')").evaluate(SCROLL_TO)  # the thumb's
    with thumb.page.expect_navigation():
        thumb.tap("button:has-text('Create account')")
    assert thumb.page.url == f"{live_server.url}/groups/{group.pk}/"
    assert "Welcome to Friday table." in thumb.page.inner_text("#messages")
    assert Membership.objects.get(group=group, user__username="eve").role == Role.SCORER
    assert thumb.taps == 2


def test_a_german_invite_names_the_role_as_german_writes_it(phone_in, live_server, group):
    InviteFactory(group=group, token="open-sesame", role=Role.VIEWER)
    phone = phone_in("de-DE")
    phone.goto(f"{live_server.url}/invite/open-sesame/")
    invited = phone.inner_text("main p")
    assert invited == "Du bist als Zuschauer eingeladen."
