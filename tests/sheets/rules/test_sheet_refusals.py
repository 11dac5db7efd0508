"""Every round that cannot have happened is refused with `round N: <player>: <problem>`, and
the sheet is left as it was."""

from decimal import Decimal

import pytest

from basics.errors import RulesError
from tracker.sheets.rules import Chop, Payment, Round, SheetState, settings_from_rules

FOUR = ["An", "Bình", "Chi", "Dũng"]
TIEN_LEN = settings_from_rules({"stake": "1", "preset": "tien_len"})
POINTS = settings_from_rules({"stake": "1", "preset": "points"})
PLACES = settings_from_rules({"stake": "1", "money_by": "places"})


def refusal(round_, settings=TIEN_LEN, players=FOUR):
    with pytest.raises(RulesError) as refused:
        SheetState(players).play(settings, round_)
    return str(refused.value)


def chopped(*chains, **round_):
    return Round(places=FOUR, chops=[[Chop(*link) for link in chain] for chain in chains], **round_)


def test_places_that_repeat_a_player_are_refused():
    round_ = Round(places=["An", "Bình", "An", "Dũng"])
    assert refusal(round_) == "round 1: An: listed twice in places"


def test_places_that_skip_a_player_are_refused():
    round_ = Round(places=["An", "Bình", "Dũng"])
    assert refusal(round_) == (
        "round 1: Chi: has no place; places list everyone in the round, first to last"
    )


def test_a_place_for_a_player_sitting_out_is_refused():
    round_ = Round(places=["An", "Bình", "Chi", "Dũng"], absent=["Chi"])
    assert refusal(round_) == "round 1: Chi: sits this round out, so cannot take a place"


def test_a_player_not_at_the_table_is_refused_wherever_he_is_named():
    assert refusal(Round(places=["An", "Bình", "Chi", "Zed"])) == (
        "round 1: Zed: not a player of this sheet"
    )
    assert refusal(Round(absent=["Zed"], places=FOUR)) == "round 1: Zed: not a player of this sheet"
    assert refusal(Round(points={"An": 1, "Zed": 2}), POINTS) == (
        "round 1: Zed: not a player of this sheet"
    )


def test_a_round_needs_two_players():
    round_ = Round(places=["An"], absent=["Bình", "Chi", "Dũng"])
    assert refusal(round_) == "round 1: only 1 player in the round; a round needs at least 2"


def test_tien_len_takes_at_most_four_players_in_a_round():
    five = [*FOUR, "Em"]
    assert refusal(Round(places=five), players=five) == (
        "round 1: Tiến lên is played by 2 to 4 players, not 5; the others sit out"
    )


def test_a_chain_of_chops_that_does_not_join_up_is_refused():
    round_ = chopped([("Chi", "Dũng", "black_two"), ("Bình", "An", "three_pairs")])
    assert refusal(round_) == (
        "round 1, chop 1: the chain does not join up: Bình chopped An, but Chi made the chop before"
    )


def test_a_chop_chopped_in_turn_must_chop_a_bomb():
    round_ = chopped([("Chi", "Dũng", "black_two"), ("Bình", "Chi", "red_two")])
    assert refusal(round_) == (
        "round 1, chop 1: a chop chopped in turn chops the bomb that chopped: "
        "three_pairs or four_kind, not red_two"
    )


def test_nobody_chops_himself():
    assert refusal(chopped([("Chi", "Chi", "black_two")])) == (
        "round 1, chop 1: Chi: cannot chop himself"
    )


def test_a_chop_of_something_the_rules_do_not_price_is_refused():
    assert refusal(chopped([("Chi", "An", "four_pairs")])).startswith(
        'round 1, chop 1: "four_pairs" is nothing a chop is paid for; use black_two'
    )


def test_an_empty_chain_is_refused():
    assert refusal(Round(places=FOUR, chops=[[]])) == "round 1, chop 1: a chain has 1 to 12 chops"


def test_a_payment_to_oneself_is_refused():
    round_ = Round(places=FOUR, payments=[Payment("Chi", "Chi", 1, "a slip")])
    assert refusal(round_) == "round 1, payment 1: Chi: cannot pay himself"


@pytest.mark.parametrize("units", [0, -1, 1001, 1.5, True])
def test_a_payment_of_no_whole_units_or_too_many_is_refused(units):
    round_ = Round(places=FOUR, payments=[Payment("Chi", "An", units, "a bet")])
    assert refusal(round_) == (
        f"round 1, payment 1: units must be a whole number from 1 to 1,000, not {units!r}"
    )


def test_a_payment_without_a_name_is_refused():
    round_ = Round(places=FOUR, payments=[Payment("Chi", "An", 1, " ")])
    assert refusal(round_) == "round 1, payment 1: name: a name cannot be empty"


def test_a_payment_by_a_player_sitting_out_is_refused():
    round_ = Round(places=["An", "Bình", "Chi"], absent=["Dũng"])
    round_.payments = [Payment("Dũng", "An", 1, "a bet")]
    assert refusal(round_) == "round 1, payment 1: Dũng: sits this round out, so cannot pay"


