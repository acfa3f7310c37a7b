"""One request and one answer shape for a table's result, whatever the event's format (issue #24 point 2).

A result, a player's report and a correction all send the table's seats,
each named by its player's number, with what the event's format reads:
``games`` won (and ``minutes_late``, ``how``) at a two-player table,
``place`` and ``score`` (and ``how``) at a table of places (a pod)::

    {"seats": [{"player_number": "0001", "games": 2}, {"player_number": "0002", "games": 1}],
     "games_drawn": 0, "expected_version": 3}
    {"seats": [{"player_number": "0001", "place": 1, "score": 12}, …], "expected_version": 1}

:func:`table_seats` turns them into the per-seat entries of the services
(:func:`tournaments.services.table_result_record` and its siblings), which
ask the event's format to check them; a field of the other kind of table,
a player not seated there or a seat given twice is refused first with a
400 naming the seat and the field (``seats[1].games``). :func:`seat_errors`
names the seat an :class:`~tournaments.errors.IllegalResult` of the format
is about. The answer is :class:`TableSerializer` for every format.
"""
from __future__ import annotations

import re
from contextlib import contextmanager

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from drf_spectacular.utils import OpenApiExample, OpenApiParameter, extend_schema_field
from rest_framework import serializers

from ..enums import MatchStatus, SeatOutcomeHow
from ..errors import IllegalResult
from ..formats import format_for
from ..formats.base import PLACE_RESULTS
from ..models import Table
from ..services.corrections import REASON_MAX
from . import queries
from .exceptions import InvalidInput, messages_of
from .serializers import MatchOutcomeField, MatchStatusField

TABLE_ID = OpenApiParameter("table_id", int, OpenApiParameter.PATH,
                            description="Identificador de la mesa («table_id» de la ronda).")

#: The seat fields each kind of table reads (:attr:`tournaments.formats.base.EventFormat.table_results`).
GAME_SEAT_FIELDS = frozenset({"games", "minutes_late", "how"})
PLACE_SEAT_FIELDS = frozenset({"place", "score", "how"})
#: The shared fields only a table of game wins reads, with the value that means "not given".
GAME_ONLY_SHARED = {"games_drawn": 0, "intentional_draw": False, "double_loss": False}


# --------------------------------------------------------------------------- input


class ReportSeatInputSerializer(serializers.Serializer):
    """One seat of the table, named by its player's number, with what the event's format reads."""

    player_number = serializers.CharField(label=gettext_lazy("Número de jugador"), max_length=20)
    games = serializers.IntegerField(
        label=gettext_lazy("Partidas ganadas"), min_value=0, max_value=9, required=False,
        help_text=gettext_lazy("Sólo mesas de dos jugadores (duelos)."))
    place = serializers.IntegerField(
        label=gettext_lazy("Puesto"), min_value=1, max_value=6, required=False,
        help_text=gettext_lazy("Sólo mesas multijugador: 1 el ganador; los empatados lo comparten."))
    score = serializers.IntegerField(
        label=gettext_lazy("Puntaje secundario"), min_value=0, max_value=999, required=False, allow_null=True,
        help_text=gettext_lazy("Sólo mesas multijugador: p. ej. los puntos stoner."))


class SeatInputSerializer(ReportSeatInputSerializer):
    """One seat as a judge enters it: a player's report's values, the minutes late and an absent player."""

    minutes_late = serializers.IntegerField(
        label=gettext_lazy("Minutos de demora"), min_value=0, max_value=600, required=False, allow_null=True,
        help_text=gettext_lazy("Sólo duelos. Más de 5: pierde la primera partida; más de 10: pierde el match 0-2."))
    how = serializers.ChoiceField(
        label=gettext_lazy("Cómo terminó"), choices=[SeatOutcomeHow.PLAYED.value, SeatOutcomeHow.ABSENT.value],
        required=False, help_text=gettext_lazy("«absent»: el jugador no vino a la mesa (lo carga un juez)."))


