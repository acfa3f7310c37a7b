"""Choices of the league models, mirroring the pure core's enums.

Values are the pure core's stable English keys (:mod:`leagues.scoring`,
:mod:`leagues.badges`); labels are Spanish (es-AR) through gettext. The
module checks at import that every choice has its core counterpart and the
other way round, as STYLE.md § 2 asks of registries.
"""
from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _

from tournaments.enums import EventKind

from . import badges, scoring


class LedgerScope(models.TextChoices):
    """The table a ledger entry feeds (:class:`leagues.scoring.Scope`)."""

    SEASON = "season", _("Temporada (Super Liga)")
    ALL_TIME = "all_time", _("Ranking Nacional (Histórico)")


class LedgerReason(models.TextChoices):
    """Why a ledger entry was posted (:class:`leagues.scoring.Reason`)."""

    PARTICIPATION = "participation", _("Participación")
    OUT_OF_PROVINCE = "out_of_province", _("Fuera de la provincia")
    PODIUM_1 = "podium_1", _("1er puesto")
    PODIUM_2 = "podium_2", _("2do puesto")
    PODIUM_3 = "podium_3", _("3er puesto")
    REVERSAL = "reversal", _("Reversión (corrección)")


class BadgeChoice(models.TextChoices):
    """The six badges (:class:`leagues.badges.Badge`), in the leaflet's order."""

    ATTENDANCE = "attendance", _("1° Jugar 15 de las 18 fechas")
    OUT_OF_PROVINCE = "out_of_province", _("2° Jugar 3 fechas en sedes de otra provincia")
    REFERRAL = "referral", _("3° Traer un jugador nuevo")
    COLLECTION = "collection", _("4° Completar la colección Original Genetics")
    HOME_VENUE_TOP = "home_venue_top", _("5° Quedar TOP 5 de tu sede")
    NACIONAL_PASS = "nacional_pass", _("6° Sexta insignia: acceso directo a El Nacional")


#: Badges an organizer may award by hand (the sixth follows from the five).
AWARDABLE_BADGES = [(value, label) for value, label in BadgeChoice.choices if value != BadgeChoice.NACIONAL_PASS]


def _check(name: str, choices: type[models.TextChoices], core: type) -> None:
    ours, theirs = set(choices.values), {member.value for member in core}
    if ours != theirs:  # pragma: no cover - a broken registry is a bug
        raise scoring.LeagueInvariantError(f"{name} choices differ from the core: {ours ^ theirs}")


_check("LedgerScope", LedgerScope, scoring.Scope)
_check("LedgerReason", LedgerReason, scoring.Reason)
_check("BadgeChoice", BadgeChoice, badges.Badge)
_check("EventKind", EventKind, scoring.EventKind)
