"""Django's ``migrate``, taking turns on PostgreSQL: two nodes started together (``docker compose up
--scale web=2``, or two servers behind a balancer) migrate one after the other, never the same
migration at once. The turn is a session advisory lock (:data:`MIGRATE_LOCK_KEY`) held for the whole
run; SQLite has one writer anyway."""
from __future__ import annotations

from django.core.management.commands.migrate import Command as DjangoMigrate
from django.db import connections

#: The advisory lock every ``migrate`` on a PostgreSQL database holds while it runs.
MIGRATE_LOCK_KEY = 7_207_207_001


class Command(DjangoMigrate):
    help = DjangoMigrate.help + " On PostgreSQL, runs started together take turns."

    def handle(self, *args, **options):
        connection = connections[options["database"]]
        if connection.vendor != "postgresql":
            return super().handle(*args, **options)
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_advisory_lock(%s)", [MIGRATE_LOCK_KEY])
        try:
            return super().handle(*args, **options)
        finally:
            with connection.cursor() as cursor:
                cursor.execute("SELECT pg_advisory_unlock(%s)", [MIGRATE_LOCK_KEY])
