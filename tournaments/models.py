"""Venues, players, events, registrations, rounds, matches and results.

Business rules live in :mod:`tournaments.services` and the pure core
:mod:`tournaments.swiss`; models only store state and let the database
enforce what it can (one match per table per round, non-negative games).
"""
from __future__ import annotations

import uuid

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext_lazy as _
from simple_history.models import HistoricalRecords

from .enums import (
    DocumentKind,
    DocumentState,
    EventKind,
    EventLogAction,
    EventState,
    MatchOutcome,
    MatchStatus,
    PreRegistrationState,
    ResultSource,
    RoundPhase,
    RoundState,
    SeatOutcomeHow,
)
from .text import fold, validate_one_line  # names: no control, bidi or zero-width character


class Installation(models.Model):
    """What this database is (one row, ``pk=1``): its kind and its cache epoch (issue #26 points 4 and 7).

    ``kind`` is ``"production"`` once the production start marks it (``make serve``,
    ``create_organizer``, ``organizer_add``, ``manage.py installation_mark``): the demo commands
    refuse such a database whatever it holds. ``epoch`` is a random token every key of the page
    caches carries (:mod:`tournaments.stamps`); a restore, a migration or
    ``manage.py cache_epoch_advance`` replaces it, so nothing cached before can be served again.
    Read and written through :mod:`tournaments.services.installation`.
    """

    KIND_UNMARKED, KIND_PRODUCTION = "", "production"

    kind = models.CharField(
        _("tipo de instalación"), max_length=12, blank=True,
        choices=[("", _("Sin marcar (desarrollo o demostración)")), ("production", _("Producción"))],
    )
    marked_at = models.DateTimeField(_("marcada"), null=True, blank=True)
    epoch = models.CharField(_("época de las cachés"), max_length=32, default="0")
    epoch_at = models.DateTimeField(_("época desde"), null=True, blank=True)

    class Meta:
        verbose_name = _("instalación")
        verbose_name_plural = _("instalación")

    def __str__(self) -> str:
        return f"{self.get_kind_display()} · {self.epoch[:8]}"


class Venue(models.Model):
    """A store that hosts events (Sede); belongs to a province."""

    name = models.CharField(_("nombre"), max_length=120, unique=True, validators=[validate_one_line])
    province = models.CharField(_("provincia"), max_length=80)
    organizers = models.ManyToManyField(
        settings.AUTH_USER_MODEL, blank=True, related_name="organized_venues", verbose_name=_("organizadores")
    )

    class Meta:
        verbose_name = _("sede")
        verbose_name_plural = _("sedes")
        ordering = ["name"]

    def __str__(self) -> str:
        return f"{self.name} ({self.province})"


class PlayerManager(models.Manager):
    """Players; :meth:`bulk_create` keeps :attr:`Player.search_name` as ``save()`` does."""

    def bulk_create(self, objs, *args, **kwargs):
        objs = list(objs)
        for player in objs:
            player.search_name = player.folded_search_name()
        return super().bulk_create(objs, *args, **kwargs)


class Player(models.Model):
    """A registered player (Breeder); ``player_number`` is the public id.

    ``search_name`` is the name and number folded (accents and case away, :func:`tournaments.text.fold`),
    kept by ``save()`` and :meth:`PlayerManager.bulk_create`: every search of players (the admin's list
    and autocompletes, the API's ``search``) matches it, so «gimenez» finds «Giménez» on PostgreSQL and
    SQLite alike, with an index (issue #28 point 1).
    """

    display_name = models.CharField(_("nombre visible"), max_length=120, validators=[validate_one_line])
    player_number = models.CharField(_("número de jugador"), max_length=40, unique=True)
    home_venue = models.ForeignKey(
        Venue, null=True, blank=True, on_delete=models.SET_NULL, related_name="home_players",
        verbose_name=_("sede de origen"),
    )
    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="player",
        verbose_name=_("usuario"),
    )
    referred_by = models.ForeignKey(
        "self", null=True, blank=True, on_delete=models.SET_NULL, related_name="referrals",
        verbose_name=_("invitado por"),
    )
    created_at = models.DateTimeField(_("alta"), auto_now_add=True)
    search_name = models.CharField(_("búsqueda"), max_length=170, blank=True, editable=False, db_index=True)
    history = HistoricalRecords(excluded_fields=["search_name"])  # renames, venue and user links are kept

    objects = PlayerManager()

    class Meta:
        verbose_name = _("jugador")
        verbose_name_plural = _("jugadores")
        ordering = ["display_name"]

    def __str__(self) -> str:
        return f"{self.display_name} ({self.player_number})"

    def save(self, *args, **kwargs):
        self.search_name = self.folded_search_name()
        fields = kwargs.get("update_fields")
        if fields is not None and {"display_name", "player_number"} & set(fields):
            kwargs["update_fields"] = [*fields, "search_name"]
        super().save(*args, **kwargs)

    def folded_search_name(self) -> str:
        """The name and number as searches match them (folded, one space between)."""
        return " ".join(fold(f"{self.display_name} {self.player_number}").split())

    @property
    def province(self) -> str | None:
        """The player's province is their home venue's (RULES-TRACE ambiguity 15)."""
        return self.home_venue.province if self.home_venue_id else None


def default_placement_points() -> dict[str, int]:
    """Placement points of a pod event: 1st 3, 2nd 2, 3rd 1, others 0 (issue #9)."""
    return {"1": 3, "2": 2, "3": 1}


