"""Tags and filters every page shares: the colour and the sign of a gain or a loss, and the
idempotency key a form sends so that a double tap or a retry does a thing once."""

from django import template
from django.conf import settings
from django.urls import reverse
from django.utils.html import format_html

from core.idempotency import new_idempotency_key
from core.live import followed, live_token
from core.money import tone as money_tone

register = template.Library()


@register.filter
def tone(amount) -> str:
    """The CSS class of a signed amount or score: "pos", "neg" or ""."""
    return money_tone(amount)


@register.filter
def signed(points) -> str:
    """A score change with its sign: "+30", "-10", "0"."""
    return f"+{points}" if points > 0 else str(points)


@register.filter
def figure_length(text) -> str:
    """The CSS class of a big figure by how many characters it has: the table view's tiles are
    sized for seven ("-123.50"); an amount in đồng ("-3.000.000 ₫") takes a smaller size."""
    length = len(str(text))
    return "longest" if length > 13 else "longer" if length > 10 else "long" if length > 7 else ""


@register.simple_tag(takes_context=True)
def idempotency_key_field(context):
    """A hidden idempotency key for a form whose POST moves money or takes something back; minted
    at each render, so it never goes inside a {% cache %} fragment. A render shared by every
    reader (core/web/shared_part.py) holds a slot instead, filled in for each of them."""
    key = context.get("once_slot") or new_idempotency_key()
    return format_html('<input type="hidden" name="once" value="{}">', key)


@register.simple_tag
def live_marker(thing):
    """Where the page asks whether the tournament, session or group it shows changed, and the
    version it shows, as that question answers it, and the stream that tells each new version
    (LIVE_STREAM; see core/live.py, live.js)."""
    kind, pk, version = followed(thing)
    token = live_token(kind, pk)
    stream = ""
    if settings.LIVE_STREAM:
        stream = format_html(' data-stream="{}"', reverse("live_stream", args=[token]))
    url = reverse("live", args=[token])
    marker = '<div hidden data-live="{}" data-version="{}"{}></div>'
    return format_html(marker, url, version, stream)
