"""Small pieces every page shares: htmx fragments, refusals as messages, versioned actions."""

import json
import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial, wraps
from urllib.parse import urljoin

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.messages.storage.base import BaseStorage
from django.http import Http404, HttpResponse, JsonResponse
from django.http.request import split_domain_port
from django.middleware.csrf import get_token
from django.shortcuts import get_object_or_404, redirect, render
from django.template.loader import render_to_string
from django.utils.cache import patch_vary_headers
from django.utils.functional import SimpleLazyObject
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from basics.errors import RulesError
from core import games
from core.changes import change_context, line_of
from core.idempotency import AlreadyDone, idempotency_key_of
from core.live import current_version, read_token
from core.models import Role
from core.notices import from_message
from core.versioning import AlreadyRecorded, StalePage, version_key
from core.web.lists import page_of
from core.web.local_network import is_loopback
from core.web.permissions import group_for
from core.web.shared_part import fill_in, shared_key, shared_render
from core.web.stream_part import STREAM_READ

REFUSALS = (AlreadyRecorded, StalePage, RulesError)
# The indentation between a live part's tags, sent to every phone at the table after each
# change: a browser draws a run of it as it draws one line break (no live part holds a <pre>
# or a <textarea>, where it would count).
INDENTATION = re.compile(r">\s*\n\s*<")


def render_page(request, template: str, context: dict, fragment: str = "entry"):
    """The whole page, or only its `fragment` partial when htmx asks for it (the two differ
    for one address, so a cache must tell them apart)."""
    response = render(request, f"{template}#{fragment}" if request.htmx else template, context)
    patch_vary_headers(response, ["HX-Request"])
    return response


def render_chat_text(request, text: str, about, back: str):
    """A text to paste into the group's chat, on a page of the app: readable on a phone, copied
    whole by one button, or selected by hand where there is no script."""
    return render(request, "chat_text.html", {"text": text, "about": about, "back": back})


def live_part(request, template, context, shared: tuple | None, forms=dict, part="live"):
    """The `live` partial of `template` (or another `part` every reader shares) for this
    reader: from the render shared by every reader of what it shows (`shared`, see
    core/web/shared_part.py) with his own token and keys filled in, or, when `shared` is
    None, rendered for him alone. `forms()` gives what its forms need, worked out only when it
    is rendered."""
    partial = f"{template}#{part}"
    if shared is None:
        return without_indentation(render_to_string(partial, {**context, **forms()}, request))

    def render(slots):
        html = render_to_string(partial, {**context, **forms(), **slots}, request)
        return without_indentation(html)

    return fill_in(shared_render([partial, *shared], render), get_token(request))


def without_indentation(html: SafeString) -> SafeString:
    """A render without the indentation between its tags; still the HTML it was."""
    return mark_safe(INDENTATION.sub(">\n<", html).strip())


def swap_or_redirect(request, game, render_again):
    """After a change: htmx gets the live part of the page rendered again, a plain form post
    is redirected to the page (POST/redirect/GET)."""
    if request.htmx:
        return render_again()
    return redirect(game.get_absolute_url() + "#entry")


def page_version(request) -> int | None:
    """The version of the tournament or session the page was rendered from."""
    try:
        return int(request.POST.get("version", ""))
    except ValueError:
        return None


def idempotency_key_of_request(request) -> str | None:
    """The idempotency key a form sent (see the `idempotency_key_field` tag), if it is one."""
    return idempotency_key_of(request.POST.get("once", ""))


def say_once(request, level: int, text: str, tags: str = "") -> None:
    """Add a message unless the same one waits to be shown: a double tap's two requests tell
    the phone one thing. `tags` say where the page shows it (see `run_on_version`)."""
    waiting = messages.get_messages(request)
    said_before = any(message.level == level and str(message) == str(text) for message in waiting)
    if isinstance(waiting, BaseStorage):
        waiting.used = False  # looked at, not shown: they stay for the next page
    if not said_before:
        messages.add_message(request, level, text, extra_tags=tags)


def run_on_version(request, action, done, tags: str = "") -> bool:
    """Run `action(version=…, idempotency_key=…)` against the version the page was rendered
    from and with the form's idempotency key; say what happened.

    A stale page or a refused change saves nothing and says why; the same tap sent again
    (a double tap, a retry) is told what the first one did: `done`, or `done(first)` when it
    is a function, given the change the first one recorded (None when this was the first).
    `tags` go with the message, so the page can show it next to the part that was changed.
    """
    version, idempotency_key = page_version(request), idempotency_key_of_request(request)
    if version is None:
        messages.error(request, _("Reload the page and try again."), extra_tags=tags)
        return False
    first = None
    try:
        action(version=version, idempotency_key=idempotency_key)
    except AlreadyDone as repeat:
        first = repeat.first
    except REFUSALS as refusal:
        messages.error(request, str(refusal), extra_tags=tags)
        return False
    say_once(request, messages.SUCCESS, done(first) if callable(done) else done, tags)
    return True


