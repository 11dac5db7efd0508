"""Entering a Cắt Tê round on the session page, tap by tap, as the table plays it."""

import json
import re
from decimal import Decimal

import pytest
from django.urls import reverse

from ledger.balances import player_balances
from tests.factories import fresh
from tracker.catte import board as catte_board
from tracker.catte import rules as catte
from tracker.catte import services
from tracker.catte.models import Round
from tracker.catte.rules.cards import RANKS

PLAIN = {"stake": "1.00"}


@pytest.fixture
def start(group, bob, players):
    def start_session(rules=PLAIN, seated=None):
        return services.logs.start(group, seated or players, rules, bob)

    return start_session


def entry_url(session):
    return reverse("round_entry", args=[session.group_id, session.pk])


def page_of(client, session) -> str:
    return client.get(session.get_absolute_url()).content.decode()


def hidden(html: str, name: str) -> str:
    return re.search(rf'name="{name}" value="([^"]*)"', html).group(1)


def round_form_of(html: str) -> str:
    """The round being entered, without the sheet the page holds for a phone gone offline."""
    return html.split('<template id="offline-round"')[0]


def shown_in(html: str) -> str:
    """The round being entered as the page shows it: the table's draft."""
    return hidden(html, "shown")


def press(client, session, html: str, tap: str, **headers):
    """One button of the round form on the page `html`, sent as the page sends it."""
    data = {name: hidden(html, name) for name in ("number", "draft_version", "shown")}
    return client.post(entry_url(session), {**data, "tap": tap}, headers=headers)


def tap_through(client, session, taps: list[str]) -> str:
    """Press each button in turn on the page each answer renders; the last page rendered."""
    html = page_of(client, session)
    for tap in taps:
        html = press(client, session, html, tap).content.decode()
    return html


def save(client, session, number, taps):
    """A whole round in one post, as a client that keeps its own draft sends it."""
    return client.post(entry_url(session), {"number": number, "taps": taps, "tap": "save"})


def money_agrees(client, session, expected: dict[str, str]) -> None:
    """The page, the ledger and a replay of the exported log give the same money."""
    board = catte_board.load(fresh(session))
    page = page_of(client, session)
    ledger = {p.name: v for p, v in player_balances(session.group)[0].items()}
    replayed, _ = catte.replay(services.logs.export_game(board.session))
    for name, amount in expected.items():
        if Decimal(amount) == 0:
            assert f'big ">€{amount}<' in page
        else:
            tone, sign = ("neg", "-") if amount.startswith("-") else ("pos", "+")
            assert f'big {tone}">{sign}€{amount.lstrip("-")}<' in page
        assert board.state.running[name] == Decimal(amount)
        assert ledger.get(name, Decimal(0)) == Decimal(amount)
        assert sum(Decimal(r["net"][name]) for r in replayed["rounds"]) == Decimal(amount)


def test_tapping_a_sweep_records_the_round(as_bob, start):
    session = start()
    html = tap_through(as_bob, session, ["t0", "t0", "t0", "t0"])
    assert shown_in(html) == "t0 t0 t0 t0"
    response = press(as_bob, session, html, "save")
    assert response.status_code == 302
    assert Round.objects.get(session=session).entry == {"tricks": [0, 0, 0, 0]}
    money_agrees(as_bob, session, {"An": "6.00", "Bình": "-2.00", "Chi": "-2.00"})


def test_after_trick_four_only_the_survivors_are_offered(as_bob, start):
    session = start()
    html = round_form_of(tap_through(as_bob, session, ["t1", "t0", "t1", "t0"]))
    assert "Out after trick 4:</strong> Chi, Dũng" in html
    assert 'value="t2"' not in html and 'value="t0"' in html and 'value="t1"' in html


def test_a_last_trick_round_with_eliminations(as_bob, start):
    session = start()
    save(as_bob, session, 1, "t1 t0 t1 t0 t0 t1")
    assert "Out after trick 4: Chi, Dũng" in page_of(as_bob, session)
    money_agrees(as_bob, session, {"An": "-1.00", "Bình": "3.00", "Chi": "-1.00"})


def test_everyone_else_folding_gives_the_last_player_the_rest_without_a_tap(as_bob, start):
    session = start()
    html = tap_through(as_bob, session, ["f1", "f2", "f3"])
    assert "Everyone else folded: the rest of the tricks go to An." in html
    assert "Sweep by An" in html and 'aria-disabled="true"' not in html
    press(as_bob, session, html, "save")
    assert Round.objects.get().entry == {"tricks": [0, 0, 0, 0], "folds": [1, 2, 3]}
    money_agrees(as_bob, session, {"An": "6.00", "Bình": "-2.00", "Dũng": "-2.00"})


