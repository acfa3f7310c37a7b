"""Small input and output serializers of the tournaments API.

Output serializers render models and the read models of
:mod:`tournaments.selectors` / :mod:`tournaments.api.queries`; input
serializers only parse and validate. None of them saves business state:
views hand the validated data to a service (STYLE.md §2).

Public data of a player is display name, player number and home venue —
nothing else leaves through this API.
"""
from __future__ import annotations

from dataclasses import dataclass

from django.db.models import TextChoices
from django.utils.translation import gettext_lazy as _
from drf_spectacular.utils import PolymorphicProxySerializer, extend_schema_field
from rest_framework import serializers

from .. import selectors
from ..adapters import secondary_score_label
from ..enums import EventKind, EventState, MatchOutcome, MatchStatus, RoundPhase, RoundState
from ..formats import format_for
from ..formats.base import GAME_RESULTS, PLACE_RESULTS
from ..labels import TIEBREAKER_LABELS
from ..models import Event, Player, Round
from ..swiss.lifecycle import actions_available
from ..text import stage_name
from . import queries


def _enum_field(name: str, values: list[str]) -> type[serializers.CharField]:
    """A string field class documented with ``values`` as an inline enum.

    Inline enums keep the schema free of the name collisions drf-spectacular
    warns about when several models have a field called ``state``.
    """
    return extend_schema_field({"type": "string", "enum": values})(type(name, (serializers.CharField,), {}))


def _values(choices: type[TextChoices]) -> list[str]:
    return [str(v) for v in choices.values]


def one_of(component: str, part: str, *, many: bool = False) -> PolymorphicProxySerializer:
    """The schema of ``part`` (``"table"``, ``"standing"``, ``"player_results"``) of a
    :class:`Shape`, for any shape: one of the serializers :data:`SHAPES` declares
    (read when the schema is built)."""
    return PolymorphicProxySerializer(
        component_name=component, serializers=lambda: [getattr(shape, part) for shape in SHAPES.values()],
        resource_type_field_name=None, many=many,
    )


EventKindField = _enum_field("EventKindField", _values(EventKind))
EventStateField = _enum_field("EventStateField", _values(EventState))
RoundPhaseField = _enum_field("RoundPhaseField", _values(RoundPhase))
RoundStateField = _enum_field("RoundStateField", _values(RoundState))
MatchStatusField = _enum_field("MatchStatusField", _values(MatchStatus))
MatchOutcomeField = _enum_field("MatchOutcomeField", [*_values(MatchOutcome), ""])
PlayerResultField = _enum_field("PlayerResultField", list(selectors.PLAYER_RESULTS))


# --------------------------------------------------------------------------- errors (schema only)


class ArenaErrorSerializer(serializers.Serializer):
    """Every refused request: a stable code and a message a person can act on."""

    code = serializers.CharField(help_text=_("Código estable del error, p. ej. «stale_result»."))
    detail = serializers.CharField(help_text=_("Mensaje en español para mostrar a la persona."))


class ArenaValidationErrorSerializer(ArenaErrorSerializer):
    """Invalid input: ``errors`` maps each field to its messages."""

    errors = serializers.DictField(
        child=serializers.ListField(child=serializers.CharField()), required=False,
        help_text=_("Mensajes por campo o parámetro (ausente cuando el pedido entero no es válido)."),
    )


# --------------------------------------------------------------------------- venues, games, players


class VenueRefSerializer(serializers.Serializer):
    id = serializers.IntegerField(read_only=True)
    name = serializers.CharField(read_only=True, help_text=_("Nombre de la sede."))
    province = serializers.CharField(read_only=True, help_text=_("Provincia de la sede."))


class GameRefSerializer(serializers.Serializer):
    key = serializers.CharField(read_only=True, help_text=_("Clave estable del juego, p. ej. «weed_monsters»."))
    name = serializers.CharField(read_only=True)


class PlayerRefSerializer(serializers.Serializer):
    """A player as pairings show them: display name and player number."""

    display_name = serializers.CharField(read_only=True)
    player_number = serializers.CharField(read_only=True, help_text=_("Número de jugador: su identificador público."))


