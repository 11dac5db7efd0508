"""One test per rule and per setting of the house rules on Cắt Tê and money, worked by hand."""

from decimal import Decimal

from tracker.catte.rules import Round, Settings, play_session, survivors_after_four

D = Decimal
PLAYERS = ["An", "Bình", "Chi", "Dũng"]
FIVE = ["An", "Bình", "Chi", "Dũng", "Em"]


def play(*rounds, players=PLAYERS, side_pot_in=None, closed=True, **rules):
    settings = Settings(**{"stake": D("1.00"), **rules})
    return play_session(players, settings, list(rounds), side_pot_in, closed)


def amounts(*money):
    return dict(zip(PLAYERS, map(D, money), strict=True))


def sweep(player, **rest):
    return Round(tricks=[player] * 4, **rest)


def test_the_winner_of_trick_six_takes_the_pot():
    round_ = play(Round(tricks=["An", "Bình", "Chi", "An", "Bình", "An"])).rounds[0]
    assert round_.result == "last_trick"
    assert round_.winner == "An"
    assert round_.net == {"An": D("3"), "Bình": D("-1"), "Chi": D("-1"), "Dũng": D("-1")}
    assert round_.doubled is False


def test_the_pot_is_one_stake_from_every_player_at_the_table():
    tricks = ["Chi", "Em", "Chi", "Em", "Em", "Chi"]
    round_ = play(Round(tricks=tricks), players=FIVE, stake=D("2.50")).rounds[0]
    losers = {name: D("-2.50") for name in ["An", "Bình", "Dũng", "Em"]}
    assert round_.net == {**losers, "Chi": D("10.00")}


def test_players_who_won_none_of_the_first_four_or_folded_are_eliminated_in_seat_order():
    tricks = ["Dũng", "Bình", "An", "Dũng", "Dũng", "Dũng"]
    round_ = play(Round(tricks=tricks, folds=["An"]), players=FIVE).rounds[0]
    assert round_.eliminated == ["An", "Chi", "Em"]
    assert round_.winner == "Dũng"
    assert round_.net["Dũng"] == D("4.00")
    assert round_.net["An"] == D("-1.00")


def test_the_survivors_after_four_tricks_are_shown_in_seat_order():
    assert survivors_after_four(PLAYERS, ["Dũng", "Bình", "Dũng", "An"], []) == [
        "An",
        "Bình",
        "Dũng",
    ]
    assert survivors_after_four(PLAYERS, ["Dũng", "Bình", "Dũng", "An"], ["Bình"]) == ["An", "Dũng"]
    assert survivors_after_four(PLAYERS, ["Chi"] * 4, []) == ["Chi"]


def test_a_sweep_pays_double_from_four_players():
    round_ = play(sweep("Bình")).rounds[0]
    assert round_.result == "sweep"
    assert round_.doubled is True
    assert round_.eliminated == []
    assert round_.net == {"An": D("-2"), "Bình": D("6"), "Chi": D("-2"), "Dũng": D("-2")}


def test_a_sweep_with_three_dealt_in_pays_only_the_pot_by_default():
    round_ = play(sweep("An", absent=["Dũng"])).rounds[0]
    assert round_.doubled is False
    assert round_.net == {"An": D("2"), "Bình": D("-1"), "Chi": D("-1"), "Dũng": D("0")}


def test_a_sweep_pays_double_from_three_players_when_the_table_says_three():
    round_ = play(sweep("An", absent=["Dũng"]), sweep_double_min_players=3).rounds[0]
    assert round_.net == {"An": D("4"), "Bình": D("-2"), "Chi": D("-2"), "Dũng": D("0")}


def test_a_sweep_only_pays_double_from_five_players_when_the_table_says_five():
    assert play(sweep("An"), sweep_double_min_players=5).rounds[0].net["An"] == D("3")
    assert play(sweep("An"), players=FIVE, sweep_double_min_players=5).rounds[0].net["An"] == D("8")


