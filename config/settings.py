"""Arena settings, read from the environment.

Zero configuration gives the embedded default: a SQLite file in the project
folder and Celery tasks run eagerly in-process. Production sets:

- ``DATABASE_URL``      e.g. ``postgres://user:pass@host:5432/arena`` (psycopg 3)
- ``CELERY_BROKER_URL`` e.g. ``redis://127.0.0.1:6379/0`` (real workers)
- ``CACHE_URL`` or ``REDIS_URL`` e.g. ``redis://127.0.0.1:6379/1`` (the page caches;
  local memory otherwise)
- ``SECRET_KEY``, ``DEBUG`` (``0``/``1``), ``ALLOWED_HOSTS`` (comma separated)
- ``DATABASE_CONN_MAX_AGE`` seconds a connection is kept (60 on PostgreSQL, 0 on SQLite)
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


DEBUG = env_bool("DEBUG", True)
SECRET_KEY = os.environ.get("SECRET_KEY", "arena-insecure-development-key-change-me" if DEBUG else "")
if not SECRET_KEY:
    raise RuntimeError("SECRET_KEY must be set when DEBUG is off.")
ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", "localhost,127.0.0.1,[::1],testserver")
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS", "")

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
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    # Compresses HTML and JSON; the cached public pages arrive compressed already (tournaments.pagecache).
    "django.middleware.gzip.GZipMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "config.middleware.SpanishFirstLocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "simple_history.middleware.HistoryRequestMiddleware",
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

# Page caches (tournaments.pagecache): Redis shared by every worker in production, local
# memory per process on the embedded default. Keys carry the event's state stamp, so
# entries never go stale; the timeout only frees memory.
_CACHE_URL = os.environ.get("CACHE_URL") or os.environ.get("REDIS_URL") or ""
CACHES = {
    "default": {
        "BACKEND": "django.core.cache.backends.redis.RedisCache",
        "LOCATION": _CACHE_URL,
        "KEY_PREFIX": os.environ.get("CACHE_KEY_PREFIX", "arena"),
        "TIMEOUT": 600,
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
        if not DEBUG
        else "django.contrib.staticfiles.storage.StaticFilesStorage"
    },
}

# Judges are not staff: they sign in through the site's own login page.
LOGIN_URL = "login"

REST_FRAMEWORK = {
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    "DEFAULT_FILTER_BACKENDS": ["django_filters.rest_framework.DjangoFilterBackend"],
    "DEFAULT_PAGINATION_CLASS": "rest_framework.pagination.PageNumberPagination",
    "PAGE_SIZE": 100,
    # Sessions (the site's own pages) and tokens (``Authorization: Token <key>``, from
    # POST /api/token/): no password is hashed per request.
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "rest_framework.authentication.SessionAuthentication",
        "rest_framework.authentication.TokenAuthentication",
    ],
    "EXCEPTION_HANDLER": "tournaments.api.exceptions.arena_exception_handler",
}
SPECTACULAR_SETTINGS = {
    "TITLE": "Arena API",
    "DESCRIPTION": "Torneos de juegos de cartas: eventos, rondas, emparejamientos y posiciones.",
    "VERSION": "1.0.0",
    # The event's state appears in the list and in the detail: one named enum for both.
    "ENUM_NAME_OVERRIDES": {
        "EventStateEnum": ["draft", "registration", "closed", "swiss", "top_cut", "finished"],
    },
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
if not CELERY_BROKER_URL:
    CELERY_BROKER_URL = "memory://localhost/"  # a host: kombu warns without one

# Public address of the site, printed in PDFs (the result slips' QR codes).
ARENA_PUBLIC_URL = os.environ.get("ARENA_PUBLIC_URL", "http://127.0.0.1:8000")

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": os.environ.get("LOG_LEVEL", "WARNING")},
}
