from io import StringIO

import pytest
from django.core.management import call_command

from core.models import Group
from ledger.balances import group_balances


@pytest.mark.django_db
def test_demo_fills_a_fresh_database_with_a_living_group():
    out = StringIO()
    call_command("demo", stdout=out)
    group = Group.objects.get(name="Demo table")
    assert group.tournaments.get().hand_count == 6
    assert group.sessions.get().round_count == 4
    assert group_balances(group).transfers
    assert all(player.payment_details.exists() for player in group.players.all())
    assert "Log in as 'demo'" in out.getvalue()


@pytest.mark.django_db
def test_demo_can_give_the_group_to_an_existing_account(alice):
    call_command("demo", "--user", "alice", stdout=StringIO())
    assert Group.objects.get(name="Demo table").memberships.get().user == alice
