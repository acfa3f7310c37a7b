"""Gunicorn settings of the production command (``make serve``), read from the environment.

Threaded workers (``gthread``): a worker keeps serving the other requests
while one waits on the database or on a slow phone, and keep-alive
connections do not tie a worker up. Requests that take longer than
``timeout`` are killed with their worker instead of piling up behind it;
workers are replaced after ``max_requests`` (with jitter, so not all at
once) to bound memory growth.

    GUNICORN_WORKERS   processes (default: 2 per CPU core + 1)
    GUNICORN_THREADS   threads per process (default 4)
    GUNICORN_BIND      address (default 127.0.0.1:8000)
    GUNICORN_TIMEOUT   seconds before a stuck request's worker is replaced (default 30)
"""
import multiprocessing
import os

bind = os.environ.get("GUNICORN_BIND", "127.0.0.1:8000")
workers = int(os.environ.get("GUNICORN_WORKERS", multiprocessing.cpu_count() * 2 + 1))
worker_class = "gthread"
threads = int(os.environ.get("GUNICORN_THREADS", "4"))
timeout = int(os.environ.get("GUNICORN_TIMEOUT", "30"))
graceful_timeout = 20
# Longer than the live pages' 5 s poll: a phone's next poll reuses its connection instead of
# racing the server closing it.
keepalive = 20
# The longest request line gunicorn allows without lifting the limit: a long search or filter
# reaches Django, which answers the API's JSON 400, instead of gunicorn's own HTML page.
limit_request_line = int(os.environ.get("GUNICORN_LIMIT_REQUEST_LINE", "8190"))
max_requests = int(os.environ.get("GUNICORN_MAX_REQUESTS", "10000"))
max_requests_jitter = 1000
backlog = 2048
accesslog = os.environ.get("GUNICORN_ACCESS_LOG") or None  # "-" for stdout
errorlog = "-"
loglevel = os.environ.get("GUNICORN_LOG_LEVEL", "warning")
# Load the app before forking: workers share its memory and a broken deploy fails at once.
preload_app = True

_warm = False


def pre_fork(server, worker):
    """Before the first fork, load what Django loads lazily on a first request (about half a second).

    Every URL module with its views, and the translation catalogs: workers
    inherit them, so no visitor waits for a cold worker. No database
    connection is opened here (forked connections must never be shared).
    """
    global _warm
    if _warm:
        return
    _warm = True
    from django.conf import settings
    from django.db import connections
    from django.template.loader import get_template
    from django.urls import get_resolver
    from django.utils import translation

    get_resolver().url_patterns  # noqa: B018 - imports every view module
    for code, _name in settings.LANGUAGES:
        with translation.override(code):
            translation.gettext("Posiciones")
    for name in ("base.html", "public/standings.html", "public/_standings.html", "public/event_detail.html",
                 "public/_round.html", "judge/tables.html", "judge/table.html"):
        get_template(name)
    connections.close_all()