class Event(models.Model):
    """One tournament day (Fecha) at a venue, of a given kind.

    Settings default to the rulebook (000_0014b2ac83da54b4.txt § "El Nacional":
    best of three at 50 minutes) and DESIGN.md decisions 1, 5 and 6.
    """

    #: The event's id across installations: a venue laptop's export keeps it, and publishing the
    #: same event to the national server again updates it there (:mod:`tournaments.exchange`).
    uid = models.UUIDField(_("identificador global"), default=uuid.uuid4, unique=True, editable=False)
    name = models.CharField(_("nombre"), max_length=160, validators=[validate_one_line])
    game = models.ForeignKey("rules.Game", on_delete=models.PROTECT, related_name="events", verbose_name=_("juego"))
    venue = models.ForeignKey(
        Venue, null=True, blank=True, on_delete=models.PROTECT, related_name="events",
        verbose_name=_("sede"), help_text=_("Vacío para un evento virtual."),
    )
    kind = models.CharField(_("formato"), max_length=20, choices=EventKind.choices, default=EventKind.SUPER_LIGA)
    #: The key of the event's format in :data:`tournaments.formats.FORMATS` (DESIGN.md decision 22):
    #: how its players are seated and its rounds follow. Empty on a new event: ``save()`` takes the
    #: game profile's default (:attr:`rules.games.base.GameProfile.default_event_format`).
    format = models.CharField(
        _("sistema de juego"), max_length=24, blank=True,
        help_text=_("Cómo se juegan las rondas: suizo con reducido, suizo en mesas multijugador, todos contra "
                    "todos o eliminación directa. Vacío: el del juego."),
    )
    date = models.DateField(_("fecha"))
    best_of = models.PositiveSmallIntegerField(_("mejor de"), choices=[(1, "1"), (3, "3")], default=3)
    round_minutes = models.PositiveSmallIntegerField(_("minutos por ronda"), default=50)
    clock_starts_on_pairing = models.BooleanField(
        _("iniciar el reloj al emparejar"), default=False,
        help_text=_("Si está marcado, el reloj de cada ronda arranca en cuanto se empareja."),
    )
    planned_rounds = models.PositiveSmallIntegerField(
        _("rondas suizas"), null=True, blank=True,
        help_text=_("Vacío: según la asistencia, log2(N) redondeado hacia arriba, mínimo 3."),
    )
    min_rounds = models.PositiveSmallIntegerField(_("mínimo de rondas"), default=3)
    cut_size = models.PositiveSmallIntegerField(
        _("tamaño del reducido"), choices=[(0, _("Sin reducido")), (4, "Top 4"), (8, "Top 8"), (16, "Top 16")],
        default=4,
    )
    third_place_match = models.BooleanField(_("partida por el tercer puesto"), default=False)
    bye_game_wins = models.PositiveSmallIntegerField(
        _("partidas ganadas por bye"), default=2, help_text=_("El bye cuenta como victoria 2-0."),
    )
    state = models.CharField(_("estado"), max_length=20, choices=EventState.choices, default=EventState.DRAFT)
    seed = models.BigIntegerField(
        _("semilla"), help_text=_("Semilla registrada para los sorteos (ronda 1, desempates, bye)."),
    )
    judges = models.ManyToManyField(
        settings.AUTH_USER_MODEL, blank=True, related_name="judged_events", verbose_name=_("jueces"),
    )
    head_judge = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="head_judged_events",
        verbose_name=_("juez principal"),
    )
    podium_first = models.ForeignKey(
        "Registration", null=True, blank=True, on_delete=models.SET_NULL, related_name="+",
        verbose_name=_("1er puesto"),
    )
    podium_second = models.ForeignKey(
        "Registration", null=True, blank=True, on_delete=models.SET_NULL, related_name="+",
        verbose_name=_("2do puesto"),
    )
    podium_third = models.ForeignKey(
        "Registration", null=True, blank=True, on_delete=models.SET_NULL, related_name="+",
        verbose_name=_("3er puesto"),
    )
    finished_at = models.DateTimeField(_("finalizado"), null=True, blank=True)
    placement_points = models.JSONField(
        _("puntos por puesto"), default=default_placement_points, blank=True,
        help_text=_("Juegos en mesas de 3 a 6: puntos por puesto, p. ej. {\"1\": 3, \"2\": 2, \"3\": 1}; "
                    "los demás puestos suman 0."),
    )
    self_reporting = models.BooleanField(
        _("autorreporte de resultados"), default=False,
        help_text=_("Los jugadores cargan el resultado de su mesa desde el teléfono; cuenta cuando todos "
                    "reportan lo mismo y, si no coinciden, lo resuelve un juez; lo que carga un juez siempre "
                    "prevalece."),
    )
    #: Created by a demo command (``demo_setup``, ``demo_season``, ``run_event --demo``): its league
    #: points count only in a demo season (:func:`leagues.services.event_points_post`, issue #18).
    demo = models.BooleanField(
        _("evento de demostración"), default=False,
        help_text=_("Creado por los comandos de demostración; sus puntos no cuentan en ninguna tabla real."),
    )
    pod_points_mode = models.CharField(
        _("puntos de las mesas multijugador"), max_length=10, default="share",
        choices=[("share", _("Según los rivales superados (3 × la parte de la mesa que quedó detrás)")),
                 ("table", _("Tabla de puntos por puesto"))],
        help_text=_("Predeterminado: nadie suma más por jugar en una mesa más chica; el último de cualquier mesa "
                    "suma 0 y los empatados comparten el promedio."),
    )
    # Pre-registration from the players' phones (issue #17 point 2; tournaments.services.preregistration).
    preregistration_open = models.BooleanField(
        _("preinscripción abierta"), default=False,
        help_text=_("Los jugadores con cuenta pueden preinscribirse desde «Próximos torneos»."),
    )
    capacity = models.PositiveIntegerField(
        _("cupo"), null=True, blank=True,
        help_text=_("Lugares del torneo; vacío: sin límite. Pasado el cupo, la preinscripción queda en lista de "
                    "espera, por orden de llegada."),
    )
    preregistration_deadline = models.DateTimeField(
        _("cierre de la preinscripción"), null=True, blank=True,
        help_text=_("Vacío: hasta que se cierre la inscripción."),
    )
    created_at = models.DateTimeField(auto_now_add=True)
    #: The state stamp of the public pages (:mod:`tournaments.stamps`): it only ever grows, by
    #: ``F() + 1`` in the database, whenever anything the pages show changes; ``save()`` never writes it.
    revision = models.PositiveBigIntegerField(_("revisión"), default=0, editable=False)
    #: Where this copy of the event comes from (issue #26): ``""`` run here, ``"imported"`` published
    #: from a venue's file (:mod:`tournaments.exchange`); a file never overwrites an event run here.
    origin = models.CharField(
        _("origen"), max_length=10, blank=True, default="", editable=False,
        choices=[("", _("Jugado en este servidor")), ("imported", _("Publicado desde un archivo de sede"))],
    )
    #: The venue's own :attr:`revision` carried by the last file imported; an older file is refused.
    source_revision = models.PositiveBigIntegerField(_("revisión del archivo de la sede"), default=0, editable=False)
    #: A wrong event voided by a superuser (:func:`tournaments.services.event_void`): kept with all its
    #: rows, hidden from the public and API lists, its league points reversed (DESIGN.md: nothing is deleted).
    voided_at = models.DateTimeField(_("anulado"), null=True, blank=True, editable=False)
    voided_reason = models.TextField(_("motivo de la anulación"), blank=True, default="", editable=False)
    voided_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT,
                                  related_name="+", editable=False, verbose_name=_("anulado por"))
    #: Decklists online (issue #17): players submit and change their own list until this moment
    #: (and never once round 1 is paired); null = until round 1 is paired.
    decklist_deadline = models.DateTimeField(
        _("cierre de las listas de mazo"), null=True, blank=True,
        help_text=_("Hasta cuándo los jugadores cargan y cambian su lista desde el sitio. Vacío: hasta que se "
                    "empareja la ronda 1 (después, sólo los jueces)."),
    )
    #: The top decklists made public after the event (rules.services.decklists_publish).
    decklists_published_at = models.DateTimeField(_("listas del top publicadas"), null=True, blank=True,
                                                  editable=False)
    decklists_published_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+",
        editable=False, verbose_name=_("publicó las listas"),
    )
    #: ``[{"registration": id, "place": n}, …]``: the registrations whose lists were published, best first.
    decklists_published = models.JSONField(_("listas publicadas"), default=list, blank=True, editable=False)

    class Meta:
        verbose_name = _("evento")
        verbose_name_plural = _("eventos")
        ordering = ["-date", "name"]
        constraints = [
            models.CheckConstraint(condition=Q(best_of__in=[1, 3]), name="event_best_of_1_or_3"),
            models.CheckConstraint(condition=Q(cut_size__in=[0, 4, 8, 16]), name="event_cut_size_valid"),
        ]

    def __str__(self) -> str:
        return f"{self.name} — {self.date:%d/%m/%Y}"

    def save(self, *args, **kwargs):
        """Save every field but :attr:`revision`, which only the database increments.

        An instance read before a concurrent change would otherwise write an
        older revision back and make stale cached pages current again.
        """
        if not self.format:
            profile = self.profile if self.game_id else None
            self.format = profile.default_event_format if profile is not None else "duels"
        if self.pk is not None and not self._state.adding and kwargs.get("update_fields") is None:
            kwargs["update_fields"] = [
                f.name for f in self._meta.concrete_fields if not f.primary_key and f.name != "revision"
            ]
        super().save(*args, **kwargs)

    def get_absolute_url(self) -> str:
        return reverse("public:event", args=[self.pk])

    @property
    def is_virtual(self) -> bool:
        return self.venue_id is None or self.kind == EventKind.VIRTUAL

    @property
    def profile(self):
        """The game's :class:`rules.games.base.GameProfile` (``None`` for a game without one)."""
        from rules.games import REGISTRY

        return REGISTRY.get(self.game.key)

    def points_table(self) -> dict[int, int] | None:
        """``placement_points`` as place (int) → points (int); ``None`` when the
        event scores pods by share of pod-mates beaten (DESIGN.md decision 17)."""
        if self.pod_points_mode != "table":
            return None
        return {int(place): int(points) for place, points in (self.placement_points or {}).items()}


