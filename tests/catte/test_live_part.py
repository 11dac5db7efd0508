"""The live part of a session is sent to every phone at the table after each tap: what does not
change while the session is played (its rules, the links to its other views) is drawn with the
page, below it, and the 52 cards carry no class of their own."""

import pytest

from core import games

HTMX = {"HX-Request": "true"}


@pytest.fixture
def demo_session(group, bob):
    """The demo's open session: four rounds played, a side pot in it."""
    return games.kind_named("session").demo(group, bob)


def live_part(client, session) -> str:
    return client.get(session.get_absolute_url(), headers=HTMX).content.decode()


def test_the_live_part_of_the_demo_s_session_is_under_17_5_kb(as_bob, demo_session):
    """20.8 KB with the rules, the links, a class on each of the 52 cards and the indentation
    between tags; 17.2 KB without. The round being entered (8 KB, the cards 3.6 KB of it) and
    who sits (3 KB) are most of it."""
    assert len(live_part(as_bob, demo_session).encode()) <= 17_500


def test_the_indentation_between_its_tags_is_not_sent(as_bob, demo_session):
    part = live_part(as_bob, demo_session)
    after_the_messages = part.split('<div id="entry-messages"></div>\n  ')[1]
    assert after_the_messages.startswith('<div hidden data-live="/live/')
    assert after_the_messages.endswith("</section>\n</div>\n")
    assert "\n " not in after_the_messages and "\n\n" not in after_the_messages
    assert '<h2 class="mt-0">At the table</h2>\n<ul class="list">' in part


def test_the_rules_and_the_other_views_are_below_the_live_part_not_in_it(as_bob, demo_session):
    page = as_bob.get(demo_session.get_absolute_url()).content.decode()
    below = page.split("<!--/kept-part:kept-sheet-->")[1]
    for shown in ("Rules in force", "Table view", "Export log", "Text for the chat", "Chart"):
        assert shown in below and shown not in live_part(as_bob, demo_session)


def test_a_card_s_suit_is_read_from_its_value_not_from_a_class(as_bob, demo_session):
    part = live_part(as_bob, demo_session)
    assert '<button name="tap" value="u10H" aria-label="10 of hearts">10♥</button>' in part
    assert 'class="hearts"' not in part
