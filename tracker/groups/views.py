import itertools
from functools import partial
from urllib.parse import urlsplit

from django.conf import settings
from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth.decorators import login_required
from django.contrib.auth.views import PasswordChangeView
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import Resolver404, resolve
from django.utils import timezone
from django.utils.functional import SimpleLazyObject
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import get_language, gettext_lazy
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from core import games
from core.models import Group, Invite, Role
from core.models.groups import INVITE_TOKEN
from core.names import by_name, derived_short_name
from core.versioning import RestoreRunning
from core.web.health import cache_problem, database_problem
from core.web.permissions import group_for
from core.web.views import render_page, url_for_phones
from ledger.balances import cached_balances
from ledger.payment_details import recent_changes
from tracker.gamelogs import cancelling
from tracker.groups import services
from tracker.groups.forms import (
    GroupForm,
    GuardedPasswordChangeForm,
    InviteForm,
    MemberRoleForm,
    PlayerForm,
    SignupForm,
    currency_for,
)

LATEST_GAMES = 10  # the games of each kind listed on the group page
SET_UP_PLAYERS = 2  # until the group has this many players, adding them comes first
# What a member's new role lets him do, in a whole sentence for each role.
NOW_IN_ROLE = {
    Role.VIEWER: gettext_lazy("%(member)s is now viewer (can look)."),
    Role.SCORER: gettext_lazy("%(member)s is now scorer (can enter results)."),
    Role.OWNER: gettext_lazy("%(member)s is now owner (manages the group)."),
}


@require_GET
def home(request):
    if not request.user.is_authenticated:
        return render(request, "tracker/welcome.html")
    groups = Group.objects.filter(memberships__user=request.user).order_by("name")
    return render(request, "tracker/home.html", {"groups": groups})


@login_required
@require_http_methods(["GET", "POST"])
def group_create(request):
    form = GroupForm(request.POST or None, initial={"currency": currency_for(get_language())})
    if request.method == "POST" and form.is_valid():
        group = services.create_group(form, request.user)
        messages.success(
            request, _("%(group)s is ready. Add the players at your table.") % {"group": group.name}
        )
        return redirect(group)
    return render(request, "tracker/group_form.html", {"form": form})


@login_required
@require_GET
def group_detail(request, pk):
    group = group_for(request, pk)
    cancelling.cancel_if_left(group)
    return render_page(request, "tracker/group_detail.html", group_page(group))


def group_page(group, **more) -> dict:
    """What the group page shows. Querysets and the balances are read only when the cached
    fragment is missing."""
    players = by_name(group.players.select_related("user"))
    is_owner = group.membership.allows(Role.OWNER)
    today = timezone.localdate()  # the changes of details shown are those of the last 30 days
    return {
        "group": group,
        "players": players,
        "members": group.memberships.select_related("user"),
        "game_sections": [kind.group_section(group, LATEST_GAMES) for kind in games.every_kind()],
        "balances": SimpleLazyObject(partial(cached_balances, group, players)),
        "today": today,
        "details_changes": SimpleLazyObject(partial(recent_changes, group, today)),
        "can_score": group.membership.allows(Role.SCORER),
        "is_owner": is_owner,
        "setting_up": is_owner and len(players) < SET_UP_PLAYERS,
        "restoring": group.restoring,
        **more,
    }


@login_required
@require_http_methods(["GET", "POST"])
def group_edit(request, pk):
    group = group_for(request, pk, role=Role.OWNER)
    form = GroupForm(request.POST or None, instance=group)
    if request.method == "POST" and form.is_valid():
        try:
            services.save_group(form)
            messages.success(request, _("Group saved."))
            return redirect(group)
        except services.Refused as refusal:
            form.add_error("currency", str(refusal))
        except RestoreRunning as refusal:
            form.add_error(None, str(refusal))
    return render(request, "tracker/group_form.html", {"form": form, "group": group})


@login_required
@require_POST
def member_role(request, pk, member_pk):
    group = group_for(request, pk, role=Role.OWNER)
    member = get_object_or_404(group.memberships.select_related("user"), pk=member_pk)
    form = MemberRoleForm(request.POST)
    if not form.is_valid():
        messages.error(request, _("Pick a role: viewer, scorer or owner."))
        return redirect(group)
    try:
        services.change_role(group, member, form.cleaned_data["role"])
        messages.success(request, NOW_IN_ROLE[Role(member.role)] % {"member": member.user})
    except services.Refused as refusal:
        messages.error(request, str(refusal))
    return redirect(group)


@login_required
@require_POST
def member_remove(request, pk, member_pk):
    group = group_for(request, pk, role=Role.OWNER)
    member = get_object_or_404(group.memberships.select_related("user"), pk=member_pk)
    try:
        services.remove_member(group, member)
        messages.success(
            request,
            _("%(member)s no longer has access to %(group)s.")
            % {"member": member.user, "group": group.name},
        )
    except services.Refused as refusal:
        messages.error(request, str(refusal))
    return redirect(group)


@login_required
@require_POST
def player_add(request, pk):
    group = group_for(request, pk, role=Role.OWNER)
    form = PlayerForm(request.POST, group=group)
    added = saved_player(form)
    if not request.htmx:
        if added:
            messages.success(request, _("%(player)s joined the table.") % {"player": added.name})
        else:
            for error in itertools.chain(*form.errors.values()):
                messages.error(request, str(error))  # text already (the stubs say maybe not)
        return redirect(group.get_absolute_url() + "#players")
    group.refresh_from_db(fields=["version"])  # the page's live check asks about the new one
    form = PlayerForm(group=group) if added else form
    added = added.name if added else None
    return render_page(
        request, "tracker/group_detail.html", group_page(group, form=form, added=added)
    )