class Registration(models.Model):
    """One player's entry in one event. A drop is recorded, never a delete."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="registrations", verbose_name=_("evento"))
    player = models.ForeignKey(
        Player, on_delete=models.PROTECT, related_name="registrations", verbose_name=_("jugador")
    )
    checked_in = models.BooleanField(_("presente"), default=False)
    late_entry = models.BooleanField(_("inscripción tardía"), default=False)
    joined_round = models.PositiveSmallIntegerField(_("ingresó en la ronda"), default=1)
    dropped = models.BooleanField(_("abandonó"), default=False)
    dropped_after_round = models.PositiveSmallIntegerField(_("abandonó tras la ronda"), null=True, blank=True)
    disqualified = models.BooleanField(_("descalificado"), default=False)
    draw_order = models.PositiveIntegerField(
        _("orden de sorteo"), default=0,
        help_text=_("Sorteo registrado que ordena a quienes nada separa en las posiciones."),
    )
    fixed_table = models.PositiveSmallIntegerField(
        _("mesa fija"), null=True, blank=True,
        help_text=_("Mesa en la que juega siempre (accesibilidad); vacío: la que le toque."),
    )
    pack_indoor = models.BooleanField(
        _("Pack Indoor comprado"), default=False,
        help_text=_("Torneo Indoor: sólo se participa con la compra del Pack Indoor."),
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        verbose_name = _("inscripción")
        verbose_name_plural = _("inscripciones")
        ordering = ["event", "player__display_name"]
        constraints = [
            models.UniqueConstraint(fields=["event", "player"], name="registration_once_per_event"),
        ]

    def __str__(self) -> str:
        return f"{self.player.display_name} @ {self.event.name}"

    @property
    def active(self) -> bool:
        return not self.dropped and not self.disqualified


class Round(models.Model):
    """One Swiss or top-cut round; ``seed`` is the recorded seed it was paired from."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="rounds", verbose_name=_("evento"))
    number = models.PositiveSmallIntegerField(_("número"))
    phase = models.CharField(_("fase"), max_length=10, choices=RoundPhase.choices, default=RoundPhase.SWISS)
    stage = models.PositiveSmallIntegerField(
        _("etapa del reducido"), null=True, blank=True, help_text=_("1 final, 2 semifinales, 3 cuartos…"),
    )
    state = models.CharField(_("estado"), max_length=10, choices=RoundState.choices, default=RoundState.PAIRED)
    seed = models.BigIntegerField(_("semilla"), null=True, blank=True)
    paired_at = models.DateTimeField(_("emparejada"), auto_now_add=True)
    closed_at = models.DateTimeField(_("cerrada"), null=True, blank=True)
    clock_started_at = models.DateTimeField(_("reloj iniciado"), null=True, blank=True)
    clock_paused_at = models.DateTimeField(_("reloj en pausa"), null=True, blank=True)
    clock_paused_seconds = models.PositiveIntegerField(_("segundos en pausa"), default=0)
    build_minutes = models.PositiveSmallIntegerField(
        _("minutos de armado"), default=0,
        help_text=_("Torneo Indoor, ronda 1: tiempo para abrir los boosters, armar el mazo e intercambiar "
                    "cartas antes del reloj de la ronda."),
    )

    class Meta:
        verbose_name = _("ronda")
        verbose_name_plural = _("rondas")
        ordering = ["event", "number"]
        constraints = [models.UniqueConstraint(fields=["event", "number"], name="round_number_unique_per_event")]

    def __str__(self) -> str:
        return f"{self.event.name} — {_('Ronda')} {self.number}"


