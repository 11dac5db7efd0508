"""What the lists of a group's past games share: pages of ten, newest first, and each player
linked to his own page."""

from django.core.paginator import Page, Paginator
from django.urls import reverse

PAGE_SIZE = 10


def page_of(queryset, number) -> Page:
    """The page `number` (a query's ?page=, read as Django's paginator reads it: the first page
    for anything else, the last for a number past it)."""
    return Paginator(queryset, PAGE_SIZE).get_page(number)


def player_links(group, seats) -> list[dict]:
    """Each seat's player, with the address of his page."""
    return [
        {"name": seat.player.name, "url": reverse("player_stats", args=[group.pk, seat.player_id])}
        for seat in seats
    ]
