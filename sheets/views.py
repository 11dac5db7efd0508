from functools import partial

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.template.loader import render_to_string
from django.utils.functional import SimpleLazyObject
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from core.changes import change_context, line_of
from core.idempotency import AlreadyDone
from core.models import Role
from core.versioning import AlreadyRecorded, RestoreRunning, StalePage, version_key
from core.web.lists import page_of
from core.web.permissions import game_for, group_for
from core.web.shared_part import shared_key
from core.web.views import act_on_version, live_part, render_page, swap_or_redirect
from sheets import display, history, services
from sheets.board import load
from sheets.forms import SheetForm
from sheets.models import Sheet
from sheets.round_fields import initial_of
from sheets.round_form import CorrectionForm, RoundForm, SentLaterForm
from tracker.rules import RulesError, sheet

LATEST = 8  # rounds listed on the sheet's page; ?all=1 lists them all
TEMPLATE = "sheets/sheet.html"


def sheet_for(request, pk, sheet_pk, role=Role.VIEWER):
    return game_for(request, pk, Sheet, sheet_pk, role=role)


def sheet_page(request, group, sheet_row, board=None, **forms):
    """The sheet's page, or only its #entry part for htmx; `forms` as the scorer left them."""
    can_score = group.membership.allows(Role.SCORER)
    every = bool(request.GET.get("all"))
    shared = None if board is not None or forms else shared_key(group, sheet_row, every)
    board = board or SimpleLazyObject(partial(load, sheet_row))
    context = {"group": group, "sheet": sheet_row, "can_score": can_score, "board": board}
    context |= {"every": every, "version_key": version_key(sheet_row)}
    context["shown"] = SimpleLazyObject(partial(shown_context, board, every))
    context["recent_changes"] = SimpleLazyObject(
        lambda: change_context(sheet_row, board.names, display.entry_words, every)
    )
    live_forms = partial(scorer_forms, board, forms) if can_score else dict
    context["live_html"] = live_part(request, TEMPLATE, context, shared, live_forms)
    return render_page(request, TEMPLATE, context)


def shown_context(board, every: bool) -> dict:
    return {
        "standings": display.standings(board),
        "rounds": display.round_rows(board, None if every else LATEST),
        "more_rounds": not every and board.rounds_played > LATEST,
        "rules_in_words": display.rules_in_words(board),
    }


def scorer_forms(board, forms: dict) -> dict:
    """The round to enter (as the scorer left it, or empty), the blank form a phone without a
    network enters the rounds after it on, and what an undo takes back."""
    forms.setdefault("round_form", RoundForm(board=board))
    offline = RoundForm(board=board, auto_id="next_%s", initial={"number": board.next_number + 1})
    return {**forms, "offline_form": offline, "undo": display.undo(board)}


@login_required
@require_http_methods(["GET", "POST"])
def sheet_new(request, pk):
    group = group_for(request, pk, role=Role.SCORER)
    players = list(group.players.all())
    initial = SheetForm.as_last_time(group.sheets.first())
    form = SheetForm(request.POST or None, group=group, players=players, initial=initial)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            sheet_row = services.start(
                group, data["players"], data["rules"], request.user, data["name"]
            )
            return redirect(sheet_row)
        except RulesError as refusal:
            form.add_error(None, str(refusal))
    return render(request, "sheets/sheet_new.html", {"group": group, "form": form})


@login_required
@require_GET
def sheet_detail(request, pk, sheet_pk):
    group, sheet_row = sheet_for(request, pk, sheet_pk)
    return sheet_page(request, group, sheet_row)


@login_required
@require_POST
def round_save(request, pk, sheet_pk):
    """A round from the page's form; refused, it stays on the form as it was tapped."""
    group, sheet_row = sheet_for(request, pk, sheet_pk, role=Role.SCORER)
    board = load(sheet_row)
    form = RoundForm(request.POST, board=board)
    if form.is_valid():
        data = form.cleaned_data
        try:
            services.record_round(board, data["round"], request.user, data["number"])
            messages.success(request, _("Round %(number)s saved.") % {"number": data["number"]})
            return swap_or_redirect(
                request, sheet_row, partial(sheet_page, request, group, sheet_row, board)
            )
        except RulesError as refusal:
            form.add_error(None, str(refusal))
        except (AlreadyRecorded, StalePage):
            return saved_first(request, group, sheet_row, data)
    return sheet_page(request, group, sheet_row, board, round_form=form)


def saved_first(request, group, sheet_row, data):
    """Another phone saved a round first: this phone's stays on the form, as the next round."""
    sheet_row.refresh_from_db()
    board = load(sheet_row)
    posted = request.POST.copy()
    posted["number"] = str(board.next_number)
    note = _(
        "Another phone saved round %(number)s first. This phone's round is still here: Save "
        "records it as round %(next)s."
    )
    messages.warning(request, note % {"number": data["number"], "next": board.next_number})
    form = RoundForm(posted, board=board)
    return sheet_page(request, group, sheet_row, board, round_form=form)


@login_required
@require_POST
def round_check(request, pk, sheet_pk):
    """The round as tapped so far, in words and money, before Save: what the rules make of
    it, or what is still missing or wrong. Saves nothing."""
    group, sheet_row = sheet_for(request, pk, sheet_pk, role=Role.SCORER)
    board = load(sheet_row)
    form = RoundForm(request.POST, board=board)
    context = {"checked": checked(board, form)}
    if request.htmx:
        return render(request, "sheets/_round_check.html", context)
    return sheet_page(request, group, sheet_row, board, round_form=form, **context)


