"""Correcting, undoing and closing Cắt Tê sessions; carrying a side pot; export and import."""

import json
import re
from decimal import Decimal
from pathlib import Path

import pytest
from django.urls import reverse

from basics.errors import RulesError
from core.changes import changes_of
from core.models import Change, Player
from core.versioning import AlreadyRecorded
from ledger.balances import player_balances
from ledger.models import Transaction
from tests.factories import PlayerFactory, fresh
from tracker.catte import board as catte_board
from tracker.catte import rules as catte
from tracker.catte import services
from tracker.catte.history import session_result
from tracker.catte.models import CatteSession, Round

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
SIDE_POT = {"stake": "1.00", "side_pot_stake": "0.50"}
CARRY = {**SIDE_POT, "side_pot_at_end": "carry"}
CARRIED_LOG = {
    "format": "catte-log/1",
    "rules": CARRY,
    "players": ["An", "Bình", "Chi"],
    "rounds": [
        {
            "tricks": ["An", "Bình", "An", "Bình", "An", "An"],
            "side_pot": {"upturned": "AS", "claimed_by": None},
        }
    ],
}


def played(session, *rounds) -> catte_board.SessionBoard:
    board = catte_board.load(fresh(session))
    for round_ in rounds:
        board = services.rounds.record_round(board, round_, None)
    return board


def sweep(name, upturned=None, claimed_by=None):
    return catte.Round(
        tricks=[name] * 4, side_pot_upturned=upturned, side_pot_claimed_by=claimed_by
    )


def player_money(group) -> dict[str, Decimal]:
    return {player.name: amount for player, amount in player_balances(group)[0].items()}


def test_a_correction_rescores_the_round_and_keeps_the_old_one_in_the_history(
    as_bob, group, bob, players
):
    session = services.logs.start(group, players, {"stake": "1.00"}, bob)
    played(session, sweep("An"))
    url = reverse("round_edit", args=[group.pk, session.pk, 1])
    data = {"number": 1, "version": 1, "taps": "t1 t1 t1 t1", "tap": "save"}
    assert as_bob.post(url, data).status_code == 302
    assert Round.objects.get().entry == {"tricks": [1, 1, 1, 1]}
    change = Change.objects.get(action=Change.Action.CORRECTION)
    assert change.before == {"tricks": [0, 0, 0, 0]} and change.user == bob
    assert player_money(group)["Bình"] == Decimal("6.00")


def test_the_correction_page_starts_from_the_recorded_round(as_bob, group, bob, players):
    session = services.logs.start(group, players, SIDE_POT, bob)
    played(session, sweep("Chi", "QS", None))
    html = as_bob.get(reverse("round_edit", args=[group.pk, session.pk, 1])).content.decode()
    assert 'name="taps" value="uQS c- t2 t2 t2 t2"' in html
    assert "Sweep by Chi" in html


def test_an_unchanged_correction_records_nothing(as_bob, group, bob, players):
    session = services.logs.start(group, players, SIDE_POT, bob)
    played(session, catte.Round(tricks=["An"] * 4, folds=["Dũng", "Chi"], side_pot_upturned="QS"))
    url = reverse("round_edit", args=[group.pk, session.pk, 1])
    taps = re.search(r'name="taps" value="([^"]*)"', as_bob.get(url).content.decode())[1]
    data = {"number": 1, "version": 1, "taps": taps, "tap": "save"}
    response = as_bob.post(url, data, follow=True)
    assert "Nothing changed: round 1 is as it was recorded." in response.content.decode()
    assert fresh(session).version == 1
    assert not Change.objects.filter(action=Change.Action.CORRECTION).exists()
    assert Transaction.objects.count() == 1


def test_an_unchanged_correction_sent_by_htmx_goes_back_to_the_session(as_bob, group, bob, players):
    session = services.logs.start(group, players, {"stake": "1.00"}, bob)
    played(session, sweep("Bình"))
    url = reverse("round_edit", args=[group.pk, session.pk, 1])
    data = {"number": 1, "version": 1, "taps": "t1 t1 t1 t1", "tap": "save"}
    response = as_bob.post(url, data, headers={"HX-Request": "true"})
    assert response["HX-Redirect"] == session.get_absolute_url()
    assert fresh(session).version == 1


def test_a_correction_can_clear_the_tricks_and_enter_them_again(as_bob, group, bob, players):
    session = services.logs.start(group, players, {"stake": "1.00"}, bob)
    played(session, sweep("An"))
    url = reverse("round_edit", args=[group.pk, session.pk, 1])
    data = {"number": 1, "version": 1, "taps": "t0 t0 t0 t0", "tap": "k"}
    html = as_bob.post(url, data, headers={"HX-Request": "true"}).content.decode()
    assert html.lstrip().startswith('<div id="entry">')
    assert 'name="taps" value="t0 t0 t0 t0 k"' in html and "Trick 1: who won it?" in html
    assert Round.objects.get().entry == {"tricks": [0, 0, 0, 0]}


