"""The live part of a game's page, rendered once per version for everyone who reads it.

Every phone at a table fetches the live part again after each change (live.js); for readers
of one version with the same role, language, time zone and options it is the same, but for
what belongs to one reader: the CSRF token and the idempotency keys of its forms. So it is
rendered once with a slot where each of those goes, kept in the shared cache under what it
shows, and each reader gets it with the slots filled in: his own token, new keys. Whether a
change is recorded is still decided by the version its form carries (core/web/views.py).

Only a page drawn from the game's row as read, with no message or form that belongs to this
reader inside the live part, is shared (a page read, or read again after a tap); a page drawn
from what a change left in memory, or with a refused form, is rendered for its reader alone.
"""

import re
from functools import cache as once_per_process

from django.core.cache import cache
from django.utils.crypto import salted_hmac
from django.utils.safestring import SafeString, mark_safe
from django.utils.timezone import get_current_timezone_name
from django.utils.translation import get_language

from core.fragments import digest
from core.idempotency import new_idempotency_key
from core.live import followed

# A reader fetches a version within seconds of its change; after that it is only memory.
SECONDS = 10 * 60


@once_per_process
def slot(name: str) -> str:
    """Where a reader's own `name` goes in a shared render: made from the secret key, so no
    text typed into a page can fill it, and the same on every server."""
    return "slot-" + salted_hmac("shared-part-slot", name).hexdigest()[:32]


def shared_render(where: list, render) -> str:
    """The render kept under `where` (with the reader's language and time zone), or `render()`
    with the slots, kept for the next reader."""
    key = "live-part:" + digest([*where, get_language(), get_current_timezone_name()])
    html = cache.get(key)
    if html is None:
        html = render({"csrf_token": slot("csrf"), "once_slot": slot("once"), "messages": ()})
        cache.set(key, html, SECONDS)
    return html


def shared_key(group, game, *options) -> tuple:
    """What the live part of the page of `game` (a tournament, a session, or the group itself)
    shows to a reader: its version as the page follows it, the group's, the reader's role and
    `options`. Only for a page drawn from the rows as read (not from a board a change left in
    memory); `group` is the game's, as the permission helper read it with the game."""
    return (*followed(game), group.version, group.membership.role, *options)


def fill_in(html: str, csrf_token: str) -> SafeString:
    """A shared render with a reader's CSRF token, and a new idempotency key in each form."""
    html = html.replace(slot("csrf"), csrf_token)
    return mark_safe(re.sub(slot("once"), lambda _: new_idempotency_key(), html))
