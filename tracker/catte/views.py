from functools import partial

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpResponse
from django.shortcuts import redirect
from django.utils.functional import SimpleLazyObject
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST
from django_htmx.http import HttpResponseClientRedirect

from basics.errors import RulesError
from core.changes import change_context
from core.models import Role
from core.notices import what_became_of
from core.versioning import StalePage, version_key
from core.web.permissions import game_for, group_for
from core.web.shared_part import shared_key
from core.web.views import (
    act_on_version,
    live_part,
    new_game_page,
    render_chat_text,
    render_page,
    run_on_version,
    tell,
    waiting_notices,
)
from tracker.catte import display, notices, services
from tracker.catte.board import load
from tracker.catte.entries import describe_entry, describe_round
from tracker.catte.forms import JoinForm, RoundForm, SessionForm
from tracker.catte.models import CatteSession

LATEST = 8  # rounds shown on the session page; ?all=1 shows every one
TEMPLATE = "catte/session.html"
SEATING = "seating"  # the tag of a message shown next to who is at the table
SHEET = "offline_sheet"  # the page's part that holds the round's sheet for offline


def session_for(request, pk, session_pk, role=Role.VIEWER):
    return game_for(request, pk, CatteSession, session_pk, role=role)


def session_page(request, group, session, board=None, round_form=None, notice=None):
    """The session page, or only its #entry part for htmx; `round_form` as a refused tap left
    it, and `notice`, what the phone is told of what it sent, beside the notices carried here."""
    told = [*waiting_notices(request), *([notice] if notice else [])]
    context, shared, forms = page_parts(request, group, session, board, round_form, told)
    context["live_html"] = live_part(request, TEMPLATE, context, shared, forms)
    if not request.htmx:  # a live refresh leaves the sheet the phone holds (round_sheet)
        context[SHEET] = live_part(request, TEMPLATE, context, shared, forms, SHEET)
    return render_page(request, TEMPLATE, context)


@login_required
@require_GET
def round_sheet(request, pk, session_pk):
    """Every button of the round on one sheet, which a phone holds beside the page in case its
    network goes; fetched again only when the round's buttons change
    (static/catte/offline_round.js)."""
    group, session = session_for(request, pk, session_pk)
    context, shared, forms = page_parts(request, group, session)
    return HttpResponse(live_part(request, TEMPLATE, context, shared, forms, SHEET))


def page_parts(request, group, session, board=None, round_form=None, told=()):
    """What the page's parts show: (context, what its shared renders are kept under, or None
    when they are this reader's own, and the forms' context, worked out when rendered).
    Notices `told` in the live part (by the round's form, by who sits) make it his own."""
    scorer = group.membership.allows(Role.SCORER)
    can_score, can_reopen = scorer and not session.is_closed, scorer and session.is_closed
    latest = None if request.GET.get("all") else LATEST
    own = board is not None or round_form is not None or any(n.place for n in told)
    shared = None if own else shared_key(group, session, latest)
    # Read only where a form or a fragment missing from the cache needs it.
    board = board or SimpleLazyObject(partial(load, session))
    context = {"group": group, "session": session, "board": board, "notices": told}
    context.update(can_score=can_score, can_reopen=can_reopen, latest=latest)
    context["version_key"] = version_key(session)
    context["shown"] = SimpleLazyObject(partial(display.session_context, board, can_score, latest))
    context["recent_changes"] = SimpleLazyObject(
        lambda: change_context(session, board.names, describe_entry, latest is None)
    )
    forms = partial(session_forms, group, board, round_form, can_score, can_reopen)
    return context, shared, forms


def session_forms(group, board, round_form, can_score: bool, can_reopen: bool) -> dict:
    """The forms of the page's live part: the round, undo, close or reopen, who sits."""
    context = {"round_form": round_form or (RoundForm(board=board) if can_score else None)}
    if can_score or can_reopen:
        context.update(display.actions_context(board, can_score, can_reopen))
    if can_score:
        context["seating"] = display.seating_context(board, join_form(group, board))
    return context