def test_two_phones_saving_at_once_keep_one_round(group, bob, players):
    session = services.logs.start(group, players, {"stake": "1.00"}, bob)
    first_phone, second_phone = (
        catte_board.load(fresh(session)),
        catte_board.load(fresh(session)),
    )
    services.rounds.record_round(first_phone, sweep("An"), bob)
    with pytest.raises(AlreadyRecorded, match="Round 1 is already recorded."):
        services.rounds.record_round(second_phone, sweep("Chi"), bob)
    assert Round.objects.get().entry == {"tricks": [0, 0, 0, 0]}
    assert Change.objects.filter(action=Change.Action.ROUND).count() == 1


def test_a_stale_correction_is_refused(as_bob, group, bob, players):
    session = services.logs.start(group, players, {"stake": "1.00"}, bob)
    played(session, sweep("An"), sweep("Bình"))
    url = reverse("round_edit", args=[group.pk, session.pk, 1])
    data = {"number": 1, "version": 1, "taps": "t2 t2 t2 t2", "tap": "save"}
    response = as_bob.post(url, data, follow=True)
    assert "This session was changed on another phone" in response.content.decode()
    assert Round.objects.get(number=1).entry == {"tricks": [0, 0, 0, 0]}
    assert not Change.objects.filter(action=Change.Action.CORRECTION).exists()


def test_undo_removes_the_last_round_and_its_money(as_bob, group, bob, players):
    session = services.logs.start(group, players, {"stake": "1.00"}, bob)
    played(session, sweep("An"), sweep("Bình"))
    url = reverse("round_undo", args=[group.pk, session.pk])
    as_bob.post(url, {"version": 2})
    session.refresh_from_db()
    assert list(session.rounds.values_list("number", flat=True)) == [1]
    assert session.round_count == 1
    assert player_money(group) == {
        "An": Decimal("6.00"),
        "Bình": Decimal("-2.00"),
        "Chi": Decimal("-2.00"),
        "Dũng": Decimal("-2.00"),
    }
    assert Change.objects.get(action=Change.Action.UNDO).before == {"tricks": [1, 1, 1, 1]}


def test_closing_with_a_refund_pays_the_side_pot_back(as_bob, group, bob, players):
    session = services.logs.start(group, players, SIDE_POT, bob)
    played(session, sweep("An", "7H"), sweep("An", "2C"))
    html = as_bob.post(
        reverse("session_close", args=[group.pk, session.pk]), {"version": 2}, follow=True
    ).content.decode()
    assert "Final money" in html and 'big pos">+€12.00<' in html
    assert player_balances(group)[2] == 0
    assert player_money(group)["Bình"] == Decimal("-4.00")
    assert CatteSession.objects.get().closed_at is not None


def test_a_closed_session_takes_no_more_rounds(as_bob, group, bob, players):
    session = services.logs.start(group, players, {"stake": "1.00"}, bob)
    board = services.closing.close(played(session, sweep("An")), 1, bob)
    with pytest.raises(RulesError, match="This session is closed"):
        services.rounds.record_round(board, sweep("Chi"), bob)
    data = {"number": 2, "taps": "t0 t0 t0 t0", "tap": "save"}
    as_bob.post(reverse("round_entry", args=[group.pk, session.pk]), data)
    assert Round.objects.count() == 1


def test_a_carried_side_pot_starts_the_next_session(group, bob, players):
    first = services.logs.start(group, players, CARRY, bob)
    services.closing.close(played(first, sweep("An", "7H"), sweep("Bình", "9D")), 2, bob)
    second = services.logs.start(group, players[:3], CARRY, bob)
    assert second.side_pot_in == {"0": "1.00", "1": "1.00", "2": "1.00"}
    assert player_money(group)["Dũng"] == Decimal("-4.00")  # -5.00, and his 1.00 share back
    assert player_balances(group)[2] == Decimal("3.00")
    board = played(second, sweep("Chi", "KS", "Chi"))
    assert session_result(board).rounds[0].net["Chi"] == Decimal("6.00")
    assert player_balances(group)[2] == 0


def test_a_carried_side_pot_is_taken_only_once(group, bob, players):
    first = services.logs.start(group, players, CARRY, bob)
    services.closing.close(played(first, sweep("An", "7H")), 1, bob)
    assert services.logs.start(group, players, CARRY, bob).side_pot_in != {}
    assert services.logs.start(group, players, CARRY, bob).side_pot_in == {}


