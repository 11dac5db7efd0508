"""An evening of Cắt Tê on a phone whose network goes and comes back at random taps while another
phone watches: every kind of tap (cards, claims, automatic wins, good claims, folds, sitting
out, false claims, the ace, undo), online on the round being entered and offline on its sheet.
Afterwards the recorded rounds are the rounds tapped, each once, no conflict was ever shown,
and the other phone followed. Seeded; each evening goes on until every kind of tap was made
offline, so every control of the sheet is reached."""

import random

import pytest

from basics.errors import RulesError
from tests.browser.conftest import put_down
from tests.browser.test_catte_offline import OPEN_AND_SHOW
from tests.browser.test_phone import log_in
from tests.factories import fresh
from tracker.catte import board as catte_board
from tracker.catte import services
from tracker.catte.entries import entry_by_seat

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
EVERYTHING = {
    "stake": "1.00",
    "side_pot_stake": "0.50",
    "ace_penalty": True,
    "auto_wins": ["flush"],
}
KINDS = set("utcRfxawe") | {"undo"}
SIZES = [(360, 740), (390, 844)]
MOST_STEPS = 600  # an evening that has not tapped every kind offline by then fails, never hangs
LONG_ROUND = 16  # taps; far fewer than a round may have (services.tapping.MOST_TAPS)
BACK_TO_NORMAL = "() => !document.querySelector('#round-sheet, #outbox-badge, .htmx-request')"


def seats(rows: list[dict]) -> list[int]:
    return [row["seat"] for row in rows]


def kind_of(tap: str) -> str:
    return tap if tap in ("undo", "save") else tap[0]


class Evening:
    """The phone, the rounds as tapped, and what was tapped offline."""

    def __init__(self, page, session, rng):
        self.page, self.session, self.rng = page, session, rng
        self.offline, self.taps, self.rounds, self.tapped_offline = False, [], [], set()

    def draft(self):
        return catte_board.load(self.session).draft_of(self.taps)

    def choices(self) -> list[str]:
        """What a person would tap now, as the online entry asks it (each kind but tricks at
        most twice a round), that the rules take; online, only what the page draws."""
        draft = self.draft()
        tokens = [f"f{seat}" for seat in seats(draft.fold_buttons)]
        tokens += [f"x{seat}" for seat in seats(draft.false_claim_buttons)]
        if not draft.tricks and not draft.auto_win:
            tokens += [f"a{seat}" for seat in seats(draft.sit_out_buttons)]
        if draft.needs_card:
            tokens += ["uKH", "u7S", "uAD"]
        elif draft.settings.has_side_pot and not draft.claim_answered:
            tokens += [f"c{seat}" for seat in seats(draft.claim_buttons)] + ["c-"]
        if draft.next_trick:
            tokens += [f"{kind}{seat}" for kind in "tR" for seat in seats(draft.trick_buttons)]
        if draft.offers_auto_win:
            hands = [(hand["hand"], seats(hand["players"])) for hand in draft.auto_win_buttons]
            tokens += [f"w{seat}.{hand}" for hand, players in hands for seat in players]
        if draft.asks_ace and not draft.ace_named:
            tokens += [f"e{seat}" for seat in seats(draft.ace_buttons)] + ["e-"]
        tapped = [kind_of(tap) for tap in self.taps]
        tokens = [tap for tap in tokens if tap[0] == "t" or tapped.count(kind_of(tap)) < 2]
        valid = [tap for tap in tokens if draft.refusal(tap) is None]
        if not self.offline or self.page.locator("#round-form").count():
            drawn = self.page.eval_on_selector_all(
                "#round-form button[name=tap]", "buttons => buttons.map(b => b.value)"
            )
            valid = [tap for tap in valid if tap in drawn]
        return valid + (["undo"] if self.taps else [])

    def pick(self, choices: list[str]) -> str:
        """Tricks mostly, and kinds not yet tapped offline often; a long round, or one whose
        Save the rules refuse (the page says why), is undone."""
        if len(self.taps) > LONG_ROUND and self.rng.random() < 0.5:
            return "undo"
        if self.draft().next_step == "save" and not self.savable():
            return "undo"
        new = self.tapped_offline if self.offline else KINDS
        weights = [(6 if tap[0] == "t" else 1) + 5 * (kind_of(tap) not in new) for tap in choices]
        return self.rng.choices(choices, weights)[0]

    def press(self, tap: str) -> None:
        place = "#round-sheet" if self.page.locator("#round-sheet").count() else "#round-form"
        button = self.page.locator(f"{place} button[name=tap][value='{tap}']").first
        button.evaluate(OPEN_AND_SHOW)
        if place == "#round-form" and not self.offline:
            with self.page.expect_response(lambda r: r.request.method == "POST"):
                button.click()
            self.page.wait_for_function(BACK_TO_NORMAL)
        else:
            button.click()
            self.page.wait_for_selector("#round-sheet")
            self.tapped_offline.add(kind_of(tap))

    def savable(self) -> bool:
        draft = self.draft()
        if draft.next_step != "save":
            return False
        try:
            catte_board.load(self.session).state.play(draft.settings, draft.to_round())
        except RulesError:
            return False
        return True

    def one_step(self) -> None:
        if self.rng.random() < 0.12:
            self.offline = not self.offline
            self.page.context.set_offline(self.offline)
            if not self.offline:
                self.page.wait_for_function(BACK_TO_NORMAL, timeout=30_000)
                assert not self.page.locator(".outbox-unsettled").count()
            return
        if self.savable() and self.rng.random() < 0.6:
            self.rounds.append(entry_by_seat(self.draft().to_round(), self.draft().names))
            self.press("save")
            self.taps = []
            return
        tap = self.pick(self.choices())
        self.press(tap)
        self.taps = self.taps[:-1] if tap == "undo" else [*self.taps, tap]


@pytest.mark.parametrize("seed", [3, 7, 11, 19])
def test_rounds_tapped_while_the_network_comes_and_goes_are_recorded_as_tapped(
    browser, live_server, alice, group, players, seed
):
    session = services.logs.start(group, players, EVERYTHING, alice)
    width, height = SIZES[seed % 2]
    phone = browser.new_context(viewport={"width": width, "height": height}, has_touch=True)
    watching = browser.new_context(viewport={"width": 390, "height": 844}).new_page()
    for page in (phone.new_page(), watching):
        log_in(page, live_server, "alice")
        page.goto(live_server.url + session.get_absolute_url())
    evening = Evening(phone.pages[0], session, random.Random(seed))
    for _step in range(MOST_STEPS):
        if evening.tapped_offline >= KINDS and not evening.offline and not evening.taps:
            break
        evening.one_step()
    assert evening.tapped_offline >= KINDS, f"seed {seed}: offline only {evening.tapped_offline}"
    recorded = [row.entry for row in fresh(session).rounds.all()]
    assert recorded == evening.rounds
    assert not evening.page.locator(".outbox-unsettled").count()
    watching.wait_for_selector(f"#round-form >> text=Round {len(recorded) + 1}")
    put_down(watching.context)
    put_down(phone)
