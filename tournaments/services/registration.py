"""Registration, check-in and drops; one transaction each, the event row locked first."""
from __future__ import annotations

from dataclasses import dataclass

from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop as _noop

from ..enums import EventKind, EventState, MatchStatus, RoundPhase, RoundState, SeatOutcomeHow
from ..errors import NotAllowed, RegistrationError, StateError
from ..formats import derived_seed, format_for
from ..formats.base import GAME_RESULTS
from ..models import Event, Player, Registration, Seat
from ..swiss.lifecycle import Action, state_allows
from .eventlog import event_log_append
from .locks import event_lock, registration_lock, table_lock
from .results import duel_seats, table_result_record


@transaction.atomic
def registration_open(*, event: Event, by=None) -> Event:
    """Open registration (draft → registration). Raises :class:`StateError` otherwise."""
    event = event_lock(event)
    if not state_allows(event.state, Action.REGISTRATION_OPEN) or event.rounds.exists():
        raise StateError("registration_not_openable", _("La inscripción sólo se abre antes de la ronda 1."))
    before = {"state": str(event.state)}
    event.state = EventState.REGISTRATION
    event.save(update_fields=["state"])
    event_log_append(event=event, action="registration_open", by=by, before=before, after={"state": event.state})
    return event


@transaction.atomic
def registration_close(*, event: Event, by=None) -> Event:
    """Close registration (registration → closed), ready to pair round 1."""
    event = event_lock(event)
    if not state_allows(event.state, Action.REGISTRATION_CLOSE):
        raise StateError("registration_not_open", _("La inscripción no está abierta."))
    event.state = EventState.CLOSED
    event.save(update_fields=["state"])
    event_log_append(event=event, action="registration_close", by=by, before={"state": "registration"},
                     after={"state": event.state})
    return event


def _pack_indoor_missing(player: str, *, check_in: bool = False) -> RegistrationError:
    if check_in:
        text = _("%(player)s no tiene el Pack Indoor registrado: en el Torneo Indoor sólo se participa con su "
                 "compra. Registrá que lo compró («Pack Indoor comprado») para marcar su presencia.")
    else:
        text = _("En el Torneo Indoor sólo se participa con la compra del Pack Indoor: para inscribir a "
                 "%(player)s, registrá que lo compró («Pack Indoor comprado»).")
    return RegistrationError("pack_indoor_required", text % {"player": player})


@transaction.atomic
def registration_create(
    *, event: Event, player: Player, checked_in: bool = True, pack_indoor: bool = False, by=None
) -> Registration:
    """Register ``player`` in ``event``.

    While registration is open this is a normal entry. Once the Swiss rounds
    have started it is a *late entry*: the player joins the next round with 0
    match points (issue #2). In a Torneo Indoor ``pack_indoor`` records that
    the player bought the Pack Indoor and is required (R-000-52,
    000_0014b2ac83da54b4.txt § "Torneo Indoor": "Participas unicamente con
    la compra del Pack Indoor"); other kinds store ``False``.
    Raises :class:`RegistrationError` if the player is already registered
    or (Indoor) without the pack, :class:`StateError` if the event is not
    taking entries (draft, top cut, finished).
    """
    event = event_lock(event)
    if event.state in (EventState.DRAFT, EventState.TOP_CUT, EventState.FINISHED):
        raise StateError(
            "registration_closed",
            _("El evento «%(event)s» no admite inscripciones en estado «%(state)s».")
            % {"event": event.name, "state": event.get_state_display()},
        )
    already = RegistrationError(
        "already_registered",
        _("%(player)s ya tiene inscripción en «%(event)s».") % {"player": player, "event": event.name},
    )
    if Registration.objects.filter(event=event, player=player).exists():
        raise already
    indoor = event.kind == EventKind.INDOOR
    if indoor and not pack_indoor:
        raise _pack_indoor_missing(player.display_name)
    late = event.state == EventState.SWISS
    next_round = event.rounds.filter(phase=RoundPhase.SWISS).count() + 1
    try:
        with transaction.atomic():
            registration = Registration.objects.create(
                event=event,
                player=player,
                checked_in=checked_in,
                late_entry=late,
                joined_round=next_round if late else 1,
                draw_order=derived_seed(event.seed, "draw", player.pk) % 2_000_000_000,
                pack_indoor=indoor,
            )
    except IntegrityError as exc:  # a concurrent double submission
        raise already from exc
    event_log_append(event=event, action="registration_create", by=by, subject=player.display_name,
                     after={"player_number": player.player_number, "late_entry": late,
                            "joined_round": registration.joined_round,
                            **({"pack_indoor": True} if indoor else {})})
    return registration


