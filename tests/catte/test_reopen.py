"""Reopening a closed Cắt Tê session to correct it, and closing it again."""

from decimal import Decimal

import pytest
from django.urls import reverse

from basics.errors import RulesError
from core.changes import changes_of
from core.models import Change
from ledger.balances import player_balances
from ledger.models import Transaction
from tests.factories import fresh
from tracker.catte import board as catte_board
from tracker.catte import rules as catte
from tracker.catte import services

SIDE_POT = {"stake": "1.00", "side_pot_stake": "0.50"}
CARRY = {**SIDE_POT, "side_pot_at_end": "carry"}


def played(session, *rounds):
    board = catte_board.load(fresh(session))
    for round_ in rounds:
        board = services.rounds.record_round(board, round_, None)
    return board


def sweep(name, upturned="7H", claimed_by=None):
    return catte.Round(
        tricks=[name] * 4, side_pot_upturned=upturned, side_pot_claimed_by=claimed_by
    )


def closed(session, *rounds):
    board = played(session, *rounds)
    return services.closing.close(board, board.session.version, None)


def url(name, session):
    return reverse(name, args=[session.group_id, session.pk])


def ledger_money(group) -> tuple[dict, dict, Decimal]:
    players, shares, side_pot = player_balances(group)

    def by_name(amounts):
        return {p.name: a for p, a in amounts.items() if a}

    return by_name(players), by_name(shares), side_pot


def test_a_scorer_reopens_a_closed_session_and_the_refund_is_reversed(as_bob, group, bob, players):
    session = services.logs.start(group, players, SIDE_POT, bob)
    closed(session, sweep("An"), sweep("Bình", "9D"))
    assert ledger_money(group)[2] == 0  # refunded at closing
    refund = Transaction.objects.get(source_type="catte_close")
    version = fresh(session).version

    response = as_bob.post(url("session_reopen", session), {"version": version}, follow=True)

    session = fresh(session)
    assert session.closed_at is None and session.version == version + 1
    change = changes_of(session).get(action=Change.Action.REOPEN)
    assert change.user == bob and change.summary == "Session reopened"
    assert Transaction.objects.filter(reverses=refund).exists()  # append-only: reversed
    board = catte_board.load(session)
    money, shares, side_pot = ledger_money(group)
    assert shares == {name: Decimal("1.00") for name in ["An", "Bình", "Chi", "Dũng"]}
    assert side_pot == board.state.side_pot == Decimal("4.00")
    assert money == {name: amount for name, amount in board.state.running.items() if amount}
    html = response.content.decode()
    assert "The session is open again" in html and "Round 3 · Bình deals" in html
    assert "Correct round 1" in html and "Close the session…" in html


def test_a_reopened_session_is_corrected_and_closed_again_as_a_replay_says(
    as_bob, group, bob, players
):
    session = services.logs.start(group, players, SIDE_POT, bob)
    closed(session, sweep("An"), sweep("Bình", "9D"), sweep("Chi", "2C"))
    as_bob.post(url("session_reopen", session), {"version": fresh(session).version})
    edit = reverse("round_edit", args=[group.pk, session.pk, 2])
    data = {"number": 2, "version": fresh(session).version, "tap": "save"}
    as_bob.post(edit, {**data, "taps": "u9D c3 t1 t0 t1 t0 t0 t0"})
    assert Change.objects.filter(action=Change.Action.CORRECTION).count() == 1
    as_bob.post(url("session_close", session), {"version": fresh(session).version})

    board = catte_board.load(fresh(session))
    assert board.is_closed
    result, _ = catte.replay(services.logs.export_game(session))
    money, shares, side_pot = ledger_money(group)
    expected = {name: Decimal(amount) for name, amount in result["totals"].items()}
    assert money == {name: amount for name, amount in expected.items() if amount}
    assert shares == {} and side_pot == 0
    assert result["rounds"][1]["winner"] == "An"  # the corrected round 2
    actions = list(changes_of(session).order_by("at", "pk").values_list("action", flat=True))
    assert actions[-4:] == ["close", "reopen", "correction", "close"]


