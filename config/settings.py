"""Arena settings, read from the environment.

Zero configuration gives the embedded default: a SQLite file in the project
folder and Celery tasks run eagerly in-process. Production sets:

- ``DATABASE_URL``      e.g. ``postgres://user:pass@host:5432/arena`` (psycopg 3)
- ``CELERY_BROKER_URL`` e.g. ``redis://127.0.0.1:6379/0`` (real workers)
- ``CACHE_URL`` or ``REDIS_URL`` e.g. ``redis://127.0.0.1:6379/1`` (the page caches;
  local memory otherwise)
- ``SECRET_KEY`` (50+ characters), ``DEBUG`` (``0``/``1``, off by default), ``ALLOWED_HOSTS`` (comma separated)
- ``ARENA_HTTPS`` (``1`` when DEBUG is off: SSL redirect, HSTS, secure cookies; ``0`` for plain HTTP),
  ``SECURE_*``, ``SESSION_COOKIE_SECURE``, ``CSRF_COOKIE_SECURE``, ``CSRF_TRUSTED_ORIGINS``
- ``DATABASE_CONN_MAX_AGE`` seconds a connection is kept (60 on PostgreSQL, 0 on SQLite)
- ``ARENA_LOCK_TIMEOUT_MS`` the longest wait for a row lock on PostgreSQL (default 4000); after it
  the request is refused as busy (API: 503 with ``Retry-After``) and nothing is changed
"""
from __future__ import annotations

import os
from pathlib import Path

import dj_database_url
from django.utils.translation import gettext_lazy as _

BASE_DIR = Path(__file__).resolve().parent.parent


def env_bool(name: str, default: bool) -> bool:
    """Read a boolean from the environment: 1/true/yes/on are true."""
    value = os.environ.get(name)
    if value is None:
        return default
    return value.strip().lower() in {"1", "true", "yes", "on"}


def env_list(name: str, default: str) -> list[str]:
    """Read a comma-separated list from the environment."""
    return [item.strip() for item in os.environ.get(name, default).split(",") if item.strip()]


# --- security: DEBUG, SECRET_KEY, hosts, HTTPS --------------------------------------------
# DEBUG is off unless a development command turns it on: the Makefile's `demo` and `migrate`
# targets pass DEBUG=1. A pytest run (pytest sets PYTEST_VERSION) counts as a development
# command too: pytest-django forces DEBUG off while the tests run anyway.
_TEST_RUN = "PYTEST_VERSION" in os.environ
DEBUG = env_bool("DEBUG", _TEST_RUN)
#: `make run` serves the demo with DEBUG off, so its pages (the Spanish 404 and 500 included) are the
#: production ones, on this machine only: the development key is accepted, the hosts are the local
#: names whatever ALLOWED_HOSTS says, plain HTTP, and static files come from the source folders.
ARENA_DEMO_SERVER = env_bool("ARENA_DEMO_SERVER", False)
_DEVELOPMENT = DEBUG or _TEST_RUN or ARENA_DEMO_SERVER
#: Public in the repository: accepted only with DEBUG on, in a test run or for the demo server.
DEVELOPMENT_SECRET_KEY = "arena-insecure-development-key-change-me"
SECRET_KEY = os.environ.get("SECRET_KEY", "").strip() or (DEVELOPMENT_SECRET_KEY if _DEVELOPMENT else "")
if not _DEVELOPMENT:
    from django.core.exceptions import ImproperlyConfigured

    if not SECRET_KEY or SECRET_KEY == DEVELOPMENT_SECRET_KEY or SECRET_KEY.startswith("django-insecure-"):
        raise ImproperlyConfigured(
            "SECRET_KEY must be set to a private random value when DEBUG is off (DEBUG=1 for development), "
            "e.g. SECRET_KEY=$(python3 -c 'import secrets; print(secrets.token_urlsafe(50))')."
        )
    if len(SECRET_KEY) < 50 or len(set(SECRET_KEY)) < 5:
        raise ImproperlyConfigured("SECRET_KEY is too short: use at least 50 characters, 5 of them different.")
ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", "localhost,127.0.0.1,[::1],testserver")
if ARENA_DEMO_SERVER and not DEBUG and SECRET_KEY == DEVELOPMENT_SECRET_KEY:
    ALLOWED_HOSTS = ["127.0.0.1", "localhost", "[::1]"]
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS", "")

