"""Cutthroat Spades: properties that hold for any legal tournament (hypothesis)."""

import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tracker.cutthroat.rules import (
    PRESETS,
    Hand,
    Settings,
    hand_breakdown,
    log_from,
    parse_log,
    play_tournament,
    replay_log,
    result_document,
    rules_from_settings,
    settings_from_rules,
)

NAMES = ["An", "Bình", "Chi", "Dũng", "Jürgen"]
JACKS = [{}, {"JD": 10, "JC": 10}, {"JD": 10, "JC": 10, "JH": "bag"}, {"JH": "bag", "JC": 15}]
FAST = settings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow], database=None
)


@st.composite
def rule_settings(draw, player_count):
    return Settings(
        target=draw(st.sampled_from([60, 100, 150])),
        bags_mode=draw(st.sampled_from(["limit", "per_hand"])),
        bag_limit=draw(st.integers(2, 10)),
        blind_six_per_game=draw(st.sampled_from([None, 0, 1, 2])),
        blind_six_behind=draw(st.sampled_from([0, 30, 50])),
        award_jacks=draw(st.sampled_from(JACKS)),
        wins_needed=draw(st.integers(1, 3)),
        moon_tricks=draw(st.sampled_from([None, 5])),
        nil_tricks_are_bags=draw(st.booleans()),
        jokers=draw(st.sampled_from([0, 2, 3])) if player_count == 5 else 0,
        preset=draw(st.sampled_from(list(PRESETS))),
    )


@st.composite
def tournaments(draw):
    """Players, settings and a legal sequence of hands (stopping when the champion is known)."""
    players = NAMES[: draw(st.integers(3, 5))]
    rules = draw(rule_settings(len(players)))
    tricks_in_hand = rules.tricks(len(players))
    hands: list[Hand] = []
    for _ in range(draw(st.integers(0, 10))):
        so_far = play_tournament(players, rules, hands)
        if so_far.finished:
            break
        bids = {}
        for p in players:
            choices = [
                st.integers(1, tricks_in_hand),
                st.sampled_from(["NIL", "BN", "1F", "2F", "SM"]),
            ]
            if so_far.blind_six_allowed[p]:
                choices.append(st.just("B6"))
            bids[p] = draw(st.one_of(choices))
        seats = len(players)
        cut_list = st.lists(st.integers(0, tricks_in_hand), min_size=seats - 1, max_size=seats - 1)
        cuts = sorted(draw(cut_list))
        counts = [b - a for a, b in zip([0, *cuts], [*cuts, tricks_in_hand], strict=True)]
        tricks = dict(zip(players, counts, strict=True))
        dealer, next_seat = so_far.next_dealer, so_far.next_first_bidder
        if rules.jokers == 2 and tricks[dealer] == tricks_in_hand:
            tricks[dealer], tricks[next_seat] = tricks_in_hand - 1, 1
        takers = [p for p in players if tricks[p]]
        jacks = {card: draw(st.sampled_from(takers)) for card in rules.award_jacks}
        hands.append(Hand(bids, tricks, jacks))
    return players, rules, hands


@FAST
@given(tournaments())
def test_a_games_totals_are_the_running_sums_of_its_hand_scores(tournament):
    result = play_tournament(*tournament)
    for game in result.games:
        running = dict.fromkeys(result.players, 0)
        for hand in game.hands:
            running = {p: running[p] + hand.score[p] for p in result.players}
            assert hand.totals == running


@FAST
@given(tournaments())
def test_each_score_is_the_bid_result_plus_jacks_minus_the_bag_penalty(tournament):
    for game in play_tournament(*tournament).games:
        for hand in game.hands:
            for p, score in hand.score.items():
                assert score == hand.bid_points[p] + hand.jack_points[p] - hand.bag_penalty[p]


@FAST
@given(tournaments())
def test_the_parts_of_each_score_add_up_to_it(tournament):
    players, rules, _hands = tournament
    for game in play_tournament(*tournament).games:
        for hand in game.hands:
            parts = hand_breakdown(hand, rules)
            assert {p: sum(part.points for part in parts[p]) for p in players} == hand.score


@FAST
@given(tournaments())
def test_bags_are_never_negative_and_stay_under_the_limit(tournament):
    _, rules, _ = tournament
    for game in play_tournament(*tournament).games:
        for hand in game.hands:
            assert all(bags >= 0 for bags in hand.bags.values())
            if rules.bags_mode == "limit":
                assert all(bags < rules.bag_limit for bags in hand.bags.values())
            else:
                assert all(hand.bag_penalty[p] == 10 * hand.bags[p] for p in hand.bags)


def sole_leader_at_target(totals, target):
    top = max(totals.values())
    leaders = [p for p, total in totals.items() if total == top]
    return leaders[0] if top >= target and len(leaders) == 1 else None


@FAST
@given(tournaments())
def test_every_finished_game_has_exactly_one_winner_who_won_with_its_last_hand(tournament):
    _, rules, _ = tournament
    result = play_tournament(*tournament)
    for number, game in enumerate(result.games, 1):
        leaders = [sole_leader_at_target(h.totals, rules.target) for h in game.hands]
        assert leaders[:-1] == [None] * (len(leaders) - 1)
        assert game.winner == leaders[-1]
        assert game.winner is not None or number == len(result.games)
    assert sum(result.wins.values()) == sum(game.winner is not None for game in result.games)
    assert result.finished == (max(result.wins.values()) >= rules.wins_needed)


@FAST
@given(tournaments())
def test_replaying_an_exported_log_gives_the_same_result(tournament):
    players, rules, hands = tournament
    result = play_tournament(players, rules, hands)
    doc = json.loads(json.dumps(log_from(players, rules, hands, result)))
    assert replay_log(doc) == result_document(result)
    assert parse_log(doc) == (players, rules, hands, [len(g.hands) for g in result.games])


@FAST
@given(st.integers(3, 5).flatmap(lambda n: st.tuples(st.just(n), rule_settings(n))))
def test_settings_survive_a_trip_through_the_rules_object(drawn):
    player_count, rules = drawn
    assert settings_from_rules(rules_from_settings(rules), player_count) == rules
