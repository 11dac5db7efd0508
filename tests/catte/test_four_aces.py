"""Four aces shown at the deal, in a session with a side pot: the obvious entry, with no upturned
card to tap first, online and offline; and "Save round" says why it waits whenever it waits."""

from html import unescape

import pytest
from django.urls import reverse

from tests.factories import fresh
from tests.page_forms import forms_in
from tests.tracker.test_round_sent_later import send, sheet_round
from tracker.catte import services
from tracker.catte.models import Round

SIDE_POT = {"stake": "1.00", "side_pot_stake": "0.50"}
CHI_HAS_FOUR_ACES = {"auto_win": {"player": 2, "hand": "four_aces"}}  # as the round is stored


@pytest.fixture
def session(group, players, bob):
    return services.logs.start(group, players, SIDE_POT, bob)


def entering(html: str):
    """The round being entered, or corrected, as the page draws it."""
    return next(form for form in forms_in(html) if "/round" in form.action)


def press(client, session, html: str, tap: str) -> str:
    """The button `tap` of the round being entered, as the page draws it; the page answered."""
    form = entering(html)
    assert tap in {value for name, value, text in form.buttons if name == "tap"}, tap
    answer = client.post(form.action, form.filled(tap), headers={"HX-Request": "true"})
    assert answer.status_code == 200
    return unescape(answer.content.decode())


def tapped(client, session, *taps: str) -> str:
    html = unescape(client.get(session.get_absolute_url()).content.decode())
    for tap in taps:
        html = press(client, session, html, tap)
    return html


def save_waits(html: str) -> str | None:
    form_html = html.split("data-round-sheet")[0]
    if 'id="save-waits"' not in form_html:
        assert 'aria-disabled="true"' not in form_html.split('value="save"')[1][:60]
        return None
    assert 'aria-describedby="save-waits"' in form_html
    return form_html.split('id="save-waits">')[1].split("<")[0]


def test_four_aces_tapped_before_the_side_pots_card_saves_the_round(as_bob, session):
    html = tapped(as_bob, session, "w2.four_aces")
    assert "None" not in html and "Automatic win: Chi · four aces · pays double" in html
    assert "no upturned card is needed" in html and save_waits(html) is None
    form = entering(html)
    answer = as_bob.post(form.action, form.filled("save"))
    assert answer.status_code == 302
    assert Round.objects.get(session=session).entry == {
        "auto_win": {"player": 2, "hand": "four_aces"}
    }
    page = unescape(as_bob.get(session.get_absolute_url()).content.decode())
    assert "Side pot: no card, €2.00 in the pot" in page


def test_save_says_why_it_waits_after_every_tap(as_bob, session):
    steps = [
        ((), "Tap the side pot's upturned card first."),
        (("u9C",), "Tap who won trick 1, or an automatic win."),
        (("t0",), "Tap who won trick 2."),
        (("t1", "t0", "t1"), "Tap who won trick 5."),
        (("t0",), "Tap who won trick 6."),
        (("t1",), None),
    ]
    taps = []
    for more, reason in steps:
        taps += more
        assert save_waits(tapped(as_bob, session, *more)) == reason, taps


def test_a_claim_after_four_aces_asks_for_the_card_by_name(as_bob, session):
    html = tapped(as_bob, session, "w2.four_aces", "c1")
    assert save_waits(html) == "Tap the side pot's upturned card: Bình claims the card after it."
    html = press(as_bob, session, html, "u9C")
    assert "<strong>Bình</strong> has the 10♣ and takes it" in html and save_waits(html) is None


def test_four_aces_kept_offline_without_a_card_is_recorded_when_the_network_is_back(
    as_bob, session
):
    answer = send(as_bob, session, sheet_round(as_bob, session, ["w2.four_aces"]))
    assert answer.status_code == 200 and answer.json() == {"recorded": "Round 1 saved."}
    assert fresh(session).rounds.get().entry == CHI_HAS_FOUR_ACES


def test_a_round_of_four_aces_without_a_card_is_corrected_like_any_other(as_bob, session):
    form = entering(tapped(as_bob, session, "w2.four_aces"))
    as_bob.post(form.action, form.filled("save"))
    url = reverse("round_edit", args=[session.group_id, session.pk, 1])
    html = unescape(as_bob.get(url).content.decode())
    assert "None" not in html and save_waits(html) is None
    correction = entering(press(as_bob, session, html, "k"))
    assert "w1.four_aces" in {value for name, value, text in correction.buttons}