# HTTPS is assumed when DEBUG is off; ARENA_HTTPS=0 serves plain HTTP (a venue's LAN). Each
# setting below can also be set on its own from the environment.
ARENA_HTTPS = env_bool("ARENA_HTTPS", not _DEVELOPMENT)
SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", ARENA_HTTPS)
SECURE_HSTS_SECONDS = int(os.environ.get("SECURE_HSTS_SECONDS", "31536000" if ARENA_HTTPS else "0"))
SECURE_HSTS_INCLUDE_SUBDOMAINS = env_bool("SECURE_HSTS_INCLUDE_SUBDOMAINS", ARENA_HTTPS)
# Preload is what `check --deploy` asks for; SECURE_HSTS_PRELOAD=0 before a domain commits to HTTPS for good.
SECURE_HSTS_PRELOAD = env_bool("SECURE_HSTS_PRELOAD", ARENA_HTTPS)
SESSION_COOKIE_SECURE = env_bool("SESSION_COOKIE_SECURE", ARENA_HTTPS)
CSRF_COOKIE_SECURE = env_bool("CSRF_COOKIE_SECURE", ARENA_HTTPS)
# Behind a proxy that terminates TLS: SECURE_PROXY_SSL_HEADER=HTTP_X_FORWARDED_PROTO,https
# (only when the proxy always sets or strips that header).
_PROXY_SSL_HEADER = env_list("SECURE_PROXY_SSL_HEADER", "")
if _PROXY_SSL_HEADER and len(_PROXY_SSL_HEADER) != 2:
    from django.core.exceptions import ImproperlyConfigured

    raise ImproperlyConfigured("SECURE_PROXY_SSL_HEADER must be two comma-separated values: HEADER,value.")
SECURE_PROXY_SSL_HEADER = tuple(_PROXY_SSL_HEADER) if _PROXY_SSL_HEADER else None
# The health check answers on plain HTTP too: a load balancer probes it without TLS (config.health).
SECURE_REDIRECT_EXEMPT = [r"^healthz$"]
SECURE_REFERRER_POLICY = os.environ.get("SECURE_REFERRER_POLICY", "same-origin")
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_CROSS_ORIGIN_OPENER_POLICY = "same-origin"
X_FRAME_OPTIONS = os.environ.get("X_FRAME_OPTIONS", "DENY")
# --- end of security ----------------------------------------------------------------------

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "rest_framework",
    "rest_framework.authtoken",
    "django_filters",
    "drf_spectacular",
    "simple_history",
    "import_export",
    "rules.apps.RulesConfig",
    "tournaments.apps.TournamentsConfig",
    "leagues.apps.LeaguesConfig",
    "accounts.apps.AccountsConfig",
]

MIDDLEWARE = [
    # Before everything: the request id (X-Request-ID) and the access log line (issue #18).
    "config.middleware.RequestIdMiddleware",
    # Then: NUL and other control characters get a 400 before anything reads them (issue #15).
    "config.middleware.HostileInputMiddleware",
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    # Compresses HTML and JSON; the cached public pages arrive compressed already (tournaments.pagecache).
    "django.middleware.gzip.GZipMiddleware",
    # A cached public page or API read answered from the shared cache, before the rest (issue #27).
    "config.middleware.CachedPublicMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "config.middleware.SpanishFirstLocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "simple_history.middleware.HistoryRequestMiddleware",
    # A busy event (a lock not granted in time) no view caught: 503 "try again", not the 500 page.
    "config.middleware.BusyMiddleware",
]

ROOT_URLCONF = "config.urls"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "django.template.context_processors.i18n",
            ],
        },
    },
]

WSGI_APPLICATION = "config.wsgi.application"

_DATABASE_URL = os.environ.get("DATABASE_URL", f"sqlite:///{BASE_DIR / 'arena.sqlite3'}")
# Persistent connections on a server database (health-checked before reuse after an error).
DATABASES = {
    "default": dj_database_url.parse(
        _DATABASE_URL,
        conn_max_age=int(os.environ.get("DATABASE_CONN_MAX_AGE", "0" if _DATABASE_URL.startswith("sqlite") else "60")),
        conn_health_checks=True,
    )
}
# Every row lock waits at most this long (tournaments.services.locks: SET LOCAL lock_timeout).
ARENA_LOCK_TIMEOUT_MS = int(os.environ.get("ARENA_LOCK_TIMEOUT_MS", "4000"))

