"""An evening at the table, as a group played it: three phones (the scorer's in English, a
second scorer's in Vietnamese, a viewer's in German) and a tablet with the table view. A whole
Cutthroat game; Cắt Tê rounds with a sweep, the dealer away, a false claim, the ace penalty, a
player leaving and coming back and a side pot won; a payment; a group in đồng on the Vietnamese
phone. No page writes to the console, and after every tap the place the thumb was in stays put
(within 100 px) or the page has moved on to the next step."""

from decimal import Decimal

import pytest

from core.models import Role
from ledger.models import Transaction
from tests.browser.conftest import put_down
from tests.browser.test_every_page_fits import console_of
from tests.browser.test_languages import log_in
from tests.browser.thumb import tap_button
from tests.factories import GroupFactory, MembershipFactory, PlayerFactory
from tracker.catte import board as catte_board
from tracker.catte import rules as catte
from tracker.catte import services
from tracker.cutthroat import services as tournaments

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
SETTLED = "() => !document.querySelector('.htmx-request, .htmx-swapping, .htmx-settling')"
MOST_JUMP = 100  # px
FOLLOWS_MS = 8000  # a live check every 3 s, with room for a slow machine
# Before a tap: where the form or section holding the tapped element starts, on the screen and
# in the document, and a mark that a reload would wipe. A scroll that brings the next input into
# view moves it on the screen only; a scroll that keeps it in place while content above changes
# moves it in the document only; content pushed in under the thumb moves it in both.
BEFORE = """(tapped) => {
  const part = tapped.closest('form[id], section[id]'), top = part.getBoundingClientRect().top;
  window.evening = {id: part.id, screen: top, page: top + window.scrollY};
}"""
# After it: how far that part moved under the thumb (null when the next step replaced it).
MOVED = """() => {
  if (!window.evening) return 'reloaded';
  const part = document.getElementById(window.evening.id);
  if (!part) return null;
  const top = part.getBoundingClientRect().top;
  const onScreen = top - window.evening.screen, inPage = top + window.scrollY - window.evening.page;
  return Math.round(Math.abs(onScreen) < Math.abs(inPage) ? onScreen : inPage);
}"""


class Phone:
    def __init__(self, browser, live_server, user, language, size=(360, 740)):
        width, height = size
        self.context = browser.new_context(
            viewport={"width": width, "height": height}, has_touch=True, locale=language
        )
        self.page = self.context.new_page()
        self.console = console_of(self.page)
        self.live_server, self.jumps = live_server, []
        log_in(self.page, live_server, user)

    def open(self, path: str) -> None:
        self.page.goto(self.live_server.url + path)

    def tap(self, selector: str) -> None:
        """A tap answered by htmx: the part tapped in stays where it was, or is replaced."""
        target = self.page.locator(selector).first
        target.scroll_into_view_if_needed()
        target.evaluate(BEFORE)
        target.tap()
        self.page.wait_for_function(SETTLED)
        self.page.wait_for_timeout(50)
        moved = self.page.evaluate(MOVED)
        if moved == "reloaded" or (moved is not None and abs(moved) > MOST_JUMP):
            self.jumps.append(f"{selector}: {moved}")

    def tap_each_step(self, steps: list[str], trick_winners: list[int]) -> None:
        """The step the round asks for next, each time: `steps` before the tricks (in order),
        then the trick winners given, then "no one" held back the ace, then Save."""
        for selector in steps:
            self.tap(selector)
        for seat in trick_winners:
            self.tap(f"#next button[value=t{seat}]")
        if self.page.locator("button[value='e-']:visible").count():
            self.tap("button[value='e-']")
        self.tap("#round-form button[value=save]")

    def put_down(self) -> None:
        put_down(self.context)


@pytest.fixture
def table(group, players, alice, bob, carol):
    rules, money = {"preset": "official", "target": 100}, {"game_stake": Decimal("2.50")}
    tournament = tournaments.start(group, players, rules, alice, money_rules=money)
    catte_rules = {"stake": "1.00", "side_pot_stake": "0.50", "ace_penalty": True}
    session = services.logs.start(group, players, catte_rules, bob)
    return tournament, session