def _seats_field(child) -> serializers.ListSerializer:
    return serializers.ListSerializer(
        child=child, label=gettext_lazy("Asientos"), min_length=1, max_length=6,
        help_text=gettext_lazy("Un elemento por jugador sentado en la mesa, en cualquier orden."))


def _expected_version(what: str) -> serializers.IntegerField:
    return serializers.IntegerField(
        label=gettext_lazy("Versión esperada"), min_value=0,
        help_text=gettext_lazy("La «version» de la mesa que tenías a la vista. Si otra persona la cambió "
                               "mientras tanto, %(what)s se rechaza con 409 («stale_result») y no se pisa nada.")
        % {"what": what})


class TableEntrySerializer(serializers.Serializer):
    """What every table entry shares: the seats and the values of the whole table."""

    seats = _seats_field(SeatInputSerializer())
    games_drawn = serializers.IntegerField(label=gettext_lazy("Partidas empatadas"), min_value=0, max_value=9,
                                           default=0, help_text=gettext_lazy("Sólo duelos."))
    went_to_time = serializers.BooleanField(
        label=gettext_lazy("Terminó por tiempo"), default=False,
        help_text=gettext_lazy("La mesa llegó al tiempo de la ronda."))
    double_loss = serializers.BooleanField(
        label=gettext_lazy("Doble derrota"), default=False,
        help_text=gettext_lazy("Sólo duelos: ambos ausentes, derrota para los dos, sin partidas (no vale en el "
                               "reducido)."))


class TableResultInputSerializer(TableEntrySerializer):
    """A judge's result of one table."""

    intentional_draw = serializers.BooleanField(label=gettext_lazy("Empate intencional"), default=False,
                                                help_text=gettext_lazy("Sólo duelos."))
    note = serializers.CharField(label=gettext_lazy("Nota"), max_length=240, required=False, allow_blank=True,
                                 default="")
    expected_version = _expected_version(gettext_lazy("la carga"))


class TableReportInputSerializer(serializers.Serializer):
    """A player's report of their own table (no tardiness, no absent player: only judges enter those)."""

    seats = _seats_field(ReportSeatInputSerializer())
    games_drawn = serializers.IntegerField(label=gettext_lazy("Partidas empatadas"), min_value=0, max_value=9,
                                           default=0, help_text=gettext_lazy("Sólo duelos."))
    went_to_time = serializers.BooleanField(label=gettext_lazy("Terminó por tiempo"), default=False)
    intentional_draw = serializers.BooleanField(label=gettext_lazy("Empate intencional"), default=False,
                                                help_text=gettext_lazy("Sólo duelos."))


class TableCorrectionPreviewInputSerializer(TableEntrySerializer):
    """The corrected result of a table (validated here, judged by the service)."""


class TableCorrectionInputSerializer(TableEntrySerializer):
    """A correction: the corrected result, the reason and the version the client read."""

    reason = serializers.CharField(
        label=gettext_lazy("Motivo"), max_length=REASON_MAX, required=False, allow_blank=True, default="",
        help_text=gettext_lazy("Por qué se corrige; obligatorio (400 «reason_required» si falta). Queda en el "
                               "historial y en el registro del evento."),
    )
    expected_version = _expected_version(gettext_lazy("la corrección"))


def _seat_key(index: int, field: str | None = None) -> str:
    return f"seats[{index}].{field}" if field else f"seats[{index}]"


_SEAT_KEY = re.compile(r"^seats\[(\d+)\]\.(\w+)$")


def _label(key: str, labels: dict[str, str]) -> str:
    """How the readable message names ``key``: «Asiento 2, partidas ganadas» or the shared field's label."""
    found = _SEAT_KEY.match(key)
    if found is None:
        return labels.get(key, key)
    seat_labels = {name: str(field.label) for name, field in SeatInputSerializer().fields.items()}
    return _("Asiento %(n)d, %(field)s") % {"n": int(found[1]) + 1,
                                             "field": seat_labels.get(found[2], found[2]).lower()}


