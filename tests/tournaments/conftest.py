"""Fixtures every tournaments test package shares: cheap password hashing, a private media folder and
the embedded document rendering (no broker; the first download renders)."""
from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def fast_password_hasher(settings):
    """Users are created by the dozen here; PBKDF2 (~0.3 s a user) would dominate the run time."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture
def media_root(settings, tmp_path):
    """Documents are written under the test's own folder, never into the project."""
    settings.MEDIA_ROOT = tmp_path / "media"
    return settings.MEDIA_ROOT


@pytest.fixture
def embedded_default(settings, media_root):
    """The embedded default: no broker, no ``ARENA_DOCUMENTS_RENDER`` (the first download renders)."""
    settings.CELERY_TASK_ALWAYS_EAGER = True
    if hasattr(settings, "ARENA_DOCUMENTS_RENDER"):
        del settings.ARENA_DOCUMENTS_RENDER