# Page caches (tournaments.pagecache): Redis shared by every worker in production, local
# memory per process on the embedded default. Keys carry the event's state stamp, so
# entries never go stale; the timeout only frees memory.
_CACHE_URL = os.environ.get("CACHE_URL") or os.environ.get("REDIS_URL") or ""
CACHES = {
    "default": {
        "BACKEND": "config.cache.RedisCache",
        "LOCATION": _CACHE_URL,
        "KEY_PREFIX": os.environ.get("CACHE_KEY_PREFIX", "arena"),
        "TIMEOUT": 600,
        # A cache host that accepts and never answers must not hang a request: connect and read
        # time out (seconds) and the page is computed without the cache (issue #26 point 4).
        "OPTIONS": {
            "socket_connect_timeout": float(os.environ.get("ARENA_REDIS_CONNECT_TIMEOUT_SECONDS", "0.5")),
            "socket_timeout": float(os.environ.get("ARENA_REDIS_TIMEOUT_SECONDS", "1.0")),
        },
    }
    if _CACHE_URL
    else {
        "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
        "LOCATION": "arena",
        "TIMEOUT": 600,
        "OPTIONS": {"MAX_ENTRIES": 2000},
    }
}
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"
# The per-process memo in front of the shared cache (tournaments.pagecache): bounded in megabytes and
# in seconds per entry, so a worker's memory stays bounded whatever the events' sizes.
ARENA_LOCAL_CACHE_MB = float(os.environ.get("ARENA_LOCAL_CACHE_MB", "16"))
ARENA_LOCAL_CACHE_SECONDS = float(os.environ.get("ARENA_LOCAL_CACHE_SECONDS", "300"))
# After a change, the first reader of a public page gets its previous body (marked with its stamp, for at
# most 2 s) and a thread of the process renders the new one, so no reader waits for a rebuild. Off in
# development and tests, where each request renders what it misses.
ARENA_PAGECACHE_BACKGROUND = env_bool("ARENA_PAGECACHE_BACKGROUND", not DEBUG)
# Threads per worker process that render those pages (CPU work under the GIL: more threads, more memory).
ARENA_PAGECACHE_THREADS = int(os.environ.get("ARENA_PAGECACHE_THREADS", "1"))
# Page renders a worker process runs at once, those threads and its requests together (more: more memory).
ARENA_PAGECACHE_RENDERS = int(os.environ.get("ARENA_PAGECACHE_RENDERS", "2"))

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
]

# Spanish (Argentina) first; English through Django i18n.
LANGUAGE_CODE = "es-ar"
LANGUAGES = [("es-ar", _("Español (Argentina)")), ("en", _("English"))]
LOCALE_PATHS = [BASE_DIR / "locale"]
USE_I18N = True
TIME_ZONE = "America/Argentina/Buenos_Aires"
USE_TZ = True

STATIC_URL = "static/"
STATIC_ROOT = Path(os.environ.get("STATIC_ROOT", BASE_DIR / "staticfiles"))
STATICFILES_DIRS = [BASE_DIR / "static"]
MEDIA_URL = "media/"
MEDIA_ROOT = Path(os.environ.get("MEDIA_ROOT", BASE_DIR / "media"))
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": "whitenoise.storage.CompressedStaticFilesStorage"
        if not (DEBUG or ARENA_DEMO_SERVER)
        else "django.contrib.staticfiles.storage.StaticFilesStorage"
    },
}
# The demo server needs no collectstatic: WhiteNoise reads the source folders and sees edits.
WHITENOISE_USE_FINDERS = WHITENOISE_AUTOREFRESH = DEBUG or ARENA_DEMO_SERVER

# Judges are not staff: they sign in through the site's own login page.
LOGIN_URL = "login"
# Player accounts (issue #17) sign in with their e-mail; staff and judges keep their user names.
AUTHENTICATION_BACKENDS = [
    "django.contrib.auth.backends.ModelBackend",
    "accounts.backends.EmailBackend",
]
ARENA_CLAIM_CODE_DAYS = int(os.environ.get("ARENA_CLAIM_CODE_DAYS", "30"))

# E-mail (password reset): SMTP when EMAIL_HOST is set, files in EMAIL_FILE_PATH when that is
# set, the console otherwise.
EMAIL_HOST = os.environ.get("EMAIL_HOST", "")
EMAIL_FILE_PATH = os.environ.get("EMAIL_FILE_PATH", "")
if EMAIL_HOST:
    EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    EMAIL_PORT = int(os.environ.get("EMAIL_PORT", "587"))
    EMAIL_HOST_USER = os.environ.get("EMAIL_HOST_USER", "")
    EMAIL_HOST_PASSWORD = os.environ.get("EMAIL_HOST_PASSWORD", "")
    EMAIL_USE_TLS = env_bool("EMAIL_USE_TLS", EMAIL_PORT == 587)
    EMAIL_USE_SSL = env_bool("EMAIL_USE_SSL", EMAIL_PORT == 465)