class Match(models.Model):
    """A best-of-N match at a table, or a bye (``player_b`` empty).

    ``games_a``/``games_b`` are games won by each player, ``games_drawn`` the
    drawn games. ``version`` grows with every accepted result entry and guards
    against stale edits; the entries themselves are :class:`ResultEntry`.
    ``how_a``/``how_b`` (:class:`~tournaments.enums.SeatOutcomeHow`) say how
    each side's result came about (played, absent, late, penalty), as the
    latest entry records it.
    """

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="matches", verbose_name=_("ronda"))
    table_number = models.PositiveSmallIntegerField(_("mesa"), null=True, blank=True)
    player_a = models.ForeignKey(
        Registration, on_delete=models.PROTECT, related_name="matches_as_a", verbose_name=_("jugador A"),
    )
    player_b = models.ForeignKey(
        Registration, null=True, blank=True, on_delete=models.PROTECT, related_name="matches_as_b",
        verbose_name=_("jugador B"),
    )
    is_bye = models.BooleanField(_("bye"), default=False)
    games_a = models.PositiveSmallIntegerField(_("partidas ganadas por A"), default=0)
    games_b = models.PositiveSmallIntegerField(_("partidas ganadas por B"), default=0)
    games_drawn = models.PositiveSmallIntegerField(_("partidas empatadas"), default=0)
    outcome = models.CharField(_("resultado"), max_length=12, choices=MatchOutcome.choices, blank=True)
    how_a = models.CharField(_("cómo terminó A"), max_length=8, choices=SeatOutcomeHow.choices,
                             default=SeatOutcomeHow.PLAYED, db_default=SeatOutcomeHow.PLAYED)
    how_b = models.CharField(_("cómo terminó B"), max_length=8, choices=SeatOutcomeHow.choices,
                             default=SeatOutcomeHow.PLAYED, db_default=SeatOutcomeHow.PLAYED)
    status = models.CharField(_("estado"), max_length=10, choices=MatchStatus.choices, default=MatchStatus.PENDING)
    went_to_time = models.BooleanField(_("terminó por tiempo"), default=False)
    intentional_draw = models.BooleanField(_("empate intencional"), default=False)
    rematch = models.BooleanField(_("revancha inevitable"), default=False)
    bracket_slot = models.PositiveSmallIntegerField(_("llave"), null=True, blank=True)
    version = models.PositiveIntegerField(_("versión"), default=0)
    extra_minutes = models.PositiveSmallIntegerField(
        _("minutos extra"), default=0,
        help_text=_("Tiempo agregado por un juez a esta mesa (demora por una consulta, revisión de mazo)."),
    )

    class Meta:
        verbose_name = _("emparejamiento")
        verbose_name_plural = _("emparejamientos")
        ordering = ["round", "table_number"]
        constraints = [
            models.UniqueConstraint(fields=["round", "table_number"], name="match_table_unique_per_round"),
            models.UniqueConstraint(fields=["round", "player_a"], name="match_player_a_once_per_round"),
            models.UniqueConstraint(fields=["round", "player_b"], name="match_player_b_once_per_round"),
            models.CheckConstraint(
                condition=Q(is_bye=True, player_b__isnull=True) | Q(is_bye=False, player_b__isnull=False),
                name="match_bye_has_no_opponent",
            ),
            models.CheckConstraint(condition=~Q(player_a=models.F("player_b")), name="match_two_different_players"),
        ]

    def __str__(self) -> str:
        if self.is_bye:
            return f"{self.player_a.player.display_name} — bye"
        player_a, player_b = self.player_a.player.display_name, self.player_b.player.display_name
        return f"{_('Mesa')} {self.table_number}: {player_a} vs {player_b}"

    @property
    def has_result(self) -> bool:
        return self.status != MatchStatus.PENDING


