"""Entering a Cắt Tê round on the session page, tap by tap, as the table plays it."""

import json
import re
from decimal import Decimal

import pytest
from django.urls import reverse

from ledger.balances import player_balances
from tests.factories import fresh
from tracker.catte import services as catte_sessions
from tracker.models import Round
from tracker.rules import catte
from tracker.rules.catte_cards import RANKS

PLAIN = {"stake": "1.00"}


@pytest.fixture
def start(group, bob, players):
    def start_session(rules=PLAIN, seated=None):
        return catte_sessions.start(group, seated or players, rules, bob)

    return start_session


def entry_url(session):
    return reverse("round_entry", args=[session.group_id, session.pk])


def page_of(client, session) -> str:
    return client.get(session.get_absolute_url()).content.decode()


def taps_in(html: str) -> str:
    return re.search(r'name="taps" value="([^"]*)"', html).group(1)


def tap_through(client, session, number, taps, **extra):
    """Press each button in turn, carrying the hidden state as a phone without JavaScript does."""
    state = ""
    for tap in taps:
        response = client.post(
            entry_url(session), {"number": number, "taps": state, "tap": tap, **extra}
        )
        state = taps_in(response.content.decode())
    return state


def save(client, session, number, taps):
    return client.post(entry_url(session), {"number": number, "taps": taps, "tap": "save"})


def money_agrees(client, session, expected: dict[str, str]) -> None:
    """The page, the ledger and a replay of the exported log give the same money."""
    board = catte_sessions.load(fresh(session))
    page = page_of(client, session)
    ledger = {p.name: v for p, v in player_balances(session.group)[0].items()}
    replayed, _ = catte.replay(catte_sessions.export_game(board.session))
    for name, amount in expected.items():
        if Decimal(amount) == 0:
            assert f'big ">{amount}<' in page
        else:
            tone, sign = ("neg", "") if amount.startswith("-") else ("pos", "+")
            assert f'big {tone}">{sign}{amount}<' in page
        assert board.state.running[name] == Decimal(amount)
        assert ledger.get(name, Decimal(0)) == Decimal(amount)
        assert sum(Decimal(r["net"][name]) for r in replayed["rounds"]) == Decimal(amount)


def test_tapping_a_sweep_records_the_round(as_bob, start):
    session = start()
    taps = tap_through(as_bob, session, 1, ["t0", "t0", "t0", "t0"])
    assert taps == "t0 t0 t0 t0"
    response = save(as_bob, session, 1, taps)
    assert response.status_code == 302
    assert Round.objects.get(session=session).entry == {"tricks": [0, 0, 0, 0]}
    money_agrees(as_bob, session, {"An": "6.00", "Bình": "-2.00", "Chi": "-2.00"})


def test_after_trick_four_only_the_survivors_are_offered(as_bob, start):
    session = start()
    taps = tap_through(as_bob, session, 1, ["t1", "t0", "t1", "t0"])
    html = as_bob.post(entry_url(session), {"number": 1, "taps": taps}).content.decode()
    assert "Out after trick 4:</strong> Chi, Dũng" in html
    assert 'value="t2"' not in html and 'value="t0"' in html and 'value="t1"' in html


def test_a_last_trick_round_with_eliminations(as_bob, start):
    session = start()
    save(as_bob, session, 1, "t1 t0 t1 t0 t0 t1")
    assert "Out after trick 4: Chi, Dũng" in page_of(as_bob, session)
    money_agrees(as_bob, session, {"An": "-1.00", "Bình": "3.00", "Chi": "-1.00"})


def test_everyone_else_folding_leaves_the_last_player_the_rest(as_bob, start):
    session = start()
    taps = tap_through(as_bob, session, 1, ["f1", "f2", "f3"])
    html = as_bob.post(entry_url(session), {"number": 1, "taps": taps}).content.decode()
    assert "the rest to An" in html
    save(as_bob, session, 1, taps + " R0")
    assert Round.objects.get().entry == {"tricks": [0, 0, 0, 0], "folds": [1, 2, 3]}
    money_agrees(as_bob, session, {"An": "6.00", "Bình": "-2.00", "Dũng": "-2.00"})