elif EMAIL_FILE_PATH:
    EMAIL_BACKEND = "django.core.mail.backends.filebased.EmailBackend"
else:
    EMAIL_BACKEND = "django.core.mail.backends.console.EmailBackend"
DEFAULT_FROM_EMAIL = os.environ.get("DEFAULT_FROM_EMAIL", "Arena <no-reply@localhost>")

REST_FRAMEWORK = {
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    "DEFAULT_FILTER_BACKENDS": ["django_filters.rest_framework.DjangoFilterBackend"],
    # Every paginated list: ?page= from 1, ?page_size= 1..500; junk or out of range is 400.
    "DEFAULT_PAGINATION_CLASS": "tournaments.api.pagination.ArenaPagination",
    "PAGE_SIZE": 100,
    # Sessions (the site's own pages) and tokens (``Authorization: Token <key>``, from
    # POST /api/token/): no password is hashed per request.
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "rest_framework.authentication.SessionAuthentication",
        "rest_framework.authentication.TokenAuthentication",
    ],
    "EXCEPTION_HANDLER": "tournaments.api.exceptions.arena_exception_handler",
    # Anonymous clients per IP (a venue's crowd polls every few seconds from one NAT);
    # authenticated staff are not throttled. Logins (POST /api/token/ and the login page)
    # per IP and username. Counters in the default cache; 429 with Retry-After.
    "DEFAULT_THROTTLE_CLASSES": ["tournaments.api.throttles.AnonReadThrottle"],
    "DEFAULT_THROTTLE_RATES": {
        "anon": os.environ.get("ARENA_API_ANON_RATE", "1000/min") or None,
        "login": os.environ.get("ARENA_LOGIN_RATE", "10/min") or None,
        # Players' actions, per user (tournaments.throttles).
        "report": os.environ.get("ARENA_REPORT_RATE", "30/min") or None,
        "preregistration": os.environ.get("ARENA_PREREGISTRATION_RATE", "30/min") or None,
        "decklist_validate": os.environ.get("ARENA_DECKLIST_VALIDATE_RATE", "30/min") or None,
    },
    # Reverse proxies in front of the site (deploy/): the client address is taken from
    # X-Forwarded-For only when this is set.
    "NUM_PROXIES": int(os.environ["ARENA_NUM_PROXIES"]) if os.environ.get("ARENA_NUM_PROXIES") else None,
}
SPECTACULAR_SETTINGS = {
    "TITLE": "Arena API",
    "DESCRIPTION": "Torneos de juegos de cartas: eventos, rondas, emparejamientos y posiciones.",
    "VERSION": "1.0.0",
    # The event's state appears in the list and in the detail: one named enum for both.
    "ENUM_NAME_OVERRIDES": {
        "EventStateEnum": ["draft", "registration", "closed", "swiss", "top_cut", "finished"],
    },
    # Every operation documents its 400/401/403/404/409/429 in the error shape (issue #15).
    "POSTPROCESSING_HOOKS": [
        "drf_spectacular.hooks.postprocess_schema_enums",
        "tournaments.api.schema.error_responses",
    ],
}

