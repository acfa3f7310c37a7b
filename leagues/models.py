"""Seasons and their dates, the league points ledger and badge records.

Business rules live in :mod:`leagues.services` and the pure core
(:mod:`leagues.scoring`, :mod:`leagues.badges`); models only store state and
let the database enforce what it can: one season per game and year, one
league date per event, one reversal per ledger entry, one confirmation or
award per player, badge and season.

Nothing here adds a field to :mod:`tournaments` models: an event's league
date is an :class:`EventLeagueDate` row on this side.
"""
from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext_lazy as _
from simple_history.models import HistoricalRecords

from tournaments.models import Event

from .enums import AWARDABLE_BADGES, BadgeChoice, LedgerReason, LedgerScope


class Season(models.Model):
    """One Super Liga season of one game: "Super Liga 2024".

    Its 18 dates (:class:`SeasonDate`) are generated when it is created and
    stay editable. ``nacional_quota`` is N, the places each venue's season
    table gives in El Nacional (000 § "El Nacional", R-000-59).
    ``attendance_target`` is badge 1's "15 of the 18 dates", kept with the
    season because its dates are editable. ``closed``
    marks the season's end: badge 5 (TOP 5 of one's venue) is decided and
    the qualification lists are final only then (RULES-TRACE ambiguity 15).
    """

    game = models.ForeignKey(
        "rules.Game", on_delete=models.PROTECT, related_name="seasons", verbose_name=_("juego")
    )
    year = models.PositiveSmallIntegerField(_("año"))
    name = models.CharField(_("nombre"), max_length=120, blank=True, help_text=_("Vacío: «Super Liga AAAA»."))
    nacional_quota = models.PositiveSmallIntegerField(
        _("clasificados directos a El Nacional por sede"), default=2,
        help_text=_("Los N primeros de la tabla de cada sede (000 § «El Nacional»)."),
    )
    attendance_target = models.PositiveSmallIntegerField(
        _("fechas para la insignia 1"), default=15,
        help_text=_("Fechas a jugar para la insignia de asistencia: 15 de las 18 (000 § «Super Liga»)."),
    )
    closed = models.BooleanField(
        _("temporada cerrada"), default=False,
        help_text=_("Al cerrar la temporada se decide la insignia 5 y las listas de clasificación son definitivas."),
    )
    demo = models.BooleanField(
        _("temporada de demostración"), default=False,
        help_text=_("Creada por «demo_season»: sólo en ella cuentan los puntos de los eventos de demostración."),
    )
    created_at = models.DateTimeField(_("alta"), auto_now_add=True)

    class Meta:
        verbose_name = _("temporada")
        verbose_name_plural = _("temporadas")
        ordering = ["-year", "game__name"]
        constraints = [models.UniqueConstraint(fields=["game", "year"], name="season_once_per_game_and_year")]

    def __str__(self) -> str:
        return self.title

    def get_absolute_url(self) -> str:
        return reverse("leagues:season", args=[self.pk])

    @property
    def title(self) -> str:
        return self.name or f"Super Liga {self.year}"


class SeasonDate(models.Model):
    """One date ("fecha") of a season; ``number`` 1–18 in calendar order."""

    season = models.ForeignKey(Season, on_delete=models.CASCADE, related_name="dates", verbose_name=_("temporada"))
    number = models.PositiveSmallIntegerField(_("número"))
    date = models.DateField(_("fecha"))

    class Meta:
        verbose_name = _("fecha de la temporada")
        verbose_name_plural = _("fechas de la temporada")
        ordering = ["season", "date", "number"]
        constraints = [
            models.UniqueConstraint(fields=["season", "number"], name="season_date_number_unique"),
            models.UniqueConstraint(fields=["season", "date"], name="season_date_date_unique"),
        ]

    def __str__(self) -> str:
        return f"{self.season.title} — {_('Fecha')} {self.number} ({self.date:%d/%m/%Y})"