def test_four_aces_is_one_tap_in_the_automatic_win_group(as_bob, start):
    session = start()
    html = page_of(as_bob, session)
    assert "Automatic win</strong>" in html and "Four aces" in html
    assert all(f'value="w{seat}.four_aces"' in html for seat in range(4))
    taps = tap_through(as_bob, session, 1, ["w2.four_aces"])
    assert taps == "w2.four_aces"
    save(as_bob, session, 1, taps)
    assert Round.objects.get().entry == {"auto_win": {"player": 2, "hand": "four_aces"}}
    money_agrees(as_bob, session, {"Chi": "6.00", "An": "-2.00", "Dũng": "-2.00"})


def test_four_aces_pays_double_where_the_same_sweep_would_not(as_bob, start, players):
    # Three at the table: a sweep pays no double, four aces does (auto_win_pays "double").
    session = start(seated=players[:3])
    save(as_bob, session, 1, "w0.four_aces")
    money_agrees(as_bob, session, {"An": "4.00", "Bình": "-2.00", "Chi": "-2.00"})
    assert "Automatic win: An (four aces) · pays double" in page_of(as_bob, session)


def test_the_automatic_win_group_offers_only_what_the_session_plays(as_bob, start):
    session = start({"stake": "1.00", "auto_wins": ["flush"]})
    html = page_of(as_bob, session)
    assert 'value="w1.flush"' in html and 'value="w1.four_of_a_kind"' not in html
    html = as_bob.post(entry_url(session), {"number": 1, "taps": "t0"}).content.decode()
    assert 'value="w1.four_aces"' not in html  # after the first trick it is too late


def test_an_automatic_win_the_settings_do_not_play_is_refused(as_bob, start):
    session = start()
    data = {"number": 1, "taps": "", "tap": "w2.flush"}
    html = as_bob.post(entry_url(session), data).content.decode()
    assert "An automatic win with six-card flush is not played in this session." in html
    assert taps_in(html) == ""
    assert not Round.objects.exists()


def test_a_false_claim_pays_every_other_player(as_bob, start):
    session = start()
    save(as_bob, session, 1, "x0 t1 t0 t1 t0 t0 t1")
    money_agrees(as_bob, session, {"An": "-4.00", "Bình": "4.00", "Chi": "0.00"})


def test_the_ace_penalty_is_asked_only_after_a_sweep_that_pays_double(as_bob, start):
    session = start({"stake": "1.00", "ace_penalty": True})
    html = as_bob.post(entry_url(session), {"number": 1, "taps": "t0 t0 t0"}).content.decode()
    assert "hold back the ace" not in html
    html = as_bob.post(entry_url(session), {"number": 1, "taps": "t0 t0 t0 t0"}).content.decode()
    assert "hold back the ace" in html
    assert (
        "It applies when An won the first three tricks with cards of one suit and the fourth "
        "leading another suit, and someone held the ace of that first suit without playing it. "
        "That player pays the whole double for all 3 losing players, 4.00 in all; the others "
        "pay only their stake of 1.00."
    ) in html
    assert 'id="next" data-next>\n    <legend><strong>Ace penalty' in html
    save(as_bob, session, 1, "t0 t0 t0 t0 e2")
    money_agrees(as_bob, session, {"An": "6.00", "Bình": "-1.00", "Chi": "-4.00"})


def test_the_upturned_card_is_one_tap_on_a_grid_of_the_52_cards(as_bob, start):
    session = start({"stake": "1.00", "side_pot_stake": "0.50"})
    html = page_of(as_bob, session)
    cards = re.findall(r'name="tap" value="u((?:10|[2-9JQKA])[SHDC])"', html)
    assert len(cards) == len(set(cards)) == 52
    assert cards[:13] == [f"{rank}S" for rank in RANKS]
    assert 'aria-label="10 of hearts"' in html
    taps = tap_through(as_bob, session, 1, ["uKH"])
    html = as_bob.post(entry_url(session), {"number": 1, "taps": taps}).content.decode()
    assert taps == "uKH" and "Side pot: who has the A♥?" in html
    taps = tap_through(as_bob, session, 1, ["uKH", "c-", "t0", "t0", "t0", "t0"])
    assert save(as_bob, session, 1, taps).status_code == 302
    assert Round.objects.get().entry["side_pot"] == {"upturned": "KH", "claimed_by": None}


