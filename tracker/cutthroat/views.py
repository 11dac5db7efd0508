from functools import partial
from urllib.parse import urlencode

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.functional import SimpleLazyObject
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from tracker.common.changes import change_context, changes_of, line_of
from tracker.common.idempotency import AlreadyDone
from tracker.common.versioning import AlreadyRecorded, RestoreRunning, StalePage, version_key
from tracker.cutthroat import display, history, notices, services
from tracker.cutthroat.board import by_seat, jacks_by_seat, load
from tracker.cutthroat.forms import (
    BidsForm,
    CorrectionForm,
    NextHandForm,
    PlayedForm,
    SentLaterForm,
    correction_initial,
    typed_values,
)
from tracker.cutthroat.tournament_form import TournamentForm
from tracker.models import Role, Tournament
from tracker.rules import RulesError
from tracker.web.lists import page_of
from tracker.web.permissions import game_for, group_for
from tracker.web.shared_part import shared_key
from tracker.web.views import (
    act_on_version,
    live_part,
    render_page,
    swap_or_redirect,
)

LATEST = 8  # hands listed on the scoreboard; ?all=1 lists every hand of every game
TEMPLATE = "tracker/tournament.html"


def tournament_for(request, pk, tournament_pk, role=Role.VIEWER):
    return game_for(request, pk, Tournament, tournament_pk, role=role)


def scoreboard(request, group, tournament, board=None, **forms):
    """The scoreboard, or only its #entry part for htmx; `forms` as the user left them."""
    can_score = group.membership.allows(Role.SCORER)
    every = bool(request.GET.get("all"))
    shared = None if board is not None or forms else shared_key(group, tournament, every)
    # Read only where a form or a fragment missing from the cache needs it.
    board = board or SimpleLazyObject(partial(load, tournament))
    context = {"group": group, "tournament": tournament, "can_score": can_score, "board": board}
    context["every"] = every
    context["version_key"] = version_key(tournament)
    context["shown"] = SimpleLazyObject(partial(display.scoreboard_context, board, every, LATEST))
    context["recent_changes"] = SimpleLazyObject(
        lambda: change_context(tournament, board.names, display.describe_entry, every)
    )
    live_forms = partial(scorer_forms, board, forms) if can_score else partial(dict, entering=False)
    context["live_html"] = live_part(request, TEMPLATE, context, shared, live_forms)
    return render_page(request, TEMPLATE, context)


def scorer_forms(board, forms: dict) -> dict:
    """The live part's forms as `forms` has them, the others as the hand to enter asks."""
    context = entry_context(board, forms)
    return {**context, **forms, "entering": "bids_form" in forms or "played_form" in forms}


def entry_context(board, forms: dict) -> dict:
    """What a scorer's forms show: the hand to enter (its bids or tricks form, unless `forms`
    has it as he left it) and what an undo takes back."""
    if not board.standings.finished:
        forms.setdefault("offline_next_form", NextHandForm(board=board, auto_id="next_%s"))
        if board.pending is None:
            forms.setdefault("bids_form", BidsForm(board=board))
            number = {"number": board.hands_played + 1}
            forms.setdefault("offline_tricks_form", PlayedForm(board=board, initial=number))
        else:
            initial = {"number": board.pending.number, "hand": board.pending.pk}
            forms.setdefault("played_form", PlayedForm(board=board, initial=initial))
    next_game, next_number = board.next_hand()
    return {
        "next_game": next_game,
        "next_number": next_number,
        "game_over": display.game_over(board),
        "undo": display.undo(board),
    }


def after_refusal(request, group, tournament, typed):
    """Another phone saved first: the note next to the entry says what it saved and what this
    phone had entered (`typed_entry`), and the current state is shown."""
    tournament.refresh_from_db()
    board = load(tournament)
    messages.warning(request, refusal_note(board, typed), extra_tags="refused")
    render_again = partial(scoreboard, request, group, tournament, board)
    return swap_or_redirect(request, tournament, render_again)


def refusal_note(board, typed: dict) -> str:
    """The note (HTML): what the latest change saved, what this phone had entered and, when
    that hand is played and differs from it, a link to correct it filled in with the entry."""
    tournament = board.tournament
    row = tournament.hands.filter(number=typed["number"]).first()
    values = correction_values(typed, row) if row is not None and row.is_played else None
    context = {
        "saved": notices.saved_first(board, changes_of(tournament).select_related("user").first()),
        "entered": notices.you_entered(board, typed, row),
        "differences": notices.hand_differences(board, typed, row),
        "same": values == {},
    }
    if values:
        edit = reverse("hand_edit", args=[tournament.group_id, tournament.pk, row.number])
        context.update(correct=f"{edit}?{urlencode(values)}", hand=row.result["number"])
    return render_to_string(f"{TEMPLATE}#refused", context)


