"""Filters every page shares: the colour and the sign of a gain or a loss."""

from django import template

from tracker.common.money import tone as money_tone

register = template.Library()


@register.filter
def tone(amount) -> str:
    """The CSS class of a signed amount or score: "pos", "neg" or ""."""
    return money_tone(amount)


@register.filter
def signed(points) -> str:
    """A score change with its sign: "+30", "-10", "0"."""
    return f"+{points}" if points > 0 else str(points)