def test_the_rank_and_suit_taps_of_older_pages_still_enter_the_card(as_bob, start):
    session = start({"stake": "1.00", "side_pot_stake": "0.50"})
    html = as_bob.post(entry_url(session), {"number": 1, "taps": "r10 sD"}).content.decode()
    assert "Side pot: who has the J♦?" in html


def test_the_next_step_is_marked_after_every_tap(as_bob, start):
    session = start({"stake": "1.00", "side_pot_stake": "0.50"})
    steps = {
        "": "Side pot: tap the upturned card",
        "u9C": "Side pot: who has the 10♣?",
        "u9C c-": "Trick 1: who won it?",
        "u9C c- t0 t1 t0 t1 t0": "Trick 6: who won it?",
        "u9C c- t0 t1 t0 t1 t0 t1": "Save round",
    }
    for taps, shown in steps.items():
        html = as_bob.post(entry_url(session), {"number": 1, "taps": taps}).content.decode()
        assert html.count('id="next"') == 1, taps
        assert shown in html[html.index('id="next"') :][:1500], taps


def test_a_side_pot_carried_three_rounds_then_claimed(as_bob, start):
    session = start({"stake": "1.00", "side_pot_stake": "0.50"})
    save(as_bob, session, 1, "r7 sH c- t0 t0 t0 t0")
    save(as_bob, session, 2, "rK sD c- t1 t0 t1 t0 t0 t0")
    save(as_bob, session, 3, "r2 sS c- t0 t1 t2 t3 t3 t2")
    assert 'Side pot: <strong class="num">6.00 EUR' in page_of(as_bob, session)
    html = as_bob.post(entry_url(session), {"number": 4, "taps": "uAC"}).content.decode()
    assert "who has the 2♣?" in html
    save(as_bob, session, 4, "rA sC c2 t1 t1 t1 t1")
    assert "Side pot on 2♣: won by Chi" in page_of(as_bob, session)
    expected = {"An": "4.00", "Bình": "0.00", "Chi": "4.00", "Dũng": "-8.00"}
    money_agrees(as_bob, session, expected)
    assert catte_sessions.load(fresh(session)).settled.side_pot == 0


def test_refused_input_keeps_the_taps_and_saves_nothing(as_bob, start):
    session = start({"stake": "1.00", "side_pot_stake": "0.50"})
    taps = "r7 sH c3 a3 t0 t0 t0 t0"
    html = save(as_bob, session, 1, taps).content.decode()
    assert "round 1: Dũng: absent this round, so cannot claim the side pot" in html
    assert taps_in(html) == taps
    assert not Round.objects.exists()


def test_the_dealer_sitting_out_passes_the_deal_to_the_next_seat(as_bob, start):
    session = start()
    html = as_bob.post(entry_url(session), {"number": 1, "taps": "", "tap": "a0"}).content
    assert "Round 1 · Bình deals" in html.decode()
    assert taps_in(html.decode()) == "a0"


def test_unknown_buttons_and_broken_state_are_refused(as_bob, start):
    session = start()
    for taps, tap, message in [
        ("", "t9", "There is no such seat at this table."),
        ("", "t0 t0", "That button is not known here."),
        ("t0 zz", "t0", "The round could not be read; start it again."),
        ("t0 t7", "t0", "The round could not be read; start it again."),
        ("t0 t0 t0 t0", "t1", "Every trick is recorded; undo the last tap to change one."),
        ("f1", "t1", "Bình cannot win trick 1."),
    ]:
        html = as_bob.post(entry_url(session), {"number": 1, "taps": taps, "tap": tap})
        assert message in html.content.decode(), tap
    assert not Round.objects.exists()