def checked(board, form) -> dict:
    """What the round would pay ("lines") and what it is ("entered"), or its "problems"."""
    if not form.is_valid():
        return {"problems": [str(e) for errors in form.errors.values() for e in errors]}
    state = sheet.SheetState.resume(board.names, board.state.snapshot())
    try:
        result = state.play(board.settings, form.cleaned_data["round"])
    except RulesError as refusal:
        return {"problems": [str(refusal)]}
    entered = display.round_words(form.cleaned_data["round"])
    return {"entered": entered, "lines": board.words(result) or [_("Nobody pays anybody.")]}


@login_required
@require_POST
def round_sent_later(request, pk, sheet_pk):
    """A round a phone kept while it was offline (static/js/outbox.js), answered in JSON for
    the phone's outbox: recorded once, or refused with what another phone saved first beside
    what this phone entered, for the scorer to choose."""
    group, sheet_row = sheet_for(request, pk, sheet_pk, role=Role.SCORER)
    board = load(sheet_row)
    form = SentLaterForm(request.POST, board=board)
    if not form.is_valid():
        problems = [str(error) for errors in form.errors.values() for error in errors]
        return JsonResponse({"refused": " ".join(problems)}, status=400)
    data = form.cleaned_data
    try:
        said = services.record_round_sent_later(
            board, data["once"], data["number"], data["round"], request.user
        )
    except AlreadyDone:
        return JsonResponse({"recorded": _("Already recorded.")})
    except RestoreRunning as refusal:  # kept on the phone until the restore has ended
        return JsonResponse({"waits": refusal.text}, status=409)
    except RulesError as refusal:
        return JsonResponse({"refused": str(refusal)}, status=400)
    except (AlreadyRecorded, StalePage):
        sheet_row.refresh_from_db()
        return sent_later_conflict(load(sheet_row), data)
    if said == services.RECORDED_ELSEWHERE:
        text = _("Round %(number)s was recorded on another phone, just as this one had it.")
        return JsonResponse({"recorded": text % {"number": data["number"]}})
    return JsonResponse(
        {"recorded": _("Round %(number)s saved.") % {"number": board.rounds_played}}
    )


def sent_later_conflict(board, data) -> JsonResponse:
    """Both rounds in words; keep the other phone's, or record this one as the next round."""
    recorded = board.sheet.rounds.filter(number=data["number"]).first()
    context = {
        "note": _("Another phone recorded round %(number)s otherwise.")
        % {"number": data["number"]},
        "table": display.entry_words(recorded.entry, board.names) if recorded else "",
        "mine": display.round_words(data["round"]),
    }
    conflict = render_to_string("tracker/_sent_later_conflict.html", context)
    label = _("Record this phone's as round %(number)s") % {"number": board.next_number}
    retry = {"fields": {"number": str(board.next_number)}, "label": label}
    return JsonResponse({"conflict": conflict, "retry": retry}, status=409)


@login_required
@require_http_methods(["GET", "POST"])
def round_edit(request, pk, sheet_pk, number):
    """A recorded round corrected: every later round is rescored and the ledger follows."""
    group, sheet_row = sheet_for(request, pk, sheet_pk, role=Role.SCORER)
    board = load(sheet_row)
    row = sheet_row.rounds.filter(number=number).first()
    if row is None:
        return redirect(sheet_row)
    recorded = board.played(row).round
    initial = {**initial_of(board, recorded), "number": number, "version": sheet_row.version}
    form = CorrectionForm(request.POST or None, board=board, fits=recorded, initial=initial)
    if request.method == "POST" and form.is_valid():
        try:
            return corrected(request, board, number, form.cleaned_data)
        except RulesError as refusal:
            form.add_error(None, str(refusal))
    context = {"group": group, "sheet": sheet_row, "board": board, "form": form, "number": number}
    context["recorded"] = display.round_words(recorded)
    return render(request, "sheets/round_edit.html", context)


def corrected(request, board, number: int, data):
    where = {"number": number}
    try:
        changed = services.correct_round(
            board, number, data["version"], data["round"], request.user
        )
    except StalePage as refusal:
        messages.error(request, str(refusal))
    else:
        if changed:
            messages.success(request, _("Round %(number)s corrected; its money follows.") % where)
        else:
            messages.info(request, _("Nothing changed: round %(number)s is as it was.") % where)
    return redirect(board.sheet)


@login_required
@require_POST
def round_undo(request, pk, sheet_pk):
    group, sheet_row = sheet_for(request, pk, sheet_pk, role=Role.SCORER)
    board = load(sheet_row)
    undone = _("Round %(number)s undone") % {"number": board.rounds_played}
    undo = partial(services.undo_last, board, user=request.user)

    def undone_notice(first):
        # The same tap sent twice is told what the first one undid, not what a third would.
        what = line_of(first) if first else undone
        return _("%(undone)s; it stays in the history.") % {"undone": what}

    return act_on_version(request, sheet_row, undo, undone_notice)


@login_required
@require_GET
def sheet_list(request, pk):
    """The group's score sheets, newest first, ten a page."""
    group = group_for(request, pk)
    page = page_of(history.sheets_of(group), request.GET.get("page"))
    rows = [history.sheet_row(group, load(sheet_row)) for sheet_row in page]
    return render(
        request, "sheets/history_sheets.html", {"group": group, "page": page, "sheets": rows}
    )


@login_required
@require_GET
def sheet_charts(request, pk, sheet_pk):
    """A sheet's money after each round, charted."""
    group = group_for(request, pk)
    sheet_row = get_object_or_404(history.sheets_of(group), pk=sheet_pk)
    board = load(sheet_row)
    context = {"group": group, "row": history.sheet_row(group, board)}
    context["chart"] = history.money_chart(group, board)
    return render(request, "sheets/history_sheet.html", context)
