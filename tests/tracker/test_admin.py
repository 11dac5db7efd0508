"""Staff look at every row in the admin; game and ledger rows only through the services,
while the people of a group stay editable and their edits reach the group's cached pages."""

from html.parser import HTMLParser

import pytest
from django.contrib import admin
from django.urls import reverse

from core.models import Change, Membership
from ledger.models import Account, PaymentDetails, Posting, Transaction
from ledger.payment_details import change_details
from tests.factories import GroupFactory, UserFactory, fresh
from tracker.catte import board as catte_board
from tracker.catte import rules as catte
from tracker.catte import services
from tracker.catte.models import CatteSession, Round, SessionSeat
from tracker.cutthroat import services as tournaments
from tracker.cutthroat.models import Hand, Tournament, TournamentSeat

OUR_APPS = ("tracker", "cutthroat", "catte", "ledger")
MODELS = [model for model in admin.site._registry if model._meta.app_label in OUR_APPS]
READ_ONLY = [
    *(Tournament, TournamentSeat, Hand, CatteSession, SessionSeat, Round, Change),
    *(Account, Transaction, Posting, PaymentDetails),
]


@pytest.fixture
def as_superuser(client, db):
    user = UserFactory(username="root", is_staff=True, is_superuser=True)
    client.force_login(user)
    return client


@pytest.fixture
def played(group, alice, bob, players):
    """A tournament with a hand, a session with a round and a player's payment details: a row
    of every game and ledger model, written by the services."""
    tournament = tournaments.start(group, players[:3], {"preset": "official"}, bob)
    bids, tricks = {"An": 6, "Bình": 5, "Chi": 6}, {"An": 6, "Bình": 5, "Chi": 6}
    tournaments.record_bids(tournaments.load(fresh(tournament)), bids, bob)
    board = tournaments.load(fresh(tournament))
    tournaments.record_tricks(board, 1, tricks, {"JD": "An", "JC": "Chi"}, bob)
    board = catte_board.load(services.logs.start(group, players, {"stake": "1.00"}, bob))
    services.rounds.record_round(board, catte.Round(tricks=["An"] * 4), bob)
    group.membership = group.memberships.get(user=alice)
    details = {"holder": "An Lê", "iban": "DE89370400440532013000"}
    change_details(group, players[0], alice, details, number=0)


def admin_url(model, view, *args):
    return reverse(f"admin:{model._meta.app_label}_{model._meta.model_name}_{view}", args=args)


class FormAsDrawn(HTMLParser):
    """The fields a browser would send from the admin's change form (`<form id="…_form">`)."""

    def __init__(self, html: str):
        super().__init__(convert_charrefs=True)
        self.fields, self.in_form, self.select, self.options = {}, False, None, []
        self.feed(html)

    def handle_starttag(self, tag, attrs):
        names = dict(attrs)
        if tag == "form":
            self.in_form = (names.get("id") or "").endswith("_form")
        elif not self.in_form or "name" not in names and tag != "option":
            return
        elif tag == "input" and names.get("type") not in ("submit", "button", "checkbox"):
            self.fields[names["name"]] = names.get("value") or ""
        elif tag == "input" and names.get("type") == "checkbox" and "checked" in names:
            self.fields[names["name"]] = names.get("value") or "on"
        elif tag == "select":
            self.select, self.options = names["name"], []
        elif tag == "option" and self.select:
            self.options.append((names.get("value") or "", "selected" in names))

    def handle_endtag(self, tag):
        if tag == "form":
            self.in_form = False
        elif tag == "select" and self.select:
            # A browser sends the first option of a select with none selected.
            chosen = [value for value, selected in self.options if selected] or [self.options[0][0]]
            self.fields[self.select], self.select = chosen[0], None


def form_as_rendered(client, url) -> dict:
    return FormAsDrawn(client.get(url).content.decode()).fields


def test_every_model_of_the_project_is_in_the_admin():
    from django.apps import apps

    ours = [m for m in apps.get_models() if m._meta.app_label in OUR_APPS]
    assert set(ours) <= set(MODELS)


@pytest.mark.parametrize("model", MODELS, ids=lambda m: m.__name__)
def test_each_admin_list_loads_with_a_search(as_superuser, model, players):
    url = reverse(f"admin:{model._meta.app_label}_{model._meta.model_name}_changelist")
    assert as_superuser.get(url, {"q": "An"}).status_code == 200


@pytest.mark.parametrize("model", READ_ONLY, ids=lambda m: m.__name__)
def test_a_game_or_ledger_row_opens_to_be_read_with_nothing_to_save(as_superuser, played, model):
    response = as_superuser.get(admin_url(model, "change", model.objects.first().pk))
    assert response.status_code == 200
    assert b'name="_save"' not in response.content
    assert b'name="_continue"' not in response.content