def test_undo_last_tap_drops_only_the_last_tap(as_bob, start):
    session = start()
    html = as_bob.post(entry_url(session), {"number": 1, "taps": "f3 t0 t1", "tap": "undo"})
    assert taps_in(html.content.decode()) == "f3 t0"


def test_a_second_phone_saving_the_same_round_is_told_it_is_already_recorded(as_bob, start):
    session = start()
    save(as_bob, session, 1, "t0 t0 t0 t0")
    response = save(as_bob, session, 1, "t1 t1 t1 t1")
    html = as_bob.get(response["Location"]).content.decode()
    assert "Round 1 is already recorded." in html
    assert Round.objects.count() == 1 and Round.objects.get().entry["tricks"] == [0, 0, 0, 0]


def test_a_refused_save_says_so_right_above_the_next_round(as_bob, start):
    session = start()
    save(as_bob, session, 1, "t0 t0 t0 t0")
    data = {"number": 1, "taps": "t1 t1 t1 t1", "tap": "save"}
    html = as_bob.post(entry_url(session), data, headers={"HX-Request": "true"}).content.decode()
    message = html.index("Round 1 is already recorded. This is the current state.")
    form = html.index('id="round-form"')
    assert message < form < html.index("Money after 1 round")
    assert "Round 2 · An deals" in html[form:]


def test_with_htmx_only_the_entry_part_comes_back(as_bob, start):
    session = start()
    response = as_bob.post(
        entry_url(session), {"number": 1, "taps": "", "tap": "t2"}, headers={"HX-Request": "true"}
    )
    html = response.content.decode()
    assert html.lstrip().startswith('<div id="entry">') and "<html" not in html
    assert taps_in(html) == "t2"


def test_a_saved_round_with_htmx_returns_the_new_state(as_bob, start):
    session = start()
    response = as_bob.post(
        entry_url(session),
        {"number": 1, "taps": "t0 t0 t0 t0", "tap": "save"},
        headers={"HX-Request": "true"},
    )
    html = response.content.decode()
    assert response.status_code == 200 and "Round 2 · An deals" in html
    assert "Sweep by An · pays double" in html


def test_the_export_is_the_log_of_the_session(as_carol, start, players):
    session = start()
    catte_sessions.record_round(
        catte_sessions.load(fresh(session)), catte.Round(tricks=["Chi"] * 4), None
    )
    response = as_carol.get(reverse("session_export", args=[session.group_id, session.pk]))
    log = json.loads(response.content)
    assert response["Content-Disposition"].endswith(f'catte-{session.pk}.json"')
    assert log["players"] == ["An", "Bình", "Chi", "Dũng"]
    assert log["rounds"] == [{"tricks": ["Chi", "Chi", "Chi", "Chi"]}]


def test_after_an_htmx_save_the_close_form_carries_the_new_version(as_bob, start):
    session = start()
    taps = tap_through(as_bob, session, 1, ["t0", "t0", "t0", "t0"])
    data = {"number": 1, "taps": taps, "tap": "save"}
    response = as_bob.post(entry_url(session), data, HTTP_HX_REQUEST="true")
    session.refresh_from_db()
    page = response.content.decode()
    assert page.count(f'name="version" value="{session.version}"') >= 3  # entry, undo, close
    assert "Close the session" in page and "<html" not in page
    assert "Round 1 saved." in page


def test_undo_and_close_sit_below_the_rounds_each_behind_a_second_tap(as_bob, start):
    session = start()
    save(as_bob, session, 1, "t0 t0 t0 t0")
    page = page_of(as_bob, session)
    actions = page.index('id="session-actions"')
    assert page.index('id="round-form"') < page.index('aria-label="Round 1"') < actions
    zone = page[actions:]
    for ask, do in [
        ("Undo round 1…", "Yes, undo round 1"),
        ("Close the session…", "Yes, close it"),
    ]:
        assert f'<summary class="danger">{ask}</summary>' in zone
        assert zone.index(ask) < zone.index(do)
    assert page.count('<details class="confirm">') == 2
