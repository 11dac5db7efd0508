"""Properties of any session that could have been played: money is never lost or created."""

from dataclasses import replace
from decimal import Decimal

from hypothesis import given
from hypothesis import settings as examples
from hypothesis import strategies as st

from tracker.catte.rules import (
    Round,
    Settings,
    format_money,
    log_from,
    next_card,
    parse_log,
    play_session,
    replay,
)
from tracker.catte.rules.cards import RANKS, SUITS

NAMES = ["An", "Bình", "Chi", "Dũng", "Em", "Phúc", "Giang", "Hoa"]
CARDS = [rank + suit for rank in RANKS for suit in SUITS]
money = st.decimals(min_value=Decimal("0.01"), max_value=Decimal("50"), places=2)
settings_drawn = st.builds(
    Settings,
    stake=money,
    sweep_double_min_players=st.none() | st.integers(3, 8),
    auto_wins=st.sampled_from([(), ("four_of_a_kind",), ("flush",), ("four_of_a_kind", "flush")]),
    auto_win_pays=st.sampled_from(["pot", "double"]),
    false_claim_penalty=st.none() | st.just(Decimal("0")) | money,
    ace_penalty=st.booleans(),
    side_pot_stake=st.just(Decimal("0")) | money,
    side_pot_at_end=st.sampled_from(["refund", "carry"]),
)


def some_of(draw, names, **size):
    return draw(st.lists(st.sampled_from(names), unique=True, **size)) if names else []


@st.composite
def rounds_dealt_by(draw, players, settings, dealer):
    """A round that could have happened, whoever wins it."""
    absent = some_of(draw, [name for name in players if name != dealer], max_size=len(players) - 3)
    seats = [name for name in players if name not in absent]
    kind = draw(st.sampled_from(["sweep", "last_trick", "auto_win"]))
    round_ = Round(absent=absent, false_claims=some_of(draw, seats, max_size=2))
    if settings.has_side_pot:
        round_.side_pot_upturned = draw(st.sampled_from(CARDS))
        round_.side_pot_claimed_by = draw(st.none() | st.sampled_from(seats))
    if kind == "auto_win":
        hand = draw(st.sampled_from(("four_aces", *settings.auto_wins)))
        round_.auto_win = (draw(st.sampled_from(seats)), hand)
    elif kind == "sweep":
        sweeper = draw(st.sampled_from(seats))
        losers = [name for name in seats if name != sweeper]
        round_.tricks, round_.folds = [sweeper] * 4, some_of(draw, losers)
        if settings.ace_penalty and settings.sweep_pays_double(len(seats)):
            round_.ace_withheld_by = draw(st.none() | st.sampled_from(losers))
    else:
        first_four = draw(st.lists(st.sampled_from(seats), min_size=4, max_size=4))
        if len(set(first_four)) == 1:  # that would be a sweep: someone else wins trick 4
            first_four[3] = next(name for name in seats if name != first_four[0])
        survivors = sorted(set(first_four))
        last = draw(st.sampled_from(survivors))
        round_.tricks = [*first_four, draw(st.sampled_from(survivors)), last]
        round_.folds = some_of(draw, [name for name in seats if name != last])
    return round_


@st.composite
def sessions(draw, carried_in=True):
    players = NAMES[: draw(st.integers(3, 8))]
    settings = draw(settings_drawn)
    rounds, dealer = [], players[0]
    for _ in range(draw(st.integers(0, 6))):
        round_ = draw(rounds_dealt_by(players, settings, dealer))
        rounds.append(round_)
        dealer = round_.auto_win[0] if round_.auto_win else round_.tricks[-1]
    side_pot_in = draw(st.dictionaries(st.sampled_from(players), money)) if carried_in else {}
    return players, settings, rounds, side_pot_in


@examples(max_examples=50)
@given(sessions())
def test_every_rounds_money_adds_up_to_zero_with_the_side_pot(session):
    players, settings, rounds, side_pot_in = session
    side_pot = sum(side_pot_in.values(), Decimal(0))
    for result in play_session(players, settings, rounds, side_pot_in).rounds:
        assert sum(result.net.values()) + result.side_pot - side_pot == 0
        side_pot = result.side_pot


@examples(max_examples=50)
@given(sessions(carried_in=False))
def test_a_closed_session_refunding_its_side_pot_has_totals_adding_up_to_zero(session):
    players, settings, rounds, _ = session
    result = play_session(players, replace(settings, side_pot_at_end="refund"), rounds)
    assert sum(result.totals.values()) == 0
    assert result.side_pot == 0
    assert result.settlement_balances == result.totals


@examples(max_examples=50)
@given(sessions())
def test_a_refund_gives_back_the_carried_in_shares_and_nothing_more(session):
    players, settings, rounds, side_pot_in = session
    result = play_session(players, replace(settings, side_pot_at_end="refund"), rounds, side_pot_in)
    assert sum(result.totals.values()) == sum(side_pot_in.values())
    assert sum(result.settlement_balances.values()) == 0


@examples(max_examples=50)
@given(sessions(), st.booleans())
def test_settlement_balances_add_up_to_zero_when_the_side_pot_is_carried(session, closed):
    players, settings, rounds, side_pot_in = session
    carried = replace(settings, side_pot_at_end="carry")
    result = play_session(players, carried, rounds, side_pot_in, closed=closed)
    assert sum(result.settlement_balances.values()) == 0
    assert result.side_pot == sum(result.side_pot_shares.values())
    assert result.side_pot_shares == result.open_side_pot_shares


@examples(max_examples=50)
@given(sessions())
def test_an_exported_log_replays_to_the_same_session(session):
    players, settings, rounds, side_pot_in = session
    doc = log_from(players, settings, rounds, side_pot_in)
    assert parse_log(doc) == (players, settings, rounds, side_pot_in)
    played = play_session(players, settings, rounds, side_pot_in)
    result, balances = replay(doc)
    assert balances == played.settlement_balances
    assert result["totals"] == {name: format_money(played.totals[name]) for name in players}


@given(st.sampled_from(CARDS))
def test_thirteen_next_cards_come_back_to_the_same_card(card):
    following = card
    for _ in range(13):
        following = next_card(following)
        assert following[-1] == card[-1]
    assert following == card
