"""The judges' installable web app (issue #29 point 1): its manifest and its service worker, under ``/juez/``.

The service worker (``templates/judge/service_worker.js``) is served from
``/juez/sw.js``, so its scope is ``/juez/`` by default: it controls only
the judge pages (the players' pages have their own). It keeps the judge
pages and the files they need for when the venue's network drops
(network first, the last copy as fallback); the results entered meanwhile
wait in the page's queue (``static/arena/offline_queue.js``, IndexedDB).
Neither answer depends on who asks, so both are public.
"""
from __future__ import annotations

import json

from django.http import HttpResponse, JsonResponse
from django.template.loader import render_to_string
from django.templatetags.static import static
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET

#: Bumped when the worker's caching changes: the old caches are dropped on activation.
CACHE_VERSION = "1"

#: The static files every judge page needs offline.
STATIC_FILES = ("arena/arena.css", "arena/live.js", "arena/clock.js", "arena/offline_queue.js",
                "arena/icons/judge-192.png", "arena/icons/judge-512.png")


@require_GET
def manifest(request):
    """The web app manifest of the judge pages: «Arena — jueces», starting on the judge's events."""
    data = {
        "name": _("Arena — jueces"),
        "short_name": _("Arena jueces"),
        "description": _("Cargá resultados y penalidades desde la mesa, también sin conexión."),
        "lang": "es-AR",
        "start_url": reverse("judge:home"),
        "scope": reverse("judge:home"),
        "display": "standalone",
        "background_color": "#fafafa",
        "theme_color": "#1f5130",
        "icons": [
            {"src": static("arena/icons/judge-192.png"), "sizes": "192x192", "type": "image/png"},
            {"src": static("arena/icons/judge-512.png"), "sizes": "512x512", "type": "image/png",
             "purpose": "any maskable"},
        ],
    }
    return JsonResponse(data, content_type="application/manifest+json",
                        json_dumps_params={"ensure_ascii": False})


@never_cache
@require_GET
def service_worker(request):
    """The judge pages' service worker (JavaScript), scoped to ``/juez/``; never cached by the browser, so a new
    one is picked up on the next visit."""
    scope = reverse("judge:home")
    config = {
        "version": CACHE_VERSION,
        "scope": scope,
        "precache": [static(path) for path in STATIC_FILES] + [reverse("javascript-catalog"),
                                                               reverse("judge:manifest")],
        "offlineTitle": _("Sin conexión"),
        "offlineText": _("Esta página no quedó guardada en el teléfono. Cuando vuelva la red, abrila de nuevo; "
                         "los resultados que cargaste sin conexión se envían solos."),
    }
    body = render_to_string("judge/service_worker.js", {"config": json.dumps(config, ensure_ascii=False)})
    response = HttpResponse(body, content_type="application/javascript; charset=utf-8")
    response["Service-Worker-Allowed"] = scope
    return response
