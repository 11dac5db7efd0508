"""One line per request on the console: method, path, status, milliseconds and a request id.

The id comes from the proxy in front (Caddy sets X-Request-ID) when it is well-formed, so one
request is found in both logs; otherwise the server makes one. It is sent back in the
response's X-Request-ID for a player to quote. The path is logged without its query string
(which may hold a token) and no request body is ever logged.
"""

import logging
import re
import time
import uuid

logger = logging.getLogger("cardtable.requests")
HEADER = "X-Request-ID"
# A UUID, or what another proxy makes: letters, digits and a few separators, not too long.
WELL_FORMED = re.compile(r"[A-Za-z0-9._:-]{8,64}")


def request_id(sent: str | None) -> str:
    if sent and WELL_FORMED.fullmatch(sent):
        return sent
    return uuid.uuid4().hex


class RequestLogMiddleware:
    """First in the list, so its time covers every other middleware and the view."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        began = time.perf_counter()
        request.request_id = request_id(request.headers.get(HEADER))
        response = self.get_response(request)
        response[HEADER] = request.request_id
        logged(request.method, request.path, response.status_code, began, request.request_id)
        return response


def logged(method: str, path: str, status: int, began: float, sent_as: str) -> None:
    """The line of one answered request, `began` at that time.perf_counter()."""
    milliseconds = (time.perf_counter() - began) * 1000
    logger.info("%s %s %s %.0fms id=%s", method, path, status, milliseconds, sent_as)