def test_the_new_session_page_shows_the_carried_side_pot(as_bob, group, bob, players):
    first = services.logs.start(group, players, CARRY, bob)
    services.closing.close(played(first, sweep("An", "7H")), 1, bob)
    html = as_bob.get(reverse("session_new", args=[group.pk])).content.decode()
    assert "The last session carried its side pot: An 0.50, Bình 0.50" in html


def test_export_then_import_gives_the_same_session(group, bob, players):
    log = json.loads((EXAMPLES / "catte-evening.json").read_text())
    first = services.logs.import_log(group, log, bob)
    exported = services.logs.export_game(first)
    second = services.logs.import_log(group, exported, bob)
    assert catte.replay(services.logs.export_game(second)) == catte.replay(log)
    assert [seat.player for seat in second.seats.all()] == players
    assert changes_of(second).filter(action=Change.Action.IMPORT).exists()


@pytest.mark.parametrize("case", ["catte-evening", "catte-side-pot", "catte-ace-penalty"])
def test_an_imported_worked_case_is_closed_with_the_expected_money(group, bob, case):
    log = json.loads((EXAMPLES / f"{case}.json").read_text())
    expected = json.loads((EXAMPLES / f"{case}.expected.json").read_text())
    session = services.logs.import_log(group, log, bob, create_missing=True)
    board = catte_board.load(fresh(session))
    assert board.is_closed
    result = catte.result_document(session_result(board))
    assert {key: result[key] for key in expected if key in result} == {
        key: expected[key] for key in expected if key in result
    }
    money = player_money(group)
    owed = board.settled.settlement_balances
    shares = board.settled.side_pot_shares
    assert {name: money.get(name, 0) for name in log["players"]} == {
        name: owed[name] - shares[name] for name in log["players"]
    }


def test_an_imported_side_pot_in_is_paid_in_and_carried_on(group, bob, players):
    log = {
        "format": "catte-log/1",
        "rules": CARRY,
        "players": ["An", "Bình", "Chi"],
        "side_pot_in": {"An": "0.50"},
        "rounds": [],
    }
    session = services.logs.import_log(group, log, bob)
    assert session.side_pot_in == {"0": "0.50"}
    assert player_balances(group)[2] == Decimal("0.50")
    assert player_money(group) == {"An": Decimal("-0.50")}


def test_an_imported_log_takes_over_the_carried_side_pot(group, bob, players):
    first = json.loads(json.dumps(CARRIED_LOG))
    services.logs.import_log(group, first, bob)
    shares = {"An": "0.50", "Bình": "0.50", "Chi": "0.50"}
    second = {**first, "rules": SIDE_POT, "side_pot_in": shares, "rounds": []}
    services.logs.import_log(group, second, bob)
    assert player_balances(group)[2] == Decimal("0")
    assert player_money(group) == {
        "An": Decimal("2.00"),
        "Bình": Decimal("-1.00"),
        "Chi": Decimal("-1.00"),
    }


def test_a_bad_log_creates_nothing(group, bob):
    log = json.loads((EXAMPLES / "catte-evening.json").read_text())
    log["rounds"][1]["tricks"][5] = "Dũng"
    with pytest.raises(RulesError, match="round 2: Dũng"):
        services.logs.import_log(group, log, bob, create_missing=True)
    assert not CatteSession.objects.exists() and not Player.objects.exists()
    assert not Round.objects.exists() and not Change.objects.exists()


def test_vnd_amounts_have_no_decimals(as_bob, group, bob):
    group.currency = "VND"
    group.save()
    seated = [PlayerFactory(group=group, name=name) for name in ["Hải", "Lan", "Minh"]]
    session = services.logs.start(group, seated, {"stake": "5000"}, bob)
    played(session, catte.Round(tricks=["Lan", "Hải", "Lan", "Hải", "Hải", "Lan"]))
    html = as_bob.get(session.get_absolute_url()).content.decode()
    assert 'big pos">+₫10,000<' in html and 'big neg">-₫5,000<' in html
    assert player_money(group)["Lan"] == Decimal("10000")


def test_the_chat_summary_of_a_session_names_money_and_transfers(as_carol, group, alice):
    log = json.loads((EXAMPLES / "catte-evening.json").read_text())
    session = services.logs.import_log(group, log, alice, create_missing=True)
    url = reverse("session_summary", args=[group.pk, session.pk])
    text = as_carol.get(url).content.decode()
    assert "Chi: +€7.50" in text and "Dũng → Chi: €3.50" in text and "final" in text
