"""The language of a page: the one a person chose (stored with his account, and in a cookie so a
page costs no query to know it), else what his browser asks for, else English."""

from django.conf import settings
from django.contrib.auth.signals import user_logged_in
from django.dispatch import receiver
from django.http import HttpResponseRedirect
from django.middleware.locale import LocaleMiddleware
from django.utils import translation
from django.utils.http import url_has_allowed_host_and_scheme
from django.views.decorators.http import require_POST

from tracker.models import Preferences

LANGUAGE_CODES = {code for code, _name in settings.LANGUAGES}


class LanguageMiddleware(LocaleMiddleware):
    """Django's cookie-then-browser choice, plus: the language a person chose is put back in
    his cookie when he logs in on another phone."""

    def process_response(self, request, response):
        response = super().process_response(request, response)
        chosen = getattr(request, "chosen_language", None)
        if chosen:
            remember_in_cookie(response, chosen)
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
    if request is None:
        return
    chosen = Preferences.objects.filter(user=user).values_list("language", flat=True).first()
    if chosen in LANGUAGE_CODES:
        request.chosen_language = chosen
        translation.activate(chosen)


@require_POST
def choose_language(request):
    """One tap on a language: stored in this phone's cookie, and with the account when logged
    in."""
    language = request.POST.get("language", "")
    back = request.POST.get("next", "")
    if not url_has_allowed_host_and_scheme(back, {request.get_host()}, request.is_secure()):
        back = "/"
    response = HttpResponseRedirect(back)
    if language not in LANGUAGE_CODES:
        return response
    remember_in_cookie(response, language)
    if request.user.is_authenticated:
        Preferences.objects.update_or_create(user=request.user, defaults={"language": language})
    return response
