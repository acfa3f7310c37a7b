"""The demo commands' guard: never run against a real installation (issue #18 point 2).

``demo_setup``, ``demo_season`` and ``run_event --demo`` mark every event
they create ``Event.demo``; before creating anything they call
:func:`refuse_real_database`, which refuses a database that already holds
an event that is not a demo one, unless ``--force``, and always a database the
production start marked (:mod:`tournaments.services.installation`, issue #26
point 7), even one with no event yet, such as right after ``make serve``.
"""
from __future__ import annotations

from django.core.management.base import CommandError
from django.db import connection
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from tournaments.models import Event


def database_label() -> str:
    """The default database as a person names it: the SQLite file, or ``name`` on ``host`` (PostgreSQL)."""
    conf = connection.settings_dict
    if connection.vendor == "sqlite":
        return str(conf["NAME"])
    host = conf.get("HOST") or "localhost"
    return f"{conf['NAME']} ({connection.vendor}, {host})"


def refuse_real_database(*, force: bool) -> None:
    """Raise :class:`CommandError` for a database marked production (always) or holding non-demo
    events (unless ``force``)."""
    from tournaments.services.installation import installation_is_production

    if installation_is_production():
        raise CommandError(_(
            "La base de datos «%(db)s» es una instalación de producción (la marcó «make serve» o "
            "create_organizer): los datos de demostración nunca se cargan en ella, ni con --force. Usá la base "
            "de demostración («make demo» y «make run» usan arena-demo.sqlite3) u otra DATABASE_URL."
        ) % {"db": database_label()})
    if force:
        return
    real = Event.objects.filter(demo=False).count()
    if real:
        raise CommandError(ngettext(
            "La base de datos «%(db)s» ya tiene %(n)d evento que no es de demostración: parece una "
            "instalación real y los datos de demostración no se cargan en ella. Usá la base de demostración "
            "(«make demo» y «make run» usan arena-demo.sqlite3) u otra DATABASE_URL; --force la usa igual.",
            "La base de datos «%(db)s» ya tiene %(n)d eventos que no son de demostración: parece una "
            "instalación real y los datos de demostración no se cargan en ella. Usá la base de demostración "
            "(«make demo» y «make run» usan arena-demo.sqlite3) u otra DATABASE_URL; --force la usa igual.",
            real,
        ) % {"db": database_label(), "n": real})