class EventLeagueDate(models.Model):
    """The league date a Super Liga event belongs to.

    Set by an organizer in the admin, or by :func:`leagues.services.
    event_points_post` when the event's date is a date of its game's season.
    Badges and the prizes checklist count only events with a league date.
    """

    event = models.OneToOneField(
        Event, on_delete=models.CASCADE, related_name="league_date", verbose_name=_("evento")
    )
    season_date = models.ForeignKey(
        SeasonDate, on_delete=models.PROTECT, related_name="event_links", verbose_name=_("fecha de liga")
    )
    assigned_at = models.DateTimeField(_("asignada"), default=timezone.now)
    assigned_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+",
        verbose_name=_("asignada por"),
    )

    class Meta:
        verbose_name = _("fecha de liga de un evento")
        verbose_name_plural = _("fechas de liga de los eventos")
        ordering = ["season_date", "event__name"]

    def __str__(self) -> str:
        return f"{self.event.name} → {self.season_date}"


class LedgerEntry(models.Model):
    """One posting of league points: never edited, corrected by a reversal.

    ``scope`` names the table fed (the season table of ``season``, or the
    all-time ranking). A reversal has reason ``reversal``, the negated points
    and ``reverses`` pointing at the entry it cancels; an entry is reversed
    at most once (one-to-one). Deleting an event (``run_event --replace``)
    deletes its entries with it; a held event is corrected by reversals.
    """

    player = models.ForeignKey(
        "tournaments.Player", on_delete=models.PROTECT, related_name="league_entries", verbose_name=_("jugador")
    )
    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="league_entries", verbose_name=_("evento"))
    reason = models.CharField(_("motivo"), max_length=20, choices=LedgerReason.choices)
    points = models.IntegerField(_("puntos"))
    scope = models.CharField(_("tabla"), max_length=10, choices=LedgerScope.choices)
    season = models.ForeignKey(
        Season, null=True, blank=True, on_delete=models.PROTECT, related_name="ledger_entries",
        verbose_name=_("temporada"),
    )
    reverses = models.OneToOneField(
        "self", null=True, blank=True, on_delete=models.RESTRICT, related_name="reversed_by",
        verbose_name=_("revierte"),
    )
    created_at = models.DateTimeField(_("asentado"), default=timezone.now)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+",
        verbose_name=_("asentado por"),
    )

    class Meta:
        verbose_name = _("asiento de puntos")
        verbose_name_plural = _("asientos de puntos")
        ordering = ["pk"]
        indexes = [
            models.Index(fields=["scope", "season", "player"], name="ledger_table_idx"),
            models.Index(fields=["event", "player"], name="ledger_event_idx"),
        ]
        constraints = [
            models.CheckConstraint(
                condition=(Q(reason=LedgerReason.REVERSAL) & Q(reverses__isnull=False))
                | (~Q(reason=LedgerReason.REVERSAL) & Q(reverses__isnull=True)),
                name="ledger_reversal_names_its_entry",
            ),
            models.CheckConstraint(
                condition=~Q(scope=LedgerScope.SEASON) | Q(season__isnull=False),
                name="ledger_season_scope_has_season",
            ),
            models.CheckConstraint(condition=~Q(points=0), name="ledger_points_not_zero"),
        ]

    def __str__(self) -> str:
        return f"{self.player_id} {self.get_reason_display()} {self.points:+d} ({self.get_scope_display()})"


class CollectionConfirmation(models.Model):
    """A venue organizer confirmed a player's Original Genetics collection
    (Holo, No Holo and Alternativas) for a season: badge 4 (R-000-43)."""

    season = models.ForeignKey(
        Season, on_delete=models.CASCADE, related_name="collections", verbose_name=_("temporada")
    )
    player = models.ForeignKey(
        "tournaments.Player", on_delete=models.PROTECT, related_name="collection_confirmations",
        verbose_name=_("jugador"),
    )
    confirmed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+",
        verbose_name=_("confirmada por"),
    )
    confirmed_at = models.DateTimeField(_("confirmada"), default=timezone.now)
    note = models.CharField(_("nota"), max_length=200, blank=True)
    history = HistoricalRecords()  # confirmations and revocations keep their history (R-000-46)

    class Meta:
        verbose_name = _("colección Original Genetics confirmada")
        verbose_name_plural = _("colecciones Original Genetics confirmadas")
        ordering = ["season", "player__display_name"]
        constraints = [
            models.UniqueConstraint(fields=["season", "player"], name="collection_once_per_season"),
        ]

    def __str__(self) -> str:
        return f"{self.player.display_name} — {self.season.title}"


