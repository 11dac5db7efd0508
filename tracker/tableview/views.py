from django.conf import settings
from django.contrib.auth.decorators import login_required
from django.http import HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.templatetags.static import static
from django.utils import translation
from django.utils.functional import SimpleLazyObject
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from tracker.catte.board import load as load_session
from tracker.common.permissions import game_for
from tracker.common.shared_part import shared_key
from tracker.common.versioning import version_key
from tracker.common.views import live_part, render_page
from tracker.cutthroat.board import load as load_tournament
from tracker.models import CatteSession, Tournament
from tracker.tableview import display, phone

SESSION_TEMPLATE = "tableview/session.html"
TOURNAMENT_TEMPLATE = "tableview/tournament.html"


@login_required
@require_GET
def session_table(request, pk, session_pk):
    """A Cắt Tê session for the screen in the middle of the table; any member may open it."""
    group, session = game_for(request, pk, CatteSession, session_pk)
    shown = SimpleLazyObject(lambda: display.session_context(load_session(session)))
    context = {"group": group, "session": session, "shown": shown}
    context["version_key"] = version_key(session)
    shared = shared_key(group, session)
    context["live_html"] = live_part(request, SESSION_TEMPLATE, context, shared)
    return render_page(request, SESSION_TEMPLATE, context)


@login_required
@require_GET
def tournament_table(request, pk, tournament_pk):
    """A Cutthroat tournament for the screen in the middle of the table."""
    group, tournament = game_for(request, pk, Tournament, tournament_pk)
    shown = SimpleLazyObject(lambda: display.tournament_context(load_tournament(tournament)))
    context = {"group": group, "tournament": tournament, "shown": shown}
    context["version_key"] = version_key(tournament)
    shared = shared_key(group, tournament)
    context["live_html"] = live_part(request, TOURNAMENT_TEMPLATE, context, shared)
    return render_page(request, TOURNAMENT_TEMPLATE, context)


@require_GET
def service_worker(request):
    """static/js/sw.js, from the root so that it may look after every page."""
    response = HttpResponse(phone.worker_source(), content_type="application/javascript")
    response["Service-Worker-Allowed"] = "/"
    # The browser asks for it again at every visit; nothing between may cache an old one.
    response["Cache-Control"] = "no-cache"
    return response


@require_GET
def favicon(request):
    """Where a browser looks for the site's icon on a page that names none (the plain-text
    summaries for a chat): the home screen's icon."""
    return redirect(static("icons/icon-192.png"), permanent=True)


@require_GET
def manifest(request):
    """The home screen's name and description, in the language of the phone that installs it."""
    words = {
        "name": _("Card table"),
        "short_name": _("Card table"),
        "description": _("Scores and money for card games played with real cards."),
        "lang": get_language(),
    }
    return JsonResponse({**phone.manifest(), **words}, content_type="application/manifest+json")


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
