"""Every round that cannot have happened is refused with `round N: <player>: <problem>`."""

from decimal import Decimal

import pytest

from basics.errors import RulesError
from tracker.catte.rules import Round, Settings, play_session, survivors_after_four

D = Decimal
PLAYERS = ["An", "Bình", "Chi", "Dũng"]
LAST_TRICK = ["An", "Bình", "An", "Bình", "Bình", "An"]


def refusal(*rounds, players=PLAYERS, side_pot_in=None, **rules):
    settings = Settings(**{"stake": D("1.00"), **rules})
    with pytest.raises(RulesError) as refused:
        play_session(players, settings, list(rounds), side_pot_in)
    return str(refused.value)


def test_it_refuses_a_name_that_is_not_a_player_of_the_session():
    tricks = ["An", "Zed", "An", "Bình", "Bình", "An"]
    assert refusal(Round(tricks=tricks)) == "round 1: Zed: not a player of this session"
    assert refusal(Round(tricks=LAST_TRICK, folds=["Zed"])) == (
        "round 1: Zed: not a player of this session"
    )
    assert refusal(Round(tricks=LAST_TRICK, absent=["Zed"])) == (
        "round 1: Zed: not a player of this session"
    )


@pytest.mark.parametrize("names", ["absent", "folds", "false_claims"])
def test_it_refuses_a_player_listed_twice(names):
    round_ = Round(tricks=LAST_TRICK, **{names: ["Dũng", "Dũng"]})
    assert refusal(round_) == f"round 1: Dũng: listed twice in {names}"


def test_a_round_needs_three_players_at_the_table():
    round_ = Round(tricks=["An"] * 4, absent=["Chi", "Dũng"])
    assert refusal(round_) == "round 1: only 2 players at the table; a round needs at least 3"


def test_a_round_has_tricks_or_an_automatic_win_not_both():
    round_ = Round(tricks=["An"] * 4, auto_win=("An", "four_aces"))
    assert refusal(round_) == "round 1: give either the tricks or an automatic win, not both"


def test_a_round_has_tricks_or_an_automatic_win():
    assert refusal(Round()) == "round 1: give the winners of the tricks or an automatic win"


@pytest.mark.parametrize("count", [1, 3, 5, 7])
def test_a_round_records_four_or_six_tricks(count):
    tricks = ["An", "Bình", "Chi", "An", "Bình", "An", "Bình"][:count]
    assert refusal(Round(tricks=tricks)) == (
        f"round 1: {count} tricks recorded; record 4 when one player won the first four, else 6"
    )


def test_four_tricks_are_recorded_only_for_a_sweep():
    assert refusal(Round(tricks=["An", "An", "An", "Bình"])) == (
        "round 1: 4 tricks recorded but no one won all four; record all 6 tricks"
    )


def test_a_sweep_ends_the_round_after_four_tricks():
    assert refusal(Round(tricks=["An"] * 4 + ["Bình", "An"])) == (
        "round 1: An: won the first four tricks: that sweep ends the round, record 4"
    )


def test_an_absent_player_cannot_win_a_trick():
    round_ = Round(tricks=["An", "Dũng", "An", "Bình", "Bình", "An"], absent=["Dũng"])
    assert refusal(round_) == "round 1: Dũng: absent this round, so cannot win trick 2"


@pytest.mark.parametrize("trick", [5, 6])
def test_a_player_eliminated_after_four_tricks_cannot_win_trick_five_or_six(trick):
    tricks = ["An", "Bình", "An", "Bình", "An", "An"]
    tricks[trick - 1] = "Chi"
    assert refusal(Round(tricks=tricks)) == (
        f"round 1: Chi: won none of the first four tricks, so cannot win trick {trick}"
    )


def test_a_folded_player_cannot_win_trick_six():
    round_ = Round(tricks=LAST_TRICK, folds=["An"])
    assert refusal(round_) == "round 1: An: folded, so cannot win trick 6"


def test_a_folded_player_cannot_sweep():
    assert refusal(Round(tricks=["An"] * 4, folds=["An"])) == "round 1: An: folded, so cannot sweep"