class PlayerSerializer(serializers.ModelSerializer):
    """The public data of a player: display name, player number and home venue only."""

    home_venue = VenueRefSerializer(read_only=True, allow_null=True)

    class Meta:
        model = Player
        fields = ["player_number", "display_name", "home_venue"]
        read_only_fields = fields


# --------------------------------------------------------------------------- events


class PodiumSerializer(serializers.Serializer):
    first = PlayerSerializer(allow_null=True, help_text=_("1er puesto."))
    second = PlayerSerializer(allow_null=True, help_text=_("2do puesto."))
    third = PlayerSerializer(allow_null=True, help_text=_("3er puesto."))


def podium_of(event: Event) -> dict | None:
    """``{"first", "second", "third"}`` players of a finished event, else ``None``."""
    if not (event.podium_first_id or event.podium_second_id or event.podium_third_id):
        return None
    first, second, third = (reg.player if reg else None for reg in queries.podium(event))
    return {"first": first, "second": second, "third": third}


class EventSerializer(serializers.ModelSerializer):
    """An event (Fecha): venue, game, format, state, current round and, once finished, its podium."""

    kind = EventKindField(read_only=True)
    kind_label = serializers.CharField(source="get_kind_display", read_only=True)
    state = EventStateField(read_only=True)
    state_label = serializers.SerializerMethodField(help_text=_(
        "El estado como lo llama el sistema de juego del evento («Rondas suizas», «Todos contra todos»…)."))
    game = GameRefSerializer(read_only=True)
    venue = VenueRefSerializer(read_only=True, allow_null=True, help_text=_("Vacío en un evento virtual."))
    is_virtual = serializers.BooleanField(read_only=True)
    current_round = serializers.IntegerField(
        read_only=True, allow_null=True, help_text=_("Número de la última ronda emparejada; vacío antes de la ronda 1.")
    )
    podium = serializers.SerializerMethodField(help_text=_("Podio; vacío hasta que el evento finaliza."))

    class Meta:
        model = Event
        fields = [
            "id", "name", "date", "kind", "kind_label", "state", "state_label", "game", "venue", "is_virtual",
            "best_of", "round_minutes", "planned_rounds", "cut_size", "third_place_match", "current_round",
            "finished_at", "podium",
        ]
        read_only_fields = fields

    @extend_schema_field(PodiumSerializer(allow_null=True))
    def get_podium(self, event: Event) -> dict | None:
        podium = podium_of(event)
        return PodiumSerializer(podium).data if podium else None

    def get_state_label(self, event: Event) -> str:
        return format_for(event).state_label(event)


# --------------------------------------------------------------------------- rounds and pairings


class EventDetailSerializer(EventSerializer):
    """An event with how its players are seated and the organizer's actions that apply now."""

    format = serializers.SerializerMethodField(
        help_text=_("Sistema de juego del evento: «duels» (suizo con reducido, dos por mesa), «pods» (suizo en mesas "
                    "de 3 a 6) u otro de los registrados."))
    format_label = serializers.SerializerMethodField(help_text=_("El sistema de juego, en palabras."))
    secondary_score = serializers.SerializerMethodField(
        help_text=_("Nombre del puntaje secundario de las mesas multijugador del juego (p. ej. «Puntos stoner»); "
                    "vacío si no tiene."))
    actions = serializers.SerializerMethodField(
        help_text=_("Acciones del organizador que corresponden ahora (nombres de los servicios: round_pair_next, "
                    "round_close, top_cut_start, event_finish…).")
    )

    class Meta(EventSerializer.Meta):
        fields = [*EventSerializer.Meta.fields, "format", "format_label", "secondary_score", "actions"]
        read_only_fields = fields

    def get_format(self, event: Event) -> str:
        return format_for(event).key

    def get_format_label(self, event: Event) -> str:
        return str(format_for(event).label)

    def get_secondary_score(self, event: Event) -> str | None:
        return secondary_score_label(event)

    @extend_schema_field(serializers.ListField(child=serializers.CharField()))
    def get_actions(self, event: Event) -> list[str]:
        return [str(action) for action in actions_available(format_for(event).day_facts(event))]


