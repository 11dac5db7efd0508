"""Properties of any sheet that could have been played, in every mode and preset: the money of
each round is what the reference (tests/sheets/rules/sheet_reference.py, written from RULES.md
alone) says, it adds up to zero, and a log exported and read back replays the same."""

import json
from decimal import Decimal

from hypothesis import given
from hypothesis import settings as examples
from hypothesis import strategies as st

from tests.sheets.rules import sheet_reference as reference
from tracker.sheets.rules import (
    BOMBS,
    CHOPPED_KINDS,
    INSTANT_WIN_HANDS,
    LEFTOVER_KINDS,
    Chop,
    Payment,
    Round,
    Settings,
    SheetState,
    TienLen,
    log_from,
    parse_log,
    replay_log,
    result_document,
    sheet_result,
)
from tracker.sheets.rules.tien_len import TWOS

NAMES = ["An", "Bình", "Chi", "Dũng", "Em", "Phúc", "Giang", "Hoa"]
UNIT_KEYS = list(reference.TIEN_LEN_DEFAULTS)
# The lists docs/log-format.md gives for 5 to 8 players, where the house rules give none.
SYMMETRIC = {
    5: [2, 1, 0, -1, -2],
    6: [3, 2, 1, -1, -2, -3],
    7: [3, 2, 1, 0, -1, -2, -3],
    8: [4, 3, 2, 1, -1, -2, -3, -4],
}
stakes = st.decimals(min_value=Decimal("0.01"), max_value=Decimal("50000"), places=2)


@st.composite
def payout(draw, count):
    """Units for `count` places, best first, never more for a worse place, adding up to 0."""
    units = sorted(draw(st.lists(st.integers(-10, 10), min_size=count, max_size=count)))[::-1]
    if sum(units) > 0:
        units[-1] -= sum(units)
    else:
        units[0] -= sum(units)
    return units


@st.composite
def sheets(draw):
    """Players, the app's settings and the reference's, for any preset or none."""
    players = NAMES[: draw(st.integers(2, 8))]
    stake = draw(stakes)
    kind = draw(st.sampled_from(["tien_len", "hearts", "points", "places", "free_points"]))
    ref = {"stake": stake, "mode": "points", "lowest_wins": False}
    if kind == "tien_len":
        units = {key: draw(st.integers(0, 6)) for key in UNIT_KEYS}
        triples = draw(st.booleans())
        tien_len = TienLen(**units, instant_win_three_triples=triples)
        settings = Settings(stake, "tien_len", tien_len=tien_len)
        ref.update(mode="tien_len", units=units)
    elif kind == "places":
        given_payouts = draw(st.booleans())
        lists = {count: draw(payout(count)) for count in range(2, 9)} if given_payouts else None
        settings = Settings(stake, money_by="places", payouts=lists)
        ref.update(mode="places", payouts=lists or {**reference.PAYOUT_DEFAULTS, **SYMMETRIC})
    elif kind == "free_points":
        lowest = draw(st.booleans())
        settings = Settings(stake, money_by="points", lowest_wins=lowest)
        ref["lowest_wins"] = lowest
    else:
        settings = Settings(stake, kind)
        ref["lowest_wins"] = kind == "hearts"
    return players, settings, ref


def some_of(draw, names, **size):
    return draw(st.lists(st.sampled_from(names), unique=True, **size)) if names else []


@st.composite
def rounds(draw, players, settings):
    """A round that could have happened, and the same round as the reference reads it."""
    most = 4 if settings.is_tien_len else len(players)
    playing = some_of(draw, players, min_size=2, max_size=most)
    playing = [name for name in players if name in playing]  # seat order
    round_ = Round(absent=[name for name in players if name not in playing])
    ref: dict = {"players": playing}
    if settings.money_by == "points":
        round_.points = {name: draw(st.integers(-100_000, 100_000)) for name in playing}
        ref["points"] = round_.points
    elif not settings.is_tien_len:
        round_.places = ref["places"] = draw(st.permutations(playing))
    else:
        _tien_len(draw, settings, round_, ref, playing)
    round_.payments = [
        Payment(payer, payee, draw(st.integers(1, 1000)), draw(st.sampled_from(["bet", "thối"])))
        for payer, payee in draw(st.lists(st.tuples(*[st.sampled_from(playing)] * 2), max_size=3))
        if payer != payee
    ]
    ref["lines"] = [(line.payer, line.payee, line.units) for line in round_.payments]
    return round_, ref


