from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db import transaction
from django.db.models import Prefetch
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from ledger.balances import group_balances
from tracker.common.permissions import group_for
from tracker.groups.forms import GroupForm, MemberRoleForm
from tracker.models import Group, Membership, Role, SessionSeat, TournamentSeat


@require_GET
def home(request):
    if not request.user.is_authenticated:
        return render(request, "tracker/welcome.html")
    groups = Group.objects.filter(memberships__user=request.user).order_by("name")
    return render(request, "tracker/home.html", {"groups": groups})


@login_required
@require_http_methods(["GET", "POST"])
def group_create(request):
    form = GroupForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        with transaction.atomic():
            group = form.save()
            Membership.objects.create(group=group, user=request.user, role=Role.OWNER)
        messages.success(request, f"{group.name} is ready. Add the players at your table.")
        return redirect(group)
    return render(request, "tracker/group_form.html", {"form": form})


@login_required
@require_GET
def group_detail(request, pk):
    group = group_for(request, pk)
    context = {
        "group": group,
        "players": group.players.select_related("user"),
        "members": group.memberships.select_related("user"),
        "tournaments": group.tournaments.select_related("champion").prefetch_related(
            Prefetch("seats", queryset=TournamentSeat.objects.select_related("player"))
        )[:10],
        "sessions": group.sessions.prefetch_related(
            Prefetch("seats", queryset=SessionSeat.objects.select_related("player"))
        )[:10],
        "balances": group_balances(group),
        "can_score": group.membership.allows(Role.SCORER),
        "is_owner": group.membership.allows(Role.OWNER),
    }
    return render(request, "tracker/group_detail.html", context)


@login_required
@require_http_methods(["GET", "POST"])
def group_edit(request, pk):
    group = group_for(request, pk, role=Role.OWNER)
    form = GroupForm(request.POST or None, instance=group)
    if request.method == "POST" and form.is_valid():
        form.save()
        messages.success(request, "Group saved.")
        return redirect(group)
    return render(request, "tracker/group_form.html", {"form": form, "group": group})


@login_required
@require_POST
def member_role(request, pk, member_pk):
    group = group_for(request, pk, role=Role.OWNER)
    member = get_object_or_404(group.memberships.select_related("user"), pk=member_pk)
    form = MemberRoleForm(request.POST)
    if not form.is_valid():
        messages.error(request, "Pick a role: viewer, scorer or owner.")
    elif (
        member.role == Role.OWNER
        and form.cleaned_data["role"] != Role.OWNER
        and (group.memberships.filter(role=Role.OWNER).count() == 1)
    ):
        messages.error(request, "A group needs at least one owner.")
    else:
        member.role = form.cleaned_data["role"]
        member.save(update_fields=["role"])
        messages.success(request, f"{member.user} is now {member.get_role_display().lower()}.")
    return redirect(group)


@login_required
@require_POST
def member_remove(request, pk, member_pk):
    group = group_for(request, pk, role=Role.OWNER)
    member = get_object_or_404(group.memberships.select_related("user"), pk=member_pk)
    if member.role == Role.OWNER and group.memberships.filter(role=Role.OWNER).count() == 1:
        messages.error(request, "A group needs at least one owner.")
    else:
        member.delete()
        messages.success(request, f"{member.user} no longer has access to {group.name}.")
    return redirect(group)
