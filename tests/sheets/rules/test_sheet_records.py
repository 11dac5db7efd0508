"""A player's record over score sheets and his rounds against each rival, counted from the
rounds as entered and as the rules scored them."""

from decimal import Decimal

from tracker.sheets import rules as sheet
from tracker.sheets.rules.records import LAST, PlayedSheet, player_record, rivalries

PLAYERS = ["An", "Bình", "Chi", "Dũng"]
TIEN_LEN = sheet.settings_from_rules({"stake": "1.00", "preset": "tien_len"})
WORKED = sheet.Round(
    places=["An", "Bình", "Chi", "Dũng"],
    leftovers={"Dũng": ["red_two", "black_two"]},
    chops=[[sheet.Chop("Chi", "Dũng", "black_two"), sheet.Chop("Bình", "Chi", "three_pairs")]],
)
FROZEN = sheet.Round(places=["Chi", "An", "Bình", "Dũng"], frozen=["Dũng"])
THREE = sheet.Round(absent=["An"], places=["Dũng", "Chi", "Bình"])


def played(*rounds) -> PlayedSheet:
    state = sheet.SheetState(PLAYERS)
    results = [state.play(TIEN_LEN, round_) for round_ in rounds]
    return PlayedSheet(PLAYERS, list(zip(rounds, results, strict=True)), dict(state.running))


def test_places_are_counted_as_the_table_calls_them():
    record = player_record("Chi", [played(WORKED, FROZEN, THREE)])
    assert record.rounds_played == 3 and record.rounds_won == 1
    assert record.places_in_order == [(1, 1), (2, 1), (3, 1)]
    assert player_record("Dũng", [played(WORKED, FROZEN, THREE)]).places_in_order == [
        (1, 1),
        (LAST, 2),
    ]


def test_a_round_won_at_the_deal_is_a_win_for_its_winner_and_no_place_for_anyone():
    dealt = sheet.Round(instant_win=("Bình", "dragon"))
    binh = player_record("Bình", [played(dealt, THREE)])
    assert binh.rounds_won == 1 and binh.instant_wins == 1
    assert binh.places_in_order == [(LAST, 1)]  # third of three in the other round
    chi = player_record("Chi", [played(dealt)])
    assert chi.rounds_played == 1 and chi.rounds_won == 0 and chi.places_in_order == []


def test_every_chop_of_a_chain_is_given_by_its_chopper_and_taken_by_the_chopped():
    chi = player_record("Chi", [played(WORKED)])
    assert (chi.chops_given, chi.chops_taken) == (1, 1)
    assert player_record("Dũng", [played(WORKED)]).chops_taken == 1


def test_a_player_sitting_a_round_out_is_not_counted_in_it():
    record = player_record("An", [played(WORKED, THREE)])
    assert record.rounds_played == 1 and record.net == Decimal("5.00")


def test_two_players_money_is_what_they_paid_each_other_and_places_ahead_are_counted():
    rows = {row.rival: row for row in rivalries("Bình", [played(WORKED, FROZEN)])}
    assert rows["Chi"].money == Decimal("5.00")  # third to second, and the chain of chops
    assert (rows["Chi"].ahead, rows["Chi"].behind, rows["Chi"].rounds) == (1, 1, 2)
    assert rows["Dũng"].money == Decimal(0)
