"""The language of a page: the one a person chose (stored with his account, and in a cookie so a
page costs no query to know it), else what his browser asks for, else English."""

from django.conf import settings
from django.contrib.auth.signals import user_logged_in
from django.dispatch import receiver
from django.http import HttpResponseRedirect
from django.middleware.locale import LocaleMiddleware
from django.shortcuts import render
from django.utils import translation
from django.utils.http import url_has_allowed_host_and_scheme
from django.views.decorators.http import require_http_methods

from core.models import Preferences

LANGUAGE_CODES = {code for code, _name in settings.LANGUAGES}


class LanguageMiddleware(LocaleMiddleware):
    """Django's cookie-then-browser choice, plus: the language a person chose is put back in
    his cookie when he logs in on another phone."""

    def process_response(self, request, response):
        response = super().process_response(request, response)
        chosen = getattr(request, "chosen_language", None)
        if chosen:
            remember_in_cookie(response, chosen)
        if getattr(request, "language_before_offered", False):
            response.delete_cookie(LANGUAGE_BEFORE, samesite=settings.LANGUAGE_COOKIE_SAMESITE)
        response.headers.setdefault("Content-Language", translation.get_language())
        return response


def remember_in_cookie(response, language: str) -> None:
    response.set_cookie(
        settings.LANGUAGE_COOKIE_NAME,
        language,
        max_age=settings.LANGUAGE_COOKIE_AGE,
        samesite=settings.LANGUAGE_COOKIE_SAMESITE,
        secure=settings.SESSION_COOKIE_SECURE,
        httponly=True,
    )


@receiver(user_logged_in)
def follow_the_chosen_language(sender, request, user, **kwargs):
    """The account's language wins on every phone; an account without one (a new one, just
    signed up) takes the language this phone chose before, so his next phone follows it too."""
    if request is None:
        return
    chosen = Preferences.objects.filter(user=user).values_list("language", flat=True).first()
    if chosen in LANGUAGE_CODES:
        request.chosen_language = chosen
        translation.activate(chosen)
        return
    on_this_phone = request.COOKIES.get(settings.LANGUAGE_COOKIE_NAME)
    if on_this_phone in LANGUAGE_CODES:
        Preferences.objects.update_or_create(user=user, defaults={"language": on_this_phone})


# The language a page was read in before a switch (a cookie of the phone, so that a switch
# stores nothing on the server for a visitor): the next page offers it back once.
LANGUAGE_BEFORE = "language_before"
LANGUAGE_BEFORE_SECONDS = 600


@require_http_methods(["GET", "POST"])
def choose_language(request):
    """The languages on a page of their own, away from every action, so that a stray tap
    cannot switch; one tap on one stores it in this phone's cookie, and with the account when
    logged in."""
    back = request.POST.get("next") or request.GET.get("next", "")
    if not url_has_allowed_host_and_scheme(back, {request.get_host()}, request.is_secure()):
        back = "/"
    if request.method == "GET":
        return render(request, "language.html", {"back": back})
    language = request.POST.get("language", "")
    response = HttpResponseRedirect(back)
    if language not in LANGUAGE_CODES:
        return response
    before = translation.get_language()
    if language != before and "taking_back" not in request.POST:
        response.set_cookie(
            LANGUAGE_BEFORE,
            before,
            max_age=LANGUAGE_BEFORE_SECONDS,
            samesite=settings.LANGUAGE_COOKIE_SAMESITE,
            secure=settings.SESSION_COOKIE_SECURE,
            httponly=True,
        )
    remember_in_cookie(response, language)
    if request.user.is_authenticated:
        Preferences.objects.update_or_create(user=request.user, defaults={"language": language})
    return response


def language_before(request) -> str | None:
    """The language this phone read in before its last switch, said once: the page after the
    switch offers it back."""
    before = request.COOKIES.get(LANGUAGE_BEFORE)
    if before is None:
        return None
    request.language_before_offered = True  # the middleware forgets it with this response
    return before if before in LANGUAGE_CODES and before != translation.get_language() else None