def test_a_carried_side_pot_waits_in_the_reopened_session_again(group, bob, players):
    session = services.logs.start(group, players, CARRY, bob)
    board = closed(session, sweep("An"))
    assert services.carried.carried_side_pot(group) != {}
    services.closing.reopen(board, board.session.version, bob)
    assert services.carried.carried_side_pot(group) == {}
    board = catte_board.load(fresh(session))
    assert board.state.open_shares == dict.fromkeys(["An", "Bình", "Chi", "Dũng"], Decimal("0.50"))
    assert ledger_money(group)[2] == Decimal("2.00")
    services.closing.close(board, board.session.version, bob)
    later = services.logs.start(group, players, CARRY, bob)
    assert later.side_pot_in == dict.fromkeys(["0", "1", "2", "3"], "0.50")


def test_reopening_is_refused_once_a_later_session_took_over_its_side_pot(
    as_bob, group, bob, players
):
    session = services.logs.start(group, players, CARRY, bob)
    closed(session, sweep("An"))
    services.logs.start(group, players, CARRY, bob)  # takes over the carried pot
    board = catte_board.load(fresh(session))
    with pytest.raises(RulesError, match="A later session has taken over this session's side"):
        services.closing.reopen(board, board.session.version, bob)
    html = as_bob.get(session.get_absolute_url()).content.decode()
    assert "can no longer be reopened" in html and "Reopen the session…" not in html
    response = as_bob.post(url("session_reopen", session), {"version": board.session.version})
    html = as_bob.get(response["Location"]).content.decode()
    assert "A later session has taken over" in html
    assert fresh(session).is_closed
    assert not Change.objects.filter(action=Change.Action.REOPEN).exists()


def test_a_session_whose_empty_pot_nobody_took_can_be_reopened(group, bob, players):
    session = services.logs.start(group, players, {"stake": "1.00"}, bob)
    board = closed(session, catte.Round(tricks=["An"] * 4))
    services.logs.start(group, players, {"stake": "1.00"}, bob)
    services.closing.reopen(board, board.session.version, bob)
    assert not fresh(session).is_closed


def test_only_a_scorer_sees_and_uses_reopen(as_bob, client, carol, group, bob, players):
    session = services.logs.start(group, players, {"stake": "1.00"}, bob)
    closed(session, catte.Round(tricks=["An"] * 4))
    assert "Reopen the session…" in as_bob.get(session.get_absolute_url()).content.decode()
    client.logout()
    client.force_login(carol)
    assert "Reopen the session" not in client.get(session.get_absolute_url()).content.decode()
    response = client.post(url("session_reopen", session), {"version": fresh(session).version})
    assert response.status_code in (403, 404)
    assert fresh(session).is_closed


def test_an_open_session_is_not_reopened_and_a_stale_page_changes_nothing(group, bob, players):
    session = services.logs.start(group, players, {"stake": "1.00"}, bob)
    board = played(session, catte.Round(tricks=["An"] * 4))
    with pytest.raises(RulesError, match="This session is open."):
        services.closing.reopen(board, board.session.version, bob)
    board = services.closing.close(board, board.session.version, bob)
    with pytest.raises(Exception, match="changed on another phone"):
        services.closing.reopen(catte_board.load(fresh(session)), 0, bob)
    assert fresh(session).is_closed


def test_the_same_reopen_tap_sent_twice_reopens_once(as_bob, group, bob, players):
    session = services.logs.start(group, players, SIDE_POT, bob)
    closed(session, sweep("An"))
    data = {"version": fresh(session).version, "once": "a" * 32}
    as_bob.post(url("session_reopen", session), data)
    response = as_bob.post(url("session_reopen", session), data, follow=True)
    assert "The session is open again" in response.content.decode()
    assert Change.objects.filter(action=Change.Action.REOPEN).count() == 1
    assert Transaction.objects.filter(kind="reversal").count() == 1
