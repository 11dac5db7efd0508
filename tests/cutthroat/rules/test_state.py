"""A tournament goes on from a saved state, and what its games owe when played for money."""

from decimal import Decimal

from tracker.cutthroat.rules import (
    Hand,
    Settings,
    TournamentState,
    decided,
    hand_result_from_snapshot,
    hand_result_snapshot,
    money_owed,
    play_tournament,
)

P3 = ["An", "Bình", "Chi"]
TO_100 = Settings(target=100, award_jacks={}, wins_needed=2)


def hand(bids, tricks):
    return Hand(dict(zip(P3, bids, strict=True)), dict(zip(P3, tricks, strict=True)), {})


# Chi reaches 130 in hand 2 and wins game 1 alone on top; game 2 starts from zero.
HANDS = [hand((7, 5, 5), (7, 5, 5)), hand((4, 5, 8), (4, 5, 8)), hand((5, 5, 7), (5, 5, 7))]


def summary(standings):
    games = [(g.number, g.winner, g.totals, g.hand_count) for g in standings.games]
    return (games, standings.totals, standings.bags, standings.wins, standings.next_dealer)


def test_a_state_resumed_from_its_snapshot_plays_on_to_the_same_standings():
    state = TournamentState(P3, TO_100)
    state.play(HANDS[0])
    state.play(HANDS[1])
    resumed = TournamentState.resume(P3, TO_100, state.snapshot())
    resumed.play(HANDS[2])
    assert summary(resumed.standings()) == summary(play_tournament(P3, TO_100, HANDS))
    assert resumed.standings().totals == {"An": 50, "Bình": 50, "Chi": 70}
    assert resumed.standings().wins == {"An": 0, "Bình": 0, "Chi": 1}
    assert resumed.standings().next_dealer == "An"


def test_the_standings_list_the_won_game_and_the_game_in_play():
    games = TournamentState.resume(P3, TO_100, _after(HANDS)).standings().games
    assert [(g.number, g.winner, g.hand_count) for g in games] == [(1, "Chi", 2), (2, None, 1)]
    assert games[0].totals == {"An": 110, "Bình": 100, "Chi": 130}


def _after(hands):
    state = TournamentState(P3, TO_100)
    for played in hands:
        state.play(played)
    return state.snapshot()


def test_a_scored_hand_survives_its_snapshot():
    scored = play_tournament(P3, TO_100, HANDS[:1]).games[0].hands[0]
    snapshot = hand_result_snapshot(scored, P3)
    assert hand_result_from_snapshot(snapshot, P3, HANDS[0]) == scored


def test_every_loser_of_a_won_game_pays_its_winner_the_game_stake():
    standings = play_tournament(P3, TO_100, HANDS)
    owed = money_owed(standings, Decimal("1.50"), Decimal(0))
    assert owed == {
        ("game", 1): {"An": Decimal("-1.50"), "Bình": Decimal("-1.50"), "Chi": Decimal("3.00")}
    }


def test_the_champion_takes_every_buy_in_and_a_game_in_play_owes_nothing():
    standings = play_tournament(P3, Settings(target=100, award_jacks={}, wins_needed=1), HANDS[:2])
    owed = money_owed(standings, Decimal(0), Decimal("5"))
    assert owed == {
        ("champion", 0): {"An": Decimal("-5"), "Bình": Decimal("-5"), "Chi": Decimal("10")}
    }


def test_what_the_money_depends_on_changes_only_when_a_game_is_won():
    after = [decided(play_tournament(P3, TO_100, HANDS[:count])) for count in (1, 2, 3)]
    assert after == [((), None), (("Chi",), None), (("Chi",), None)]