def _refuse(errors: dict[str, list[str]], labels: dict[str, str] | None = None) -> InvalidInput:
    readable = " ".join(f"{_label(key, labels or {})}: {' '.join(messages)}" for key, messages in errors.items())
    return InvalidInput(errors, readable)


def entry_validated(serializer: serializers.Serializer) -> dict:
    """The validated entry (a copy), or :class:`InvalidInput` with each seat's errors under ``seats[i].field``."""
    if serializer.is_valid():
        return dict(serializer.validated_data)
    errors: dict[str, list[str]] = {}
    for name, value in serializer.errors.items():
        if name == "seats" and isinstance(value, list) and all(isinstance(v, dict) for v in value):
            for index, seat in enumerate(value):
                for field, messages in seat.items():
                    errors[_seat_key(index, field)] = messages_of(messages)
        else:
            errors[name] = messages_of(value)
    labels = {name: str(field.label) for name, field in serializer.fields.items() if field.label}
    raise _refuse(errors, labels)


def table_seats(table: Table, data: dict) -> list[dict]:
    """The services' per-seat entries (``registration`` and the seat's values) of a validated entry.

    ``data["seats"]`` names each seat by ``player_number``. Refused with
    :class:`InvalidInput` (400, each error under ``seats[i].field`` or the
    shared field's name): a player not seated at ``table``, a seat given
    twice, a seat missing, or a field the event's format does not read (a
    pod's ``games``, a duel's ``place`` or ``score``; a pod's drawn games,
    intentional draw or double loss). ``data`` keeps its shared values.
    """
    by_number = {seat.registration.player.player_number: seat.registration_id for seat in table.seat_list}
    by_places = format_for(table.round.event).table_results == PLACE_RESULTS
    allowed = PLACE_SEAT_FIELDS if by_places else GAME_SEAT_FIELDS
    wrong = (_("Esta mesa se carga por puestos: indicá «place» y «score» de cada asiento, no «%(field)s».")
             if by_places else
             _("Esta mesa se carga por partidas ganadas: indicá «games» de cada asiento, no «%(field)s»."))
    errors: dict[str, list[str]] = {}
    entries, seen = [], set()
    for index, seat in enumerate(data["seats"]):
        number = seat["player_number"]
        registration = by_number.get(number)
        if registration is None:
            errors[_seat_key(index, "player_number")] = [
                _("El jugador %(number)s no está sentado en la mesa %(table)s.")
                % {"number": number, "table": table.table_number}]
        elif registration in seen:
            errors[_seat_key(index, "player_number")] = [
                _("El jugador %(number)s figura dos veces en la mesa.") % {"number": number}]
        seen.add(registration)
        for field in seat:
            if field != "player_number" and field not in allowed:
                errors[_seat_key(index, field)] = [wrong % {"field": field}]
        entries.append({"registration": registration, **{k: v for k, v in seat.items() if k != "player_number"}})
    if by_places:
        for field, unset in GAME_ONLY_SHARED.items():
            if data.get(field, unset) != unset:
                errors[field] = [_("Una mesa multijugador no lleva «%(field)s»: se carga por puestos.")
                                 % {"field": field}]
    if not errors:
        missing = [number for number, rid in by_number.items() if rid not in seen]
        if missing:
            errors["seats"] = [_("Faltan asientos de la mesa %(table)s: %(numbers)s.")
                               % {"table": table.table_number, "numbers": ", ".join(missing)}]
    if errors:
        raise _refuse(errors)
    return entries


#: An IllegalResult field of a two-player table's check → (seat index: 0 side A, 1 side B; seat field).
_SIDE_FIELDS = {"games_a": (0, "games"), "games_b": (1, "games"), "minutes_late_a": (0, "minutes_late"),
                "minutes_late_b": (1, "minutes_late"), "how_a": (0, "how"), "how_b": (1, "how")}