class RoundSerializer(serializers.ModelSerializer):
    """A Swiss or top-cut round with how many tables still lack a result."""

    phase = RoundPhaseField(read_only=True)
    phase_label = serializers.SerializerMethodField(help_text=_("Fase como la llama el formato del evento."))
    stage_label = serializers.SerializerMethodField(help_text=_("Etapa del reducido: Final, Semifinales…"))
    state = RoundStateField(read_only=True)
    state_label = serializers.CharField(source="get_state_display", read_only=True)
    tables = serializers.IntegerField(source="table_count", read_only=True,
                                      help_text=_("Mesas que llevan resultado (sin contar el bye)."))
    results_pending = serializers.IntegerField(read_only=True, help_text=_("Mesas que todavía no tienen resultado."))

    class Meta:
        model = Round
        fields = [
            "number", "phase", "phase_label", "stage", "stage_label", "state", "state_label",
            "paired_at", "closed_at", "tables", "results_pending",
        ]
        read_only_fields = fields

    def get_phase_label(self, rnd: Round) -> str:
        return format_for(rnd.event).phase_label(rnd)

    def get_stage_label(self, rnd: Round) -> str | None:
        return stage_name(rnd.stage) if rnd.phase == RoundPhase.TOP_CUT else None


class PairingSerializer(serializers.Serializer):
    """One table of a round (a :class:`tournaments.selectors.PairingRow`)."""

    table_id = serializers.IntegerField(source="match_id", help_text=_(
        "Identificador de la mesa para cargar, reportar o corregir su resultado (api/tables/<table_id>/…)."))
    match_id = serializers.IntegerField(help_text=_("El mismo identificador que «table_id»."))
    table_number = serializers.IntegerField(allow_null=True, help_text=_("Mesa; vacía para el bye."))
    is_bye = serializers.BooleanField()
    player_a = serializers.SerializerMethodField()
    player_b = serializers.SerializerMethodField(help_text=_("Vacío para el bye."))
    games_a = serializers.IntegerField(help_text=_("Partidas ganadas por A."))
    games_b = serializers.IntegerField(help_text=_("Partidas ganadas por B."))
    games_drawn = serializers.IntegerField(help_text=_("Partidas empatadas."))
    outcome = MatchOutcomeField(help_text=_("Resultado del match; vacío mientras está pendiente."))
    outcome_label = serializers.SerializerMethodField()
    status = MatchStatusField()
    status_label = serializers.SerializerMethodField()
    version = serializers.IntegerField(
        help_text=_("Versión del resultado; enviala como «expected_version» al cargar o corregir.")
    )
    rematch = serializers.BooleanField(help_text=_("Revancha inevitable, marcada para la organización."))
    bracket_slot = serializers.IntegerField(allow_null=True, help_text=_("Llave del reducido (0: tercer puesto)."))

    @extend_schema_field(PlayerRefSerializer)
    def get_player_a(self, row) -> dict:
        return {"display_name": row.player_a, "player_number": row.player_a_number}

    @extend_schema_field(PlayerRefSerializer(allow_null=True))
    def get_player_b(self, row) -> dict | None:
        if row.player_b is None:
            return None
        return {"display_name": row.player_b, "player_number": row.player_b_number}

    def get_outcome_label(self, row) -> str:
        return queries.outcome_label(row.outcome)

    def get_status_label(self, row) -> str:
        return str(MatchStatus(row.status).label)


class SeatSerializer(serializers.Serializer):
    """One seat of a pod (a :class:`tournaments.selectors.places.SeatRow`)."""

    seat = serializers.IntegerField(help_text=_("Asiento (1…)."))
    display_name = serializers.CharField()
    player_number = serializers.CharField()
    place = serializers.IntegerField(allow_null=True, help_text=_("Puesto (1 el ganador; los empatados lo comparten)."))
    score = serializers.IntegerField(allow_null=True, help_text=_("Puntaje secundario (p. ej. puntos stoner)."))