def test_a_folded_player_may_have_won_tricks_before_he_folded():
    tricks = ["Chi", "Bình", "Chi", "An", "Chi", "An"]
    round_ = play_session(PLAYERS, Settings(stake=D("1")), [Round(tricks=tricks, folds=["Chi"])])
    assert round_.rounds[0].winner == "An"
    assert round_.rounds[0].eliminated == ["Chi", "Dũng"]


def test_someone_at_the_table_is_left_when_the_others_fold():
    round_ = Round(tricks=["An"] * 4, absent=["Dũng"], folds=["An", "Bình", "Chi"])
    assert refusal(round_) == (
        "round 1: everyone at the table folded; the last player left wins the remaining tricks"
    )


def test_an_absent_player_cannot_fold():
    round_ = Round(tricks=LAST_TRICK, absent=["Dũng"], folds=["Dũng"])
    assert refusal(round_) == "round 1: Dũng: absent this round, so cannot fold"


def test_four_of_a_kind_wins_automatically_only_when_the_table_plays_it():
    assert refusal(Round(auto_win=("Chi", "four_of_a_kind"))) == (
        "round 1: Chi: an automatic win by four_of_a_kind is not played in this session"
    )


def test_a_flush_wins_automatically_only_when_the_table_plays_it():
    round_ = Round(auto_win=("Chi", "flush"))
    assert refusal(round_, auto_wins=("four_of_a_kind",)) == (
        "round 1: Chi: an automatic win by flush is not played in this session"
    )


def test_an_unknown_automatic_win_is_refused():
    assert refusal(Round(auto_win=("Chi", "straight"))) == (
        'round 1: Chi: "straight" is no automatic win; use four_aces, four_of_a_kind or flush'
    )


def test_an_absent_player_cannot_win_automatically():
    round_ = Round(auto_win=("Dũng", "four_aces"), absent=["Dũng"])
    assert refusal(round_) == "round 1: Dũng: absent this round, so cannot win the round"


def test_a_folded_player_cannot_win_automatically():
    round_ = Round(auto_win=("Dũng", "four_aces"), folds=["Dũng"])
    assert refusal(round_) == "round 1: Dũng: folded, so cannot win the round"


def test_an_absent_player_cannot_make_a_false_claim():
    round_ = Round(tricks=LAST_TRICK, absent=["Chi"], false_claims=["Chi"])
    assert refusal(round_) == "round 1: Chi: absent this round, so cannot make a claim"


def test_the_ace_penalty_needs_the_setting():
    round_ = Round(tricks=["An"] * 4, ace_withheld_by="Chi")
    assert refusal(round_) == (
        "round 1: Chi: the penalty for holding an ace is off in this session"
    )


def test_the_ace_penalty_needs_a_sweep():
    round_ = Round(tricks=LAST_TRICK, ace_withheld_by="Chi")
    assert refusal(round_, ace_penalty=True) == (
        "round 1: Chi: the penalty for holding an ace needs a sweep that pays double"
    )


def test_the_ace_penalty_needs_a_sweep_that_pays_double():
    round_ = Round(tricks=["An"] * 4, absent=["Dũng"], ace_withheld_by="Chi")
    assert refusal(round_, ace_penalty=True) == (
        "round 1: Chi: the penalty for holding an ace needs a sweep that pays double"
    )


def test_the_ace_penalty_is_not_for_an_automatic_win():
    round_ = Round(auto_win=("An", "four_aces"), ace_withheld_by="Chi")
    assert refusal(round_, ace_penalty=True) == (
        "round 1: Chi: the penalty for holding an ace needs a sweep that pays double"
    )


def test_the_sweeper_cannot_have_withheld_the_ace():
    round_ = Round(tricks=["An"] * 4, ace_withheld_by="An")
    assert refusal(round_, ace_penalty=True) == (
        "round 1: An: swept, so cannot be penalised for holding an ace"
    )