@contextmanager
def seat_errors(table: Table, entries: list[dict]):
    """Name the seat of the input an :class:`IllegalResult` of the format is about (``seats[i].games``)."""
    try:
        yield
    except IllegalResult as exc:
        side = _SIDE_FIELDS.get(getattr(exc, "field", None) or "")
        if side is not None:
            registration = table.registration_ids[side[0]] if len(table.registration_ids) > side[0] else None
            index = next((i for i, entry in enumerate(entries) if entry["registration"] == registration), None)
            if index is not None:
                exc.field = _seat_key(index, side[1])
        elif not getattr(exc, "field", None):
            exc.field = "seats"
        raise


# --------------------------------------------------------------------------- answer


class TableSeatSerializer(serializers.Serializer):
    """One seat of a table and its result."""

    seat = serializers.IntegerField(help_text=gettext_lazy("Asiento (1…; en un duelo, 1 es el jugador A)."))
    player_number = serializers.CharField(source="registration.player.player_number")
    display_name = serializers.CharField(source="registration.player.display_name")
    games = serializers.IntegerField(help_text=gettext_lazy("Partidas ganadas (duelos)."))
    place = serializers.IntegerField(allow_null=True, help_text=gettext_lazy("Puesto (mesas multijugador)."))
    score = serializers.IntegerField(allow_null=True,
                                     help_text=gettext_lazy("Puntaje secundario (mesas multijugador)."))
    how = serializers.ChoiceField(choices=SeatOutcomeHow.values,
                                  help_text=gettext_lazy("Cómo terminó: jugó, ausente, demora o penalidad."))


class TableSerializer(serializers.Serializer):
    """One table and its result, the same shape for every format (a duel has two seats, a pod 3 to 6)."""

    table_id = serializers.IntegerField(source="pk")
    round_number = serializers.IntegerField(source="round.number")
    table_number = serializers.IntegerField(allow_null=True)
    status = MatchStatusField()
    status_label = serializers.SerializerMethodField()
    version = serializers.IntegerField(
        help_text=gettext_lazy("Versión del resultado; enviala como «expected_version» al cargar o corregir."))
    outcome = MatchOutcomeField(help_text=gettext_lazy("Resultado de un duelo; vacío en mesas multijugador y "
                                                       "mientras está pendiente."))
    outcome_label = serializers.SerializerMethodField()
    games_drawn = serializers.IntegerField()
    went_to_time = serializers.BooleanField()
    intentional_draw = serializers.BooleanField()
    seats = serializers.SerializerMethodField()

    def get_status_label(self, table: Table) -> str:
        return str(MatchStatus(table.status).label)

    def get_outcome_label(self, table: Table) -> str:
        return queries.outcome_label(table.outcome)

    @extend_schema_field(TableSeatSerializer(many=True))
    def get_seats(self, table: Table) -> list:
        return TableSeatSerializer(table.seat_list, many=True).data


def table_answer(table: Table, *, read_again: bool = True) -> dict:
    """The :class:`TableSerializer` data of ``table`` as saved now: read again, or (``read_again=False``) as
    it is, for the table a service has just locked and written in this transaction (its round and seats with
    their players loaded, as :func:`tournaments.services.locks.table_lock` returns them)."""
    return TableSerializer(queries.table_saved(table) if read_again else table).data


# --------------------------------------------------------------------------- schema examples

DUEL_EXAMPLE = {"seats": [{"player_number": "0001", "games": 2}, {"player_number": "0002", "games": 1}],
                "games_drawn": 0}
POD_EXAMPLE = {"seats": [{"player_number": "0011", "place": 1, "score": 14},
                         {"player_number": "0012", "place": 2, "score": 9},
                         {"player_number": "0013", "place": 3, "score": 4}]}


def entry_examples(**extra) -> list[OpenApiExample]:
    """A duel's and a pod's request, with ``extra`` shared values."""
    return [
        OpenApiExample("Duelo", summary="Duelo al mejor de tres: 2-1", value={**DUEL_EXAMPLE, **extra},
                       request_only=True),
        OpenApiExample("Mesa multijugador", summary="Mesa de tres: puestos y puntos stoner",
                       value={**POD_EXAMPLE, **extra}, request_only=True),
    ]