class PodSerializer(serializers.Serializer):
    """One table of a round played in pods (a :class:`tournaments.selectors.places.PodRow`): 3 to 6 seats."""

    table_id = serializers.IntegerField(source="pod_id", help_text=_(
        "Identificador de la mesa para cargar, reportar o corregir su resultado (api/tables/<table_id>/…)."))
    table_number = serializers.IntegerField()
    status = MatchStatusField()
    version = serializers.IntegerField()
    repeats = serializers.IntegerField(help_text=_("Pares que ya compartieron mesa (inevitable)."))
    ended_by_time = serializers.BooleanField(
        help_text=_("La mesa terminó por tiempo: nadie llegó al objetivo del juego y los puestos salen del puntaje."))
    seats = SeatSerializer(many=True)


class RoundPairingsSerializer(serializers.Serializer):
    """A round just paired, with all its tables (``pairings``: the rows of the event's format, in its shape)."""

    round = RoundSerializer()
    pairings = serializers.SerializerMethodField(help_text=_("Las mesas de la ronda, en la forma del sistema de "
                                                             "juego del evento (duelos o mesas multijugador)."))

    @extend_schema_field(one_of("TableRow", "table", many=True))
    def get_pairings(self, data) -> list:
        return shape_of(data["round"].event).table(data["pairings"], many=True).data


# --------------------------------------------------------------------------- standings


class StandingSerializer(serializers.Serializer):
    """One standings row with every tiebreak column (a :class:`tournaments.adapters.StandingRow`).

    Order of the tiebreakers (000 § "Desempates"): match points, wins,
    Buchholz, head-to-head ("Handicap: vs"), game differential ("Handicap:
    x"); nothing left is a technical tie that shares the rank.
    """

    rank = serializers.IntegerField(
        help_text=_("Puesto; un empate técnico lo comparte. En un evento finalizado, el puesto final: campeón, "
                    "finalista, semifinalistas, luego el resto por puesto suizo.")
    )
    swiss_rank = serializers.IntegerField(help_text=_("Puesto en las posiciones suizas."))
    display_name = serializers.CharField()
    player_number = serializers.CharField()
    venue = serializers.CharField(help_text=_("Sede de origen del jugador."))
    match_points = serializers.FloatField(help_text=_("«Puntaje total»: victoria 1, empate 0,5, derrota 0."))
    wins = serializers.IntegerField(help_text=_("Victorias (el bye cuenta como victoria)."))
    draws = serializers.IntegerField(help_text=_("Empates."))
    losses = serializers.IntegerField(help_text=_("Derrotas."))
    byes = serializers.IntegerField()
    buchholz = serializers.FloatField(
        help_text=_("«Variante Buchholz»: suma de los puntos de los rivales enfrentados.")
    )
    head_to_head = serializers.IntegerField(
        help_text=_("«Handicap: vs»: victorias menos derrotas entre los empatados.")
    )
    game_differential = serializers.IntegerField(
        help_text=_("«Handicap: x»: partidas ganadas menos partidas perdidas.")
    )
    game_wins = serializers.IntegerField()
    game_losses = serializers.IntegerField()
    game_draws = serializers.IntegerField()
    matches_played = serializers.IntegerField()
    separated_by = serializers.CharField(
        allow_null=True,
        help_text=_("Clave del desempate que ubicó esta fila debajo de la anterior; vacía en la primera y en un "
                    "empate técnico."),
    )
    separated_by_label = serializers.SerializerMethodField(
        help_text=_("Nombre del reglamento de ese desempate, p. ej. «Handicap: vs».")
    )
    technical_tie = serializers.BooleanField(help_text=_("«Técnico»: nada la separa de la fila anterior."))
    active = serializers.BooleanField()
    dropped = serializers.BooleanField(help_text=_("Abandonó: sus resultados siguen contando para el Buchholz."))
    disqualified = serializers.BooleanField()

    def get_separated_by_label(self, row) -> str | None:
        key = row.separated_by
        return str(TIEBREAKER_LABELS.get(key, key)) if key else None