class ResultEntry(models.Model):
    """One accepted submission of a match result; the history of every change.

    ``version`` is assigned by the service under a row lock and backed by a
    unique constraint (STYLE.md §2 "Result entry"). ``before`` is the previous
    entry (``None`` for the first).
    """

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="entries", verbose_name=_("emparejamiento"))
    version = models.PositiveIntegerField(_("versión"))
    games_a = models.PositiveSmallIntegerField(_("partidas A"))
    games_b = models.PositiveSmallIntegerField(_("partidas B"))
    games_drawn = models.PositiveSmallIntegerField(_("partidas empatadas"))
    outcome = models.CharField(_("resultado"), max_length=12, choices=MatchOutcome.choices)
    went_to_time = models.BooleanField(_("terminó por tiempo"), default=False)
    intentional_draw = models.BooleanField(_("empate intencional"), default=False)
    minutes_late_a = models.PositiveSmallIntegerField(_("minutos tarde A"), null=True, blank=True)
    minutes_late_b = models.PositiveSmallIntegerField(_("minutos tarde B"), null=True, blank=True)
    how_a = models.CharField(_("cómo terminó A"), max_length=8, choices=SeatOutcomeHow.choices,
                             default=SeatOutcomeHow.PLAYED, db_default=SeatOutcomeHow.PLAYED)
    how_b = models.CharField(_("cómo terminó B"), max_length=8, choices=SeatOutcomeHow.choices,
                             default=SeatOutcomeHow.PLAYED, db_default=SeatOutcomeHow.PLAYED)
    note = models.CharField(_("nota"), max_length=240, blank=True)
    entered_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+",
        verbose_name=_("cargado por"),
    )
    entered_at = models.DateTimeField(_("cargado"), auto_now_add=True)
    #: Who the result came from: a judge's form or API call, or both players' agreeing reports (issue #17).
    source = models.CharField(_("origen"), max_length=10, choices=ResultSource.choices, default=ResultSource.JUDGE)

    class Meta:
        verbose_name = _("carga de resultado")
        verbose_name_plural = _("cargas de resultado")
        ordering = ["match", "version"]
        constraints = [models.UniqueConstraint(fields=["match", "version"], name="result_entry_version_unique")]

    def __str__(self) -> str:
        return f"v{self.version}: {self.games_a}-{self.games_b}-{self.games_drawn}"


class Document(models.Model):
    """A printed document of a round, rendered by a Celery worker or, with no broker, on first download.

    One row per (round, kind): re-rendering replaces the file, so the URL
    stays stable. ``state`` moves queued → rendering → ready or failed (with
    ``error``). Event-wide documents (final standings, bracket) hang on the
    round they were made after.
    """

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="documents", verbose_name=_("evento"))
    round = models.ForeignKey(
        Round, null=True, blank=True, on_delete=models.CASCADE, related_name="documents", verbose_name=_("ronda"),
    )
    kind = models.CharField(_("documento"), max_length=24, choices=DocumentKind.choices)
    state = models.CharField(_("estado"), max_length=12, choices=DocumentState.choices, default=DocumentState.QUEUED)
    file = models.FileField(_("archivo"), upload_to="documents/", blank=True)
    error = models.TextField(_("error"), blank=True)
    attempts = models.PositiveSmallIntegerField(_("intentos"), default=0)
    pages = models.PositiveIntegerField(_("páginas"), null=True, blank=True)
    size_bytes = models.PositiveIntegerField(_("tamaño (bytes)"), null=True, blank=True)
    # The render lease (tournaments.documents): who claimed the row and when; a claim past
    # its lease is taken over by the reaper. ``retry_at``: when a failed document is queued
    # again automatically (null: not automatically).
    render_token = models.CharField(_("generación en curso"), max_length=64, blank=True)
    render_started_at = models.DateTimeField(_("generación iniciada"), null=True, blank=True)
    retry_at = models.DateTimeField(_("próximo reintento"), null=True, blank=True)
    requested_at = models.DateTimeField(_("pedido"), auto_now_add=True)
    updated_at = models.DateTimeField(_("actualizado"), auto_now=True)

    class Meta:
        verbose_name = _("documento")
        verbose_name_plural = _("documentos")
        ordering = ["event", "round", "kind"]
        constraints = [
            models.UniqueConstraint(fields=["round", "kind"], name="document_once_per_round_and_kind"),
        ]

    def __str__(self) -> str:
        return f"{self.get_kind_display()} — {self.round or self.event}"


