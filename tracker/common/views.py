"""Small pieces every page shares: htmx fragments, refusals as messages, versioned actions."""

import json
import re

from django.contrib import messages
from django.core.cache import cache
from django.http import Http404, HttpResponse
from django.middleware.csrf import get_token
from django.shortcuts import redirect, render
from django.template.loader import render_to_string
from django.utils.cache import patch_vary_headers
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from tracker.common.live import current_version, read_token
from tracker.common.versioning import AlreadyRecorded, StalePage
from tracker.models import Change
from tracker.rules import RulesError

REFUSALS = (AlreadyRecorded, StalePage, RulesError)
ONCE = re.compile(r"[0-9a-f]{32}")
# Rendered into a kept live part where the reader's own CSRF token goes.
CSRF_PLACEHOLDER = "csrf-token-of-the-reader"
LIVE_PART_SECONDS = 24 * 60 * 60


def live_part(request, template: str, key: tuple, context) -> SafeString:
    """The live part of a game's page (`template`'s "live" partial), rendered once for `key`
    (the game, its version and whatever else the part shows) and kept: the phones at a table
    read a scoreboard far more often than it changes. `context` is a function giving the
    template's context, called only when the part must be rendered."""
    cache_key = ":".join(map(str, ("live", template, *key, get_language())))
    html = cache.get(cache_key)
    if html is None:
        html = render_to_string(f"{template}#live", {**context(), "csrf_token": CSRF_PLACEHOLDER})
        cache.set(cache_key, html, LIVE_PART_SECONDS)
    return mark_safe(html.replace(CSRF_PLACEHOLDER, get_token(request)))


def render_page(request, template: str, context: dict, fragment: str = "entry"):
    """The whole page, or only its `fragment` partial when htmx asks for it (the two differ
    for one address, so a cache must tell them apart)."""
    response = render(request, f"{template}#{fragment}" if request.htmx else template, context)
    patch_vary_headers(response, ["HX-Request"])
    return response


def swap_or_redirect(request, game, redraw):
    """After a change: htmx gets the live part of the page redrawn in place, a plain form post
    is redirected to the page (POST/redirect/GET)."""
    if request.htmx:
        return redraw()
    return redirect(game.get_absolute_url() + "#entry")


def page_version(request) -> int | None:
    """The version of the tournament or session the page was drawn from."""
    try:
        return int(request.POST.get("version", ""))
    except ValueError:
        return None


def once_key(request) -> str | None:
    """The one-time key a form sent (see the `once_key` tag), if it is one."""
    key = request.POST.get("once", "")
    return key if ONCE.fullmatch(key) else None


def run_on_version(request, action, done: str) -> bool:
    """Run `action(version, once)` against the version the page was drawn from and with the
    form's one-time key; say what happened.

    A stale page or a refused change saves nothing and says why; the same tap sent again
    (a double tap, a retry) is told it is done.
    """
    version, once = page_version(request), once_key(request)
    if version is None:
        messages.error(request, _("Reload the page and try again."))
        return False
    try:
        action(version, once)
    except REFUSALS as refusal:
        if once and Change.objects.filter(once=once).exists():
            messages.success(request, done)
            return True
        messages.error(request, str(refusal))
        return False
    messages.success(request, done)
    return True


def act_on_version(request, game, action, done: str):
    """A destructive action (undo, close) on the version the page was drawn from, then back to
    the page, which says what happened."""
    run_on_version(request, action, done)
    return redirect(game)


@require_GET
def changed(request, token):
    """204 when the game or group of `token` is still at version ?v=, else 200 with the new
    version (the page then redraws what changed). No login: the signed token is the key."""
    what = read_token(token)
    if what is None:
        raise Http404(_("No such page"))
    version = current_version(*what)
    if version is None:
        raise Http404(_("No such page"))
    if request.GET.get("v") == str(version):
        return HttpResponse(status=204)
    return HttpResponse(str(version), content_type="text/plain")


def log_download(log: dict, filename: str) -> HttpResponse:
    response = HttpResponse(
        json.dumps(log, ensure_ascii=False, indent=1), content_type="application/json"
    )
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response
