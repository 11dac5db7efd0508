from django.contrib.auth.decorators import login_required
from django.utils.functional import SimpleLazyObject
from django.views.decorators.http import require_GET

from tracker.catte.board import load as load_session
from tracker.common.versioning import version_key
from tracker.cutthroat.board import load as load_tournament
from tracker.models import CatteSession, Tournament
from tracker.tableview import display
from tracker.web.permissions import game_for
from tracker.web.shared_part import shared_key
from tracker.web.views import live_part, render_page

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
