"""Which Redis servers failed lately in this process: after one does not answer, neither the cache
(core/web/cache.py) nor the announcement of a new version (core/live.py) asks it again for
`ASK_AGAIN_AFTER` seconds, so a save waits for at most one timeout, not one for each.

A hint for speed only: it decides nothing recorded (the database does), and a server wrongly
skipped costs a page rendered cold or a stream that reads its version itself.
"""

import time
from urllib.parse import urlsplit

ASK_AGAIN_AFTER = 5.0  # seconds without asking a Redis that failed

# Redis server ("host:port") → when it last failed in this process (time.monotonic()).
failed_at: dict[str, float] = {}


def server_of(url: str) -> str:
    """The server a Redis URL names, whichever of its databases: "127.0.0.1:6379"."""
    parts = urlsplit(url)
    return f"{parts.hostname}:{parts.port or 6379}" if parts.hostname else parts.path


def failed(server: str) -> None:
    failed_at[server] = time.monotonic()


def failed_recently(server: str) -> bool:
    """Whether `server` failed less than `ASK_AGAIN_AFTER` seconds ago: not asked meanwhile."""
    when = failed_at.get(server)
    return when is not None and time.monotonic() - when < ASK_AGAIN_AFTER
