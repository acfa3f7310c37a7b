"""Production settings from the environment (issue #15, item 6).

Each case runs ``manage.py`` (or a settings import) in a fresh process with
an environment built here from nothing but ``PATH``: no ``DEBUG``, no
``PYTEST_VERSION`` (pytest sets it, and the settings treat a test run as
development), no ``DATABASE_URL``.
"""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
#: 64 characters, many different: what `secrets.token_urlsafe(50)` gives.
PRODUCTION_KEY = "q7Vx2mKp9LrT4wZs8NbY3hJc6FgD1eAu5iOo0lPk-_QaWsEdRfTgYhUjIkOlMnBv"

#: The production environment of docs/operators.md (plus a host name).
PRODUCTION_ENV = {"DEBUG": "0", "SECRET_KEY": PRODUCTION_KEY, "ALLOWED_HOSTS": "arena.example.org"}

pytestmark = pytest.mark.integration


def run(args: list[str], env: dict[str, str]) -> subprocess.CompletedProcess:
    clean = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": os.environ.get("HOME", "/tmp"), **env}
    return subprocess.run([sys.executable, *args], cwd=ROOT, env=clean, capture_output=True, text=True,
                          timeout=120)


def settings_value(expression: str, env: dict[str, str]) -> str:
    code = f"import django; django.setup(); from django.conf import settings as s; print({expression})"
    done = run(["-c", code], {"DJANGO_SETTINGS_MODULE": "config.settings", **env})
    assert done.returncode == 0, done.stderr
    return done.stdout.strip()


def test_check_deploy_is_clean_with_the_production_environment():
    done = run(["manage.py", "check", "--deploy", "--fail-level", "WARNING"], PRODUCTION_ENV)

    assert done.returncode == 0, done.stdout + done.stderr
    assert "WARNING" not in done.stderr and "WARNINGS" not in done.stdout + done.stderr
    assert "System check identified no issues" in done.stdout


def test_check_deploy_warns_when_https_is_turned_off():
    # The counter-test: the check really looks at these settings (plain HTTP on a LAN is allowed,
    # but check --deploy says so: SSL redirect, HSTS, secure cookies).
    done = run(["manage.py", "check", "--deploy", "--fail-level", "WARNING"], {**PRODUCTION_ENV, "ARENA_HTTPS": "0"})

    assert done.returncode != 0
    for warning in ("security.W004", "security.W008", "security.W012", "security.W016"):
        assert warning in done.stderr


def test_production_defaults_are_secure():
    values = settings_value(
        "s.DEBUG, s.SECURE_SSL_REDIRECT, s.SECURE_HSTS_SECONDS, s.SECURE_HSTS_INCLUDE_SUBDOMAINS, "
        "s.SESSION_COOKIE_SECURE, s.CSRF_COOKIE_SECURE, s.SECURE_PROXY_SSL_HEADER, s.X_FRAME_OPTIONS, "
        "s.SECURE_CONTENT_TYPE_NOSNIFF, s.SECURE_REFERRER_POLICY, s.SECURE_HSTS_PRELOAD",
        PRODUCTION_ENV,
    )
    assert values == "False True 31536000 True True True None DENY True same-origin True"


def test_plain_http_and_a_proxy_header_from_the_environment():
    values = settings_value(
        "s.SECURE_SSL_REDIRECT, s.SECURE_HSTS_SECONDS, s.SESSION_COOKIE_SECURE, s.CSRF_COOKIE_SECURE, "
        "s.SECURE_PROXY_SSL_HEADER, s.SECURE_HSTS_PRELOAD, s.CSRF_TRUSTED_ORIGINS",
        {**PRODUCTION_ENV, "ARENA_HTTPS": "0", "SECURE_PROXY_SSL_HEADER": "HTTP_X_FORWARDED_PROTO,https",
         "SECURE_HSTS_PRELOAD": "1", "CSRF_TRUSTED_ORIGINS": "https://arena.example.org"},
    )
    assert values == "False 0 False False ('HTTP_X_FORWARDED_PROTO', 'https') True ['https://arena.example.org']"


def test_debug_is_off_with_no_debug_in_the_environment():
    assert settings_value("s.DEBUG", {"SECRET_KEY": PRODUCTION_KEY}) == "False"


def test_debug_1_turns_debug_on_with_the_development_key_and_plain_http():
    assert settings_value("s.DEBUG, s.SECURE_SSL_REDIRECT, s.SESSION_COOKIE_SECURE, len(s.SECRET_KEY) > 0",
                          {"DEBUG": "1"}) == "True False False True"


@pytest.mark.parametrize(
    "env",
    [
        {},  # a fresh shell: DEBUG off, no key
        {"DEBUG": "0"},
        {"DEBUG": "0", "SECRET_KEY": "arena-insecure-development-key-change-me"},  # the public key
        {"DEBUG": "0", "SECRET_KEY": "short-but-private"},
        {"DEBUG": "0", "SECRET_KEY": "ab" * 40},  # long but only two different characters
    ],
    ids=["no-environment", "no-key", "development-key", "too-short", "too-few-characters"],
)
def test_debug_off_refuses_a_missing_public_or_weak_secret_key(env):
    done = run(["manage.py", "check"], env)

    assert done.returncode != 0
    assert "ImproperlyConfigured" in done.stderr
    assert "SECRET_KEY" in done.stderr.strip().splitlines()[-1]


def test_the_demo_server_accepts_the_development_key_for_local_hosts_only():
    """``make run`` (ARENA_DEMO_SERVER=1, DEBUG off): the public key, local names whatever ALLOWED_HOSTS says."""
    value = settings_value("s.DEBUG, s.SECRET_KEY == s.DEVELOPMENT_SECRET_KEY, s.ALLOWED_HOSTS, s.SECURE_SSL_REDIRECT, "
                           "s.WHITENOISE_USE_FINDERS",
                           {"DEBUG": "0", "ARENA_DEMO_SERVER": "1", "ALLOWED_HOSTS": "arena.example.org"})
    assert value == "False True ['127.0.0.1', 'localhost', '[::1]'] False True"


def test_production_still_refuses_the_development_key_without_the_demo_server():
    done = run(["manage.py", "check"], {"DEBUG": "0", "SECRET_KEY": "arena-insecure-development-key-change-me",
                                        "ARENA_DEMO_SERVER": "0"})
    assert done.returncode != 0
    assert "SECRET_KEY must be set to a private random value" in done.stderr