def _tien_len(draw, settings, round_, ref, playing):
    if draw(st.integers(0, 4)) == 0:
        hands = (
            INSTANT_WIN_HANDS
            if settings.tien_len.instant_win_three_triples
            else INSTANT_WIN_HANDS[:4]
        )
        round_.instant_win = ref["instant_win"] = (
            draw(st.sampled_from(playing)),
            draw(st.sampled_from(hands)),
        )
        return
    order = draw(st.permutations(playing))
    frozen = order[len(order) - draw(st.integers(0, len(order) - 1)) :]
    twos = {"black": 2, "red": 2}  # what the deck has left to chop or hold

    def card(kinds):
        fit = [what for what in kinds if _fits(what, twos)]
        what = draw(st.sampled_from(fit))
        black, red = TWOS.get(what, (0, 0))
        twos["black"] -= black
        twos["red"] -= red
        return what

    leftovers = {}
    for name in some_of(draw, list(dict.fromkeys([order[-1], *frozen]))):
        leftovers[name] = [card(LEFTOVER_KINDS) for _ in range(draw(st.integers(1, 2)))]
    played = [name for name in order if name not in frozen]
    chains = []
    for _ in range(draw(st.integers(0, 3)) if len(played) > 1 else 0):
        chopper, chopped = draw(st.permutations(played))[:2]
        chain = [Chop(chopper, chopped, card(CHOPPED_KINDS))]
        for _ in range(draw(st.integers(0, 3))):
            by = draw(st.sampled_from([name for name in played if name != chain[-1].chopper]))
            chain.append(Chop(by, chain[-1].chopper, draw(st.sampled_from(BOMBS))))
        chains.append(chain)
    round_.places, round_.frozen, round_.leftovers, round_.chops = order, frozen, leftovers, chains
    ref.update(
        places=order,
        frozen=frozen,
        leftovers=leftovers,
        chains=[list(map(tuple, c)) for c in chains],
    )


def _fits(what, twos):
    black, red = TWOS.get(what, (0, 0))
    return black <= twos["black"] and red <= twos["red"]


@st.composite
def evenings(draw):
    players, settings, ref_settings = draw(sheets())
    drawn = [draw(rounds(players, settings)) for _ in range(draw(st.integers(1, 5)))]
    return players, settings, ref_settings, drawn


@given(evenings())
@examples(max_examples=400)
def test_every_round_pays_what_the_reference_pays_and_adds_up_to_zero(evening):
    players, settings, ref_settings, drawn = evening
    state = SheetState(players)
    for round_, ref_round in drawn:
        result = state.play(settings, round_)
        expected = reference.money(ref_settings, ref_round)
        assert result.net == {name: expected.get(name, Decimal(0)) for name in players}
        assert sum(result.net.values()) == 0


@given(evenings())
@examples(max_examples=150)
def test_a_log_exported_and_read_back_replays_the_same(evening):
    players, settings, _, drawn = evening
    state = SheetState(players)
    results = [state.play(settings, round_) for round_, _ in drawn]
    doc = json.loads(json.dumps(log_from(players, settings, [round_ for round_, _ in drawn])))
    assert parse_log(doc) == (players, settings, [round_ for round_, _ in drawn])
    assert replay_log(doc) == result_document(sheet_result(state, settings, results))


@given(evenings())
@examples(max_examples=100)
def test_a_state_resumed_from_its_snapshot_plays_on_the_same(evening):
    players, settings, _, drawn = evening
    state = SheetState(players)
    for round_, _ in drawn:
        resumed = SheetState.resume(players, json.loads(json.dumps(state.snapshot())))
        assert resumed.play(settings, round_) == state.play(settings, round_)
