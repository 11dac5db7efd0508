"""Groups, their members and invites: the one gate for every change to who sits where."""

import segno
from django.db import IntegrityError, transaction
from django.db.models import F
from django.utils import timezone
from django.utils.translation import gettext as _

from core import games
from core.models import Invite, Membership, Role
from core.versioning import changed_fields, touch_group


class Refused(Exception):
    """A change that would leave the group without what it needs; nothing was saved."""


def create_group(form, user):
    """A new group (from its form) owned by `user`."""
    with transaction.atomic():
        group = form.save()
        Membership.objects.create(group=group, user=user, role=Role.OWNER)
    return group


def save_group(form) -> None:
    """The group's name and currency, as the form changed them; the currency only while nothing
    was played for money (every amount is stored in the currency's minor unit: changing it
    would rescale them). The group's row is claimed first, so a restore holding the group
    refuses the edit, and a payment waits until it is saved or refused."""
    group = form.instance
    with transaction.atomic():
        touch_group(group.pk)
        if "currency" in form.changed_data and has_money(group):
            raise Refused(
                _(
                    "The currency stays %(currency)s: this group's games and payments are kept "
                    "in it. Start a new group to play in another currency."
                )
                % {"currency": form.initial["currency"]}
            )
        form.save(commit=False).save(update_fields=changed_fields(form))


def has_money(group) -> bool:
    """Whether anything was played or paid in the group's currency."""
    played = (kind.played_for_money(group) for kind in games.every_kind())
    return group.transactions.exists() or any(played)


class NameTaken(Exception):
    """Another phone gave the name or short name to another player of the group between the
    form's check and the save; nothing was saved."""


def save_player(form, user=None):
    """A new player, or a player renamed (and linked to `user`, a member, or to no one): of a
    player read before, only what the owner changed is written, after the group is claimed."""
    try:
        with transaction.atomic():
            touch_group(form.instance.group_id)
            player = form.save(commit=False)
            player.set_name(player.name)
            if player.pk is None:
                player.save()
                return player
            changed = changed_fields(form)
            named = ["name_key"] if "name" in changed else []
            linked = [] if player.user_id == (user.pk if user else None) else ["user"]
            player.user = user
            player.save(update_fields=changed + named + linked)
    except IntegrityError:  # the group's names are unique in the database, not only in forms
        raise NameTaken from None
    return player


def _refuse_losing_the_last_owner(group, member) -> None:
    if member.role == Role.OWNER and group.memberships.filter(role=Role.OWNER).count() == 1:
        raise Refused(_("A group needs at least one owner."))


def change_role(group, member, role: str) -> None:
    if role != Role.OWNER:
        _refuse_losing_the_last_owner(group, member)
    with transaction.atomic():
        member.role = role
        member.save(update_fields=["role"])
        touch_group(group.pk, while_restored=True)


def remove_member(group, member) -> None:
    _refuse_losing_the_last_owner(group, member)
    with transaction.atomic():
        member.delete()
        touch_group(group.pk, while_restored=True)


def accept_invite(invite, user) -> Membership:
    """`user` joins the invite's group, or is raised to the invite's role if it is higher."""
    with transaction.atomic():
        membership, created = Membership.objects.get_or_create(
            group=invite.group, user=user, defaults={"role": invite.role}
        )
        if not created and Role.rank(invite.role) > Role.rank(membership.role):
            membership.role = invite.role
            membership.save(update_fields=["role"])
        Invite.objects.filter(pk=invite.pk).update(uses=F("uses") + 1)
        touch_group(invite.group_id, while_restored=True)
    return membership


def revoke_invite(invite) -> None:
    if invite.revoked_at is None:
        invite.revoked_at = timezone.now()
        invite.save(update_fields=["revoked_at"])


def qr_svg(url: str) -> str:
    return segno.make(url, error="m").svg_inline(scale=5, dark="#111", light="#fff")
