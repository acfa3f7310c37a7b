"""Shared pytest fixtures."""
import os

import pytest
from hypothesis import HealthCheck, settings

settings.register_profile("ci", max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("dev", max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "dev"))


def _is_transactional(item) -> bool:
    fixtures = set(getattr(item, "fixturenames", ()))
    if fixtures & {"transactional_db", "live_server", "django_db_reset_sequences"}:
        return True
    marker = item.get_closest_marker("django_db")
    return bool(marker and (marker.kwargs.get("transaction") or marker.kwargs.get("reset_sequences")))


def pytest_collection_modifyitems(session, config, items):
    """Run transactional tests (browser tests, live server) last, as Django's runner does.

    A transactional test ends by flushing every table, which also removes the
    rows that data migrations seeded (games, groups, the card catalog); tests
    that run inside a rolled-back transaction rely on those rows, so they go first.
    """
    items.sort(key=_is_transactional)


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