def test_four_aces_is_one_tap_in_the_automatic_win_group(as_bob, start):
    session = start()
    html = page_of(as_bob, session)
    assert "Automatic win</strong>" in html and "Four aces" in html
    assert all(f'value="w{seat}.four_aces"' in html for seat in range(4))
    html = tap_through(as_bob, session, ["w2.four_aces"])
    assert shown_in(html) == "w2.four_aces"
    press(as_bob, session, html, "save")
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
    html = round_form_of(page_of(as_bob, session))
    assert 'value="w1.flush"' in html and 'value="w1.four_of_a_kind"' not in html
    html = round_form_of(tap_through(as_bob, session, ["t0"]))
    assert 'value="w1.four_aces"' not in html  # after the first trick it is too late


def test_an_automatic_win_the_settings_do_not_play_is_refused(as_bob, start):
    session = start()
    html = tap_through(as_bob, session, ["w2.flush"])
    assert "An automatic win with six-card flush is not played in this session." in html
    assert shown_in(html) == ""
    assert not Round.objects.exists()


def test_a_false_claim_pays_every_other_player(as_bob, start):
    session = start()
    save(as_bob, session, 1, "x0 t1 t0 t1 t0 t0 t1")
    money_agrees(as_bob, session, {"An": "-4.00", "Bình": "4.00", "Chi": "0.00"})


def test_the_ace_penalty_is_asked_only_after_a_sweep_that_pays_double(as_bob, start):
    session = start({"stake": "1.00", "ace_penalty": True})
    html = tap_through(as_bob, session, ["t0", "t0", "t0"])
    assert "hold back the ace" not in round_form_of(html)
    html = tap_through(as_bob, session, ["t0"])
    assert "hold back the ace" in round_form_of(html)
    assert (
        "It applies when An won the first three tricks with cards of one suit and the fourth "
        "leading another suit, and someone held the ace of that first suit without playing it. "
        "That player pays the whole double for all 3 losing players, €4.00 in all; the others "
        "pay only their stake of €1.00."
    ) in html
    assert 'id="next" data-next>\n<legend><strong>Ace penalty' in html
    press(as_bob, session, tap_through(as_bob, session, ["e2"]), "save")
    money_agrees(as_bob, session, {"An": "6.00", "Bình": "-1.00", "Chi": "-4.00"})


def test_the_upturned_card_is_one_tap_on_a_grid_of_the_52_cards(as_bob, start):
    session = start({"stake": "1.00", "side_pot_stake": "0.50"})
    html = round_form_of(page_of(as_bob, session))
    cards = re.findall(r'name="tap" value="u((?:10|[2-9JQKA])[SHDC])"', html)
    assert len(cards) == len(set(cards)) == 52
    assert cards[:13] == [f"{rank}S" for rank in RANKS]
    assert 'aria-label="10 of hearts"' in html
    html = tap_through(as_bob, session, ["uKH"])
    assert shown_in(html) == "uKH" and "Side pot: who has the A♥?" in html
    html = tap_through(as_bob, session, ["c-", "t0", "t0", "t0", "t0"])
    assert press(as_bob, session, html, "save").status_code == 302
    assert Round.objects.get().entry["side_pot"] == {"upturned": "KH", "claimed_by": None}


def test_the_rank_and_suit_taps_of_older_pages_still_enter_the_card(as_bob, start):
    session = start({"stake": "1.00", "side_pot_stake": "0.50"})
    html = tap_through(as_bob, session, ["r10", "sD"])
    assert "Side pot: who has the J♦?" in html


def test_the_next_step_is_marked_after_every_tap(as_bob, start):
    session = start({"stake": "1.00", "side_pot_stake": "0.50"})
    steps = [
        ([], "Side pot: tap the upturned card"),
        (["u9C"], "Trick 1: who won it?"),
        (["t0", "t1", "t0", "t1", "t0"], "Trick 6: who won it?"),
        (["t1"], "Save round"),
    ]
    for taps, shown in steps:
        html = tap_through(as_bob, session, taps)
        assert html.count('id="next"') == 1, taps
        assert shown in html[html.index('id="next"') :][:1500], taps


def test_no_one_claims_the_side_pot_without_a_tap(as_bob, start):
    session = start({"stake": "1.00", "side_pot_stake": "0.50"})
    html = tap_through(as_bob, session, ["u9C", "t0", "t0", "t0", "t0"])
    assert "Side pot: who has the 10♣?" in html[: html.index('id="next"')]
    assert press(as_bob, session, html, "save").status_code == 302
    assert Round.objects.get().entry["side_pot"] == {"upturned": "9C", "claimed_by": None}


def test_the_side_pot_is_claimed_with_one_tap_even_after_the_last_trick(as_bob, start):
    session = start({"stake": "1.00", "side_pot_stake": "0.50"})
    html = tap_through(as_bob, session, ["u9C", "t0", "t0", "t0", "t0", "c2"])
    assert "<strong>Chi</strong> has the 10♣ and takes it" in html
    assert press(as_bob, session, html, "save").status_code == 302
    assert Round.objects.get().entry["side_pot"] == {"upturned": "9C", "claimed_by": 2}