def saved_player(form, user=None):
    """The player the form adds or changes, saved; None when the form or a restore holding
    the group refuses it (the form says why, next to the name)."""
    if not form.is_valid():
        return None
    try:
        return services.save_player(form, user)
    except RestoreRunning as refusal:
        form.add_error("name", str(refusal))
        return None
    except services.NameTaken:
        form.refuse_what_was_taken()
        return None


@login_required
@require_http_methods(["GET", "POST"])
def player_edit(request, pk, player_pk):
    group = group_for(request, pk, role=Role.OWNER)
    player = get_object_or_404(group.players, pk=player_pk)
    form = PlayerForm(request.POST or None, instance=player, group=group)
    members = by_name(group.memberships.select_related("user"), lambda m: m.user.username)
    if request.method == "POST" and form.is_valid():
        linked = request.POST.get("user")
        user = next((m.user for m in members if str(m.user_id) == linked), None)
        if saved_player(form, user):
            messages.success(request, _("%(player)s saved.") % {"player": player.name})
            return redirect(group)
    context = {"group": group, "player": player, "form": form, "members": members}
    context["derived_short_name"] = derived_short_name(player, group.players.all())
    return render(request, "tracker/player_form.html", context)


@login_required
@require_http_methods(["GET", "POST"])
def invite_list(request, pk):
    group = group_for(request, pk, role=Role.OWNER)
    form = InviteForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        invite = form.save(commit=False)
        invite.group, invite.created_by = group, request.user
        invite.save()
        messages.success(
            request, _("Invite created. Show the QR code at the table or send the link.")
        )
        return redirect("invite_list", pk=group.pk)
    invites = list(group.invites.all()[:20])
    for invite in invites:
        invite.url = url_for_phones(request, invite.get_absolute_url())
        invite.qr = services.qr_svg(invite.url) if invite.is_usable else ""
    context = {"group": group, "form": form, "invites": invites}
    return render(request, "tracker/invite_list.html", context)


@login_required
@require_POST
def invite_revoke(request, pk, invite_pk):
    group = group_for(request, pk, role=Role.OWNER)
    invite = get_object_or_404(group.invites, pk=invite_pk)
    services.revoke_invite(invite)
    messages.success(request, _("Invite revoked: the link no longer works."))
    return redirect("invite_list", pk=group.pk)


@require_http_methods(["GET", "POST"])
def invite_accept(request, token):
    if not INVITE_TOKEN.fullmatch(token):
        raise Http404(_("No such invite"))
    invite = get_object_or_404(Invite.objects.select_related("group"), token=token)
    if not invite.is_usable:
        return render(request, "tracker/invite_accept.html", {"invite": invite}, status=410)
    if not request.user.is_authenticated or request.method == "GET":
        return render(request, "tracker/invite_accept.html", {"invite": invite})
    return joined(request, invite)


def joined(request, invite):
    services.accept_invite(invite, request.user)
    messages.success(request, _("Welcome to %(group)s.") % {"group": invite.group.name})
    return redirect(invite.group)


def invite_behind(target: str) -> Invite | None:
    """The usable invite whose page `target` (where a login or a sign-up goes next) is."""
    try:
        match = resolve(urlsplit(target).path)
    except Resolver404:
        return None
    token = match.kwargs.get("token", "")
    if match.url_name != "invite" or not INVITE_TOKEN.fullmatch(token):
        return None
    invite = Invite.objects.select_related("group").filter(token=token).first()
    return invite if invite and invite.is_usable else None


def safe_next(request, default="home"):
    target = request.POST.get("next") or request.GET.get("next")
    if target and url_has_allowed_host_and_scheme(target, {request.get_host()}):
        return target
    return default


@require_http_methods(["GET", "POST"])
def signup(request):
    if request.user.is_authenticated:
        return redirect(safe_next(request))
    form = SignupForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        user = form.save()
        login(request, user, backend=settings.PASSWORD_BACKEND)
        # "Sign up to join": the sign-up was the answer, no second tap on the invite page.
        invite = invite_behind(safe_next(request, ""))
        return joined(request, invite) if invite else redirect(safe_next(request))
    context = {"form": form, "next": safe_next(request, "")}
    return render(request, "registration/signup.html", context)


class GuardedPasswordChangeView(PasswordChangeView):
    """Django's password change, its old password guarded like a login (the form says how)."""

    form_class = GuardedPasswordChangeForm

    def get_form_kwargs(self):
        return {**super().get_form_kwargs(), "request": self.request}


@require_GET
def healthz(request):
    """For load balancers and the benchmark: a bare Django view that touches no database."""
    return HttpResponse("ok", content_type="text/plain")


@require_GET
def readyz(request):
    """For load balancers: this server's database answers (503 with the reason if not). The
    cache's state is said apart: without it pages are only slower (core.web.cache)."""
    problem = database_problem()
    if problem:
        return HttpResponse(problem, content_type="text/plain", status=503)
    said = "\n".join(["ready", *filter(None, [cache_problem()])])
    return HttpResponse(said, content_type="text/plain")