@pytest.mark.parametrize("model", READ_ONLY, ids=lambda m: m.__name__)
def test_a_game_or_ledger_row_posted_to_is_refused_and_stays_as_it_was(as_superuser, played, model):
    row = model.objects.first()
    before = model.objects.filter(pk=row.pk).values().get()
    response = as_superuser.post(admin_url(model, "change", row.pk), {"_save": "Save"})
    assert response.status_code == 403
    assert model.objects.filter(pk=row.pk).values().get() == before


def test_an_account_balance_posted_to_stays_the_sum_of_its_postings(as_superuser, played):
    account = Account.objects.filter(balance_minor__gt=0).first()
    balance = account.balance_minor
    response = as_superuser.post(admin_url(Account, "change", account.pk), {"balance_minor": "0"})
    assert response.status_code == 403
    assert fresh(account).balance_minor == balance != 0


@pytest.mark.parametrize("model", READ_ONLY, ids=lambda m: m.__name__)
def test_no_game_or_ledger_row_is_added_in_the_admin(as_superuser, played, model):
    assert as_superuser.get(admin_url(model, "add")).status_code == 403
    assert as_superuser.post(admin_url(model, "add"), {"_save": "Save"}).status_code == 403


@pytest.mark.parametrize("model", READ_ONLY, ids=lambda m: m.__name__)
def test_no_game_or_ledger_row_is_deleted_in_the_admin(as_superuser, played, model):
    row = model.objects.first()
    response = as_superuser.post(admin_url(model, "delete", row.pk), {"post": "yes"})
    assert response.status_code == 403
    assert model.objects.filter(pk=row.pk).exists()


@pytest.mark.parametrize("model", READ_ONLY, ids=lambda m: m.__name__)
def test_the_list_of_game_or_ledger_rows_offers_no_deleting(as_superuser, played, model):
    count = model.objects.count()
    selected = {"action": "delete_selected", "_selected_action": [model.objects.first().pk]}
    as_superuser.post(admin_url(model, "changelist"), {**selected, "post": "yes"})
    assert b"delete_selected" not in as_superuser.get(admin_url(model, "changelist")).content
    assert model.objects.count() == count


def test_the_seats_of_a_tournament_are_shown_but_not_editable(as_superuser, played):
    response = as_superuser.get(admin_url(Tournament, "change", Tournament.objects.get().pk))
    assert "Bình" in response.content.decode()
    assert b'name="seats-0-player"' not in response.content


def test_renaming_a_group_in_the_admin_bumps_its_version(as_superuser, group, alice):
    url = admin_url(group, "change", group.pk)
    form = form_as_rendered(as_superuser, url)
    assert form["memberships-TOTAL_FORMS"] == "1"
    response = as_superuser.post(url, {**form, "name": "Saturday table"})
    assert response.status_code == 302
    assert (fresh(group).name, fresh(group).version) == ("Saturday table", 1)


def test_a_group_keeps_its_currency_once_it_exists(as_superuser, group, alice):
    url = admin_url(group, "change", group.pk)
    form = form_as_rendered(as_superuser, url)
    assert "currency" not in form
    assert as_superuser.post(url, {**form, "currency": "VND"}).status_code == 302
    assert (fresh(group).currency, fresh(group).version) == ("EUR", 1)
    assert 'name="currency"' in as_superuser.get(admin_url(group, "add")).content.decode()


def test_a_group_version_bumped_since_the_form_was_drawn_is_kept(as_superuser, group, alice):
    url = admin_url(group, "change", group.pk)
    form = form_as_rendered(as_superuser, url)
    type(group).objects.filter(pk=group.pk).update(version=5)
    as_superuser.post(url, {**form, "name": "Saturday table"})
    assert fresh(group).version == 6


def test_renaming_a_player_in_the_admin_bumps_the_group_version(as_superuser, group, players):
    url = admin_url(players[0], "change", players[0].pk)
    response = as_superuser.post(url, {**form_as_rendered(as_superuser, url), "name": "Anh"})
    assert response.status_code == 302
    assert fresh(players[0]).name == "Anh"
    assert fresh(group).version == 1


def test_a_player_moved_to_another_group_bumps_both_groups(as_superuser, group, players):
    other = GroupFactory(name="Sunday table")
    url = admin_url(players[0], "change", players[0].pk)
    as_superuser.post(url, {**form_as_rendered(as_superuser, url), "group": str(other.pk)})
    assert fresh(players[0]).group == other
    assert (fresh(group).version, fresh(other).version) == (1, 1)


def test_deleting_a_player_in_the_admin_bumps_the_group_version(as_superuser, group, players):
    url = admin_url(players[0], "delete", players[0].pk)
    assert as_superuser.post(url, {"post": "yes"}).status_code == 302
    assert not type(players[0]).objects.filter(pk=players[0].pk).exists()
    assert fresh(group).version == 1


def test_changing_a_role_in_the_admin_bumps_the_group_version(as_superuser, group, carol):
    membership = Membership.objects.get(user=carol)
    url = admin_url(Membership, "change", membership.pk)
    response = as_superuser.post(url, {**form_as_rendered(as_superuser, url), "role": "scorer"})
    assert response.status_code == 302
    assert (fresh(membership).role, fresh(group).version) == ("scorer", 1)
