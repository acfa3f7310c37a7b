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


class TableManager(models.Manager):
    """Tables come with their seats, registrations and players (one query more, never one per table)."""

    def get_queryset(self):
        return super().get_queryset().prefetch_related(
            models.Prefetch("seats", queryset=Seat.objects.select_related("registration__player")),
        )

    def create_seated(self, *, round: Round, registrations, table_number: int | None = None,
                      seat_values: list[dict] | None = None, **fields) -> Table:
        """A table of ``round`` with ``registrations`` (ids or rows) in seats 1…n.

        ``seat_values`` optionally gives each seat's ``games``/``place``/
        ``score``/``how``; ``fields`` are the table's own (``is_bye``,
        ``bracket_slot``, ``status``, ``outcome`` …). A bye is one seat.
        """
        table = self.create(round=round, table_number=table_number, **fields)
        Seat.objects.bulk_create(_seats_for(table, registrations, seat_values))
        return self.get(pk=table.pk)

    def bulk_create_seated(self, rows: list[tuple[dict, list]]) -> list[Table]:
        """Create many tables at once: ``rows`` is ``[(table fields incl. round, registrations), …]``."""
        tables = self.bulk_create([self.model(**fields) for fields, _ in rows])
        Seat.objects.bulk_create([seat for table, (_, registrations) in zip(tables, rows, strict=True)
                                  for seat in _seats_for(table, registrations, None)])
        return tables


def _seats_for(table, registrations, seat_values):
    seats = []
    for number, registration in enumerate(registrations, start=1):
        values = dict(seat_values[number - 1]) if seat_values else {}
        registration_id = registration if isinstance(registration, int) else registration.pk
        seats.append(Seat(table=table, round_id=table.round_id, registration_id=registration_id, seat=number,
                          **values))
    return seats


class Table(models.Model):
    """One table of a round, whatever its size: a duel is a table of two seats, a bye one seat, a pod 3–6.

    The seats (:class:`Seat`, in seat order) hold who sits there and each
    one's result: games won (duels), place and secondary score (pods), and
    how it came about. The table holds what the seats share: ``status``
    (:class:`MatchStatus`), ``version`` (grows with every accepted
    :class:`ResultEntry`, guards stale edits), drawn games and ``outcome``
    of a duel, and the flags of the result. ``repeats`` counts the pairs at
    the table who met before (an unavoidable rematch of a duel is 1).

    A duel reads as ``player_a``/``player_b`` (seats 1 and 2) and
    ``games_a``/``games_b``/``how_a``/``how_b``; those read the prefetched
    seats (``Table.objects`` prefetches them). Writes go through
    :func:`Table.seat_values_set` or the services.
    """

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="tables", verbose_name=_("ronda"))
    table_number = models.PositiveSmallIntegerField(_("mesa"), null=True, blank=True)
    is_bye = models.BooleanField(_("bye"), default=False)
    games_drawn = models.PositiveSmallIntegerField(_("partidas empatadas"), default=0)
    outcome = models.CharField(_("resultado"), max_length=12, choices=MatchOutcome.choices, blank=True)
    status = models.CharField(_("estado"), max_length=10, choices=MatchStatus.choices, default=MatchStatus.PENDING)
    went_to_time = models.BooleanField(_("terminó por tiempo"), default=False)
    intentional_draw = models.BooleanField(_("empate intencional"), default=False)
    repeats = models.PositiveSmallIntegerField(_("reencuentros inevitables"), default=0)
    bracket_slot = models.PositiveSmallIntegerField(_("llave"), null=True, blank=True)
    version = models.PositiveIntegerField(_("versión"), default=0)
    extra_minutes = models.PositiveSmallIntegerField(
        _("minutos extra"), default=0,
        help_text=_("Tiempo agregado por un juez a esta mesa (demora por una consulta, revisión de mazo)."),
    )

    objects = TableManager()

    class Meta:
        verbose_name = _("mesa")
        verbose_name_plural = _("mesas")
        ordering = ["round", "table_number"]
        constraints = [
            models.UniqueConstraint(fields=["round", "table_number"], name="table_number_unique_per_round"),
        ]

    def __str__(self) -> str:
        names = [seat.registration.player.display_name for seat in self.seat_list]
        if self.is_bye:
            return f"{names[0] if names else '?'} — bye"
        return f"{_('Mesa')} {self.table_number}: {' vs '.join(names)}"

    @property
    def has_result(self) -> bool:
        return self.status != MatchStatus.PENDING

    # -- the seats, in seat order (prefetched by ``Table.objects``) --
    @property
    def seat_list(self) -> list[Seat]:
        """The seats in seat order (1 first), from the prefetch cache when there is one."""
        return sorted(self.seats.all(), key=lambda seat: seat.seat)

    def _seat(self, number: int) -> Seat | None:
        for seat in self.seat_list:
            if seat.seat == number:
                return seat
        return None

    @property
    def registration_ids(self) -> list[int]:
        """The registration ids seated here, in seat order."""
        return [seat.registration_id for seat in self.seat_list]

    @property
    def player_a(self) -> Registration | None:
        seat = self._seat(1)
        return seat.registration if seat else None

    @property
    def player_b(self) -> Registration | None:
        seat = self._seat(2)
        return seat.registration if seat else None

    @property
    def player_a_id(self) -> int | None:
        seat = self._seat(1)
        return seat.registration_id if seat else None

    @property
    def player_b_id(self) -> int | None:
        seat = self._seat(2)
        return seat.registration_id if seat else None

    @property
    def games_a(self) -> int:
        seat = self._seat(1)
        return seat.games if seat else 0

    @property
    def games_b(self) -> int:
        seat = self._seat(2)
        return seat.games if seat else 0

    @property
    def how_a(self) -> str:
        seat = self._seat(1)
        return seat.how if seat else SeatOutcomeHow.PLAYED

    @property
    def how_b(self) -> str:
        seat = self._seat(2)
        return seat.how if seat else SeatOutcomeHow.PLAYED

    @property
    def rematch(self) -> bool:
        return self.repeats > 0

    @property
    def ended_by_time(self) -> bool:
        return self.went_to_time

    def duel_values_set(self, *, games_a: int, games_b: int, how_a: str = SeatOutcomeHow.PLAYED,
                        how_b: str = SeatOutcomeHow.PLAYED) -> None:
        """Write a duel's per-seat result (games won, how) onto seats 1 and 2 (saved at once)."""
        for number, games, how in ((1, games_a, how_a), (2, games_b, how_b)):
            seat = self._seat(number)
            if seat is None:
                continue
            if (seat.games, seat.how) != (games, how):
                seat.games, seat.how = games, how
                seat.save(update_fields=["games", "how"])