def test_an_evening_on_three_phones_and_a_tablet(browser, live_server, group, table, bob):
    tournament, session = table
    scorer = Phone(browser, live_server, "alice", "en", (390, 844))
    vietnamese = Phone(browser, live_server, "bob", "vi")
    viewer = Phone(browser, live_server, "carol", "de")
    tablet = Phone(browser, live_server, "carol", "en", (768, 1024))
    phones = [scorer, vietnamese, viewer, tablet]

    # A whole Cutthroat game: Bình bids 10 and makes it.
    viewer.open(tournament.get_absolute_url())
    tablet.open(f"/groups/{group.pk}/tournaments/{tournament.pk}/table/")
    scorer.open(tournament.get_absolute_url())
    for seat, bid in [(1, "10"), (2, "1"), (3, "1"), (0, "1")]:
        scorer.tap(tap_button(f"bid_{seat}", bid))
    scorer.tap("#bids [data-save]")
    for seat, took in [(1, 10), (2, 1), (3, 1)]:
        scorer.tap(tap_button(f"tricks_{seat}", took))
    scorer.tap(tap_button("jack_JD", 2))
    scorer.tap(tap_button("jack_JC", 3))
    scorer.tap("#played [data-save]")
    scorer.page.wait_for_selector("text=Bình wins game 1")
    viewer.page.wait_for_selector("#game-won", timeout=FOLLOWS_MS)
    tablet.page.wait_for_selector("text=/Bình wins/", timeout=FOLLOWS_MS)

    # Cắt Tê on the Vietnamese phone, the tablet showing the table.
    tablet.open(f"/groups/{group.pk}/sessions/{session.pk}/table/")
    vietnamese.open(session.get_absolute_url())
    card = "#next button[value=u7H]"  # no one claims the side pot: no tap
    vietnamese.tap_each_step([card], [0, 0, 0, 0])  # a sweep by An
    away = "#round-form details.step summary"
    sits_out = [away, "#round-form button[value=a1]", card]  # the dealer is away
    vietnamese.tap_each_step(sits_out, [0, 2, 3, 0, 2, 3])
    false_claim = "#round-form details:has(button[value^=x]) summary"
    claims_falsely = [false_claim, "#round-form button[value=x2]", card]
    vietnamese.tap_each_step(claims_falsely, [3] * 4)
    dung = "#seating li:has(strong:text-is('Dũng'))"
    for step in ["summary", "button.danger", "button"]:  # leaves (asked, then yes); back
        vietnamese.tap(f"{dung} {step}")
    claim = ["#round-form details.claim summary", "#round-form details.claim button[value=c1]"]
    vietnamese.tap_each_step([card, *claim], [1, 1, 1, 1])  # Bình wins the pot
    tablet.page.wait_for_selector(".tv-deal:has-text('Round 5')", timeout=FOLLOWS_MS)

    # A payment, and a group in đồng on the Vietnamese phone.
    scorer.open(f"/groups/{group.pk}/balances/")
    with scorer.page.expect_navigation():
        scorer.page.locator("button:has-text('Paid')").first.tap()
    dong = GroupFactory(name="Bàn đồng", currency="VND")
    MembershipFactory(group=dong, user=bob, role=Role.SCORER)
    names = ["Hải", "Lan", "Minh"]
    night = services.logs.start(
        dong, [PlayerFactory(group=dong, name=n) for n in names], {"stake": "10000"}, bob
    )
    services.rounds.record_round(catte_board.load(night), catte.Round(tricks=["Lan"] * 4), bob)
    for path in [f"/groups/{dong.pk}/", f"/groups/{dong.pk}/balances/", night.get_absolute_url()]:
        vietnamese.open(path)

    for phone in phones:
        phone.put_down()
    assert session.rounds.count() == 4 and tournament.hands.count() == 1
    assert Transaction.objects.filter(group=group, kind="payment").count() == 1
    assert [said for phone in phones for said in phone.console] == []
    jumps = [jump for phone in phones for jump in phone.jumps]
    assert jumps == [], "\n".join(jumps)