@transaction.atomic
def registration_pack_indoor_set(*, registration: Registration | int, bought: bool, by=None) -> Registration:
    """Record whether a Torneo Indoor player bought the Pack Indoor (a correction at the desk).

    Setting the value it already has is a no-op. ``bought=False`` is only
    accepted before round 1 is paired, and then the player is marked
    absent: nobody plays an Indoor event without the pack (R-000-52,
    000_0014b2ac83da54b4.txt § "Torneo Indoor"); later, drop the player.
    Raises :class:`StateError` for an event that is not a Torneo Indoor or
    is finished, :class:`RegistrationError` ``pack_indoor_played`` once
    round 1 is paired.
    """
    event, registration = registration_lock(registration)
    if event.kind != EventKind.INDOOR:
        raise StateError("not_indoor", _("El Pack Indoor sólo se registra en un Torneo Indoor."))
    if event.state == EventState.FINISHED:
        raise StateError("event_finished", _("El evento ya finalizó."))
    if registration.pack_indoor == bought:
        return registration
    if not bought and event.rounds.exists():
        raise RegistrationError(
            "pack_indoor_played",
            _("%(player)s ya tiene mesa en el Torneo Indoor: el Pack Indoor no se quita; si no juega, "
              "registralo como abandono.") % {"player": registration.player.display_name},
        )
    before = {"pack_indoor": registration.pack_indoor, "checked_in": registration.checked_in}
    registration.pack_indoor = bought
    fields = ["pack_indoor"]
    if not bought and registration.checked_in:
        registration.checked_in = False
        fields.append("checked_in")
    registration.save(update_fields=fields)
    event_log_append(event=event, action="registration_pack_indoor", by=by,
                     subject=registration.player.display_name, before=before,
                     after={"pack_indoor": bought, "checked_in": registration.checked_in})
    return registration


@transaction.atomic
def registration_drop(*, registration: Registration, by=None, before_table: bool = False) -> Registration:
    """Drop a player from the event: never paired again, results kept.

    The drop takes effect from the next pairing; results already played keep
    counting for opponents' Buchholz (DESIGN.md decision 2). ``before_table``:
    the player leaves before their table of the round in progress started,
    so that table is lost by absence (:func:`table_absence_record`: the
    rival wins 2-0, or the pod seat is marked absent) and, if it was the
    only table, the player earns no participation (DESIGN.md decision 15).
    Raises :class:`RegistrationError` if already dropped,
    :class:`StateError` if the event is finished or (``before_table``) the
    table already has a result.
    """
    event, registration = registration_lock(registration)
    if event.state == EventState.FINISHED:
        raise StateError("event_finished", _("El evento ya finalizó."))
    if registration.dropped:
        raise RegistrationError("already_dropped", _("%(player)s ya abandonó el evento.") % {
            "player": registration.player.display_name})
    return _drop_locked(event, registration, by, before_table=before_table)


def table_absence_record(*, event: Event, registration: Registration, by=None) -> None:
    """Record that ``registration`` is absent from its table of the round in progress.

    For a drop before the table started (call it inside the drop's
    transaction, the event and the registration locked). A duel without a
    result becomes a loss by absence (``how`` ``"absent"``): the rival wins
    2-0 (000_0014b2ac83da54b4.txt § "10.1. Desarrollo de las Rondas
    Suizas"), or a double loss when the rival was already recorded absent
    the same way. A pod seat is marked absent; the judge still enters the
    pod's places. A bye, or no round in progress, records nothing.

    Raises :class:`StateError` ``table_started`` when the table already has
    a result played at it.
    """
    rnd = event.rounds.order_by("-number").first()
    if rnd is None or rnd.state != RoundState.PAIRED:
        return
    name = registration.player.display_name
    started = StateError("table_started", _(
        "La mesa de %(player)s en la ronda %(round)d ya tiene resultado: no se puede marcar como ausente. "
        "Corregí el resultado si hace falta.") % {"player": name, "round": rnd.number})
    seat = Seat.objects.filter(round=rnd, registration=registration, table__is_bye=False).first()
    if seat is None:
        return
    _event, table = table_lock(seat.table_id)
    if format_for(event).table_results == GAME_RESULTS:
        match = table
        is_a = match.player_a_id == registration.pk
        other_how = match.how_b if is_a else match.how_a
        if match.status == MatchStatus.PENDING and match.version == 0:
            hows = {"how_a": SeatOutcomeHow.ABSENT} if is_a else {"how_b": SeatOutcomeHow.ABSENT}
        elif other_how == SeatOutcomeHow.ABSENT and (match.how_a if is_a else match.how_b) == SeatOutcomeHow.PLAYED \
                and all((e.how_a, e.how_b) == (match.how_a, match.how_b) for e in match.entries.all()):
            hows = {"how_a": SeatOutcomeHow.ABSENT, "how_b": SeatOutcomeHow.ABSENT}
        else:
            raise started
        seats, _rest = duel_seats({"games_a": 0, "games_b": 0, **hows})
        table_result_record(table=match, seats=seats, entered_by=by,
                            note=_("%(player)s abandonó antes de empezar su mesa.") % {"player": name})
        return
    if table.version:
        raise started
    Seat.objects.filter(pk=seat.pk).update(how=SeatOutcomeHow.ABSENT)


