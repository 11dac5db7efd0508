import re
from datetime import timedelta

from django.urls import reverse
from django.utils import timezone

from core.models import Invite, Membership, Role
from tests.conftest import client_for
from tests.factories import InviteFactory


def test_an_owner_creates_an_invite_with_a_qr_code(as_alice, group):
    as_alice.post(reverse("invite_list", args=[group.pk]), {"role": "scorer"})
    invite = Invite.objects.get(group=group)
    page = as_alice.get(reverse("invite_list", args=[group.pk])).content.decode()
    assert invite.role == Role.SCORER
    assert invite.token in page and "<svg" in page


def test_an_invite_asks_a_visitor_to_log_in_or_sign_up(client, group):
    invite = InviteFactory(group=group, token="open-sesame")
    page = client.get(reverse("invite", args=["open-sesame"])).content.decode()
    assert "Log in to join" in page and "Sign up to join" in page
    assert f"next=/invite/{invite.token}/" in page


def test_signing_up_from_an_invite_joins_the_group(client, group):
    InviteFactory(group=group, token="open-sesame", role=Role.VIEWER)
    url = reverse("invite", args=["open-sesame"])
    form = {"username": "eve", "password1": "shuffle-up-99", "password2": "shuffle-up-99"}
    response = client.post(reverse("signup"), {**form, "next": url})
    assert response["Location"] == group.get_absolute_url()
    assert Membership.objects.get(group=group, user__username="eve").role == Role.VIEWER


def test_signing_up_from_a_revoked_invite_joins_nothing(client, group):
    InviteFactory(group=group, token="open-sesame", revoked_at=timezone.now())
    url = reverse("invite", args=["open-sesame"])
    form = {"username": "eve", "password1": "shuffle-up-99", "password2": "shuffle-up-99"}
    response = client.post(reverse("signup"), {**form, "next": url})
    assert response["Location"] == url
    assert not Membership.objects.filter(group=group, user__username="eve").exists()


def test_signing_up_with_another_next_page_joins_nothing(client, group):
    InviteFactory(group=group, token="open-sesame")
    form = {"username": "eve", "password1": "shuffle-up-99", "password2": "shuffle-up-99"}
    response = client.post(reverse("signup"), {**form, "next": "/groups/new/?token=open-sesame"})
    assert response["Location"] == "/groups/new/?token=open-sesame"
    assert not Membership.objects.filter(user__username="eve").exists()


def test_a_logged_in_user_joins_with_one_tap(client, group, dave):
    invite = InviteFactory(group=group, token="open-sesame", role=Role.SCORER)
    response = client_for(client, dave).post(reverse("invite", args=["open-sesame"]))
    assert response.status_code == 302
    assert Membership.objects.get(group=group, user=dave).role == Role.SCORER
    invite.refresh_from_db()
    assert invite.uses == 1


def test_an_invite_never_lowers_a_role(as_alice, group, alice):
    InviteFactory(group=group, token="open-sesame", role=Role.VIEWER)
    as_alice.post(reverse("invite", args=["open-sesame"]))
    assert Membership.objects.get(group=group, user=alice).role == Role.OWNER


def test_an_expired_invite_is_refused(client, group, dave):
    past = timezone.now() - timedelta(minutes=1)
    InviteFactory(group=group, token="too-late", expires_at=past)
    response = client_for(client, dave).post(reverse("invite", args=["too-late"]))
    assert response.status_code == 410
    assert "expired" in response.content.decode()
    assert not Membership.objects.filter(user=dave).exists()


def test_a_revoked_invite_is_refused(as_alice, group, dave, client):
    invite = InviteFactory(group=group, token="taken-back")
    as_alice.post(reverse("invite_revoke", args=[group.pk, invite.pk]))
    response = client_for(client, dave).post(reverse("invite", args=["taken-back"]))
    assert response.status_code == 410
    assert not Membership.objects.filter(user=dave).exists()


def test_an_unknown_invite_is_404(client, dave):
    assert client_for(client, dave).get(reverse("invite", args=["nope"])).status_code == 404


def invite_link(client, group, host: str) -> str:
    client.post(reverse("invite_list", args=[group.pk]), {"role": "viewer"}, HTTP_HOST=host)
    page = client.get(reverse("invite_list", args=[group.pk]), HTTP_HOST=host).content.decode()
    return re.search(r'<p class="copy"><a href="([^"]+)"', page)[1]


def test_an_invite_made_on_the_serving_computer_names_the_tables_address(as_alice, group, settings):
    settings.TABLE_ADDRESS = "http://192.168.1.20:8000/"
    link = invite_link(as_alice, group, "127.0.0.1:8000")
    assert link.startswith("http://192.168.1.20:8000/invite/")


def test_an_invite_made_on_a_phone_names_the_address_that_phone_reached(as_alice, group, settings):
    settings.TABLE_ADDRESS = "http://192.168.1.20:8000/"
    link = invite_link(as_alice, group, "10.0.0.5:8000")
    assert link.startswith("http://10.0.0.5:8000/invite/")


def test_an_invite_names_the_address_reached_when_no_table_address_is_set(
    as_alice, group, settings
):
    settings.TABLE_ADDRESS = ""
    assert invite_link(as_alice, group, "localhost:8000").startswith(
        "http://localhost:8000/invite/"
    )
