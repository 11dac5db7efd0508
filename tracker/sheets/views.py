from functools import partial

from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST
from django_htmx.http import reswap

from basics.errors import RulesError
from core.models import Role
from core.notices import what_became_of
from core.web.permissions import game_for, group_for
from core.web.views import (
    GamePage,
    new_game_page,
    round_correction_told,
    round_undo_told,
    tell,
    wants_json,
)
from tracker.sheets import display, notices, services
from tracker.sheets import rules as sheet
from tracker.sheets.board import load
from tracker.sheets.forms import SheetForm
from tracker.sheets.models import Sheet
from tracker.sheets.round_fields import initial_of
from tracker.sheets.round_form import CorrectionForm, RoundForm

LATEST = 8  # rounds listed on the sheet's page; ?all=1 lists them all
TEMPLATE = "sheets/sheet.html"


def sheet_for(request, pk, sheet_pk, role=Role.VIEWER):
    return game_for(request, pk, Sheet, sheet_pk, role=role)


def sheet_page(request, group, sheet_row, board=None, notice=None, **forms):
    """The sheet's page, or only its #entry part for htmx; `forms` as the scorer left them, and
    `notice`, what the phone is told of the round it sent, beside the notices carried here."""
    return PAGE.render(request, group, sheet_row, board, notice, forms)


def shown_context(board, every: bool) -> dict:
    return {
        "standings": display.standings(board),
        "rounds": display.round_rows(board, None if every else LATEST),
        "more_rounds": not every and board.rounds_played > LATEST,
        "rules_in_words": display.rules_in_words(board),
    }


def scorer_forms(board, forms: dict) -> dict:
    """The round to enter (as the scorer left it, or empty but for who sat out the round
    before), the blank form a phone without a network enters the rounds after it on, and what
    an undo takes back."""
    sat_out = board.sat_out_last()
    forms.setdefault("round_form", RoundForm(board=board, initial=sat_out))
    later = {**sat_out, "number": board.next_number + 1}
    offline = RoundForm(board=board, auto_id="next_%s", initial=later)
    return {**forms, "offline_form": offline, "undo": display.undo(board)}


PAGE = GamePage(TEMPLATE, "sheet", load, shown_context, display.entry_words, scorer_forms)


@login_required
@require_http_methods(["GET", "POST"])
def sheet_new(request, pk):
    group = group_for(request, pk, role=Role.SCORER)

    def start(data):
        return services.start(group, data["players"], data["rules"], request.user, data["name"])

    last, template = group.sheets.first(), "sheets/sheet_new.html"
    return new_game_page(request, group, SheetForm, last, start, template)


@login_required
@require_GET
def sheet_detail(request, pk, sheet_pk):
    group, sheet_row = sheet_for(request, pk, sheet_pk)
    return sheet_page(request, group, sheet_row)


@login_required
@require_POST
def round_save(request, pk, sheet_pk):
    """A round from the page's form, or kept by a phone's outbox while it was offline (with its
    key), told in one notice to the page (htmx, or a form sent without JavaScript) or to the
    outbox (JSON). Refused, it stays on the form as it was tapped; when another round of its
    number came first, this phone's stays on the form as the next round."""
    group, sheet_row = sheet_for(request, pk, sheet_pk, role=Role.SCORER)
    board = load(sheet_row)
    form = RoundForm(request.POST, board=board, keyed=wants_json(request))
    notice, board = entered(request, board, form)
    if notice.retry:  # this phone's round, kept on the form as the next one
        posted = request.POST.copy()
        posted["number"] = notice.retry["fields"]["number"]
        form = RoundForm(posted, board=board)
    forms = {"round_form": form} if notice.place == "form" or notice.retry else {}

    def page(notice):
        if notice.place != "form":
            return sheet_page(request, group, board.sheet, board, notice, **forms)
        # A refusal: the form says why, which round.js brings into view (not the form's top).
        return reswap(sheet_page(request, group, board.sheet, board, None, **forms), "outerHTML")

    return tell(request, notice, sheet_row, page)


def entered(request, board, form) -> tuple:
    """What became of a round sent: its notice, and the board the page is drawn from after it."""

    def save(data):
        services.record_sent_round(board, data["number"], data["round"], request.user, data["once"])
        return notices.round_saved(board.rounds_played)

    def came_first(board, data, _refusal):
        return notices.came_first(board, data, request.user)

    return what_became_of(form, board, save, came_first, load)


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
@require_http_methods(["GET", "POST"])
def round_edit(request, pk, sheet_pk, number):
    """A recorded round corrected: every later round is rescored and the ledger follows."""
    group, sheet_row = sheet_for(request, pk, sheet_pk, role=Role.SCORER)
    board = load(sheet_row)
    row = sheet_row.rounds.filter(number=number).first()
    if row is None:
        return redirect(sheet_row)
    recorded = board.played(row).round
    drawn = proposed(request, board, number, recorded) or recorded
    initial = {**initial_of(board, drawn), "number": number, "version": sheet_row.version}
    form = CorrectionForm(request.POST or None, board=board, fits=drawn, initial=initial)
    if request.method == "POST" and form.is_valid():
        try:
            return corrected(request, board, number, form.cleaned_data)
        except RulesError as refusal:
            form.add_error(None, str(refusal))
    context = {"group": group, "sheet": sheet_row, "board": board, "form": form, "number": number}
    context["recorded"] = display.round_words(recorded)
    return render(request, "sheets/round_edit.html", context)


def proposed(request, board, number: int, recorded: sheet.Round) -> sheet.Round | None:
    """The round a phone had when another phone's came first, offered in the address of the
    correction (`notices.came_first`); None when there is none or it is not a round."""
    if not request.GET:
        return None
    fields = request.GET.copy()
    fields["number"], fields["version"] = str(number), str(board.sheet.version)
    offered = CorrectionForm(fields, board=board, fits=recorded)
    return offered.cleaned_data["round"] if offered.is_valid() else None


def corrected(request, board, number: int, data):
    save = partial(services.correct_round, board, number, data["version"], data["round"])
    return round_correction_told(request, board.sheet, number, save)


@login_required
@require_POST
def round_undo(request, pk, sheet_pk):
    _group, sheet_row = sheet_for(request, pk, sheet_pk, role=Role.SCORER)
    return round_undo_told(request, load(sheet_row), services.undo_last)