def sent_later_conflict(board, typed: dict) -> JsonResponse:
    """The answer to a hand kept offline that another phone recorded first: none needed when
    it was recorded just as this phone had it; else both entries, and, for a played hand, a
    way to correct it with this phone's, after which the phone asks again (`recheck`)."""
    row = board.tournament.hands.filter(number=typed["number"]).first()
    played = row is not None and row.is_played
    if played and correction_values(typed, row) == {}:
        where = {"game": row.result["game"], "hand": row.result["number"]}
        said = _(
            "Game %(game)s · hand %(hand)s was recorded on another phone, just as this one had it."
        )
        return JsonResponse({"recorded": said % where})
    return JsonResponse({"conflict": refusal_note(board, typed), "recheck": played}, status=409)


def typed_entry(data: dict, names: list[str]) -> dict:
    """What a phone entered (a valid form's data) by seat, as hands are stored, with the hand
    it was for: its number and, for tricks, the row whose bids its page showed. A hand kept
    offline has both its bids (unless they were saved online before) and its tricks."""
    typed = {"number": data["number"]}
    if data.get("bids") is not None:
        typed["bids"] = by_seat(data["bids"], names)
    if "tricks" in data:
        typed |= {"hand": data.get("hand"), "tricks": by_seat(data["tricks"], names)}
        typed["jacks"] = jacks_by_seat(data["jacks"], names)
    return typed


def correction_values(typed: dict, hand) -> dict:
    """The correction's fields filled in with what a phone entered for the played `hand`;
    none when it entered what was saved."""
    same, values = True, {}
    if "bids" in typed:
        same = typed["bids"] == hand.bids
        values = {f"bid_{seat}": bid for seat, bid in enumerate(typed["bids"])}
    if "tricks" in typed:
        same = same and typed["tricks"] == hand.tricks and typed["jacks"] == (hand.jacks or {})
        values |= {f"tricks_{seat}": took for seat, took in enumerate(typed["tricks"])}
        values |= {f"jack_{card}": seat for card, seat in typed["jacks"].items()}
    return {} if same else values


@login_required
@require_http_methods(["GET", "POST"])
def tournament_new(request, pk):
    group = group_for(request, pk, role=Role.SCORER)
    last_time = TournamentForm.as_last_time(group.tournaments.first())
    players = list(group.players.all())
    form = TournamentForm(request.POST or None, group=group, players=players, initial=last_time)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        money_rules = {"game_stake": data["game_stake"], "buy_in": data["buy_in"]}
        try:
            tournament = services.start(
                group, data["players"], data["rules"], request.user, data["name"], money_rules
            )
            return redirect(tournament)
        except RulesError as refusal:
            form.add_error(None, str(refusal))
    return render(request, "tracker/tournament_new.html", {"group": group, "form": form})


@login_required
@require_GET
def tournament_detail(request, pk, tournament_pk):
    group, tournament = tournament_for(request, pk, tournament_pk)
    return scoreboard(request, group, tournament)


def save_entry(request, pk, tournament_pk, form_class, save):
    """A step of a hand (bids, or tricks and jacks) from its form, through `save(board, data)`,
    which says what it saved; a refusal is shown on the form, which keeps what was entered,
    or, when another phone saved first, in a note that keeps it."""
    group, tournament = tournament_for(request, pk, tournament_pk, role=Role.SCORER)
    board = load(tournament)
    form = form_class(request.POST, board=board)
    if form.is_valid():
        try:
            messages.success(request, save(board, form.cleaned_data))
            render_again = partial(scoreboard, request, group, tournament, board)
            return swap_or_redirect(request, tournament, render_again)
        except RulesError as refusal:
            form.add_error(None, str(refusal))
        except (AlreadyRecorded, StalePage):
            typed = typed_entry(form.cleaned_data, board.names)
            return after_refusal(request, group, tournament, typed)
    forms = {"bids_form" if form_class is BidsForm else "played_form": form}
    return scoreboard(request, group, tournament, board, **forms)


@login_required
@require_POST
def hand_bids(request, pk, tournament_pk):
    def save(board, data):
        services.record_bids(board, data["bids"], request.user, data["number"])
        return notices.bids_saved(board, data["bids"])

    return save_entry(request, pk, tournament_pk, BidsForm, save)


@login_required
@require_POST
def hand_played(request, pk, tournament_pk):
    def save(board, data):
        tricks, jacks, hand = data["tricks"], data["jacks"], board.pending
        services.record_tricks(board, data["number"], tricks, jacks, request.user, data["hand"])
        return notices.hand_saved(board, hand)

    return save_entry(request, pk, tournament_pk, PlayedForm, save)