class Seat(models.Model):
    """One player at a table: seat order (1 is a duel's player A), and the seat's result.

    ``games`` are the games this seat won (duels); ``place`` (1 best, ties
    shared) and ``score`` (secondary score, e.g. stoner points) a pod's
    result; ``how`` (:class:`~tournaments.enums.SeatOutcomeHow`): played,
    absent, late or penalty, as the latest result entry records it.
    ``round`` repeats the table's so the database keeps a player at one
    table per round.
    """

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="seats", verbose_name=_("mesa"))
    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="seats", verbose_name=_("ronda"))
    registration = models.ForeignKey(
        Registration, on_delete=models.PROTECT, related_name="seats", verbose_name=_("jugador"),
    )
    seat = models.PositiveSmallIntegerField(_("asiento"))
    games = models.PositiveSmallIntegerField(_("partidas ganadas"), default=0)
    place = models.PositiveSmallIntegerField(_("puesto"), null=True, blank=True)
    score = models.IntegerField(_("puntaje secundario"), null=True, blank=True)
    how = models.CharField(_("cómo terminó"), max_length=8, choices=SeatOutcomeHow.choices,
                           default=SeatOutcomeHow.PLAYED, db_default=SeatOutcomeHow.PLAYED)

    class Meta:
        verbose_name = _("asiento")
        verbose_name_plural = _("asientos")
        ordering = ["table", "seat"]
        constraints = [
            models.UniqueConstraint(fields=["table", "seat"], name="seat_number_unique_per_table"),
            models.UniqueConstraint(fields=["round", "registration"], name="seat_player_once_per_round"),
            models.CheckConstraint(condition=Q(seat__gte=1), name="seat_number_from_one"),
        ]

    def __str__(self) -> str:
        return f"{self.table}: {self.seat}"