# Celery: no broker configured means tasks run eagerly in-process.
CELERY_BROKER_URL = os.environ.get("CELERY_BROKER_URL", "")
CELERY_RESULT_BACKEND = os.environ.get("CELERY_RESULT_BACKEND", "") or None
CELERY_TASK_ALWAYS_EAGER = not CELERY_BROKER_URL
CELERY_TASK_EAGER_PROPAGATES = False
CELERY_TASK_SERIALIZER = "json"
CELERY_RESULT_SERIALIZER = "json"
CELERY_ACCEPT_CONTENT = ["json"]
CELERY_TIMEZONE = TIME_ZONE
# A queue name of its own lets a CI worker share a Redis without stealing tasks.
CELERY_TASK_DEFAULT_QUEUE = os.environ.get("CELERY_TASK_DEFAULT_QUEUE", "celery")
# At-least-once delivery (issue #15): a message is acknowledged only after its task ran,
# and a task whose worker process died (SIGKILL, OOM) goes back to the queue at once. A
# worker reserves one message per process, so a killed worker strands few. Redis hands an
# unacknowledged message (a whole worker killed) to another worker after the visibility
# timeout: longer than the longest render (the hard time limit below), short enough that
# nothing waits an hour. Rendering is idempotent (tournaments.documents: a claim with a
# lease, the file swapped in one UPDATE), so a second delivery costs a render, never a
# wrong file; the reaper (beat, below) re-queues what the broker lost.
CELERY_TASK_ACKS_LATE = True
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_TASK_ACKS_ON_FAILURE_OR_TIMEOUT = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_WORKER_CANCEL_LONG_RUNNING_TASKS_ON_CONNECTION_LOSS = True
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
CELERY_BROKER_TRANSPORT_OPTIONS = {
    "visibility_timeout": int(os.environ.get("ARENA_CELERY_VISIBILITY_TIMEOUT_SECONDS", "300")),
    # A hung broker must not hang the request that enqueues a document (seconds).
    "socket_connect_timeout": float(os.environ.get("ARENA_REDIS_CONNECT_TIMEOUT_SECONDS", "0.5")),
    "socket_timeout": float(os.environ.get("ARENA_BROKER_TIMEOUT_SECONDS", "2.0")),
}
CELERY_BROKER_CONNECTION_TIMEOUT = float(os.environ.get("ARENA_BROKER_TIMEOUT_SECONDS", "2.0"))
# Time limits of the render task (seconds): the soft one marks the document failed (the
# reaper retries it), the hard one kills the process. The render lease outlives the hard
# limit, so a render that still runs is never taken over. The longest render measured
# (benchmarks/RESULTS.md: slips of 8,192 players) takes about 12 s.
ARENA_DOCUMENTS_RENDER_SOFT_TIME_LIMIT = int(os.environ.get("ARENA_DOCUMENTS_RENDER_SOFT_TIME_LIMIT", "45"))
ARENA_DOCUMENTS_RENDER_TIME_LIMIT = int(os.environ.get("ARENA_DOCUMENTS_RENDER_TIME_LIMIT", "55"))
# The reaper (tournaments.documents.documents_recover; ``manage.py documents_recover``
# where no beat runs): a document "rendering" past its lease, "queued" with no render for
# the queued timeout (its message lost), or "failed" once its backoff passed (at most the
# max attempts, backoff doubling from the base) is queued and sent again.
ARENA_DOCUMENTS_RENDER_LEASE_SECONDS = int(os.environ.get("ARENA_DOCUMENTS_RENDER_LEASE_SECONDS", "60"))
ARENA_DOCUMENTS_QUEUED_TIMEOUT_SECONDS = int(os.environ.get("ARENA_DOCUMENTS_QUEUED_TIMEOUT_SECONDS", "60"))
ARENA_DOCUMENTS_RENDER_MAX_ATTEMPTS = int(os.environ.get("ARENA_DOCUMENTS_RENDER_MAX_ATTEMPTS", "5"))
ARENA_DOCUMENTS_RETRY_BACKOFF_SECONDS = int(os.environ.get("ARENA_DOCUMENTS_RETRY_BACKOFF_SECONDS", "30"))
ARENA_DOCUMENTS_REAP_EVERY_SECONDS = int(os.environ.get("ARENA_DOCUMENTS_REAP_EVERY_SECONDS", "15"))
CELERY_BEAT_SCHEDULE = {
    "documents-recover": {
        "task": "tournaments.documents_recover",
        "schedule": float(ARENA_DOCUMENTS_REAP_EVERY_SECONDS),
        # a reap that waited out a broker outage is useless: the next one comes soon
        "options": {"expires": float(ARENA_DOCUMENTS_REAP_EVERY_SECONDS)},
    },
}
# Web Push (issue #29 point 2): players' notices on «Mi torneo». Off unless the VAPID pair is set
# (``manage.py vapid_keys`` prints a new one): the private key and the browser's application server
# key, base64url, and the subject the push services may write to (``mailto:`` or an https URL).
ARENA_VAPID_PRIVATE_KEY = os.environ.get("ARENA_VAPID_PRIVATE_KEY", "").strip()
ARENA_VAPID_PUBLIC_KEY = os.environ.get("ARENA_VAPID_PUBLIC_KEY", "").strip()
ARENA_VAPID_SUBJECT = os.environ.get("ARENA_VAPID_SUBJECT", "").strip() or "mailto:avisos@arena.invalid"
# The push services a browser may name (host or a parent domain): the server only ever posts there.
ARENA_PUSH_HOSTS = env_list(
    "ARENA_PUSH_HOSTS",
    "fcm.googleapis.com,updates.push.services.mozilla.com,push.services.mozilla.com,notify.windows.com,"
    "push.apple.com",
)
# Seconds a push service keeps an undelivered notice (the phone off), and waits for our POST.
ARENA_PUSH_TTL_SECONDS = int(os.environ.get("ARENA_PUSH_TTL_SECONDS", "3600"))
ARENA_PUSH_TIMEOUT_SECONDS = float(os.environ.get("ARENA_PUSH_TIMEOUT_SECONDS", "5"))
# With no broker the notices are sent by a thread of the web process (the tests send them in line).
ARENA_PUSH_BACKGROUND = env_bool("ARENA_PUSH_BACKGROUND", not _TEST_RUN)
# «Quedan 10 minutos»: how often beat looks at the running round clocks.
ARENA_PUSH_CLOCK_EVERY_SECONDS = int(os.environ.get("ARENA_PUSH_CLOCK_EVERY_SECONDS", "20"))
CELERY_BEAT_SCHEDULE["push-round-clocks"] = {
    "task": "tournaments.push_round_clocks",
    "schedule": float(ARENA_PUSH_CLOCK_EVERY_SECONDS),
    "options": {"expires": float(ARENA_PUSH_CLOCK_EVERY_SECONDS)},
}
# Test hook (.ci/worker_kill.sh only): seconds a render sleeps before building its sheet,
# so a worker can be killed mid-render. Never set it in production.
ARENA_RENDER_DELAY_SECONDS = float(os.environ.get("ARENA_RENDER_DELAY_SECONDS", "0") or 0)
if not CELERY_BROKER_URL:
    CELERY_BROKER_URL = "memory://localhost/"  # a host: kombu warns without one