class Penalty(models.Model):
    """One entry of the event's penalty log (issue #7).

    ``penalty_type`` and ``consequences`` are the pure ladder's decision
    (:func:`rules.penalties.decide`), possibly revised by the head judge —
    each revision is a :class:`PenaltyRevision` row, the first values stay
    in ``original_type``. ``counts_as_warning`` is stored so old entries keep
    counting the same way if the catalogue changes. ``incident`` links the
    penalties of one incident (a missing card held by another competitor).
    ``issued_by`` is the judge who issued it; ``consulted_judges`` the
    event's judges consulted (R-000-97: "consultadas si lo amerita").
    """

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="penalties", verbose_name=_("evento"))
    registration = models.ForeignKey(
        Registration, on_delete=models.RESTRICT, related_name="penalties", verbose_name=_("jugador"),
    )
    round = models.ForeignKey(
        Round, null=True, blank=True, on_delete=models.SET_NULL, related_name="penalties", verbose_name=_("ronda"),
    )
    match = models.ForeignKey(
        Match, null=True, blank=True, on_delete=models.SET_NULL, related_name="penalties", verbose_name=_("mesa"),
    )
    game_number = models.PositiveSmallIntegerField(_("partida en curso"), null=True, blank=True)
    in_match = models.BooleanField(_("durante el match"), default=True)
    infraction_code = models.CharField(_("infracción"), max_length=40)
    penalty_type = models.CharField(_("penalidad"), max_length=24)
    original_type = models.CharField(_("penalidad original"), max_length=24)
    consequences = models.JSONField(_("consecuencias"), default=list)
    counts_as_warning = models.BooleanField(_("cuenta como advertencia"), default=True)
    warning_count_after = models.PositiveSmallIntegerField(_("advertencias tras esta"), default=0)
    message = models.TextField(_("decisión"))
    source = models.CharField(_("fuente"), max_length=300)
    notes = models.TextField(_("notas del juez"), blank=True)
    incident = models.CharField(_("incidente"), max_length=40, blank=True)
    ruling_id = models.CharField(_("resolución citada"), max_length=40, blank=True)
    issued_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+",
        verbose_name=_("juez"),
    )
    issued_at = models.DateTimeField(_("registrada"), auto_now_add=True)
    consulted_judges = models.ManyToManyField(
        settings.AUTH_USER_MODEL, blank=True, related_name="consulted_penalties", verbose_name=_("jueces consultados"),
        help_text=_("Jueces del evento con quienes se consultó la sanción (000 § 10.3)."),
    )

    class Meta:
        verbose_name = _("penalidad")
        verbose_name_plural = _("penalidades")
        ordering = ["event", "issued_at"]

    def __str__(self) -> str:
        return f"{self.registration.player.display_name}: {self.penalty_type} ({self.infraction_code})"


class PenaltyRevision(models.Model):
    """The head judge's upgrade or downgrade of a penalty, with its reason."""

    penalty = models.ForeignKey(Penalty, on_delete=models.CASCADE, related_name="revisions")
    from_type = models.CharField(_("de"), max_length=24)
    to_type = models.CharField(_("a"), max_length=24)
    reason = models.TextField(_("motivo"))
    consequences = models.JSONField(_("consecuencias"), default=list, blank=True)
    message = models.TextField(_("decisión"), blank=True)
    source = models.CharField(_("fuente"), max_length=300, blank=True)
    revised_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+",
        verbose_name=_("juez principal"),
    )
    revised_at = models.DateTimeField(_("revisada"), auto_now_add=True)

    class Meta:
        verbose_name = _("revisión de penalidad")
        verbose_name_plural = _("revisiones de penalidad")
        ordering = ["penalty", "revised_at"]

    def __str__(self) -> str:
        return f"{self.from_type} → {self.to_type}"


class MatchRuling(models.Model):
    """A ruling a judge gave at a table, attached to the match record (issue #7).

    ``registration`` is the player the ruling follows when the round is
    paired again (the match's player A unless the judge named one); a
    re-pair moves the ruling to that player's new table, so ``match`` is
    empty only while it moves.
    """

    match = models.ForeignKey(
        Match, null=True, blank=True, on_delete=models.SET_NULL, related_name="rulings", verbose_name=_("mesa"),
    )
    registration = models.ForeignKey(
        Registration, null=True, blank=True, on_delete=models.RESTRICT, related_name="rulings",
        verbose_name=_("jugador"),
    )
    ruling_id = models.CharField(_("resolución"), max_length=40)
    note = models.TextField(_("nota"), blank=True)
    given_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+",
        verbose_name=_("juez"),
    )
    given_at = models.DateTimeField(_("registrada"), auto_now_add=True)

    class Meta:
        verbose_name = _("resolución en mesa")
        verbose_name_plural = _("resoluciones en mesa")
        ordering = ["match", "given_at"]

    def __str__(self) -> str:
        return self.ruling_id


class PodTable(models.Model):
    """One pod of a round of a multiplayer game (a table with 2–6 players).

    ``status`` follows :class:`MatchStatus`; ``version`` grows with every
    accepted result entry (:class:`PodResultEntry`) and guards stale edits.
    """

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="pods", verbose_name=_("ronda"))
    table_number = models.PositiveSmallIntegerField(_("mesa"))
    status = models.CharField(_("estado"), max_length=10, choices=MatchStatus.choices, default=MatchStatus.PENDING)
    repeats = models.PositiveSmallIntegerField(_("reencuentros inevitables"), default=0)
    version = models.PositiveIntegerField(_("versión"), default=0)
    ended_by_time = models.BooleanField(_("terminó por tiempo"), default=False)

    class Meta:
        verbose_name = _("mesa multijugador")
        verbose_name_plural = _("mesas multijugador")
        ordering = ["round", "table_number"]
        constraints = [models.UniqueConstraint(fields=["round", "table_number"], name="pod_table_unique_per_round")]

    def __str__(self) -> str:
        return f"{self.round} — {_('Mesa')} {self.table_number}"


