"""Every button the round being entered draws, in any state of the round, has its twin on the
sheet the same page holds for a phone gone offline: the same tap, so no tap made offline is
lost. Checked by walking rounds at random through the buttons the page draws, as a thumb would
tap them, with every setting that adds a button."""

import random

import pytest

from tests.page_forms import form_on, forms_on, submit
from tracker.catte import services

EVERYTHING = {
    "stake": "1.00",
    "side_pot_stake": "0.50",
    "ace_penalty": True,
    "auto_wins": ["four_of_a_kind", "flush"],
}
# Every kind of button of the round: tap tokens by their first letter, and the actions.
KINDS = {"a", "u", "c", "t", "R", "f", "x", "w", "e", "undo", "restart", "save"}


def kind_of(tap: str) -> str:
    return tap if tap in ("undo", "restart", "save") else tap[0]


def a_thumbs_choice(rng, drawn: list[str]) -> str:
    """Any button drawn, rarely "start again", and An often winning tricks: sweeps, which the
    ace question follows, come up too."""
    if "t0" in drawn and rng.random() < 0.6:
        return "t0"
    return rng.choice([tap for tap in drawn if tap != "restart"] * 3 + drawn)


def twins_checked(client, session, rng, taps: int) -> set:
    """Tap `taps` buttons drawn on the page, chosen by `rng`; before each, every button drawn
    must be on the sheet. The kinds of button drawn."""
    drawn_kinds = set()
    for _ in range(taps):
        page = client.get(session.get_absolute_url())
        entering = form_on(page, "/round/")
        sheet = next(form for form in forms_on(page) if "reached" in form.fields)
        on_sheet = {value for name, value, text in sheet.buttons if name == "tap"}
        drawn = [value for name, value, text in entering.buttons if name == "tap"]
        assert set(drawn) <= on_sheet, f"no twin on the sheet: {set(drawn) - on_sheet}"
        drawn_kinds |= {kind_of(tap) for tap in drawn}
        submit(client, entering, a_thumbs_choice(rng, drawn))
    return drawn_kinds


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_every_button_of_the_round_has_its_twin_on_the_sheet(as_bob, group, players, bob, seed):
    session = services.logs.start(group, players, EVERYTHING, bob)
    drawn = twins_checked(as_bob, session, random.Random(seed), taps=60)
    assert drawn == KINDS  # the walk reached every kind of button