class PodStandingSerializer(serializers.Serializer):
    """One standings row of an event played in pods (a :class:`tournaments.selectors.places.PodStandingRow`).

    Placement points: 3 × the share of the pod-mates finished behind, tied
    places sharing (DESIGN.md decision 17), then the pod-mates' points and
    the secondary score; still level is a technical tie.
    """

    rank = serializers.IntegerField(
        help_text=_("Puesto; un empate técnico lo comparte. En un evento finalizado, el puesto final."))
    display_name = serializers.CharField()
    player_number = serializers.CharField()
    venue = serializers.CharField(help_text=_("Sede de origen del jugador."))
    points = serializers.DecimalField(max_digits=9, decimal_places=3, coerce_to_string=False,
                                      help_text=_("Puntos por puesto (fracciones en mesas de 3, 5 o 6)."))
    opponents_points = serializers.DecimalField(max_digits=11, decimal_places=3, coerce_to_string=False,
                                                help_text=_("Suma de los puntos de los rivales de mesa."))
    secondary_score = serializers.IntegerField(help_text=_("Puntaje secundario sumado (puntos stoner)."))
    pods_played = serializers.IntegerField()
    places = serializers.ListField(child=serializers.IntegerField(), help_text=_("Puesto en cada mesa jugada."))
    separated_by = serializers.CharField(allow_null=True)
    technical_tie = serializers.BooleanField()
    dropped = serializers.BooleanField()
    disqualified = serializers.BooleanField()


# --------------------------------------------------------------------------- a player in an event


class PlayerRoundSerializer(serializers.Serializer):
    """One round from the player's side (a :class:`tournaments.selectors.PlayerRound`)."""

    match_id = serializers.IntegerField()
    round_number = serializers.IntegerField()
    phase = RoundPhaseField()
    stage = serializers.IntegerField(allow_null=True)
    table_number = serializers.IntegerField(allow_null=True)
    is_bye = serializers.BooleanField()
    opponent = serializers.SerializerMethodField(help_text=_("Vacío para el bye."))
    games_won = serializers.IntegerField(source="games_for")
    games_lost = serializers.IntegerField(source="games_against")
    games_drawn = serializers.IntegerField()
    result = PlayerResultField(help_text=_("win, draw, loss, bye, double_loss o pending."))
    match_points = serializers.FloatField(
        allow_null=True, help_text=_("Puntos suizos del match; vacío si está pendiente o es del reducido.")
    )
    status = MatchStatusField()
    version = serializers.IntegerField()

    @extend_schema_field(PlayerRefSerializer(allow_null=True))
    def get_opponent(self, row) -> dict | None:
        if row.opponent_number is None:
            return None
        return {"display_name": row.opponent, "player_number": row.opponent_number}


class PlayerEventResultsSerializer(serializers.Serializer):
    """A player's day: registration state, standings row and every round."""

    shape = _enum_field("DuelShapeField", ["duel"])(
        help_text=_("Forma de las filas: «duel» (duelos) o «pod» (mesas multijugador)."))
    event_id = serializers.IntegerField()
    player = PlayerSerializer()
    late_entry = serializers.BooleanField()
    joined_round = serializers.IntegerField()
    dropped = serializers.BooleanField()
    dropped_after_round = serializers.IntegerField(allow_null=True)
    disqualified = serializers.BooleanField()
    standing = StandingSerializer(allow_null=True)
    rounds = PlayerRoundSerializer(many=True)


class PodMateSerializer(serializers.Serializer):
    display_name = serializers.CharField()
    player_number = serializers.CharField()
    place = serializers.IntegerField(allow_null=True)
    score = serializers.IntegerField(allow_null=True)


class PodPlayerRoundSerializer(serializers.Serializer):
    """One pod of the player, round by round (a :class:`tournaments.selectors.places.PlayerPodRound`)."""

    round_number = serializers.IntegerField()
    table_number = serializers.IntegerField()
    status = MatchStatusField()
    pod_size = serializers.IntegerField(help_text=_("Jugadores de la mesa."))
    place = serializers.IntegerField(allow_null=True, help_text=_("Puesto; vacío mientras no hay resultado."))
    score = serializers.IntegerField(allow_null=True, help_text=_("Puntaje secundario (puntos stoner)."))
    points = serializers.DecimalField(max_digits=9, decimal_places=3, coerce_to_string=False, allow_null=True,
                                      help_text=_("Puntos por puesto que dio la mesa."))
    ended_by_time = serializers.BooleanField()
    mates = PodMateSerializer(many=True, help_text=_("Los demás jugadores de la mesa, mejor puesto primero."))