class ResultEntry(models.Model):
    """One accepted submission of a table's result; the history of every change.

    ``seats`` holds one object per seat in seat order: ``{"registration":
    id, "games": n, "place": p|null, "score": s|null, "how": SeatOutcomeHow,
    "minutes_late": m|null}``. ``version`` is assigned by the service under
    a row lock and backed by a unique constraint (STYLE.md §2 "Result
    entry").
    """

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="entries", verbose_name=_("mesa"))
    version = models.PositiveIntegerField(_("versión"))
    seats = models.JSONField(_("asientos"), default=list)
    games_drawn = models.PositiveSmallIntegerField(_("partidas empatadas"), default=0)
    outcome = models.CharField(_("resultado"), max_length=12, choices=MatchOutcome.choices, blank=True)
    went_to_time = models.BooleanField(_("terminó por tiempo"), default=False)
    intentional_draw = models.BooleanField(_("empate intencional"), default=False)
    note = models.CharField(_("nota"), max_length=240, blank=True)
    entered_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+",
        verbose_name=_("cargado por"),
    )
    entered_at = models.DateTimeField(_("cargado"), default=timezone.now)
    #: Who the result came from: a judge's form or API call, or the players' agreeing reports (issue #17).
    source = models.CharField(_("origen"), max_length=10, choices=ResultSource.choices, default=ResultSource.JUDGE)

    class Meta:
        verbose_name = _("carga de resultado")
        verbose_name_plural = _("cargas de resultado")
        ordering = ["table", "version"]
        constraints = [models.UniqueConstraint(fields=["table", "version"], name="result_entry_version_unique")]

    def __str__(self) -> str:
        if self.outcome:
            return f"v{self.version}: {self.games_a}-{self.games_b}-{self.games_drawn}"
        return f"v{self.version}: {self.placements}"

    def _value(self, index: int, key: str, default=None):
        return self.seats[index].get(key, default) if index < len(self.seats) else default

    @property
    def games_a(self) -> int:
        return self._value(0, "games", 0) or 0

    @property
    def games_b(self) -> int:
        return self._value(1, "games", 0) or 0

    @property
    def how_a(self) -> str:
        return self._value(0, "how", SeatOutcomeHow.PLAYED)

    @property
    def how_b(self) -> str:
        return self._value(1, "how", SeatOutcomeHow.PLAYED)

    @property
    def minutes_late_a(self) -> int | None:
        return self._value(0, "minutes_late")

    @property
    def minutes_late_b(self) -> int | None:
        return self._value(1, "minutes_late")

    @property
    def placements(self) -> list[list]:
        """A pod entry as ``[[registration_id, place, score|null], …]`` in seat order."""
        return [[seat["registration"], seat.get("place"), seat.get("score")] for seat in self.seats]

    @property
    def ended_by_time(self) -> bool:
        return self.went_to_time


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
        Table, null=True, blank=True, on_delete=models.SET_NULL, related_name="penalties", verbose_name=_("mesa"),
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
        Table, null=True, blank=True, on_delete=models.SET_NULL, related_name="rulings", verbose_name=_("mesa"),
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


class ReportValues:
    """How a player's report (and each row of its history) reads: a duel's games, a pod's places, the agreement key."""

    def key(self) -> tuple:
        """What the reports of a table must share to agree."""
        seats = tuple((s["registration"], s.get("games", 0), s.get("place"), s.get("score")) for s in self.seats)
        return (seats, self.games_drawn, self.intentional_draw, self.went_to_time)

    @property
    def games_a(self) -> int:
        return self.seats[0].get("games", 0) if self.seats else 0

    @property
    def games_b(self) -> int:
        return self.seats[1].get("games", 0) if len(self.seats) > 1 else 0

    @property
    def placements(self) -> list[list]:
        """A pod report as ``[[registration_id, place, score|null], …]`` sorted by registration id."""
        return sorted([s["registration"], s.get("place"), s.get("score")] for s in self.seats)

    @property
    def ended_by_time(self) -> bool:
        return self.went_to_time


class TableReport(ReportValues, models.Model):
    """A seated player's own report of their table's result (self-reporting, issue #17; DESIGN.md decision 21).

    One row per player and table. ``seats`` is what the player says each
    seat did, in seat order: ``{"registration": id, "games": n, "place":
    p|null, "score": s|null}`` (games for a duel, place and score for a
    pod, checked like the judge's form). A player changes it until every
    seat's report agrees; every change is kept in ``history``. ``locked`` is
    set when the agreeing reports recorded the result; once the table has
    any result entry (a judge's always wins) the report stays as history.
    """

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="reports", verbose_name=_("mesa"))
    registration = models.ForeignKey(
        Registration, on_delete=models.PROTECT, related_name="table_reports", verbose_name=_("jugador"),
    )
    seats = models.JSONField(_("asientos"), default=list)
    games_drawn = models.PositiveSmallIntegerField(_("partidas empatadas"), default=0)
    intentional_draw = models.BooleanField(_("empate intencional"), default=False)
    went_to_time = models.BooleanField(_("terminó por tiempo"), default=False)
    locked = models.BooleanField(_("cerrado"), default=False)
    created_at = models.DateTimeField(_("reportado"), auto_now_add=True)
    updated_at = models.DateTimeField(_("actualizado"), auto_now=True)
    history = HistoricalRecords(bases=[ReportValues, models.Model])

    class Meta:
        verbose_name = _("reporte de jugador")
        verbose_name_plural = _("reportes de jugadores")
        ordering = ["table", "created_at"]
        constraints = [models.UniqueConstraint(fields=["table", "registration"], name="table_report_once_per_player")]

    def __str__(self) -> str:
        return f"{self.table_id}: {self.seats}"



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


# Web Push (issue #29 point 2): defined in their own module, registered here with the app's models.
from .push_models import PushNotice, PushSubscription  # noqa: E402, F401
