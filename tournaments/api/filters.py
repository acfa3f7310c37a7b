"""django-filter filter sets of the public list endpoints."""
from __future__ import annotations

import django_filters
from django.db.models import QuerySet
from django.utils.translation import gettext_lazy as _

from ..enums import EventKind, EventState, RoundPhase, RoundState
from ..models import Event, Player, Round
from ..player_search import player_search_q


class EventFilter(django_filters.FilterSet):
    """Events by venue, province, date range, kind, state and game; search by name."""

    search = django_filters.CharFilter(
        method="filter_search", label=_("Parte del nombre del evento (sin distinguir mayúsculas)."),
    )
    venue = django_filters.NumberFilter(field_name="venue_id", label=_("Identificador de la sede."))
    province = django_filters.CharFilter(
        field_name="venue__province", lookup_expr="iexact", label=_("Provincia de la sede."),
    )
    game = django_filters.CharFilter(field_name="game__key", label=_("Clave del juego, p. ej. «weed_monsters»."))
    kind = django_filters.ChoiceFilter(choices=EventKind.choices, label=_("Formato del evento."))
    state = django_filters.ChoiceFilter(choices=EventState.choices, label=_("Estado del evento."))
    date = django_filters.DateFromToRangeFilter(
        label=_("Rango de fechas: date_after y date_before (AAAA-MM-DD, ambos inclusive)."),
    )

    class Meta:
        model = Event
        fields = ["search", "venue", "province", "game", "kind", "state", "date"]

    def filter_search(self, queryset: QuerySet[Event], name: str, value: str) -> QuerySet[Event]:
        return queryset.filter(name__icontains=value.strip()) if value.strip() else queryset


class RoundFilter(django_filters.FilterSet):
    """Rounds by phase (Swiss or top cut) and state."""

    phase = django_filters.ChoiceFilter(choices=RoundPhase.choices, label=_("Fase: suiza o reducido."))
    state = django_filters.ChoiceFilter(choices=RoundState.choices, label=_("Estado de la ronda."))

    class Meta:
        model = Round
        fields = ["phase", "state"]


class PlayerFilter(django_filters.FilterSet):
    """Players by home venue or event; search by display name or player number."""

    search = django_filters.CharFilter(
        method="filter_search", label=_("Parte del nombre visible o del número de jugador."),
    )
    home_venue = django_filters.NumberFilter(field_name="home_venue_id", label=_("Identificador de la sede de origen."))
    event = django_filters.NumberFilter(
        field_name="registrations__event_id", label=_("Sólo los inscriptos en este evento (identificador)."),
    )

    class Meta:
        model = Player
        fields = ["search", "home_venue", "event"]

    def filter_search(self, queryset: QuerySet[Player], name: str, value: str) -> QuerySet[Player]:
        """Every word in the folded name or number (accents and case aside: «gimenez» finds «Giménez»)."""
        query = player_search_q(value)
        return queryset if query is None else queryset.filter(query)