@login_required
@require_http_methods(["GET", "POST"])
def session_new(request, pk):
    group = group_for(request, pk, role=Role.SCORER)

    def start(data):
        entry = (data["players"], data["rules"], request.user)
        return services.logs.start(group, *entry, name=data["name"])

    def more():
        return {"carried": services.carried.carried_side_pot(group)}

    last, template = group.sessions.first(), "catte/session_new.html"
    return new_game_page(request, group, SessionForm, last, start, template, more)


@login_required
@require_GET
def session_detail(request, pk, session_pk):
    group, session = session_for(request, pk, session_pk)
    return session_page(request, group, session)


@login_required
@require_POST
def round_entry(request, pk, session_pk):
    """Every button of the round being entered comes here, and a round a phone entered offline,
    the sheet's form sent by its outbox with its key (static/catte/offline_round.js): a tap
    changes the table's draft, which every phone shows; "Save round" records it. What became of
    it is told in one notice, to the outbox in JSON, but for a tap taken, which the page shows."""
    group, session = session_for(request, pk, session_pk, role=Role.SCORER)
    form = RoundForm(request.POST, board=load(session))
    notice, board = entered(request, form)
    if notice is None:
        # What the other phones will fetch of this version, rendered once for all of them.
        session.refresh_from_db()
        return session_page(request, group, session)
    refused = form if form.errors else None  # the form says why, beside what was tapped

    def page(notice):
        return session_page(request, group, session, board, refused, None if refused else notice)

    return tell(request, notice, session, page)


def entered(request, form) -> tuple:
    """What became of what the round's form sent, as every game tells it (`what_became_of`):
    its notice (None for a tap taken, which the page shows) and the board the page is drawn
    from after it."""
    board, user = form.board, request.user

    def save(data):
        sent = form.sent
        if sent is None:
            return None
        try:
            taken = services.entering.enter(board, sent, user)
        except RulesError as refusal:
            if board.is_closed and not form.offline:  # the page showed it open: it is behind
                raise StalePage(str(refusal)) from refusal
            raise
        return notices.entered(board, sent, *taken, user)

    def came_first(board, data, refusal):
        return notices.came_first(board, form, refusal, user)

    return what_became_of(form, board, save, came_first, load)


@login_required
@require_http_methods(["GET", "POST"])
def round_edit(request, pk, session_pk, number):
    group, session = session_for(request, pk, session_pk, role=Role.SCORER)
    board = load(session)
    row = session.rounds.filter(number=number).first()
    if board.is_closed or row is None:
        return redirect(session)
    played, start = board.played(row), request.GET.get("taps")  # what a phone had tapped
    form = RoundForm(request.POST or None, board=board, correcting=played, start=start)
    if request.method == "POST" and form.is_valid() and form.saving:
        done = save_correction(request, board, number, form)
        if done is not None:
            return done
    context = {"group": group, "board": board, "number": number, "round_form": form}
    context.update(started=start is not None, recorded=describe_round(played.round))
    return render_page(request, "catte/round_edit.html", context)


def save_correction(request, board, number, form):
    """Back to the session once the correction is saved, found unchanged or stale; None when
    the rules refuse it (the form shows why)."""
    session, data = board.session, form.cleaned_data
    loaded = session.version
    version = data["version"] if data["version"] is not None else -1
    try:
        services.rounds.correct_round(board, number, version, data["round"], request.user)
    except RulesError as refusal:
        form.add_error(None, str(refusal))
        return None
    except StalePage as refusal:
        messages.error(request, str(refusal))
    else:
        if session.version == loaded:
            said = _("Nothing changed: round %(number)s is as it was recorded.")
            messages.info(request, said % {"number": number})
        else:
            said = _("Round %(number)s corrected; every later round rescored.")
            messages.success(request, said % {"number": number})
    url = session.get_absolute_url()
    return HttpResponseClientRedirect(url) if request.htmx else redirect(url)