# Imports (issue #15): the largest file run_event, the admin imports and the decklist pages accept,
# in bytes, checked before parsing; django-import-export's own settings for the admin imports.
ARENA_IMPORT_MAX_BYTES = int(os.environ.get("ARENA_IMPORT_MAX_BYTES", str(5 * 1024 * 1024)))
# Django's own request limits follow it (its defaults, 2.5 MB, refused smaller files with an English
# page): a form carrying a file or text of ARENA_IMPORT_MAX_BYTES fits with its other fields, so each
# path refuses a larger file itself in Spanish naming the limit; a larger body is refused before it is
# read, as 413 naming the limit (config.errors). Uploads up to the limit stay in memory.
DATA_UPLOAD_MAX_MEMORY_SIZE = ARENA_IMPORT_MAX_BYTES + 256 * 1024
FILE_UPLOAD_MAX_MEMORY_SIZE = ARENA_IMPORT_MAX_BYTES
# Event files (issue #26): the venue laptop's publish key, "<key_id>.<secret>" as the national
# server's ``manage.py venue_publish_key`` printed it; publish_event and event_export --sign use it.
ARENA_PUBLISH_KEY = os.environ.get("ARENA_PUBLISH_KEY", "")
# An event file's limit grows with the event: ARENA_IMPORT_MAX_BYTES plus this much per declared
# player (decompressed), up to ARENA_IMPORT_MAX_PLAYERS players (tournaments.exchange.transport).
ARENA_IMPORT_BYTES_PER_PLAYER = int(os.environ.get("ARENA_IMPORT_BYTES_PER_PLAYER", str(16 * 1024)))
ARENA_IMPORT_MAX_PLAYERS = int(os.environ.get("ARENA_IMPORT_MAX_PLAYERS", "10000"))
IMPORT_EXPORT_USE_TRANSACTIONS = True
IMPORT_EXPORT_ESCAPE_FORMULAE_ON_EXPORT = True
# The admin import formats are tournaments.resources.SniffedCSV and LimitedXLSX (set on each admin).

# Public address of the site, printed in PDFs (the result slips' QR codes).
ARENA_PUBLIC_URL = os.environ.get("ARENA_PUBLIC_URL", "http://127.0.0.1:8000")

# Logs: one JSON object per line on stdout, with the request id (config.logging); tracebacks
# go there, never to a page. LOG_LEVEL for everything, ARENA_REQUEST_LOG_LEVEL for the access
# lines (WARNING hides them); ARENA_LOG_STREAM=stderr keeps a command's stdout clean.
from config.logging import logging_config  # noqa: E402

LOGGING = logging_config(os.environ.get("LOG_LEVEL", "WARNING"), os.environ.get("ARENA_REQUEST_LOG_LEVEL", "INFO"),
                         os.environ.get("ARENA_LOG_STREAM", "stdout"))
