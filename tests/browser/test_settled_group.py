"""A group in đồng that played and settled, read on a Vietnamese phone: the balances say all is
settled (not that nothing was played), and the page per session says its transfers are the
settlement as played, payments not taken off."""

import pytest

from core.models import Role
from ledger.balances import group_balances
from tests.browser import test_languages as languages
from tests.browser.test_languages import in_language, log_in
from tests.factories import GroupFactory, MembershipFactory, PlayerFactory, pay
from tracker.catte import board, services
from tracker.catte import rules as catte

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
phone_in = languages.phone_in  # the fixture: a phone in a given language


@pytest.fixture
def settled(bob):
    """An swept two rounds at 15.000 ₫ a stake; everyone has paid what the balances said."""
    group = GroupFactory(name="Bàn tối thứ Sáu", currency="VND")
    MembershipFactory(group=group, user=bob, role=Role.SCORER)
    players = [PlayerFactory(group=group, name=name) for name in ["An", "Bình", "Chi", "Dũng"]]
    session = services.logs.start(group, players, {"stake": "15000"}, bob)
    for _round in range(2):
        services.rounds.record_round(board.load(session), catte.Round(tricks=["An"] * 4), bob)
        session.refresh_from_db()
    by_name = {player.name: player for player in players}
    for transfer in group_balances(group).transfers:
        pay(group, by_name[transfer.payer], by_name[transfer.payee], transfer.amount, bob)
    return group


def test_a_settled_group_says_it_is_settled(phone_in, live_server, settled):
    phone = phone_in("vi")
    log_in(phone, live_server, "bob")
    phone.goto(f"{live_server.url}/groups/{settled.pk}/balances/")
    page = phone.inner_text("main")
    assert in_language("vi", "Nothing has been played for money yet.") not in page
    assert in_language("vi", "Everyone is settled: every balance is 0.") in page
    phone.goto(f"{live_server.url}/groups/{settled.pk}/")
    assert in_language("vi", "Everyone is settled.") in phone.inner_text("#balances")


def test_the_page_per_session_says_payments_are_not_taken_off(phone_in, live_server, settled):
    phone = phone_in("vi")
    log_in(phone, live_server, "bob")
    phone.goto(f"{live_server.url}/groups/{settled.pk}/balances/by-session/")
    assert "không trừ vào gì ở đây" in phone.inner_text("main")
    phone.click("main a:has-text('Ai nợ ai')")
    assert phone.url.endswith(f"/groups/{settled.pk}/balances/")