@login_required
@require_POST
def round_undo(request, pk, session_pk):
    group, session = session_for(request, pk, session_pk, role=Role.SCORER)
    board = load(session)
    undo = partial(services.rounds.undo_last, board, user=request.user)
    done = _("The last round was undone; it is kept in the history.")
    return act_on_version(request, session, undo, done)


@login_required
@require_POST
def session_close(request, pk, session_pk):
    group, session = session_for(request, pk, session_pk, role=Role.SCORER)
    board = load(session)
    draft = request.GET.get("draft", "")  # the draft's version the page showed: only it is dropped
    shown = int(draft) if draft.isascii() and draft.isdigit() and len(draft) < 10 else -1
    close = partial(services.closing.close, board, user=request.user, draft_version=shown)
    done = _("The session is closed; here is the final money.")
    return act_on_version(request, session, close, done)


@login_required
@require_GET
def session_summary(request, pk, session_pk):
    group, session = session_for(request, pk, session_pk)
    text = display.summary_text(load(session))
    return render_chat_text(request, text, about=session, back=session.get_absolute_url())


@login_required
@require_POST
def session_reopen(request, pk, session_pk):
    group, session = session_for(request, pk, session_pk, role=Role.SCORER)
    board = load(session)
    reopen = partial(services.closing.reopen, board, user=request.user)
    done = _("The session is open again: correct its rounds, then close it once more.")
    return act_on_version(request, session, reopen, done)


def join_form(group, board, data=None) -> JoinForm:
    players = list(group.players.all())
    can_add = group.membership.allows(Role.OWNER)
    return JoinForm(data, board=board, group_players=players, can_add_players=can_add)


@login_required
@require_POST
def player_joins(request, pk, session_pk):
    """A player of the group, or a new one (an owner's), sits down in the next seat."""
    group, session = session_for(request, pk, session_pk, role=Role.SCORER)
    board = load(session)
    form = join_form(group, board, request.POST)
    if not form.is_valid():
        messages.error(request, " ".join(str(e) for errors in form.errors.values() for e in errors))
        return redirect(session)
    player, new_name = form.cleaned_data["player"], form.cleaned_data.get("new_name", "")
    join = partial(
        services.seating.join, board, user=request.user, player=player, new_name=new_name
    )
    done = _("%(name)s sits down at the table.") % {"name": player.name if player else new_name}
    return act_on_version(request, session, join, done)


def seated(board, player_pk):
    seat = services.seating.seat_of(board, player_pk)
    if seat is None:
        raise Http404("No such player at this table")
    return seat


def seating_changed(request, group, session, action, done: str):
    """After a player leaves or comes back: htmx gets the live part of the page again, a plain
    form post goes back to who is at the table; either way the message is shown there."""
    run_on_version(request, action, done, tags=SEATING)
    if request.htmx:
        session.refresh_from_db()
        return session_page(request, group, session)
    return redirect(session.get_absolute_url() + "#seating")


@login_required
@require_POST
def player_leaves(request, pk, session_pk, player_pk):
    """The player leaves for the evening (a second tap confirms it); "back at the table" takes
    it back."""
    group, session = session_for(request, pk, session_pk, role=Role.SCORER)
    board = load(session)
    name = seated(board, player_pk).player.name
    leave = partial(services.seating.leave, board, player_pk, user=request.user)
    done = _("%(name)s left: every new round starts without this player.") % {"name": name}
    return seating_changed(request, group, session, leave, done)


@login_required
@require_POST
def player_back(request, pk, session_pk, player_pk):
    group, session = session_for(request, pk, session_pk, role=Role.SCORER)
    board = load(session)
    name = seated(board, player_pk).player.name
    back = partial(services.seating.come_back, board, player_pk, user=request.user)
    done = _("%(name)s is back at the table.") % {"name": name}
    return seating_changed(request, group, session, back, done)