def test_a_sweep_never_pays_double_when_the_table_says_never():
    round_ = play(sweep("Chi"), players=FIVE, sweep_double_min_players=None).rounds[0]
    assert round_.doubled is False
    assert round_.net["Chi"] == D("4")
    assert round_.net["An"] == D("-1")


def test_folded_players_pay_the_double_of_a_sweep():
    round_ = play(sweep("Chi", folds=["An", "Bình", "Dũng"])).rounds[0]
    assert round_.net == {"An": D("-2"), "Bình": D("-2"), "Chi": D("6"), "Dũng": D("-2")}


def test_a_folded_player_has_lost_his_stake():
    round_ = play(Round(tricks=["Bình", "Chi", "Bình", "Chi", "Chi", "Chi"], folds=["An"])).rounds[
        0
    ]
    assert round_.net == {"An": D("-1"), "Bình": D("-1"), "Chi": D("3"), "Dũng": D("-1")}


def test_when_all_but_one_folded_the_last_one_wins_the_remaining_tricks():
    tricks = ["Bình", "An", "An", "An", "An", "An"]
    round_ = play(Round(tricks=tricks, folds=["Bình", "Chi", "Dũng"])).rounds[0]
    assert round_.result == "last_trick"
    assert round_.eliminated == ["Bình", "Chi", "Dũng"]
    assert round_.net["An"] == D("3")


def test_four_aces_win_automatically_and_pay_double_by_default():
    round_ = play(Round(auto_win=("Dũng", "four_aces"))).rounds[0]
    assert (round_.result, round_.winner, round_.doubled) == ("auto_win", "Dũng", True)
    assert round_.net == {"An": D("-2"), "Bình": D("-2"), "Chi": D("-2"), "Dũng": D("6")}


def test_an_automatic_win_pays_the_pot_when_the_table_says_pot():
    round_ = play(Round(auto_win=("Dũng", "four_aces")), auto_win_pays="pot").rounds[0]
    assert round_.doubled is False
    assert round_.net == {"An": D("-1"), "Bình": D("-1"), "Chi": D("-1"), "Dũng": D("3")}


def test_four_of_a_kind_wins_automatically_when_the_table_plays_it():
    round_ = play(Round(auto_win=("An", "four_of_a_kind")), auto_wins=("four_of_a_kind",)).rounds[0]
    assert round_.net["An"] == D("6")


def test_a_six_card_flush_wins_automatically_when_the_table_plays_it():
    session = play(Round(auto_win=("Chi", "flush"), absent=["Dũng"]), auto_wins=("flush",))
    assert session.rounds[0].net == {"An": D("-2"), "Bình": D("-2"), "Chi": D("4"), "Dũng": D("0")}


def test_a_false_claim_costs_one_stake_to_each_other_player_by_default():
    tricks = ["An", "Bình", "An", "Bình", "Bình", "An"]
    round_ = play(Round(tricks=tricks, false_claims=["Bình"])).rounds[0]
    assert round_.net == {"An": D("4"), "Bình": D("-4"), "Chi": D("0"), "Dũng": D("0")}


def test_the_false_claim_penalty_is_a_setting():
    tricks = ["An", "Bình", "An", "Bình", "Bình", "An"]
    round_ = play(
        Round(tricks=tricks, false_claims=["Bình"]), false_claim_penalty=D("0.50")
    ).rounds[0]
    assert round_.net == {
        "An": D("3.50"),
        "Bình": D("-2.50"),
        "Chi": D("-0.50"),
        "Dũng": D("-0.50"),
    }


def test_a_false_claim_is_paid_only_to_the_players_at_the_table():
    tricks = ["An", "Bình", "An", "Bình", "Bình", "An"]
    round_ = play(Round(tricks=tricks, absent=["Chi"], false_claims=["Bình", "Dũng"])).rounds[0]
    assert round_.net == {"An": D("4"), "Bình": D("-2"), "Chi": D("0"), "Dũng": D("-2")}


