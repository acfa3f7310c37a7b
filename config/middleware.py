"""Spanish first: pages are es-AR unless the visitor chose another language.

Django's ``LocaleMiddleware`` follows the browser's Accept-Language header;
Arena's public is Spanish-speaking and a phone set to English should still
see the venue's Spanish pages. The language switch (``/i18n/setlang/``, a
cookie) is the only way to English.
"""
from django.conf import settings
from django.middleware.locale import LocaleMiddleware
from django.utils import translation


class SpanishFirstLocaleMiddleware(LocaleMiddleware):
    """Like ``LocaleMiddleware``, but ignores Accept-Language."""

    def process_request(self, request):
        chosen = request.COOKIES.get(settings.LANGUAGE_COOKIE_NAME)
        supported = {code for code, _name in settings.LANGUAGES}
        language = chosen if chosen in supported else settings.LANGUAGE_CODE
        translation.activate(language)
        request.LANGUAGE_CODE = translation.get_language()