@login_required
@require_POST
def hand_sent_later(request, pk, tournament_pk):
    """A hand a phone kept while it was offline (static/js/outbox.js), answered in JSON for
    the phone's outbox: recorded once, or refused with what another phone saved first, side by
    side with what this phone entered, for the scorer to choose."""
    group, tournament = tournament_for(request, pk, tournament_pk, role=Role.SCORER)
    board = load(tournament)
    form, user = SentLaterForm(request.POST, board=board), request.user
    if not form.is_valid():
        return JsonResponse({"refused": " ".join(form_errors(form))}, status=400)
    data = form.cleaned_data
    try:
        hand = services.record_hand_sent_later(board, data["entry"], data["number"], data, user)
    except AlreadyDone:
        return JsonResponse({"recorded": _("Already recorded.")})
    except RestoreRunning as refusal:  # kept on the phone until the restore has ended
        return JsonResponse({"waits": refusal.text}, status=409)
    except RulesError as refusal:
        return JsonResponse({"refused": str(refusal)}, status=400)
    except (AlreadyRecorded, StalePage):
        tournament.refresh_from_db()
        return sent_later_conflict(load(tournament), typed_entry(data, board.names))
    return JsonResponse({"recorded": notices.hand_saved(board, hand)})


def form_errors(form) -> list[str]:
    return [str(error) for errors in form.errors.values() for error in errors]


@login_required
@require_http_methods(["GET", "POST"])
def hand_edit(request, pk, tournament_pk, number):
    """A played hand corrected; `number` counts across the tournament, the page says which
    game and hand of it that is."""
    group, tournament = tournament_for(request, pk, tournament_pk, role=Role.SCORER)
    board = load(tournament)
    hand = tournament.hands.filter(number=number, tricks__isnull=False).first()
    if hand is None:
        return redirect(tournament)
    # Filled in with what a phone entered (a refused save), when the address carries it.
    typed = typed_values(board, request.GET)
    initial = {**correction_initial(board, hand), **typed}
    form = CorrectionForm(request.POST or None, board=board, hand=hand, initial=initial)
    warnings = []
    if request.method == "POST" and form.is_valid():
        try:
            return correct(request, board, hand, form.cleaned_data)
        except services.NeedsConfirmation as changes:
            warnings = changes.changes
        except RulesError as refusal:
            form.add_error(None, str(refusal))
    name = display.played_name(hand)
    context = {"group": group, "board": board, "hand": hand, "form": form, "name": name}
    if typed and not form.is_bound:
        context["saved"] = display.describe_entry(hand.as_entry(), board.names)
    return render(request, "tracker/hand_edit.html", {**context, "warnings": warnings})


def correct(request, board, hand, data):
    """Save a correction and say what it did; back to the scoreboard."""
    where = {"game": hand.result["game"], "hand": hand.result["number"]}
    entry = (data["bids"], data["tricks"], data["jacks"], request.user, data["confirm"])
    try:
        changed = services.correct_hand(board, hand.number, data["version"], *entry)
    except StalePage as refusal:
        messages.error(request, str(refusal))
    else:
        if changed is None:
            said = _("Nothing changed: game %(game)s · hand %(hand)s is as it was.") % where
            messages.info(request, said)
        else:
            said = _("Game %(game)s · hand %(hand)s corrected; every later hand rescored.")
            messages.success(request, said % where)
    return redirect(board.tournament)


@login_required
@require_POST
def hand_undo(request, pk, tournament_pk):
    group, tournament = tournament_for(request, pk, tournament_pk, role=Role.SCORER)
    board = load(tournament)
    undone = services.undone(board) or _("Nothing")
    undo = partial(services.undo_last, board, user=request.user)

    def undone_notice(first):
        # The same tap sent twice is told what the first one undid, not what a third would.
        what = line_of(first) if first else undone
        return _("%(undone)s; it stays in the history.") % {"undone": what}

    return act_on_version(request, tournament, undo, undone_notice)


@login_required
@require_GET
def tournament_list(request, pk):
    """The group's past tournaments, newest first, ten a page."""
    group = group_for(request, pk)
    page = page_of(history.tournaments_of(group), request.GET.get("page"))
    rows = [history.tournament_row(group, load(tournament)) for tournament in page]
    context = {"group": group, "page": page, "tournaments": rows}
    return render(request, "tracker/history_tournaments.html", context)


@login_required
@require_GET
def tournament_charts(request, pk, tournament_pk):
    """A past tournament's games, each charted hand by hand."""
    group = group_for(request, pk)
    tournament = get_object_or_404(history.tournaments_of(group), pk=tournament_pk)
    board = load(tournament)
    context = {
        "group": group,
        "row": history.tournament_row(group, board),
        "games": history.tournament_charts(board),
    }
    return render(request, "tracker/history_tournament.html", context)
