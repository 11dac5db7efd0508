"""The pages of a refused or failed request (400, 403, 404, 500) in the app's look and the
reader's language, with debug on (`make run`) as with it off: a phone at the table never sees
Django's own English pages. A 500 with debug on keeps Django's page, which shows what broke."""

import logging

from django.conf import settings
from django.core.exceptions import PermissionDenied, SuspiciousOperation
from django.http import Http404
from django.shortcuts import render
from django.utils import translation
from django.utils.translation import gettext_lazy as _
from django.views import defaults

logger = logging.getLogger("django.request")

TITLES = {
    400: _("This request could not be read"),
    403: _("Not yours to open"),
    404: _("Nothing here"),
    500: _("Something went wrong on the server"),
}
EXPLAINED = {
    400: _("The phone sent something the app cannot take. Go back and try again."),
    403: _(
        "This page is not for your account, or the form on it was too old: go back, reload "
        "the page and try again."
    ),
    404: _("This page does not exist, or it belongs to a group you are not in."),
    500: _(
        "Nothing of this request was saved. Try again in a moment; if it happens again, tell "
        "whoever runs the app."
    ),
}


def error_page(request, status: int):
    # A request refused before the language was read (its address, its size) is still answered
    # in the reader's language.
    language = translation.get_language_from_request(request)
    with translation.override(getattr(request, "LANGUAGE_CODE", language)):
        context = {"status": status, "title": TITLES[status], "explained": EXPLAINED[status]}
        return render(request, "error.html", context, status=status)


def bad_request(request, exception):
    return error_page(request, 400)


def permission_denied(request, exception):
    return error_page(request, 403)


def page_not_found(request, exception):
    return error_page(request, 404)


def server_error(request):
    try:
        return error_page(request, 500)
    except Exception:  # the page itself failed: Django's plain one says the same
        logger.exception("The error page could not be drawn")
        return defaults.server_error(request)


def csrf_failure(request, reason=""):
    return error_page(request, 403)


class ErrorPagesMiddleware:
    """With debug on, Django answers a view's 404, 403 and 400 with its technical pages: here they
    get the app's own, as with debug off."""

    ANSWERED = ((Http404, 404), (PermissionDenied, 403), (SuspiciousOperation, 400))

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        return self.get_response(request)

    def process_exception(self, request, exception):
        if not settings.DEBUG:
            return None  # the handlers in cardtable/urls.py answer, after Django has logged it
        status = next((code for kind, code in self.ANSWERED if isinstance(exception, kind)), None)
        return None if status is None else error_page(request, status)
