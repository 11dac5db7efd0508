import segno
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db import transaction
from django.db.models import F
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.views.decorators.http import require_http_methods, require_POST

from tracker.common.permissions import group_for
from tracker.groups.forms import InviteForm
from tracker.models import Invite, Membership, Role


def qr_svg(url: str) -> str:
    return segno.make(url, error="m").svg_inline(scale=5, dark="#111", light="#fff")


@login_required
@require_http_methods(["GET", "POST"])
def invite_list(request, pk):
    group = group_for(request, pk, role=Role.OWNER)
    form = InviteForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        invite = form.save(commit=False)
        invite.group, invite.created_by = group, request.user
        invite.save()
        messages.success(request, "Invite created. Show the QR code at the table or send the link.")
        return redirect("invite_list", pk=group.pk)
    invites = list(group.invites.all()[:20])
    for invite in invites:
        invite.url = request.build_absolute_uri(invite.get_absolute_url())
        invite.qr = qr_svg(invite.url) if invite.is_usable else ""
    context = {"group": group, "form": form, "invites": invites}
    return render(request, "tracker/invite_list.html", context)


@login_required
@require_POST
def invite_revoke(request, pk, invite_pk):
    group = group_for(request, pk, role=Role.OWNER)
    invite = get_object_or_404(group.invites, pk=invite_pk)
    if invite.revoked_at is None:
        invite.revoked_at = timezone.now()
        invite.save(update_fields=["revoked_at"])
    messages.success(request, "Invite revoked: the link no longer works.")
    return redirect("invite_list", pk=group.pk)


@require_http_methods(["GET", "POST"])
def invite_accept(request, token):
    invite = get_object_or_404(Invite.objects.select_related("group"), token=token)
    if not invite.is_usable:
        return render(request, "tracker/invite_accept.html", {"invite": invite}, status=410)
    if not request.user.is_authenticated or request.method == "GET":
        return render(request, "tracker/invite_accept.html", {"invite": invite})
    with transaction.atomic():
        membership, created = Membership.objects.get_or_create(
            group=invite.group, user=request.user, defaults={"role": invite.role}
        )
        if not created and Role.rank(invite.role) > Role.rank(membership.role):
            membership.role = invite.role
            membership.save(update_fields=["role"])
        Invite.objects.filter(pk=invite.pk).update(uses=F("uses") + 1)
    messages.success(request, f"Welcome to {invite.group.name}.")
    return redirect(invite.group)
