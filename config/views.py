"""Site-wide views: the language switch."""
from __future__ import annotations

from django.conf import settings
from django.http import HttpResponseRedirect
from django.utils.http import url_has_allowed_host_and_scheme
from django.views.decorators.cache import never_cache


@never_cache
def language_choose(request):
    """Keep the chosen language in a cookie and go back to ``next`` (GET or POST).

    A plain link or GET form, so public pages need no CSRF token and stay
    cacheable for everyone (:mod:`tournaments.pagecache`); changing the
    language changes nothing else. Unknown languages are ignored; ``next``
    must be a path of this site.
    """
    data = request.POST if request.method == "POST" else request.GET
    target = data.get("next") or request.META.get("HTTP_REFERER") or "/"
    if not url_has_allowed_host_and_scheme(target, allowed_hosts={request.get_host()},
                                           require_https=request.is_secure()):
        target = "/"
    response = HttpResponseRedirect(target)
    language = data.get("language")
    if language in {code for code, _name in settings.LANGUAGES}:
        response.set_cookie(
            settings.LANGUAGE_COOKIE_NAME, language, max_age=settings.LANGUAGE_COOKIE_AGE,
            path=settings.LANGUAGE_COOKIE_PATH, domain=settings.LANGUAGE_COOKIE_DOMAIN,
            secure=settings.LANGUAGE_COOKIE_SECURE, httponly=settings.LANGUAGE_COOKIE_HTTPONLY,
            samesite=settings.LANGUAGE_COOKIE_SAMESITE,
        )
    return response
