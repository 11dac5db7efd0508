"""The table view on the screens it is read on: a phone at 360 and 390 px with amounts in đồng,
whose every figure stays inside its tile, and a tablet of 800×1280 upright, whose screen it fills
with numbers read from across the table."""

import pytest
from django.urls import reverse

from core import recording
from core.models import Role
from tests.browser import thumb as phones
from tests.browser.conftest import put_down
from tests.browser.test_phone import log_in
from tests.factories import GroupFactory, MembershipFactory, PlayerFactory, UserFactory
from tracker.catte import services
from tracker.catte.models import Round

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
thumb = phones.thumb  # the fixture: both phone sizes

# Each line of a tile against the tile's inside: text reaching past it is cut off there.
PAST_THE_TILE = """() => [...document.querySelectorAll('.tv-player > *')].filter(line => {
    const text = document.createRange();
    text.selectNodeContents(line);
    const tile = line.parentElement.getBoundingClientRect();
    return text.getBoundingClientRect().right > tile.right - 2;
  }).map(line => line.textContent.trim())"""


def session_in_dong(names, rounds, stake="500000"):
    """A group in đồng playing for `stake` a round; `rounds` as the game log writes them."""
    group = GroupFactory(name="Tối thứ Sáu", currency="VND")
    owner = UserFactory(username="alice")
    MembershipFactory(group=group, user=owner, role=Role.OWNER)
    players = [PlayerFactory(group=group, name=name) for name in names]
    session = services.logs.start(group, players, {"stake": stake}, owner, name="Tối thứ Sáu")
    Round.objects.bulk_create(
        Round(session=session, number=n, entry=entry) for n, entry in enumerate(rounds, start=1)
    )
    recording.catch_up(session)
    return reverse("session_table", args=[group.pk, session.pk])


SWEEPS = [{"tricks": [0, 0, 0, 0]}, {"tricks": [1, 1, 1, 1]}, {"tricks": [0, 0, 0, 0]}]


@pytest.mark.parametrize("stake, loss", [("500000", "-3.000.000"), ("50000", "-300.000")])
def test_amounts_in_dong_stay_in_their_tiles_on_a_phone(live_server, thumb, stake, loss):
    table_view = session_in_dong(["An", "Bình", "Chi", "Dũng", "Em"], SWEEPS, stake)
    log_in(thumb.page, live_server, "alice")
    thumb.page.goto(live_server.url + "/language/")
    thumb.page.click("button[value=vi]")
    thumb.page.goto(live_server.url + table_view)
    thumb.screenshot(f"table-view-dong-{stake}")
    assert f"{loss}\xa0₫" in thumb.page.inner_text(".tv-players")
    assert thumb.page.evaluate(PAST_THE_TILE) == []
    thumb.assert_no_sideways_scroll()


TABLET = {"width": 800, "height": 1280}
# How far down the screen the table view reaches, and the height of its money figures.
REACH = "document.querySelector('.table-view .leave').getBoundingClientRect().bottom"
FIGURE = "document.querySelector('.tv-number').getBoundingClientRect().height"


@pytest.mark.parametrize("names", [["An", "Bình", "Chi", "Dũng"], list("ABCDEFGH")])
def test_a_tablet_upright_is_filled_with_the_table(browser, live_server, names):
    table_view = session_in_dong(names, SWEEPS, stake="5000")
    context = browser.new_context(viewport=TABLET, has_touch=True)
    tablet = context.new_page()
    log_in(tablet, live_server, "alice")
    tablet.goto(live_server.url + table_view)
    tablet.screenshot(path=f"test-artifacts/table-view-tablet-{len(names)}.png")
    reach, figure = tablet.evaluate(REACH), tablet.evaluate(FIGURE)
    scrolls, cut = (
        tablet.evaluate("document.documentElement.scrollHeight"),
        tablet.evaluate(PAST_THE_TILE),
    )
    put_down(context)
    assert reach > 0.85 * TABLET["height"] and figure > 50
    assert scrolls <= TABLET["height"] and cut == []