def wants_json(request) -> bool:
    """The phone's outbox asks for JSON (static/js/outbox_send.js); a page asks for HTML."""
    if getattr(request, "answered_in_json", False):
        return True
    return request.get_preferred_type(["text/html", "application/json"]) == "application/json"


LEVELS = {"success": messages.SUCCESS, "info": messages.INFO, "warning": messages.WARNING}
LEVELS["error"] = messages.ERROR


def tell(request, notice, game, page):
    """Answer an entry with `notice` (core/notices.py): the outbox in JSON, with the
    note of a choice drawn by the notice's template; htmx with the page's entry part, drawn by
    `page(notice)`, as a form sent without JavaScript is, but for a notice in words alone (an
    entry saved, a refusal that keeps nothing of what was sent), which is redirected to the
    game's page (POST/redirect/GET), the notice carried as a message."""
    if wants_json(request):
        said, status = notice.as_json()
        if notice.choice:
            context = {"notice": notice, "outbox": True}
            said["conflict"] = render_to_string("tracker/_notice.html", context, request)
        return JsonResponse(said, status=status)
    if notice.carried and not request.htmx:
        say_once(request, LEVELS.get(notice.tone, messages.SUCCESS), notice.text, notice.place)
        return redirect(game.get_absolute_url() + "#entry")
    return page(notice)


def waiting_notices(request) -> list:
    """The notices carried to this page as messages (`tell`, `run_on_version`), shown now; a
    page read for a stream's event leaves them for the page its reader opens next."""
    if getattr(request, "scope", {}).get(STREAM_READ):
        return []
    return [from_message(message) for message in messages.get_messages(request)]


def answered_in_json(view):
    """`view` at an address only the outbox ever sent to: answered in JSON whatever the request
    asks, as the outbox that kept an entry under it expects."""

    @wraps(view)
    def in_json(request, *args, **kwargs):
        request.answered_in_json = True
        return view(request, *args, **kwargs)

    return in_json


def act_on_version(request, game, action, done: str | Callable[..., str]):
    """A destructive action (undo, close) on the version the page was rendered from, then back to
    the page, which says what happened."""
    run_on_version(request, action, done)
    return redirect(game)


@dataclass(frozen=True)
class GamePage:
    """How a game's page is drawn: its `template`, which names the game `word`; the board
    `load` reads; what `shown(board, every)` shows of it, entries in words by `describe`; and
    in its live part the forms `scorer_forms(board, forms)` gives a scorer, or what
    `reader_forms()` gives a reader who does not score. `kept_sheet`, when set, names the
    template's part the phone holds beside the live part (forms for entry without a network,
    between `kept-part:kept-sheet` markers): in the whole page, not in a live refresh, and
    fetched again on its own (`kept_sheet_response`, static/js/kept_sheet.js)."""

    template: str
    word: str
    load: Callable
    shown: Callable
    describe: Callable
    scorer_forms: Callable
    reader_forms: Callable = dict
    kept_sheet: str = ""

    def render(self, request, group, game, board=None, notice=None, forms=None):
        """The page, or only its #entry part for htmx; `forms` as the scorer left them, and
        `notice`, what the phone is told of what it sent, beside the notices carried here."""
        told = [*waiting_notices(request), *([notice] if notice else [])]
        context, shared, live_forms = self.parts(request, group, game, board, forms, told)
        context["live_html"] = live_part(request, self.template, context, shared, live_forms)
        if self.kept_sheet and not request.htmx:  # a live refresh leaves the sheet held
            sheet = live_part(request, self.template, context, shared, live_forms, self.kept_sheet)
            context[self.kept_sheet] = sheet
        return render_page(request, self.template, context)

    def kept_sheet_response(self, request, group, game):
        """The part held beside the live part, alone: what the phone fetches when its key
        changes."""
        context, shared, live_forms = self.parts(request, group, game)
        return HttpResponse(
            live_part(request, self.template, context, shared, live_forms, self.kept_sheet)
        )

    def parts(self, request, group, game, board=None, forms=None, told=()):
        """What the page's parts show, notices `told` among them: (context, what its shared
        renders are kept under, or None when they are this reader's own, and the forms'
        context, worked out when rendered)."""
        forms = forms or {}
        can_score = group.membership.allows(Role.SCORER)
        every = bool(request.GET.get("all"))
        shared = None if board is not None or forms else shared_key(group, game, every)
        # Read only where a form or a fragment missing from the cache needs it.
        board = board or SimpleLazyObject(partial(self.load, game))
        context = {"group": group, self.word: game, "can_score": can_score, "board": board}
        context |= {"every": every, "version_key": version_key(game)}
        context["notices"] = list(told)
        context["shown"] = SimpleLazyObject(partial(self.shown, board, every))
        context["recent_changes"] = SimpleLazyObject(
            lambda: change_context(game, board.names, self.describe, every)
        )
        live_forms = partial(self.scorer_forms, board, forms) if can_score else self.reader_forms
        return context, shared, live_forms


