"""The day panel of the event page: the day's state and the lifecycle buttons that apply now (issue #4).

A button that does not apply now is not shown; each one carries a token of the
state it was drawn for (:func:`day_token`), so a second click is refused.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from django.db.models import Count, Q
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from .. import selectors, services
from ..enums import EventState, MatchStatus, RoundPhase, RoundState
from ..formats import format_for
from ..formats.base import missing_results_error
from ..models import Event, Registration, Round
from ..swiss.lifecycle import Action, actions_available
from ..text import round_label

#: States in which :func:`services.registration_create` takes entries (late entry during the Swiss rounds).
ACCEPTING_ENTRIES = (EventState.REGISTRATION, EventState.CLOSED, EventState.SWISS)


@dataclass(frozen=True)
class DayAction:
    """A lifecycle button: ``key`` is its URL segment, ``run`` calls one service."""

    key: str
    label: str
    run: Callable[[Event, object], object]
    done: Callable[[object], str]
    primary: bool = True
    help: str = ""
    #: What confirming will do and lock, said before an irreversible step (``None``: no confirmation).
    confirm: Callable[[object], str] | None = None


def _done_round(verb: str) -> Callable[[object], str]:
    def message(rnd) -> str:
        tables = format_for(rnd.event).table_queryset(rnd).count()
        return ngettext(
            "%(round)s %(verb)s: %(n)d mesa. Cargá los resultados en esta página.",
            "%(round)s %(verb)s: %(n)d mesas. Cargá los resultados en esta página.",
            tables,
        ) % {"round": round_label(rnd, numbered=True), "verb": verb, "n": tables}
    return message


def _confirm_pair(status) -> str:
    last = status.last_round
    if last is None:
        return _("Se emparejará la ronda 1 al azar (con la semilla registrada del evento) entre %(n)d jugadores "
                 "activos. Desde entonces las listas de mazo quedan bloqueadas y se imprimen los documentos de "
                 "la ronda.") % {"n": status.active}
    label = round_label(last, numbered=True)
    if status.event.state == EventState.TOP_CUT:
        following = _("se arma la etapa siguiente del reducido con los ganadores de la llave y se imprimen sus "
                      "documentos.")
    else:
        following = str(format_for(status.event).next_round_text)
    if last.state == RoundState.CLOSED:
        return _("%(round)s ya está cerrada: sus resultados están confirmados. Ahora %(following)s") % {
            "round": label, "following": following}
    return _("Se cerrará %(round)s: sus resultados quedan confirmados y desde entonces sólo el juez principal "
             "o la organización los corrigen, con motivo. Luego %(following)s") % {
                 "round": label, "following": following}


def _confirm_close(status) -> str:
    return _("Los resultados de %(round)s quedan confirmados; desde entonces sólo el juez principal o la "
             "organización los corrigen, con motivo.") % {"round": round_label(status.last_round, numbered=True)}


def _confirm_top_cut(status) -> str:
    return _("Terminan las rondas suizas: el reducido de los %(n)d primeros se arma con las posiciones actuales "
             "(1 contra %(n)d, 2 contra %(m)d…) y la llave queda fija; los abandonos y descalificados ceden su "
             "lugar al siguiente.") % {"n": status.event.cut_size, "m": status.event.cut_size - 1}


def _confirm_finish(status) -> str:
    return _("El evento termina: se fija el podio, se publican las posiciones finales (el campeón primero) y se "
             "asignan los puntos de la Super Liga. Después no se empareja nada más; una corrección de resultado "
             "recalcula el podio y los puntos.")


def _done_finish(event) -> str:
    podium = (event.podium_first, event.podium_second, event.podium_third)
    names = [reg.player.display_name if reg else "—" for reg in podium]
    return _("Evento finalizado. Podio: 1º %(a)s, 2º %(b)s, 3º %(c)s.") % {"a": names[0], "b": names[1], "c": names[2]}


DAY_ACTIONS: dict[str, DayAction] = {
    action.key: action
    for action in (
        DayAction(
            "abrir-inscripcion", gettext_lazy("Abrir inscripción"),
            lambda e, by: services.registration_open(event=e, by=by),
            lambda e: _("Inscripción abierta: ya podés inscribir jugadores."),
        ),
        DayAction(
            "cerrar-inscripcion", gettext_lazy("Cerrar inscripción"),
            lambda e, by: services.registration_close(event=e, by=by),
            lambda e: _("Inscripción cerrada: ya podés emparejar la ronda 1."),
        ),
        DayAction(
            "emparejar", gettext_lazy("Emparejar ronda siguiente"),
            lambda e, by: services.round_pair_next(event=e, by=by),
            _done_round(gettext_lazy("emparejada")),
            help=gettext_lazy("Cierra la ronda actual (si la hay) y empareja la siguiente."),
            confirm=_confirm_pair,
        ),
        DayAction(
            "rehacer", gettext_lazy("Rehacer ronda actual"),
            lambda e, by: services.round_repair(event=e, by=by),
            _done_round(gettext_lazy("emparejada de nuevo")),
            primary=False,
            help=gettext_lazy("Sólo mientras la ronda no tenga ningún resultado cargado."),
        ),
        DayAction(
            "cerrar-ronda", gettext_lazy("Cerrar ronda y confirmar resultados"),
            lambda e, by: services.round_close(event=e, by=by),
            lambda r: _("%(round)s cerrada: resultados confirmados.") % {"round": round_label(r, numbered=True)},
            primary=False,
            confirm=_confirm_close,
        ),
        DayAction(
            "iniciar-reducido", gettext_lazy("Iniciar reducido"),
            lambda e, by: services.top_cut_start(event=e, by=by),
            _done_round(gettext_lazy("emparejada")),
            confirm=_confirm_top_cut,
        ),
        DayAction(
            "finalizar", gettext_lazy("Finalizar evento"),
            lambda e, by: services.event_finish(event=e, by=by),
            _done_finish,
            confirm=_confirm_finish,
        ),
    )
}


@dataclass
class DayStatus:
    """What the event page shows of the day, and which buttons apply now."""

    event: Event
    token: str
    rounds: list[Round]
    last_round: Round | None
    pending_tables: list[int]
    swiss_played: int
    planned_rounds: int | None
    registered: int
    present: int
    out: int
    state_label: str = ""
    actions: list[DayAction] = field(default_factory=list)
    clock: selectors.RoundClock | None = None

    @property
    def round_open(self) -> bool:
        return self.last_round is not None and self.last_round.state == RoundState.PAIRED

    @property
    def close_blocked(self) -> str:
        """Why «Cerrar ronda» cannot run now, said before the click: the tables still without a
        result (the refusal :func:`services.round_close` would give), or ``""``."""
        if not self.round_open or not self.pending_tables:
            return ""
        return missing_results_error(self.pending_tables, action="close", round_number=self.last_round.number).message

    @property
    def accepting_entries(self) -> bool:
        return self.event.state in ACCEPTING_ENTRIES

    @property
    def active(self) -> int:
        return self.registered - self.out

    @property
    def absent(self) -> int:
        return self.registered - self.present

    @property
    def podium(self) -> list[tuple[str, Registration | None]]:
        e = self.event
        return [("1º", e.podium_first), ("2º", e.podium_second), ("3º", e.podium_third)]


def day_token(event: Event, last_round: Round | None) -> str:
    """The lifecycle state a button was drawn for: event state, current round (id) and its state."""
    if last_round is None:
        return f"{event.state}|0|"
    return f"{event.state}|{last_round.pk}|{last_round.state}"


def day_status(event: Event) -> DayStatus:
    """The day's state of ``event`` and the buttons that apply (four queries)."""
    rounds = list(
        event.rounds.order_by("number").annotate(  # duels and pods alike; a bye is no table to wait for
            table_count=Count("tables", filter=Q(tables__is_bye=False)),
            pending=Count("tables", filter=Q(tables__is_bye=False, tables__status=MatchStatus.PENDING)),
        )
    )
    for rnd in rounds:
        rnd.label = round_label(rnd, numbered=True)
    last = rounds[-1] if rounds else None
    fmt = format_for(event)
    pending_tables: list[int] = fmt.pending_tables(last) if last is not None else []
    counts = event.registrations.aggregate(
        total=Count("id"),
        present=Count("id", filter=Q(checked_in=True)),
        out=Count("id", filter=Q(dropped=True) | Q(disqualified=True)),
    )
    swiss_played = sum(1 for r in rounds if r.phase == RoundPhase.SWISS)
    active = counts["total"] - counts["out"]
    planned = fmt.planned_rounds(event, active)
    status = DayStatus(
        event=event,
        token=day_token(event, last),
        rounds=rounds,
        last_round=last,
        pending_tables=pending_tables,
        swiss_played=swiss_played,
        planned_rounds=planned,
        state_label=fmt.state_label(event),
        registered=counts["total"],
        present=counts["present"],
        out=counts["out"],
    )
    status.actions = [DAY_ACTIONS[key] for key in _applicable_actions(event)]
    if last is not None:
        status.clock = selectors.round_display_clock(last, minutes=event.round_minutes)
    return status


#: Lifecycle action → the key (URL segment) of its button.
ACTION_KEYS = {
    Action.REGISTRATION_OPEN: "abrir-inscripcion",
    Action.REGISTRATION_CLOSE: "cerrar-inscripcion",
    Action.ROUND_PAIR_NEXT: "emparejar",
    Action.ROUND_REPAIR: "rehacer",
    Action.ROUND_CLOSE: "cerrar-ronda",
    Action.TOP_CUT_START: "iniciar-reducido",
    Action.EVENT_FINISH: "finalizar",
}


def _applicable_actions(event: Event) -> list[str]:
    """Keys of the lifecycle buttons that apply now (:mod:`tournaments.swiss.lifecycle`; the services decide)."""
    return [ACTION_KEYS[action] for action in actions_available(format_for(event).day_facts(event))]
