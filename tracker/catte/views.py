from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from tracker.catte import display as catte_display
from tracker.catte import services as catte_sessions
from tracker.catte.forms import RoundForm, SessionForm
from tracker.common.permissions import group_for
from tracker.common.versioning import AlreadyRecorded, StalePage
from tracker.common.views import log_download, run_on_version
from tracker.models import Role
from tracker.rules import RulesError, catte

LATEST = 20  # rounds shown on the session page; ?all=1 shows every one


def session_for(request, pk, session_pk, role=Role.VIEWER):
    group = group_for(request, pk, role=role)
    return group, get_object_or_404(group.sessions, pk=session_pk)


def session_page(request, group, board, round_form=None):
    """The session page, or only its #entry part for htmx."""
    can_score = group.membership.allows(Role.SCORER) and not board.is_closed
    if can_score and round_form is None:
        round_form = RoundForm(board=board)
    final = catte_display.closing_preview(board)
    context = {
        "group": group,
        "board": board,
        "can_score": can_score,
        "round_form": round_form,
        "money": catte_display.money_rows(board),
        "side_pot": catte_display.side_pot_line(board),
        "rounds": catte_display.round_rows(
            board, can_correct=can_score, limit=None if request.GET.get("all") else LATEST
        ),
        "final_money": catte_display.money_rows(board, final, settled=True),
        "transfers": catte_display.settlement_rows(board, final),
        "rules_in_words": catte.describe_settings(board.settings),
        "changes": catte_display.change_rows(board),
    }
    template = "tracker/session.html"
    return render(request, f"{template}#entry" if request.htmx else template, context)


def redirect_or_swap(request, group, session):
    if request.htmx:
        return session_page(request, group, catte_sessions.load(session))
    return redirect(session.get_absolute_url() + "#entry")


@login_required
@require_http_methods(["GET", "POST"])
def session_new(request, pk):
    group = group_for(request, pk, role=Role.SCORER)
    form = SessionForm(request.POST or None, group=group, players=list(group.players.all()))
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        session = catte_sessions.start(
            group, data["players"], data["rules"], request.user, name=data["name"]
        )
        return redirect(session)
    carried = catte_sessions.carried_side_pot(group)
    context = {"group": group, "form": form, "carried": carried}
    return render(request, "tracker/session_new.html", context)


@login_required
@require_GET
def session_detail(request, pk, session_pk):
    group, session = session_for(request, pk, session_pk)
    return session_page(request, group, catte_sessions.load(session))


@login_required
@require_POST
def round_entry(request, pk, session_pk):
    """Every tap of the round being entered comes here; only "Save round" saves."""
    group, session = session_for(request, pk, session_pk, role=Role.SCORER)
    board = catte_sessions.load(session)
    form = RoundForm(request.POST, board=board)
    valid = form.is_valid()
    try:
        catte_sessions.check_next_number(board, form.sent_number)
        if not valid or not form.saving:
            return session_page(request, group, board, round_form=form)
        catte_sessions.record_round(
            board, form.cleaned_data["round"], request.user, form.round_number
        )
    except (AlreadyRecorded, StalePage, RulesError) as refusal:
        messages.warning(request, f"{refusal} This is the current state.")
    return redirect_or_swap(request, group, session)


@login_required
@require_http_methods(["GET", "POST"])
def round_edit(request, pk, session_pk, number):
    group, session = session_for(request, pk, session_pk, role=Role.SCORER)
    board = catte_sessions.load(session)
    if board.is_closed or not 1 <= number <= len(board.rounds):
        return redirect(session)
    form = RoundForm(request.POST or None, board=board, number=number)
    if request.method == "POST" and form.is_valid() and form.saving:
        data = form.cleaned_data
        version = data["version"] if data["version"] is not None else -1
        try:
            catte_sessions.correct_round(board, number, version, data["round"], request.user)
            messages.success(request, f"Round {number} corrected; every later round rescored.")
        except (StalePage, RulesError) as refusal:
            messages.error(request, str(refusal))
        return redirect(session)
    context = {"group": group, "board": board, "number": number, "round_form": form}
    template = "tracker/round_edit.html"
    return render(request, f"{template}#entry" if request.htmx else template, context)


@login_required
@require_POST
def round_undo(request, pk, session_pk):
    group, session = session_for(request, pk, session_pk, role=Role.SCORER)
    board = catte_sessions.load(session)
    run_on_version(
        request,
        lambda version: catte_sessions.undo_last(board, version, request.user),
        "The last round was undone; it is kept in the history.",
    )
    return redirect(session)


@login_required
@require_POST
def session_close(request, pk, session_pk):
    group, session = session_for(request, pk, session_pk, role=Role.SCORER)
    board = catte_sessions.load(session)
    run_on_version(
        request,
        lambda version: catte_sessions.close(board, version, request.user),
        "The session is closed; here is the final money.",
    )
    return redirect(session)


@login_required
@require_GET
def session_export(request, pk, session_pk):
    group, session = session_for(request, pk, session_pk)
    log = catte_sessions.export_log(catte_sessions.load(session))
    return log_download(log, f"catte-{session.pk}.json")


@login_required
@require_GET
def session_summary(request, pk, session_pk):
    group, session = session_for(request, pk, session_pk)
    text = catte_display.summary_text(catte_sessions.load(session))
    return HttpResponse(text, content_type="text/plain; charset=utf-8")