def undo_told(request, game, undo, undone):
    """Undo the game's last entry (`undo`, on the page's version), then back to its page, which
    says what was undone: `undone`, or to the same tap sent twice, what the first one undid
    (not what a third would)."""

    def undone_notice(first):
        what = line_of(first) if first else undone
        return _("%(undone)s; it stays in the history.") % {"undone": what}

    return act_on_version(request, game, undo, undone_notice)


def round_undo_told(request, board, undo_last):
    """The last round of the game of `board` (a game played in rounds) taken back by
    `undo_last(board, version=…, user=…, idempotency_key=…)`, as `undo_told` tells it."""
    undone = _("Round %(number)s undone") % {"number": board.rounds_played}
    return undo_told(request, board.game, partial(undo_last, board, user=request.user), undone)


def round_correction_told(request, game, number: int, correct):
    """Round `number` of `game` (a game played in rounds) corrected by `correct(user)`, as
    `correction_told` tells it."""
    where = {"number": number}
    unchanged = _("Nothing changed: round %(number)s is as it was.") % where
    said = _("Round %(number)s corrected; its money follows.") % where
    return correction_told(request, game, partial(correct, request.user), unchanged, said)


def correction_told(request, game, correct, unchanged: str, corrected: str):
    """Save a correction (`correct()`, which gives nothing when it changes nothing), then back
    to the game's page, which says what it did: `corrected`, `unchanged`, or why the page it
    was made on was stale."""
    try:
        changed = correct()
    except StalePage as refusal:
        messages.error(request, str(refusal))
    else:
        if changed:
            messages.success(request, corrected)
        else:
            messages.info(request, unchanged)
    return redirect(game)


def new_game_page(request, group, form_class, last, start, template: str, more=dict):
    """The form that starts a game of `group`, filled in as its `last` game was played; sent
    valid, the game `start(data)` starts, and its page (a refusal of the rules is shown on the
    form). `more()`: what else the form's page shows."""
    initial = form_class.as_last_time(last)
    players = list(group.players.all())
    form = form_class(request.POST or None, group=group, players=players, initial=initial)
    if request.method == "POST" and form.is_valid():
        try:
            return redirect(start(form.cleaned_data))
        except RulesError as refusal:
            form.add_error(None, str(refusal))
    return render(request, template, {"group": group, "form": form, **more()})


def game_pk(kind: str, address: dict) -> int:
    """The game's id in an address of its pages (core/web/game_routes.py)."""
    return address[f"{kind}_pk"]


def _past_of(request, pk, kind: str):
    """The group, its game of `kind` and that game's past games (its `history`'s `past`)."""
    group, game_kind = group_for(request, pk), games.kind_named(kind)
    if game_kind is None or game_kind.history is None:
        raise Http404(_("No such page"))
    return group, game_kind, game_kind.history.past


@login_required
@require_GET
def past_games(request, pk, kind: str):
    """The group's past games of `kind`, newest first, ten a page (listed under its address)."""
    group, game_kind, past = _past_of(request, pk, kind)
    page = page_of(past.games(group), request.GET.get("page"))
    rows = [past.row(group, game_kind.load(game)) for game in page]
    context = {"group": group, "page": page, game_kind.address: rows}
    return render(request, past.list_template, context)


@login_required
@require_GET
def past_game(request, pk, kind: str, **address):
    """One of the group's past games of `kind` (404 for another's), charted."""
    group, game_kind, past = _past_of(request, pk, kind)
    game = get_object_or_404(past.games(group), pk=game_pk(kind, address))
    context = {"group": group, **past.chart(group, game_kind.load(game))}
    return render(request, past.chart_template, context)


@require_GET
def changed(request, token):
    """204 when the game or group of `token` is still at version ?v=, else 200 with the new
    version (the page then refreshes its live part). No login: the signed token is the key."""
    what = read_token(token)
    if what is None:
        raise Http404(_("No such page"))
    version = current_version(*what)
    if version is None:
        raise Http404(_("No such page"))
    if request.GET.get("v") == str(version):
        return HttpResponse(status=204)
    return HttpResponse(str(version), content_type="text/plain")


@require_GET
def stream(request, token):
    """The address of `token`'s stream. Under an ASGI server the stream answers it before Django
    does (core/web/live_stream.py, routed in cardtable/asgi.py); here, under a WSGI server,
    which would send nothing until a stream ends, 204 tells the browser not to come back, and
    the page asks every 3 s. No login, as `changed`."""
    what = read_token(token)
    if what is None or not settings.LIVE_STREAM or current_version(*what) is None:
        raise Http404(_("No such page"))
    return HttpResponse(status=204)


def log_download(log: dict, filename: str) -> HttpResponse:
    response = HttpResponse(
        json.dumps(log, ensure_ascii=False, indent=1), content_type="application/json"
    )
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


def url_for_phones(request, path: str) -> str:
    """`path` as an address for another phone: the table's address (`make run` sets it) when the
    page was opened on the serving computer itself as 127.0.0.1 or localhost, which no phone
    reaches; otherwise the address this page was reached at."""
    host, _port = split_domain_port(request.get_host())
    if settings.TABLE_ADDRESS and is_loopback(host):
        return urljoin(settings.TABLE_ADDRESS, path)
    return request.build_absolute_uri(path)
