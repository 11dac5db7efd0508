"""A Cắt Tê log imported as an open session the table plays on (an export from another phone in
the middle of the evening), and a carried side pot matched player by player."""

import json
from decimal import Decimal
from pathlib import Path

import pytest
from django.urls import reverse

from basics.errors import RulesError
from core.models import Change
from ledger.balances import player_balances
from ledger.posting import total_of_group
from tests.factories import fresh
from tracker.catte import board as catte_board
from tracker.catte import rules as catte
from tracker.catte import services
from tracker.catte.models import CatteSession
from tracker.cutthroat.models import Tournament

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
CARRY = {"stake": "1.00", "side_pot_stake": "0.50", "side_pot_at_end": "carry"}


def log(side_pot_in=None, rounds=(), rules=CARRY):
    doc = {"format": "catte-log/1", "rules": rules, "players": ["An", "Bình", "Chi"]}
    doc["rounds"] = list(rounds)
    if side_pot_in:
        doc["side_pot_in"] = side_pot_in
    return doc


def sweep(name, upturned="7H"):
    return {"tricks": [name] * 4, "side_pot": {"upturned": upturned, "claimed_by": None}}


def money(group) -> dict[str, Decimal]:
    return {player.name: amount for player, amount in player_balances(group)[0].items()}


def shares(group) -> dict[str, Decimal]:
    return {player.name: amount for player, amount in player_balances(group)[1].items() if amount}


def carried(group) -> dict[str, Decimal]:
    return {
        player.name: share for player, share in services.carried.carried_side_pot(group).items()
    }


def holding_an_and_binh_five(group, bob):
    """The group holds a carried side pot: An 5.00 and Bình 5.00."""
    services.logs.import_log(group, log({"An": "5.00", "Bình": "5.00"}), bob)
    assert carried(group) == {"An": Decimal("5.00"), "Bình": Decimal("5.00")}


def test_an_open_import_is_played_on_from_the_next_round(group, bob, players):
    session = services.logs.import_log(group, log(rounds=[sweep("An")]), bob, closed=False)
    board = catte_board.load(fresh(session))
    assert not board.is_closed and board.next_number == 2 and board.next_dealer == "An"
    services.rounds.record_round(
        board, catte.Round(tricks=["Chi"] * 4, side_pot_upturned="2C"), bob
    )
    # An's sweep, then Chi's: three at the table, a stake of 1.00 and a side stake of 0.50 each.
    running = {"An": Decimal("0.00"), "Bình": Decimal("-3.00"), "Chi": Decimal("0.00")}
    assert catte_board.load(fresh(session)).state.running == running
    assert money(group) == running
    assert player_balances(group)[2] == Decimal("3.00")


def test_the_import_page_offers_to_keep_playing_it(as_bob, group, players):
    url = reverse("log_import", args=[group.pk])
    page = as_bob.get(url).content.decode()
    assert "keep playing it (open)" in page and "a finished evening (closed)" in page
    as_bob.post(url, {"text": json.dumps(log(rounds=[sweep("An")])), "session": "open"})
    assert CatteSession.objects.get().closed_at is None


def test_the_import_page_closes_a_finished_evening_by_default(as_bob, group, players):
    url = reverse("log_import", args=[group.pk])
    as_bob.post(url, {"text": json.dumps(log(rounds=[sweep("An")]))})
    assert CatteSession.objects.get().closed_at is not None


def test_a_cutthroat_log_is_imported_whatever_the_session_choice(as_bob, group, players):
    text = (EXAMPLES / "cutthroat-bids.json").read_text()
    as_bob.post(reverse("log_import", args=[group.pk]), {"text": text, "session": "open"})
    assert Tournament.objects.count() == 1


def test_an_open_import_keeps_the_choice_when_players_must_be_added_first(as_alice, group):
    url = reverse("log_import", args=[group.pk])
    page = as_alice.post(url, {"text": json.dumps(log()), "session": "open"}).content.decode()
    assert 'value="open" id="id_session_1" checked>' in page
    assert not CatteSession.objects.exists()


def test_a_carried_side_pot_is_matched_player_by_player(group, bob, players):
    holding_an_and_binh_five(group, bob)
    doc = log({"An": "5.00", "Bình": "3.00", "Chi": "2.00"})
    session = services.logs.import_log(group, doc, bob, closed=False)
    # An's 5.00 is taken over; Bình pays in 3.00 and Chi 2.00; Bình's held 5.00 stays carried.
    assert session.side_pot_in == {"0": "5.00", "1": "3.00", "2": "2.00"}
    assert carried(group) == {"Bình": Decimal("5.00")}
    assert money(group) == {
        "An": Decimal("-5.00"),
        "Bình": Decimal("-8.00"),
        "Chi": Decimal("-2.00"),
    }
    assert shares(group) == {"An": Decimal("5.00"), "Bình": Decimal("8.00"), "Chi": Decimal("2.00")}
    assert player_balances(group)[2] == Decimal("15.00")
    assert total_of_group(group) == Decimal("0")


def test_the_share_left_with_the_group_goes_to_the_next_session_started(group, bob, players):
    holding_an_and_binh_five(group, bob)
    services.logs.import_log(group, log({"An": "5.00", "Bình": "3.00"}), bob, closed=False)
    later = services.logs.start(group, players[:3], CARRY, bob)
    assert later.side_pot_in == {"1": "5.00"}
    assert carried(group) == {}
    assert player_balances(group)[2] == Decimal("13.00")


def test_a_log_that_takes_the_whole_carried_pot_leaves_none_with_the_group(group, bob, players):
    holding_an_and_binh_five(group, bob)
    services.logs.import_log(group, log({"An": "5.00", "Bình": "5.00"}), bob, closed=False)
    assert carried(group) == {}
    assert money(group) == {"An": Decimal("-5.00"), "Bình": Decimal("-5.00")}
    assert player_balances(group)[2] == Decimal("10.00")
    assert Change.objects.filter(after__has_key="carried_into").count() == 1


def test_a_log_matching_no_held_share_pays_every_share_in(group, bob, players):
    holding_an_and_binh_five(group, bob)
    services.logs.import_log(group, log({"An": "4.00"}), bob, closed=False)
    assert carried(group) == {"An": Decimal("5.00"), "Bình": Decimal("5.00")}
    assert money(group)["An"] == Decimal("-9.00")
    assert player_balances(group)[2] == Decimal("14.00")


def test_a_session_whose_shares_were_partly_taken_over_cannot_be_reopened(group, bob, players):
    holding_an_and_binh_five(group, bob)
    first = CatteSession.objects.get()
    services.logs.import_log(group, log({"An": "5.00"}), bob, closed=False)
    assert "can no longer be reopened" in services.closing.reopen_refusal(first)
    board = catte_board.load(fresh(first))
    with pytest.raises(RulesError, match="can no longer be reopened"):
        services.closing.reopen(board, first.version, bob)


def test_an_open_import_exported_again_replays_the_same(group, bob, players):
    doc = log({"An": "5.00", "Chi": "1.00"}, rounds=[sweep("An"), sweep("Bình", "9D")])
    session = services.logs.import_log(group, doc, bob, closed=False)
    exported = services.logs.export_game(session)
    assert exported["side_pot_in"] == {"An": "5.00", "Chi": "1.00"}
    assert catte.replay(exported) == catte.replay(doc)
