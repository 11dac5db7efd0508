"""Small pieces every page shares: htmx fragments, refusals as messages, versioned actions."""

import json

from django.contrib import messages
from django.http import HttpResponse
from django.shortcuts import redirect, render

from tracker.common.versioning import AlreadyRecorded, StalePage
from tracker.rules import RulesError

REFUSALS = (AlreadyRecorded, StalePage, RulesError)


def render_page(request, template: str, context: dict, fragment: str = "entry"):
    """The whole page, or only its `fragment` partial when htmx asks for it."""
    return render(request, f"{template}#{fragment}" if request.htmx else template, context)


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


def run_on_version(request, action, done: str) -> bool:
    """Run `action(version)` against the version the page was drawn from; say what happened.

    A stale page or a refused change saves nothing and says why.
    """
    version = page_version(request)
    if version is None:
        messages.error(request, "Reload the page and try again.")
        return False
    try:
        action(version)
    except REFUSALS as refusal:
        messages.error(request, str(refusal))
        return False
    messages.success(request, done)
    return True


def log_download(log: dict, filename: str) -> HttpResponse:
    response = HttpResponse(
        json.dumps(log, ensure_ascii=False, indent=1), content_type="application/json"
    )
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response