@pytest.mark.parametrize("points", [100_001, -100_001])
def test_points_beyond_the_sane_bound_are_refused(points):
    round_ = Round(points={"An": points, "Bình": 0, "Chi": 0, "Dũng": 0})
    assert refusal(round_, POINTS) == (
        f"round 1: An: points must be a whole number from -100,000 to 100,000, not {points}"
    )


@pytest.mark.parametrize("points", [2.5, "7", True, None])
def test_points_that_are_no_whole_number_are_refused(points):
    round_ = Round(points={"An": points, "Bình": 0, "Chi": 0, "Dũng": 0})
    assert refusal(round_, POINTS).startswith("round 1: An: points must be a whole number")


def test_a_player_in_the_round_without_points_is_refused():
    round_ = Round(points={"An": 1, "Bình": 0, "Chi": 0})
    assert refusal(round_, POINTS) == "round 1: Dũng: no points given"


def test_a_points_sheet_takes_no_places_and_a_places_sheet_no_points():
    assert refusal(Round(places=FOUR), POINTS) == (
        "round 1: this sheet is played by points, so a round gives points, not places"
    )
    assert refusal(Round(points={"An": 1}), PLACES) == (
        "round 1: this sheet is played by places, so a round gives places, not points"
    )


@pytest.mark.parametrize(
    "entry",
    [
        {"frozen": ["Dũng"]},
        {"leftovers": {"Dũng": ["red_two"]}},
        {"chops": [[Chop("An", "Bình", "red_two")]]},
        {"instant_win": ("An", "dragon")},
    ],
)
def test_tien_len_entries_are_refused_on_any_other_sheet(entry):
    key = next(iter(entry))
    assert refusal(Round(places=FOUR, **entry), PLACES) == (
        f"round 1: {key}: only a Tiến lên round has them"
    )


def test_a_frozen_player_who_also_placed_before_the_last_places_is_refused():
    round_ = Round(places=["An", "Dũng", "Bình", "Chi"], frozen=["Dũng"])
    assert refusal(round_) == ("round 1: Dũng: frozen, so takes one of the last places, not second")


def test_not_every_player_can_be_frozen():
    round_ = Round(places=FOUR, frozen=FOUR)
    assert refusal(round_) == ("round 1: at most 3 of 4 players can be frozen: one went out first")


def test_a_frozen_player_played_no_card_so_neither_chops_nor_is_chopped():
    round_ = chopped([("Dũng", "Chi", "black_two")], frozen=["Dũng"])
    assert refusal(round_) == (
        "round 1, chop 1: Dũng: frozen, he played no card, so cannot chop or be chopped"
    )


@pytest.mark.parametrize(
    "entry",
    [
        {"places": FOUR},
        {"frozen": ["Dũng"]},
        {"leftovers": {"Dũng": ["red_two"]}},
        {"chops": [[Chop("An", "Bình", "red_two")]]},
    ],
)
def test_an_instant_win_with_places_or_other_payments_is_refused(entry):
    key = next(iter(entry))
    assert refusal(Round(instant_win=("Chi", "six_pairs"), **entry)) == (
        f"round 1: an instant win ends the round at the deal, so it has no {key}"
    )


def test_an_instant_win_names_one_of_its_hands():
    assert refusal(Round(instant_win=("Chi", "flush"))).startswith(
        'round 1: Chi: "flush" is no instant win; use four_twos, dragon'
    )


def test_three_triples_win_only_where_the_table_plays_them():
    assert refusal(Round(instant_win=("Chi", "three_triples"))) == (
        "round 1: Chi: three consecutive triples is no instant win at this table"
    )


def test_a_tien_len_round_gives_places_or_an_instant_win():
    assert refusal(Round()) == "round 1: give the places, first to last, or an instant win"


def test_leftovers_are_paid_only_by_the_last_and_the_frozen():
    round_ = Round(places=FOUR, leftovers={"Chi": ["red_two"]})
    assert refusal(round_) == (
        "round 1: Chi: finished third; only the last player and frozen players pay for leftovers"
    )


def test_leftovers_name_what_was_held():
    round_ = Round(places=FOUR, leftovers={"Dũng": ["ace"]})
    assert refusal(round_) == (
        'round 1: Dũng: "ace" is no leftover; use black_two, red_two, three_pairs or four_kind'
    )
    assert refusal(Round(places=FOUR, leftovers={"Dũng": []})) == (
        "round 1: Dũng: list what he still held: black_two, red_two, three_pairs or four_kind"
    )


def test_leftovers_beyond_a_hand_of_thirteen_cards_are_refused():
    round_ = Round(places=FOUR, leftovers={"Dũng": ["three_pairs", "three_pairs", "four_kind"]})
    assert refusal(round_) == "round 1: Dũng: holds more cards than a hand of 13"


def test_more_twos_of_a_colour_than_the_deck_has_are_refused():
    round_ = chopped([("Chi", "An", "pair_of_red_twos")], leftovers={"Dũng": ["red_two"]})
    assert refusal(round_) == "round 1: 3 red 2s chopped or held; the deck has two"


def test_a_refused_round_leaves_the_sheet_as_it_was():
    state = SheetState(FOUR)
    state.play(TIEN_LEN, Round(places=FOUR))
    with pytest.raises(RulesError):
        state.play(TIEN_LEN, Round(places=["An", "An", "Chi", "Dũng"]))
    assert state.rounds_played == 1
    assert state.running["An"] == Decimal("2")
