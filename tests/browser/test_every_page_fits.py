"""Every page of a living group, as a phone of 360 px reads it in each language: longer German
words and Vietnamese names must not push a page sideways, shrink a tap target or cut a chart's
label, and no page writes an error to the console (a refusal of the Content-Security-Policy
included)."""

import re

import pytest

from tests.browser.conftest import put_down
from tests.browser.test_languages import log_in
from tests.browser.test_phone import TOO_SMALL

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# Addresses that are not pages a person reads (files, the language switch, the live check).
NOT_A_PAGE = re.compile(
    r"logout|/language/|/static/|\.csv|\.txt|\.zip|/export/|/live/|sw\.js|manifest"
)
MOST_PAGES = 60
# The page's body hides what is wider than the screen (no sideways scrolling), so what would
# scroll is found by its edges: anything reaching past the screen's right edge, unless it is
# inside a box that scrolls on its own (a wide table in .table-wrap).
CUT_OFF = """() => [...document.querySelectorAll('main *, header *, footer *')]
  .filter(e => e.getClientRects().length && e.getBoundingClientRect().right > innerWidth + 1)
  .filter(e => {
    for (let box = e.parentElement; box && box !== document.body; box = box.parentElement) {
      if (['auto', 'scroll', 'hidden'].includes(getComputedStyle(box).overflowX)) return false;
    }
    return true;
  })
  .map(e => e.outerHTML.slice(0, 80))"""


# A chart's text reaching past the chart's own box is cut off there ("Dũng 240" at the right).
CHART_TEXT_CUT = """() => [...document.querySelectorAll('svg.chart')].flatMap(svg => {
  const box = svg.getBoundingClientRect();
  return [...svg.querySelectorAll('text')]
    .filter(t => {
      const r = t.getBoundingClientRect();
      return r.right > box.right + 0.5 || r.left < box.left - 0.5;
    })
    .map(t => t.textContent);
})"""


def problems_of(phone) -> list[str]:
    """What does not fit on the page the phone shows."""
    problems = [f"chart label cut: {text}" for text in phone.evaluate(CHART_TEXT_CUT)]
    width = phone.evaluate("document.documentElement.scrollWidth")
    if width > 360:
        problems.append(f"scrolls sideways: {width}px")
    problems += [f"cut off: {html}" for html in phone.evaluate(CUT_OFF)]
    return problems + [f"small target: {html}" for html in phone.evaluate(TOO_SMALL)]


def walk(phone, origin: str, start: str) -> dict[str, list[str]]:
    """Every page reachable from `start` by the links on the pages (at most MOST_PAGES), with
    what does not fit on each."""
    found, queue = {}, [start]
    while queue and len(found) < MOST_PAGES:
        path = queue.pop(0)
        if path in found:
            continue
        phone.goto(origin + path)
        found[path] = problems_of(phone)
        links = phone.eval_on_selector_all(
            "a[href^='/']", "links => links.map(a => a.getAttribute('href'))"
        )
        queue += [link.split("#")[0] for link in links if not NOT_A_PAGE.search(link)]
    return found


@pytest.mark.parametrize("language", ["en", "vi", "de"])
def test_every_page_of_a_group_fits_a_phone(browser, live_server, demo, language):
    context = browser.new_context(
        viewport={"width": 360, "height": 740}, has_touch=True, is_mobile=True, locale=language
    )
    phone = context.new_page()
    console = console_of(phone)
    log_in(phone, live_server, "demo")
    pages = walk(phone, live_server.url, demo.get_absolute_url())
    assert len(pages) > 30  # the group, its games, history, balances, statements, forms
    put_down(context)
    problems = [f"{path} {problem}" for path, found in pages.items() for problem in found]
    assert problems + console == [], "\n".join(problems + console)


def console_of(phone) -> list[str]:
    """Every error and warning the phone's pages write to the console, and every uncaught
    exception, as they happen."""
    said = []
    phone.on(
        "console",
        lambda message: (
            message.type in ("error", "warning")
            and said.append(f"{phone.url} console {message.type}: {message.text}")
        ),
    )
    phone.on("pageerror", lambda error: said.append(f"{phone.url} exception: {error}"))
    return said