class PodSeat(models.Model):
    """One player seated in a pod; ``place`` (1 best, ties shared) and
    ``score`` (secondary score, e.g. stoner points) once the result is in;
    ``how`` (:class:`~tournaments.enums.SeatOutcomeHow`): played, or absent
    (a drop before the pod started, or the judge's entry)."""

    pod = models.ForeignKey(PodTable, on_delete=models.CASCADE, related_name="seats", verbose_name=_("mesa"))
    registration = models.ForeignKey(
        Registration, on_delete=models.PROTECT, related_name="pod_seats", verbose_name=_("jugador"),
    )
    seat = models.PositiveSmallIntegerField(_("asiento"))
    place = models.PositiveSmallIntegerField(_("puesto"), null=True, blank=True)
    score = models.IntegerField(_("puntaje secundario"), null=True, blank=True)
    how = models.CharField(_("cómo terminó"), max_length=8, choices=SeatOutcomeHow.choices,
                           default=SeatOutcomeHow.PLAYED, db_default=SeatOutcomeHow.PLAYED)

    class Meta:
        verbose_name = _("asiento")
        verbose_name_plural = _("asientos")
        ordering = ["pod", "seat"]
        constraints = [
            models.UniqueConstraint(fields=["pod", "registration"], name="pod_seat_once_per_pod"),
            models.UniqueConstraint(fields=["pod", "seat"], name="pod_seat_number_unique"),
        ]

    def __str__(self) -> str:
        return f"{self.pod}: {self.seat}"


class PodResultEntry(models.Model):
    """One accepted submission of a pod result (the history of every change).

    ``placements`` holds ``[[registration_id, place, score|null], …]``;
    ``version`` is assigned by the service under a row lock.
    """

    pod = models.ForeignKey(PodTable, on_delete=models.CASCADE, related_name="entries", verbose_name=_("mesa"))
    version = models.PositiveIntegerField(_("versión"))
    placements = models.JSONField(_("puestos"))
    ended_by_time = models.BooleanField(_("terminó por tiempo"), default=False)
    entered_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+",
        verbose_name=_("cargado por"),
    )
    entered_at = models.DateTimeField(_("cargado"), auto_now_add=True)
    source = models.CharField(_("origen"), max_length=10, choices=ResultSource.choices, default=ResultSource.JUDGE)

    class Meta:
        verbose_name = _("carga de resultado de mesa")
        verbose_name_plural = _("cargas de resultado de mesa")
        ordering = ["pod", "version"]
        constraints = [models.UniqueConstraint(fields=["pod", "version"], name="pod_result_entry_version_unique")]

    def __str__(self) -> str:
        return f"{self.pod} v{self.version}"


class EventLogEntry(models.Model):
    """One state change of an event: who, when, what, before and after (append-only).

    ``action`` is the service's name (``round_pair_next``,
    ``match_result_record`` …); ``subject`` what it touched, in words
    ("Ronda 2, mesa 5"); ``before`` and ``after`` the values that changed
    (JSON objects, empty when there was nothing before); ``reason`` the
    reason given (corrections, revisions). Services write it inside their
    transaction, so an entry exists exactly when its change does.
    """

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="log", verbose_name=_("evento"))
    at = models.DateTimeField(_("cuándo"), auto_now_add=True, db_index=True)
    actor = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+",
        verbose_name=_("quién"),
    )
    action = models.CharField(_("acción"), max_length=40)  # an EventLogAction value
    subject = models.CharField(_("sobre"), max_length=200, blank=True)
    before = models.JSONField(_("antes"), default=dict, blank=True)
    after = models.JSONField(_("después"), default=dict, blank=True)
    reason = models.TextField(_("motivo"), blank=True)

    class Meta:
        verbose_name = _("entrada del registro del evento")
        verbose_name_plural = _("registro del evento")
        ordering = ["event", "at", "pk"]
        indexes = [models.Index(fields=["event", "action"], name="event_log_action_idx")]

    def __str__(self) -> str:
        return f"{self.at:%d/%m %H:%M} {self.get_action_display()} {self.subject}"

    def get_action_display(self) -> str:
        """What the log shows for :attr:`action` (:class:`~tournaments.enums.EventLogAction`)."""
        return str(dict(EventLogAction.choices).get(self.action, self.action))


class PreRegistration(models.Model):
    """A player's place asked for ahead of an event (issue #17 point 2): confirmed, waitlisted, cancelled
    or checked in (then :attr:`registration` is the entry made at the desk).

    The waitlist is ordered by ``(created_at, pk)``; ``created_at`` is set
    inside the locked service, so the order is the order the event lock
    was taken. At most one live (not cancelled) pre-registration per player
    and event; a cancelled row stays (history) and the player may ask again,
    at the end of the line. State changes go through
    :mod:`tournaments.services.preregistration`, which logs them.
    """

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="preregistrations",
                              verbose_name=_("evento"))
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="preregistrations",
                               verbose_name=_("jugador"))
    state = models.CharField(_("estado"), max_length=20, choices=PreRegistrationState.choices,
                             default=PreRegistrationState.CONFIRMED)
    created_at = models.DateTimeField(_("pedida"), default=timezone.now, db_index=True)
    cancelled_at = models.DateTimeField(_("cancelada"), null=True, blank=True)
    checked_in_at = models.DateTimeField(_("presente desde"), null=True, blank=True)
    registration = models.OneToOneField(
        Registration, null=True, blank=True, on_delete=models.SET_NULL, related_name="preregistration",
        verbose_name=_("inscripción"),
    )

    class Meta:
        verbose_name = _("preinscripción")
        verbose_name_plural = _("preinscripciones")
        ordering = ["event", "created_at", "pk"]
        constraints = [
            models.UniqueConstraint(fields=["event", "player"], condition=~Q(state="cancelled"),
                                    name="preregistration_live_once_per_event"),
        ]
        indexes = [models.Index(fields=["event", "state", "created_at"], name="prereg_event_state_idx")]

    def __str__(self) -> str:
        return f"{self.player.display_name} @ {self.event.name} ({self.get_state_display()})"


