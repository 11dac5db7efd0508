"""What made each player's score in a hand, part by part (the house rules, "Bids and points",
"Bags", "Award jacks")."""

from tracker.cutthroat.rules import (
    BAG_COST,
    BAG_OUT,
    BAGS,
    BID,
    JACK,
    JACK_BAG,
    NO_JACKS,
    Hand,
    ScorePart,
    Settings,
    hand_breakdown,
    play_tournament,
)

P3 = ["An", "Bình", "Chi"]  # 17 tricks a hand, the moon needs 14
OFFICIAL = Settings()
PER_HAND = Settings(bags_mode="per_hand", award_jacks={"JD": 10, "JC": 10, "JH": "bag"})


def parts_of_last(*hands, settings=OFFICIAL):
    played = [
        Hand(dict(zip(P3, b, strict=True)), dict(zip(P3, t, strict=True)), j) for b, t, j in hands
    ]
    last = play_tournament(P3, settings, played).games[-1].hands[-1]
    return hand_breakdown(last, settings)


def test_a_bag_out_shows_the_bid_its_bags_the_penalty_and_the_jack():
    # An holds 2 bags, then bids 1 and takes 9: 8 more bags make 10, -100; he caught J♦.
    parts = parts_of_last(
        ((1, 5, 5), (3, 7, 7), {"JD": "Bình", "JC": "Chi"}),
        ((1, 4, 4), (9, 4, 4), {"JD": "An", "JC": "Bình"}),
    )
    assert parts["An"] == [
        ScorePart(BID, 10, bid=1, tricks=9, outcome="made"),
        ScorePart(BAGS, bags=8),
        ScorePart(BAG_OUT, -100, bags=10),
        ScorePart(JACK, 10, cards=("JD",)),
    ]


def test_a_made_bid_without_bags_or_jacks_is_one_part():
    parts = parts_of_last(((4, 5, 8), (4, 5, 8), {"JD": "Chi", "JC": "Chi"}))
    assert parts["An"] == [ScorePart(BID, 40, bid=4, tricks=4, outcome="made")]
    assert parts["Bình"] == [ScorePart(BID, 50, bid=5, tricks=5, outcome="made")]


def test_two_jacks_caught_by_one_player_count_for_nothing():
    parts = parts_of_last(((4, 5, 8), (4, 5, 8), {"JD": "Chi", "JC": "Chi"}))
    assert parts["Chi"] == [
        ScorePart(BID, 80, bid=8, tricks=8, outcome="made"),
        ScorePart(NO_JACKS, cards=("JD", "JC")),
    ]


def test_bags_counted_each_hand_cost_ten_each_after_the_heart_jack():
    parts = parts_of_last(
        ((4, 5, 5), (7, 5, 5), {"JD": "Bình", "JC": "Chi", "JH": "An"}), settings=PER_HAND
    )
    assert parts["An"] == [
        ScorePart(BID, 40, bid=4, tricks=7, outcome="made"),
        ScorePart(BAGS, bags=3),
        ScorePart(JACK_BAG, bags=1, cards=("JH",)),
        ScorePart(BAG_COST, -20, bags=2),
    ]


def test_a_set_nil_loses_100_and_takes_its_tricks_as_bags():
    parts = parts_of_last((("NIL", 8, 7), (2, 8, 7), {"JD": "Bình", "JC": "Chi"}))
    assert parts["An"] == [
        ScorePart(BID, -100, bid="NIL", tricks=2, outcome="set"),
        ScorePart(BAGS, bags=2),
    ]


def test_one_for_fifty_taking_three_is_over_for_10_and_two_bags():
    parts = parts_of_last((("1F", 8, 6), (3, 8, 6), {"JD": "Bình", "JC": "Chi"}))
    assert parts["An"] == [
        ScorePart(BID, 10, bid="1F", tricks=3, outcome="over"),
        ScorePart(BAGS, bags=2),
    ]


def test_a_made_moon_takes_no_bags_and_a_set_bid_loses_its_points():
    parts = parts_of_last((("SM", 2, 1), (15, 1, 1), {"JD": "Bình", "JC": "Chi"}))
    assert parts["An"] == [ScorePart(BID, 150, bid="SM", tricks=15, outcome="made")]
    assert parts["Bình"][0] == ScorePart(BID, -20, bid=2, tricks=1, outcome="set")
