"""Shared pytest fixtures."""
import os

import pytest
from hypothesis import HealthCheck, settings

settings.register_profile("ci", max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("dev", max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "dev"))


def _transactional_rank(item) -> int:
    """0: inside a rolled-back transaction; 1: transactional with serialized rollback; 2: plainly transactional."""
    marker = item.get_closest_marker("django_db")
    fixtures = set(getattr(item, "fixturenames", ()))
    serialized = bool(marker and marker.kwargs.get("serialized_rollback"))
    serialized = serialized or "django_db_serialized_rollback" in fixtures
    transactional = bool(fixtures & {"transactional_db", "live_server", "django_db_reset_sequences"}) or bool(
        marker and (marker.kwargs.get("transaction") or marker.kwargs.get("reset_sequences")))
    if not transactional:
        return 0
    return 1 if serialized else 2


def pytest_collection_modifyitems(session, config, items):
    """Run transactional tests (browser tests, live server) last, as Django's runner does.

    A transactional test ends by flushing every table, which also removes the
    rows that data migrations seeded (games, groups, the card catalog); tests
    that run inside a rolled-back transaction rely on those rows, so they go first.
    Tests with a serialized rollback put those rows back, but only into tables
    their flush left empty: a plain transactional test's flush re-creates the
    content types, so the plain ones go last of all.
    """
    items.sort(key=_transactional_rank)


@pytest.fixture(autouse=True)
def _page_caches_empty():
    """Every test starts with empty page caches: the state stamps restart with the test database."""
    from django.core.cache import cache

    from tournaments import pagecache

    cache.clear()
    pagecache.local_clear()
    yield
    cache.clear()
    pagecache.local_clear()


@pytest.fixture(autouse=True)
def _language_restored():
    """No test leaves a language active for the next one.

    A request activates its language (config.middleware) and so do the
    management commands; nothing restores it, so a test that asked for English
    would leave the following tests in English.
    """
    from django.utils import translation

    yield
    translation.deactivate()
