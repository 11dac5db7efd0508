from django.conf import settings
from django.http import HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.templatetags.static import static
from django.utils import translation
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from tracker.webapp import pwa


@require_GET
def service_worker(request):
    """static/js/sw.js, from the root so that it may look after every page."""
    response = HttpResponse(pwa.worker_source(), content_type="application/javascript")
    response["Service-Worker-Allowed"] = "/"
    # The browser asks for it again at every visit; nothing between may cache an old one.
    response["Cache-Control"] = "no-cache"
    return response


@require_GET
def favicon(request):
    """Where a browser looks for the site's icon on a page that names none (the plain-text
    summaries for a chat): the home screen's icon. A temporary redirect: its file's name
    changes with each deploy, and a browser keeps a permanent one for good."""
    return redirect(static("icons/icon-192.png"))


@require_GET
def manifest(request):
    """The home screen's name and description, in the language of the phone that installs it."""
    words = {
        "name": _("Card table"),
        "short_name": _("Card table"),
        "description": _("Scores and money for card games played with real cards."),
        "lang": get_language(),
    }
    return JsonResponse({**pwa.manifest(), **words}, content_type="application/manifest+json")


@require_GET
def offline(request):
    """What the service worker shows when a page cannot be fetched: no login, no data. The
    worker asks again with `?language=` when the phone's pages change language (sw.js)."""
    language = request.GET.get("language", "")
    if language not in dict(settings.LANGUAGES):
        return render(request, "offline.html")
    with translation.override(language):
        response = render(request, "offline.html")
    response.headers["Content-Language"] = language
    return response
