"""Marks of the race tests: real threads on real PostgreSQL connections.

They need row locks that block, so they run on PostgreSQL only; SQLite
serializes whole transactions and would prove nothing.
"""
from __future__ import annotations

import pytest
from django.db import connection

#: ``pytestmark`` of a module of race tests.
RACE_MARKS = [
    pytest.mark.integration,
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(
        connection.vendor != "postgresql",
        reason="concurrency tests need real row locks: run with DATABASE_URL=postgres://…",
    ),
]
