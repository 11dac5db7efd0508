"""Small pieces the game views share."""

import json

from django.contrib import messages
from django.http import HttpResponse

from tracker.common.versioning import StalePage
from tracker.rules import RulesError


def run_on_version(request, action, done: str) -> None:
    """Run `action(version)` against the version the page was drawn from; flash the outcome.

    A stale page or a refused change saves nothing and says why.
    """
    try:
        version = int(request.POST.get("version", ""))
    except ValueError:
        messages.error(request, "Reload the page and try again.")
        return
    try:
        action(version)
    except (StalePage, RulesError) as refusal:
        messages.error(request, str(refusal))
    else:
        messages.success(request, done)


def log_download(log: dict, filename: str) -> HttpResponse:
    response = HttpResponse(
        json.dumps(log, ensure_ascii=False, indent=1), content_type="application/json"
    )
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response