class MatchReport(models.Model):
    """A player's own report of their match result (self-reporting, issue #17; DESIGN.md decision 21).

    One row per player and match, in the match's orientation (``games_a`` are
    the games of the match's player A, whoever reports). A player changes it
    until both reports agree; every change is kept in ``history``. ``locked``
    is set when the agreeing reports recorded the result; once the match has
    any result entry (a judge's always wins) the report stays as history.
    """

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="reports", verbose_name=_("emparejamiento"))
    registration = models.ForeignKey(
        Registration, on_delete=models.PROTECT, related_name="match_reports", verbose_name=_("jugador"),
    )
    games_a = models.PositiveSmallIntegerField(_("partidas A"))
    games_b = models.PositiveSmallIntegerField(_("partidas B"))
    games_drawn = models.PositiveSmallIntegerField(_("partidas empatadas"), default=0)
    intentional_draw = models.BooleanField(_("empate intencional"), default=False)
    went_to_time = models.BooleanField(_("terminó por tiempo"), default=False)
    locked = models.BooleanField(_("cerrado"), default=False)
    created_at = models.DateTimeField(_("reportado"), auto_now_add=True)
    updated_at = models.DateTimeField(_("actualizado"), auto_now=True)
    history = HistoricalRecords()

    class Meta:
        verbose_name = _("reporte de jugador")
        verbose_name_plural = _("reportes de jugadores")
        ordering = ["match", "created_at"]
        constraints = [models.UniqueConstraint(fields=["match", "registration"], name="match_report_once_per_player")]

    def __str__(self) -> str:
        return f"{self.match_id}: {self.games_a}-{self.games_b}-{self.games_drawn}"

    def key(self) -> tuple:
        """What two reports must share to agree."""
        return (self.games_a, self.games_b, self.games_drawn, self.intentional_draw, self.went_to_time)


class PodReport(models.Model):
    """A seated player's report of their pod's finishing order (issue #17).

    ``placements`` is ``[[registration_id, place, score|null], …]`` sorted by
    registration id, checked like the judge's pod form
    (:meth:`tournaments.formats.pods.Pods.result_check`). Recorded when every
    seat has reported the same; every change is kept in ``history``.
    """

    pod = models.ForeignKey(PodTable, on_delete=models.CASCADE, related_name="reports", verbose_name=_("mesa"))
    registration = models.ForeignKey(
        Registration, on_delete=models.PROTECT, related_name="pod_reports", verbose_name=_("jugador"),
    )
    placements = models.JSONField(_("puestos"))
    ended_by_time = models.BooleanField(_("terminó por tiempo"), default=False)
    locked = models.BooleanField(_("cerrado"), default=False)
    created_at = models.DateTimeField(_("reportado"), auto_now_add=True)
    updated_at = models.DateTimeField(_("actualizado"), auto_now=True)
    history = HistoricalRecords()

    class Meta:
        verbose_name = _("reporte de mesa de jugador")
        verbose_name_plural = _("reportes de mesa de jugadores")
        ordering = ["pod", "created_at"]
        constraints = [models.UniqueConstraint(fields=["pod", "registration"], name="pod_report_once_per_player")]

    def __str__(self) -> str:
        return f"{self.pod_id}: {self.placements}"

    def key(self) -> tuple:
        """What the reports of a pod must share to agree."""
        return (tuple(tuple(line) for line in self.placements), self.ended_by_time)


class VenuePublishKey(models.Model):
    """The secret a venue signs its event files with (issue #26 point 2; DESIGN.md decision 24).

    Issued by the national server (``manage.py venue_publish_key``, or the
    venue's admin action); the venue laptop keeps ``<key_id>.<secret>`` and
    ``publish_event``/``event_export --sign`` sign with it
    (:mod:`tournaments.exchange.signing`). Issuing a new key revokes the
    venue's earlier ones (kept, ``revoked_at`` set): a file signed with a
    revoked key is refused.
    """

    venue = models.ForeignKey(Venue, on_delete=models.PROTECT, related_name="publish_keys",
                              verbose_name=_("sede"))
    key_id = models.CharField(_("identificador de la clave"), max_length=16, unique=True)
    secret = models.CharField(_("secreto"), max_length=64)
    created_at = models.DateTimeField(_("emitida"), auto_now_add=True)
    revoked_at = models.DateTimeField(_("revocada"), null=True, blank=True)
    issued_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT,
                                  related_name="+", verbose_name=_("emitida por"))

    class Meta:
        verbose_name = _("clave de publicación de sede")
        verbose_name_plural = _("claves de publicación de sede")
        ordering = ["venue", "-created_at"]

    def __str__(self) -> str:
        return f"{self.venue} · {self.key_id}"