def _drop_locked(event: Event, registration: Registration, by, *, self_drop: bool = False,
                 before_table: bool = False) -> Registration:
    """Mark the locked ``registration`` dropped after the Swiss rounds played so far, and log it.

    ``before_table``: the table of the round in progress is lost by absence (:func:`table_absence_record`).
    """
    if before_table:
        table_absence_record(event=event, registration=registration, by=by)
    registration.dropped = True
    registration.dropped_after_round = event.rounds.filter(phase=RoundPhase.SWISS).count()
    registration.save(update_fields=["dropped", "dropped_after_round"])
    after = {"dropped": True, "after_round": registration.dropped_after_round}
    if self_drop:
        after["self_drop"] = True
    if before_table:
        after["before_table"] = True
    event_log_append(event=event, action="registration_drop", by=by, subject=registration.player.display_name,
                     before={"dropped": False}, after=after,
                     reason=_("El jugador abandonó el torneo por su cuenta.") if self_drop else "")
    return registration


@transaction.atomic
def registration_drop_undo(*, registration: Registration, by=None) -> Registration:
    """Undo a drop (a mistaken click); the player is paired again from the next round."""
    event, registration = registration_lock(registration)
    if not registration.dropped:
        raise RegistrationError("not_dropped", _("%(player)s no abandonó el evento.") % {
            "player": registration.player.display_name})
    if registration.disqualified:
        raise RegistrationError("disqualified", _("Un jugador descalificado no puede volver al evento."))
    if event.state in (EventState.TOP_CUT, EventState.FINISHED):
        raise StateError("swiss_over", _("Las rondas suizas ya terminaron."))
    before = {"dropped": True, "after_round": registration.dropped_after_round}
    registration.dropped = False
    registration.dropped_after_round = None
    registration.save(update_fields=["dropped", "dropped_after_round"])
    event_log_append(event=event, action="registration_drop_undo", by=by,
                     subject=registration.player.display_name, before=before, after={"dropped": False})
    return registration


@transaction.atomic
def registration_check_in(*, registration: Registration, present: bool = True, by=None) -> Registration:
    """Mark a registered player as present (or not) at the venue.

    Check-in is a record for the organizer; pairing does not read it (a
    player who did not come is dropped). Setting the value it already has is
    a no-op, so a double click is harmless. Raises :class:`StateError` once
    the event is finished; :class:`RegistrationError`
    ``pack_indoor_required`` when a Torneo Indoor player without the Pack
    Indoor is marked present (R-000-52).
    """
    event, registration = registration_lock(registration)
    if event.state == EventState.FINISHED:
        raise StateError("event_finished", _("El evento ya finalizó."))
    if present and event.kind == EventKind.INDOOR and not registration.pack_indoor:
        raise _pack_indoor_missing(registration.player.display_name, check_in=True)
    if registration.checked_in != present:
        registration.checked_in = present
        registration.save(update_fields=["checked_in"])
        event_log_append(event=event, action="registration_check_in", by=by,
                         subject=registration.player.display_name, before={"checked_in": not present},
                         after={"checked_in": present})
    return registration


#: What makes a registration part of the event (its related name, the Spanish label).
_ACTIVITY = (
    ("penalties", _noop("penalidades")),
    ("decklist", _noop("lista de mazo")),
    ("deck_checks", _noop("chequeos de mazo")),
    ("sealed_pool", _noop("pool sellado")),
    ("seats", _noop("mesas")),
    ("rulings", _noop("resoluciones en mesa")),
)


