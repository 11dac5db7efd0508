"""Whether this server can serve a table: its database and its cache answer.

A load balancer sends phones only to a server that is ready; a server that is alive (`healthz`)
but not ready (its database or Redis gone) is left out until they answer again.
"""

import logging

from django.core.cache import cache
from django.db import DatabaseError

from core.models import Group

logger = logging.getLogger(__name__)
READY_KEY = "readyz"


def database_problem() -> str | None:
    """None when the database answers a query on the app's own tables (so migrations ran)."""
    try:
        Group.objects.exists()
    except DatabaseError as error:
        logger.warning("readyz: the database does not answer: %s", error)
        return "database unavailable"
    return None


def cache_problem() -> str | None:
    """None when a value written to the cache reads back."""
    try:
        cache.set(READY_KEY, "ready", timeout=10)
        answered = cache.get(READY_KEY) == "ready"
    except Exception as error:  # each cache backend raises its own client's errors
        logger.warning("readyz: the cache does not answer: %s", error)
        return "cache unavailable"
    return None if answered else "cache unavailable"
