"""Limits on guessing passwords and on creating accounts, per client address.

Logins are counted by django-axes (settings: AXES_*): `LoginLockoutBackend` refuses a locked-out
username and address before any password is checked, and `login_locked_out` is the page they
get. Sign-ups are counted here, in the database, by `throttled`.
"""

import math
from datetime import timedelta
from functools import wraps

from axes.backends import AxesStandaloneBackend
from axes.helpers import get_client_username, get_cool_off
from django.conf import settings
from django.db import transaction
from django.shortcuts import render
from django.utils import timezone

from core.models import ThrottledPost

TEMPLATE = "registration/locked_out.html"
ADDRESS_MOST = ThrottledPost._meta.get_field("address").max_length


def client_ip(request) -> str | None:
    """The client's address: REMOTE_ADDR, or, behind TRUSTED_PROXY_COUNT proxies that each append
    the address they saw to X-Forwarded-For, the one the outermost proxy wrote (entries before it
    are whatever the client sent)."""
    forwarded = request.META.get("HTTP_X_FORWARDED_FOR", "")
    return address_of(request.META.get("REMOTE_ADDR"), forwarded)


def address_of(remote: str | None, forwarded: str) -> str | None:
    """`client_ip` from the connection's address and the X-Forwarded-For header."""
    proxies = settings.TRUSTED_PROXY_COUNT
    if proxies:
        hops = [hop.strip() for hop in forwarded.split(",") if hop.strip()]
        if len(hops) >= proxies:
            return hops[-proxies]
    return remote


class LoginLockoutBackend(AxesStandaloneBackend):
    """Axes' lockout check. It needs the request to know the client's address; a call without
    one is no login over HTTP (the test client's `login()`, a shell) and goes on to the next
    backend unchecked. Every login form of the site passes its request."""

    def authenticate(self, request, username=None, password=None, **kwargs):
        if request is None:
            return None
        return super().authenticate(request, username=username, password=password, **kwargs)


def too_many(request, *, minutes: int, signup: bool = False, username: str = ""):
    context = {"minutes": minutes, "signup": signup, "username": username}
    return render(request, TEMPLATE, context, status=429)


def login_locked_out(request, original_response=None, credentials=None):
    """Axes' lockout response (AXES_LOCKOUT_CALLABLE): 429 and when to try again."""
    minutes = math.ceil(get_cool_off(request).total_seconds() / 60)
    username = get_client_username(request, credentials) or ""
    return too_many(request, minutes=minutes, username=username)


def throttled(view):
    """`view` answering 429 to a client address that posted to it SIGNUP_THROTTLE_LIMIT times
    within the last SIGNUP_THROTTLE_SECONDS. The posts are counted in the database, which every
    server process shares (an in-process cache would let each one allow the limit); a refused
    post is not counted, so an address that keeps trying adds nothing."""

    what = f"{view.__module__}.{view.__name__}"

    @wraps(view)
    def throttled_view(request, *args, **kwargs):
        if request.method == "POST":
            address = (client_ip(request) or "")[:ADDRESS_MOST]
            seconds_left = _seconds_until_allowed(what, address)
            if seconds_left:
                return too_many(request, minutes=math.ceil(seconds_left / 60), signup=True)
        return view(request, *args, **kwargs)

    return throttled_view


def _seconds_until_allowed(what: str, address: str) -> float:
    """0 after counting this post, when the address is under the limit; else how long until
    its earliest counted post leaves the window."""
    now, window = timezone.now(), timedelta(seconds=settings.SIGNUP_THROTTLE_SECONDS)
    with transaction.atomic():
        ThrottledPost.objects.filter(at__lte=now - window).delete()
        posts = ThrottledPost.objects.filter(what=what, address=address).order_by("at")
        counted = list(posts.values_list("at", flat=True)[: settings.SIGNUP_THROTTLE_LIMIT])
        if len(counted) < settings.SIGNUP_THROTTLE_LIMIT:
            ThrottledPost.objects.create(what=what, address=address, at=now)
            return 0
    earliest = counted[0] if counted else now  # a limit of 0 allows nothing
    return max((earliest + window - now).total_seconds(), 1)