def test_an_absent_player_cannot_have_withheld_the_ace():
    round_ = Round(tricks=["An"] * 4, absent=["Dũng"], ace_withheld_by="Dũng")
    assert refusal(round_, ace_penalty=True, sweep_double_min_players=3) == (
        "round 1: Dũng: absent this round, so cannot be penalised for holding an ace"
    )


def test_the_upturned_card_is_needed_when_a_side_pot_is_played():
    round_ = Round(tricks=LAST_TRICK)
    assert refusal(round_, side_pot_stake=D("0.25")) == (
        "round 1: side pot: the upturned card is missing"
    )


def test_a_side_pot_claimed_in_an_automatic_win_round_needs_its_upturned_card():
    round_ = Round(auto_win=("Chi", "four_aces"), side_pot_claimed_by="An")
    assert refusal(round_, side_pot_stake=D("0.25")) == (
        "round 1: side pot: the upturned card is missing"
    )


def test_no_side_pot_entry_without_a_side_pot():
    assert refusal(Round(tricks=LAST_TRICK, side_pot_upturned="7H")) == (
        "round 1: side pot: there is no side pot in this session"
    )
    assert refusal(Round(tricks=LAST_TRICK, side_pot_claimed_by="An")) == (
        "round 1: side pot: there is no side pot in this session"
    )


@pytest.mark.parametrize("code", ["1H", "7X", "11S", "", "7h"])
def test_the_upturned_card_must_be_a_card_code(code):
    round_ = Round(tricks=LAST_TRICK, side_pot_upturned=code)
    assert refusal(round_, side_pot_stake=D("0.25")) == (
        f'round 1: side pot: "{code}" is not a card code such as "7H" or "10D"'
    )


def test_an_absent_player_cannot_claim_the_side_pot():
    round_ = Round(
        tricks=LAST_TRICK, absent=["Chi"], side_pot_upturned="7H", side_pot_claimed_by="Chi"
    )
    assert refusal(round_, side_pot_stake=D("0.25")) == (
        "round 1: Chi: absent this round, so cannot claim the side pot"
    )


def test_a_stranger_cannot_claim_the_side_pot():
    round_ = Round(tricks=LAST_TRICK, side_pot_upturned="7H", side_pot_claimed_by="Zed")
    assert refusal(round_, side_pot_stake=D("0.25")) == "round 1: Zed: not a player of this session"


@pytest.mark.parametrize(
    ("players", "message"),
    [
        (["An", "Bình"], "players: a session has 3 to 8 players, not 2"),
        ([f"P{seat}" for seat in range(9)], "players: a session has 3 to 8 players, not 9"),
        (["An", "Bình", "An"], "players: An: listed twice"),
        (["An", "Bình", ""], "players: '': a name cannot be empty"),
        (["An", "Bình", "  "], "players: '  ': a name cannot be empty"),
    ],
)
def test_a_session_has_three_to_eight_distinct_named_players(players, message):
    assert refusal(players=players) == message


def test_a_carried_in_share_belongs_to_a_player_of_the_session():
    assert refusal(side_pot_in={"Zed": D("0.50")}) == (
        "side_pot_in: Zed: not a player of this session"
    )


@pytest.mark.parametrize("amount", [D("-0.50"), D("0.125"), 0.5, "0.50"])
def test_a_carried_in_share_is_an_amount(amount):
    assert refusal(side_pot_in={"An": amount}) == (
        'side_pot_in: An: must be an amount such as "1.00"'
    )


def test_a_later_round_is_named_in_the_message():
    rounds = [Round(tricks=LAST_TRICK), Round(tricks=LAST_TRICK), Round(tricks=["An"] * 5)]
    assert refusal(*rounds).startswith("round 3: 5 tricks recorded")


def test_the_survivors_are_worked_out_from_exactly_four_tricks_won_at_the_table():
    with pytest.raises(RulesError, match="^3 tricks given; the first four are needed$"):
        survivors_after_four(PLAYERS, ["An", "Bình", "An"], [])
    with pytest.raises(RulesError, match="^Zed: won a trick but is not at the table$"):
        survivors_after_four(PLAYERS, ["An", "Bình", "An", "Zed"], [])