class BadgeAward(models.Model):
    """A badge awarded by hand, e.g. chosen by a Breeder Quest winner
    (000 § "Breeder Quest", R-000-51); ``reason`` says why. One badge per
    Breeder Quest win; revoking deletes the row and its history keeps it."""

    season = models.ForeignKey(Season, on_delete=models.CASCADE, related_name="awards", verbose_name=_("temporada"))
    player = models.ForeignKey(
        "tournaments.Player", on_delete=models.PROTECT, related_name="badge_awards", verbose_name=_("jugador")
    )
    badge = models.CharField(_("insignia"), max_length=20, choices=AWARDABLE_BADGES)
    reason = models.CharField(_("motivo"), max_length=200)
    event = models.ForeignKey(
        Event, null=True, blank=True, on_delete=models.SET_NULL, related_name="badge_awards",
        verbose_name=_("evento"), help_text=_("El Breeder Quest que la otorga, si corresponde."),
    )
    awarded_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+",
        verbose_name=_("otorgada por"),
    )
    awarded_at = models.DateTimeField(_("otorgada"), default=timezone.now)
    history = HistoricalRecords()  # awards and revocations keep their history (R-000-46)

    class Meta:
        verbose_name = _("insignia otorgada")
        verbose_name_plural = _("insignias otorgadas")
        ordering = ["season", "player__display_name", "badge"]
        constraints = [
            models.UniqueConstraint(fields=["season", "player", "badge"], name="badge_award_once"),
            # A Breeder Quest win gives one badge (RULES-TRACE ambiguity 18).
            models.UniqueConstraint(
                fields=["event", "player"], condition=Q(event__isnull=False), name="badge_award_once_per_event"
            ),
            models.CheckConstraint(condition=~Q(badge=BadgeChoice.NACIONAL_PASS), name="badge_award_not_sixth"),
            models.CheckConstraint(condition=~Q(reason=""), name="badge_award_has_reason"),
        ]

    def __str__(self) -> str:
        return f"{self.player.display_name} — {self.get_badge_display()}"


class LeagueEvent(Event):
    """Events as the league sees them (admin only): league date, points
    posted, and the "recompute points" action. A proxy: no table."""

    class Meta:
        proxy = True
        verbose_name = _("evento (puntos de liga)")
        verbose_name_plural = _("eventos (puntos de liga)")


class ProPlayerTitle(models.Model):
    """"ProPlayer <year>": El Nacional's champion (``place`` 1) and runner-up
    (2) for the next competitive year (000 § "El Nacional", R-000-62).

    Posted by :func:`leagues.services.pro_player_titles_sync` when the event
    finishes; a correction that changes the final voids the old row
    (``voided_at``) and adds the new one, so the history stays.
    """

    player = models.ForeignKey(
        "tournaments.Player", on_delete=models.PROTECT, related_name="pro_player_titles", verbose_name=_("jugador")
    )
    event = models.ForeignKey(
        Event, on_delete=models.PROTECT, related_name="pro_player_titles", verbose_name=_("El Nacional")
    )
    year = models.PositiveSmallIntegerField(_("año del título"))
    place = models.PositiveSmallIntegerField(_("puesto"), choices=[(1, _("Campeón")), (2, _("2do puesto"))])
    awarded_at = models.DateTimeField(_("otorgado"), auto_now_add=True)
    voided_at = models.DateTimeField(_("anulado"), null=True, blank=True)
    voided_reason = models.CharField(_("motivo de la anulación"), max_length=200, blank=True)

    class Meta:
        verbose_name = _("título ProPlayer")
        verbose_name_plural = _("títulos ProPlayer")
        ordering = ["-year", "place", "pk"]
        constraints = [
            models.UniqueConstraint(
                fields=["event", "place"], condition=Q(voided_at__isnull=True), name="pro_player_title_once"
            ),
            models.CheckConstraint(condition=Q(place__in=[1, 2]), name="pro_player_title_place_1_or_2"),
        ]

    def __str__(self) -> str:
        return f"{self.player.display_name} — {self.title}"

    @property
    def title(self) -> str:
        return f"ProPlayer {self.year}"