def test_the_player_who_withheld_the_ace_pays_the_whole_double():
    round_ = play(sweep("An", ace_withheld_by="Chi"), ace_penalty=True).rounds[0]
    assert round_.net == {"An": D("6"), "Bình": D("-1"), "Chi": D("-4"), "Dũng": D("-1")}


def test_the_ace_withholder_pays_the_double_of_every_loser_at_a_table_of_five():
    round_ = play(sweep("Em", ace_withheld_by="Bình"), players=FIVE, ace_penalty=True).rounds[0]
    assert round_.net == {
        "An": D("-1"),
        "Bình": D("-5"),
        "Chi": D("-1"),
        "Dũng": D("-1"),
        "Em": D("8"),
    }


def test_an_absent_player_neither_pays_nor_wins():
    round_ = play(Round(tricks=["An", "Bình", "An", "Bình", "Bình", "An"], absent=["Chi"])).rounds[
        0
    ]
    assert round_.at_table == ["An", "Bình", "Dũng"]
    assert round_.net == {"An": D("2"), "Bình": D("-1"), "Chi": D("0"), "Dũng": D("-1")}


def test_the_first_player_deals_first_and_the_winner_of_a_round_deals_the_next():
    session = play(sweep("Chi"), Round(auto_win=("Bình", "four_aces")), sweep("Bình"))
    assert [round_.dealer for round_ in session.rounds] == ["An", "Chi", "Bình"]
    assert [round_.number for round_ in session.rounds] == [1, 2, 3]
    assert session.next_dealer == "Bình"


def test_before_any_round_the_first_player_deals():
    assert play().next_dealer == "An"


def test_the_totals_add_up_the_rounds():
    session = play(sweep("Chi"), Round(tricks=["An", "Bình", "An", "Bình", "Bình", "An"]))
    assert session.totals == {"An": D("1"), "Bình": D("-3"), "Chi": D("5"), "Dũng": D("-3")}
    assert session.running == session.totals
    assert session.settlement_balances == session.totals


def test_every_player_at_the_table_puts_the_side_stake_into_the_side_pot():
    tricks = ["An", "Bình", "An", "Bình", "Bình", "An"]
    session = play(Round(tricks=tricks, side_pot_upturned="7H"), side_pot_stake=D("0.25"))
    round_ = session.rounds[0]
    assert round_.net == {
        "An": D("2.75"),
        "Bình": D("-1.25"),
        "Chi": D("-1.25"),
        "Dũng": D("-1.25"),
    }
    assert round_.side_pot == D("1.00")
    assert round_.side_pot_target == "8H"


def test_without_a_side_pot_there_is_no_target():
    round_ = play(sweep("An")).rounds[0]
    assert (round_.side_pot, round_.side_pot_target) == (D("0"), None)


def test_the_holder_of_the_next_card_takes_the_whole_side_pot_with_this_rounds_stakes():
    first = sweep("An", side_pot_upturned="KD")
    second = sweep("An", side_pot_upturned="AS", side_pot_claimed_by="Dũng", absent=["Chi"])
    rounds = play(first, second, side_pot_stake=D("0.50"), sweep_double_min_players=None).rounds
    assert rounds[1].side_pot_target == "2S"
    assert rounds[1].net == {"An": D("1.50"), "Bình": D("-1.50"), "Chi": D("0"), "Dũng": D("2.00")}
    assert rounds[1].side_pot == D("0.00")


def test_four_aces_at_the_deal_need_no_upturned_card_and_the_side_stakes_still_go_in():
    four_aces = Round(auto_win=("Chi", "four_aces"))
    round_ = play(four_aces, side_pot_stake=D("0.25")).rounds[0]
    assert round_.net == amounts("-2.25", "-2.25", "5.75", "-2.25")
    assert (round_.side_pot, round_.side_pot_target) == (D("1.00"), None)