def test_a_side_pot_carried_three_rounds_then_claimed(as_bob, start):
    session = start({"stake": "1.00", "side_pot_stake": "0.50"})
    save(as_bob, session, 1, "r7 sH c- t0 t0 t0 t0")
    save(as_bob, session, 2, "rK sD c- t1 t0 t1 t0 t0 t0")
    save(as_bob, session, 3, "r2 sS c- t0 t1 t2 t3 t3 t2")
    assert 'Side pot: <strong class="num">€6.00<' in page_of(as_bob, session)
    html = tap_through(as_bob, session, ["uAC"])
    assert "who has the 2♣?" in html
    press(as_bob, session, tap_through(as_bob, session, ["c2", "t1", "t1", "t1", "t1"]), "save")
    assert "Side pot on 2♣: won by Chi" in page_of(as_bob, session)
    expected = {"An": "4.00", "Bình": "0.00", "Chi": "4.00", "Dũng": "-8.00"}
    money_agrees(as_bob, session, expected)
    assert catte_board.load(fresh(session)).settled.side_pot == 0


def test_refused_input_keeps_the_taps_and_saves_nothing(as_bob, start):
    session = start({"stake": "1.00"})
    taps = "a0 a2 w1.four_aces"
    html = press(as_bob, session, tap_through(as_bob, session, taps.split()), "save")
    assert "round 1: only 2 players at the table; a round needs at least 3" in html.content.decode()
    assert shown_in(html.content.decode()) == taps
    assert not Round.objects.exists()


def test_a_whole_round_sent_in_one_post_and_refused_becomes_the_tables_draft(as_bob, start):
    session = start({"stake": "1.00"})
    html = save(as_bob, session, 1, "a0 a2 w1.four_aces").content.decode()
    assert "only 2 players at the table; a round needs at least 3" in html
    assert shown_in(page_of(as_bob, session)) == "a0 a2 w1.four_aces"
    assert not Round.objects.exists()


def test_the_dealer_sitting_out_passes_the_deal_to_the_next_seat(as_bob, start):
    session = start()
    html = tap_through(as_bob, session, ["a0"])
    assert "Round 1 · Bình deals" in html
    assert shown_in(html) == "a0"


def test_unknown_buttons_and_broken_rounds_are_refused(as_bob, start):
    session = start()
    for taps, tap, message in [  # one draft, tapped on from case to case
        ([], "t9", "There is no such seat at this table."),
        ([], "t0 t0", "That button is not known here."),
        (["f1"], "t1", "Bình cannot win trick 1."),
        (["t0"] * 4, "t0", "Every trick is recorded; undo the last tap to change one."),
    ]:
        html = tap_through(as_bob, session, [*taps, tap])
        assert message in html, tap
    for taps in ("t0 zz", "t0 t7"):
        html = save(as_bob, session, 1, taps).content.decode()
        assert "The round could not be read; start it again." in html
    assert not Round.objects.exists()


def test_undo_last_tap_drops_only_the_last_tap(as_bob, start):
    session = start()
    html = tap_through(as_bob, session, ["f3", "t0", "t1", "undo"])
    assert shown_in(html) == "f3 t0"


def test_a_scorer_saving_a_round_he_saved_already_is_told_this_phone_saved_it(as_bob, start):
    session = start()
    save(as_bob, session, 1, "t0 t0 t0 t0")
    html = save(as_bob, session, 1, "t1 t1 t1 t1").content.decode()
    assert "This phone saved round 1: tricks An, An, An, An." in html
    assert Round.objects.count() == 1 and Round.objects.get().entry["tricks"] == [0, 0, 0, 0]


def test_a_refused_save_says_so_right_above_the_next_round(as_bob, start):
    session = start()
    save(as_bob, session, 1, "t0 t0 t0 t0")
    data = {"number": 1, "taps": "t1 t1 t1 t1", "tap": "save"}
    html = as_bob.post(entry_url(session), data, headers={"HX-Request": "true"}).content.decode()
    message = html.index("phone saved round 1: tricks An, An, An, An.")
    form = html.index('id="round-form"')
    assert message < html.index('aria-label="Round 1"') < form < html.index("Money after 1 round")
    assert "Round 2 · An deals" in html[form:]


def test_with_htmx_only_the_entry_part_comes_back(as_bob, start):
    session = start()
    response = press(as_bob, session, page_of(as_bob, session), "t2", HX_Request="true")
    html = response.content.decode()
    assert html.lstrip().startswith('<div id="entry"') and "<html" not in html
    assert shown_in(html) == "t2"


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
    services.rounds.record_round(
        catte_board.load(fresh(session)), catte.Round(tricks=["Chi"] * 4), None
    )
    response = as_carol.get(reverse("session_export", args=[session.group_id, session.pk]))
    log = json.loads(response.content)
    assert response["Content-Disposition"].endswith(f'catte-{session.pk}.json"')
    assert log["players"] == ["An", "Bình", "Chi", "Dũng"]
    assert log["rounds"] == [{"tricks": ["Chi", "Chi", "Chi", "Chi"]}]


def test_after_an_htmx_save_the_close_form_carries_the_new_version(as_bob, start):
    session = start()
    html = tap_through(as_bob, session, ["t0", "t0", "t0", "t0"])
    response = press(as_bob, session, html, "save", HX_Request="true")
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
    assert zone.count('<details class="confirm">') == 2
