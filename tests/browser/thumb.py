"""What the thumb tests share: phones of two sizes, a tap counter, "is it in view", screenshots,
the buttons of the tap grids.

Screenshots of each step go to test-artifacts/ at the project root (not kept in the repository).
"""

from pathlib import Path

import pytest

from tests.browser.conftest import put_down

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"
PHONES = {"360x740": (360, 740), "390x844": (390, 844)}


def tap_button(field: str, value, within: str = "") -> str:
    """The button of one choice in a tap grid, the label its radio sits in: `bid_1` "NIL",
    `tricks_2` 5, `place_1` 0; `within`, the form it is on where the page has more than one."""
    return f"{within} label:has(> {radio(field, value)})".strip()


def radio(field: str, value) -> str:
    """The radio of one choice in a tap grid, as `tap_button` names it."""
    return f"input[name='{field}'][value='{value}']"


@pytest.fixture(params=list(PHONES), ids=list(PHONES))
def thumb(browser, request):
    """A touch phone of each size the app is checked at, with a tap counter."""
    width, height = PHONES[request.param]
    context = browser.new_context(
        viewport={"width": width, "height": height}, has_touch=True, is_mobile=True
    )
    page = context.new_page()
    yield Thumb(page, request.param)
    put_down(context)


class Thumb:
    def __init__(self, page, size: str):
        self.page, self.size, self.taps = page, size, 0

    def tap(self, selector: str) -> None:
        """One tap of the thumb on what `selector` finds (it must be in view)."""
        self.assert_in_view(selector)
        self.page.tap(selector)
        self.taps += 1

    def open(self, summary: str) -> None:
        """One tap on a part's summary, done when the page has handled the part's opening.

        A part's "toggle" event comes after the tap, as a task of its own; what the page does
        then (bring the part into view) is over once a listener added after the page's own
        has run."""
        handle = self.page.locator(summary).first.element_handle()
        handle.evaluate(
            "summary => { const part = summary.closest('details'); part.openedForTest = false;"
            " part.addEventListener('toggle', () => { part.openedForTest = true; },"
            " {once: true}); }"
        )
        self.tap(summary)
        self.page.wait_for_function(
            "summary => summary.closest('details').openedForTest", arg=handle
        )

    def assert_in_view(self, selector: str) -> None:
        """The element is on the screen as it is now: no scrolling needed to reach it."""
        box = self.page.locator(selector).first.bounding_box()
        height = self.page.viewport_size["height"]
        assert box is not None, f"{selector} is not shown"
        assert box["y"] >= 0 and box["y"] + box["height"] <= height, (
            f"{selector} is out of view at {self.size}: top {box['y']:.0f}, screen {height}"
        )

    def screenshot(self, name: str) -> None:
        ARTIFACTS.mkdir(exist_ok=True)
        self.page.screenshot(path=str(ARTIFACTS / f"{name}-{self.size}.png"))

    def assert_no_sideways_scroll(self) -> None:
        width = self.page.evaluate("document.documentElement.scrollWidth")
        assert width <= self.page.viewport_size["width"], f"scrolls sideways: {width}px"