def test_an_unclaimed_side_pot_grows_into_the_next_round():
    rounds = play(
        sweep("An", side_pot_upturned="2C"), sweep("An", side_pot_upturned="3C", absent=["Bình"]),
        side_pot_stake=D("0.25"),
    ).rounds  # fmt: skip
    assert [round_.side_pot for round_ in rounds] == [D("1.00"), D("1.75")]


def test_at_the_end_an_unclaimed_side_pot_is_refunded_to_whoever_put_it_in_since_it_was_won():
    session = play(
        sweep("An", side_pot_upturned="2C", side_pot_claimed_by="Bình"),
        sweep("An", side_pot_upturned="3C"),
        sweep("An", side_pot_upturned="4C", absent=["Dũng"]),
        side_pot_stake=D("0.25"), sweep_double_min_players=None,
    )  # fmt: skip
    assert session.open_side_pot_shares == amounts("0.50", "0.50", "0.50", "0.25")
    assert session.running == amounts("7.25", "-2.75", "-3.75", "-2.50")
    assert session.totals == amounts("7.75", "-2.25", "-3.25", "-2.25")
    assert session.side_pot == D("0")
    assert session.side_pot_shares == amounts("0", "0", "0", "0")


def test_at_the_end_a_carried_side_pot_keeps_each_players_open_share():
    session = play(
        sweep("An", side_pot_upturned="2C"), sweep("An", side_pot_upturned="3C", absent=["Dũng"]),
        side_pot_stake=D("0.25"), side_pot_at_end="carry", sweep_double_min_players=None,
    )  # fmt: skip
    assert session.side_pot == D("1.75")
    assert session.side_pot_shares == amounts("0.50", "0.50", "0.50", "0.25")
    assert session.totals == amounts("4.50", "-2.50", "-2.50", "-1.25")
    assert session.settlement_balances == amounts("5.00", "-2.00", "-2.00", "-1.00")


def test_a_session_still_being_played_keeps_its_side_pot_open():
    session = play(
        sweep("An", side_pot_upturned="2C"),
        side_pot_stake=D("0.25"), sweep_double_min_players=None, closed=False,
    )  # fmt: skip
    assert session.side_pot == D("1.00")
    assert session.side_pot_shares == amounts("0.25", "0.25", "0.25", "0.25")
    assert session.totals == amounts("2.75", "-1.25", "-1.25", "-1.25")
    assert session.settlement_balances == amounts("3.00", "-1.00", "-1.00", "-1.00")


def test_a_carried_in_side_pot_starts_the_pot_and_is_won_with_it():
    session = play(
        sweep("An", side_pot_upturned="2C", side_pot_claimed_by="Bình"),
        side_pot_stake=D("0.25"), sweep_double_min_players=None,
        side_pot_in={"An": D("0.50"), "Chi": D("0.25")},
    )  # fmt: skip
    assert session.rounds[0].net["Bình"] == D("0.50")  # -1 - 0.25 + (0.75 carried + 1.00)
    assert session.totals == amounts("2.75", "0.50", "-1.25", "-1.25")
    assert session.settlement_balances == amounts("2.25", "0.50", "-1.50", "-1.25")


def test_a_carried_in_share_left_unwon_is_refunded_and_owes_nothing():
    session = play(
        sweep("Chi", side_pot_upturned="2C"),
        side_pot_stake=D("0.25"), sweep_double_min_players=None, side_pot_in={"An": D("0.50")},
    )  # fmt: skip
    assert session.open_side_pot_shares == amounts("0.75", "0.25", "0.25", "0.25")
    assert session.totals == amounts("-0.50", "-1.00", "3.00", "-1.00")
    assert session.settlement_balances == amounts("-1.00", "-1.00", "3.00", "-1.00")