@dataclass(frozen=True)
class RegistrationRemoval:
    """What :func:`registration_delete` did: ``deleted``, or kept as a drop, and why (``message``)."""

    deleted: bool
    dropped: bool
    activity: tuple[str, ...]
    message: str


def registration_activity(registration: Registration) -> tuple[str, ...]:
    """The Spanish names of what the registration took part in (empty: a mistaken entry)."""
    found: list[str] = []
    for name, label in _ACTIVITY:
        if Registration.objects.filter(pk=registration.pk, **{f"{name}__isnull": False}).exists():
            text = _(label)
            if text not in found:
                found.append(text)
    return tuple(found)


@transaction.atomic
def registration_delete(*, registration: Registration, by=None) -> RegistrationRemoval:
    """Delete a mistaken entry; a registration that took part is dropped instead, never deleted.

    A registration with any penalty, decklist, deck check, sealed pool,
    match, pod seat or table ruling took part in the event (DESIGN.md,
    "Nothing that took part in an event is deleted"): it is kept and
    dropped (if it was not already dropped or disqualified), and the
    message says why. Otherwise the row is deleted and the log keeps the
    entry. Returns a :class:`RegistrationRemoval`.
    """
    event, registration = registration_lock(registration)
    name = registration.player.display_name
    activity = registration_activity(registration)
    if not activity:
        registration.delete()
        event_log_append(event=event, action="registration_delete", by=by, subject=name,
                         before={"player_number": registration.player.player_number})
        return RegistrationRemoval(True, False, (), _("Se borró la inscripción de %(player)s.") % {"player": name})
    dropped = False
    if not registration.dropped and event.state != EventState.FINISHED:
        registration.dropped = True
        registration.dropped_after_round = event.rounds.filter(phase=RoundPhase.SWISS).count()
        registration.save(update_fields=["dropped", "dropped_after_round"])
        event_log_append(event=event, action="registration_drop", by=by, subject=name,
                         before={"dropped": False}, after={"dropped": True,
                                                           "after_round": registration.dropped_after_round})
        dropped = True
    what = ", ".join(activity)
    if dropped:
        message = _("La inscripción de %(player)s no se borra porque tiene %(what)s: queda en el historial "
                    "como abandono.") % {"player": name, "what": what}
    else:
        message = _("La inscripción de %(player)s no se borra porque tiene %(what)s; queda en el historial.") % {
            "player": name, "what": what}
    return RegistrationRemoval(False, dropped, activity, message)


#: Event states in which a player may drop themselves: before round 1 or during the Swiss rounds.
SELF_DROP_STATES = (EventState.DRAFT, EventState.REGISTRATION, EventState.CLOSED, EventState.SWISS)


@transaction.atomic
def registration_self_drop(*, registration: Registration | int, by, before_table: bool = False) -> Registration:
    """A player drops from the event themselves (issue #17 point 5): never paired again, results kept.

    ``by`` must be the user linked to the registration's player
    (``Player.user``). Allowed before round 1 and during the Swiss rounds;
    like :func:`registration_drop`, it takes effect from the next pairing,
    so a match of the current round still pending stays to be played or
    conceded (the drop is "before the next round is paired"), unless
    ``before_table``: the player leaves before that table started, and it is
    lost by absence (:func:`table_absence_record`). The log entry
    is a ``registration_drop`` by the player with ``after.self_drop`` and a
    reason saying so. Only an organizer undoes it
    (:func:`registration_drop_undo` from the admin). Raises
    :class:`NotAllowed` ``not_own_registration`` for anyone else's entry,
    :class:`StateError` ``swiss_over`` (top cut) or ``event_finished``,
    :class:`RegistrationError` ``already_dropped`` or ``disqualified``.
    """
    event, registration = registration_lock(registration)
    if by is None or not getattr(by, "pk", None) or registration.player.user_id != by.pk:
        raise NotAllowed("not_own_registration", _("Sólo podés abandonar un torneo con tu propia inscripción."))
    if event.state == EventState.FINISHED:
        raise StateError("event_finished", _("El evento ya finalizó."))
    if event.state not in SELF_DROP_STATES:
        raise StateError("swiss_over", _("Las rondas suizas ya terminaron: para dejar el reducido, avisale a un "
                                         "juez o al organizador."))
    if registration.disqualified:
        raise RegistrationError("disqualified", _("Tenés una descalificación en este evento: no podés volver."))
    if registration.dropped:
        raise RegistrationError("already_dropped", _("Ya abandonaste este torneo."))
    return _drop_locked(event, registration, by, self_drop=True, before_table=before_table)