class PodPlayerEventResultsSerializer(PlayerEventResultsSerializer):
    """A player's day in an event played in pods: registration state, standings row and every pod."""

    shape = _enum_field("PodShapeField", ["pod"])(
        help_text=_("Forma de las filas: «duel» (duelos) o «pod» (mesas multijugador)."))

    standing = PodStandingSerializer(allow_null=True)
    rounds = PodPlayerRoundSerializer(many=True)


class RegistrationStatusSerializer(serializers.Serializer):
    """A registration after a drop or an undone drop."""

    event_id = serializers.IntegerField()
    player = PlayerSerializer()
    dropped = serializers.BooleanField()
    dropped_after_round = serializers.IntegerField(allow_null=True)
    disqualified = serializers.BooleanField()


# --------------------------------------------------------------------------- bracket


class BracketMatchSerializer(serializers.Serializer):
    match_id = serializers.IntegerField()
    bracket_slot = serializers.IntegerField(allow_null=True)
    table_number = serializers.IntegerField(allow_null=True)
    is_third_place = serializers.BooleanField()
    player_a = PlayerRefSerializer(allow_null=True)
    player_b = PlayerRefSerializer(allow_null=True)
    games_a = serializers.IntegerField()
    games_b = serializers.IntegerField()
    games_drawn = serializers.IntegerField()
    status = MatchStatusField()
    outcome = MatchOutcomeField()
    version = serializers.IntegerField()
    winner = serializers.CharField(allow_null=True, help_text=_("Número de jugador del ganador, una vez decidido."))


class BracketStageSerializer(serializers.Serializer):
    """One stage: its round (``stage`` 1 final, 2 semifinales, 3 cuartos, 4 octavos) and its matches."""

    round = RoundSerializer()
    matches = BracketMatchSerializer(many=True, help_text=_("Por llave; el partido por el tercer puesto al final."))


class BracketSerializer(serializers.Serializer):
    """The top cut ("Reducido") stage by stage, and the podium once finished."""

    event_id = serializers.IntegerField()
    cut_size = serializers.IntegerField(help_text=_("0: el evento no tiene reducido."))
    third_place_match = serializers.BooleanField()
    stages = BracketStageSerializer(many=True)
    podium = PodiumSerializer(allow_null=True)


# --------------------------------------------------------------------------- input


class NameSearchSerializer(serializers.Serializer):
    """Query parameters of the pairings and standings lists."""

    search = serializers.CharField(
        required=False, allow_blank=True, max_length=120,
        help_text=_("Parte del nombre o del número de jugador; sin distinguir mayúsculas ni acentos."),
    )


# --------------------------------------------------------------------------- shapes (issue #24)


@dataclass(frozen=True, slots=True)
class Shape:
    """The serializers of one kind of table result (:attr:`tournaments.formats.base.EventFormat.table_results`).

    ``name``: what the API calls the shape (``duel``: game wins per side, ``pod``: a place per
    seat); ``table``: a row of the round's tables; ``standing``: a standings row;
    ``player_results``: a player's day, its rounds from
    :func:`tournaments.selectors.player_rounds_of`.
    """

    name: str
    table: type[serializers.Serializer]
    standing: type[serializers.Serializer]
    player_results: type[serializers.Serializer]


#: The API's serializers by the kind of result a format's tables give; the only place the API tells
#: shapes apart. A new format declares its ``table_results`` and needs nothing here.
SHAPES: dict[str, Shape] = {
    GAME_RESULTS: Shape("duel", PairingSerializer, StandingSerializer, PlayerEventResultsSerializer),
    PLACE_RESULTS: Shape("pod", PodSerializer, PodStandingSerializer, PodPlayerEventResultsSerializer),
}


def shape_of(event: Event) -> Shape:
    """The serializers of ``event``'s format (``KeyError`` for a shape not declared in :data:`SHAPES`)."""
    return SHAPES[format_for(event).table_results]

