"""A sweep over every URL under /groups/<pk>/: an outsider learns nothing, whatever the URL."""

import re

import pytest
from django.urls import URLPattern, URLResolver, get_resolver

from tracker.catte import services
from tracker.cutthroat import services as tournaments


def group_patterns(patterns=None, prefix=""):
    for entry in patterns if patterns is not None else get_resolver().url_patterns:
        route = prefix + str(entry.pattern)
        if isinstance(entry, URLResolver):
            yield from group_patterns(entry.url_patterns, route)
        elif isinstance(entry, URLPattern) and route.startswith("groups/<id:pk>/"):
            yield route


ROUTES = sorted(set(group_patterns()))


def concrete(route: str, group_pk: int) -> str:
    path = route.replace("<id:pk>", str(group_pk))
    return "/" + re.sub(r"<(?:int|id):\w+>", "1", path)


def test_the_sweep_sees_the_urls_of_every_part():
    names = " ".join(ROUTES)
    for part in ["tournaments", "sessions", "balances", "payments", "history", "invites"]:
        assert part in names


@pytest.mark.parametrize("route", ROUTES)
def test_an_outsider_gets_404_or_405_and_nothing_else(as_dave, group, players, alice, route):
    tournaments.start(group, players[:3], {"preset": "official"}, alice)
    services.logs.start(group, players, {"stake": "1.00"}, alice)
    url = concrete(route, group.pk)
    for method in ("get", "post"):
        assert getattr(as_dave, method)(url).status_code in (404, 405), (method, url)
