"""Pre-registration from the players' phones (issue #17 point 2); one transaction each.

A player asks for a place ahead of the event (:func:`preregistration_create`):
*confirmed* while places are left, *waitlisted* in arrival order once the
event's ``capacity`` is reached (places taken:
:func:`tournaments.prereg_selectors.places_taken`). Cancelling a confirmed
place gives it to the first of the waitlist (:func:`preregistration_cancel`).
At the venue an organizer or judge marks the player present
(:func:`preregistration_check_in`), which makes the registration through
:func:`~tournaments.services.registration.registration_create` — so a
Torneo Indoor still asks for the Pack Indoor, and after round 1 it is a late
entry, as at the desk. The player's phone shows a signed check-in token
(:func:`preregistration_token`), as a QR, that the day panel accepts.

Every service locks the event row first (:func:`~.locks.event_lock`), then
the pre-registration rows, and logs to the event log; nothing is deleted
(a cancelled pre-registration stays, with ``cancelled_at``).

Default: criterio de Arena (the rulebooks say nothing about registering
ahead); the waitlist order is the order the event lock was taken.
"""
from __future__ import annotations

from django.core import signing
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from ..enums import EventState, PreRegistrationState
from ..errors import NotAllowed, RegistrationError, StateError
from ..models import Event, Player, PreRegistration, Registration
from ..permissions import is_judge, is_organizer
from ..prereg_selectors import PREREGISTRATION_STATES, places_taken, waitlist
from .eventlog import event_log_append
from .locks import event_lock, preregistration_lock, waitlist_first_lock
from .registration import registration_check_in, registration_create, registration_pack_indoor_set

#: Salt of the check-in tokens (:func:`preregistration_token`).
TOKEN_SALT = "arena.preregistration.check-in"


def _own_or_organizer(by, player: Player, event: Event) -> None:
    """``by`` is the player's own account or an organizer of the event (``None``: a command or a test)."""
    if by is None:
        return
    if getattr(by, "pk", None) and player.user_id == by.pk:
        return
    if is_organizer(by, event):
        return
    raise NotAllowed("not_own_preregistration", _("Sólo podés preinscribirte o cancelar con tu propia cuenta."))


def _has_room(event: Event) -> bool:
    return event.capacity is None or places_taken(event) < event.capacity


def _fill_from_waitlist(event: Event, by) -> list[PreRegistration]:
    """Confirm the first waitlisted pre-registrations, in order, while places are left; returns them."""
    promoted: list[PreRegistration] = []
    while _has_room(event):
        first = waitlist_first_lock(waitlist(event), event=event)
        if first is None:
            break
        first.state = PreRegistrationState.CONFIRMED
        first.save(update_fields=["state"])
        event_log_append(event=event, action="preregistration_promote", by=by, subject=first.player.display_name,
                         before={"state": PreRegistrationState.WAITLISTED},
                         after={"state": PreRegistrationState.CONFIRMED,
                                "player_number": first.player.player_number})
        promoted.append(first)
    return promoted


@transaction.atomic
def preregistration_create(*, event: Event | int, player: Player, by=None) -> PreRegistration:
    """Pre-register ``player`` for ``event``: confirmed while places are left, else waitlisted.

    ``by`` is the player's own user (or an organizer of the event). The
    event must have ``preregistration_open``, still be a draft or taking
    registrations, and ``preregistration_deadline`` (UTC) must not have
    passed. A place left free (capacity raised, a cancellation) goes first
    to the waitlist, in order, then to this request.
    Raises :class:`StateError` ``preregistration_closed`` /
    ``preregistration_deadline``; :class:`RegistrationError`
    ``already_registered`` / ``already_preregistered``;
    :class:`NotAllowed` ``not_own_preregistration``.
    """
    event = event_lock(event)
    _own_or_organizer(by, player, event)
    if not event.preregistration_open or event.state not in PREREGISTRATION_STATES:
        raise StateError("preregistration_closed",
                         _("La preinscripción para «%(event)s» no está abierta.") % {"event": event.name})
    now = timezone.now()
    if event.preregistration_deadline is not None and now > event.preregistration_deadline:
        raise StateError("preregistration_deadline",
                         _("La preinscripción para «%(event)s» cerró el %(when)s.")
                         % {"event": event.name,
                            "when": timezone.localtime(event.preregistration_deadline).strftime("%d/%m/%Y %H:%M")})
    if Registration.objects.filter(event=event, player=player).exists():
        raise RegistrationError("already_registered",
                                _("%(player)s ya tiene inscripción en «%(event)s».")
                                % {"player": player.display_name, "event": event.name})
    duplicate = RegistrationError("already_preregistered",
                                  _("%(player)s ya tiene una preinscripción para «%(event)s».")
                                  % {"player": player.display_name, "event": event.name})
    live = (PreRegistrationState.CONFIRMED, PreRegistrationState.WAITLISTED, PreRegistrationState.CHECKED_IN)
    if PreRegistration.objects.filter(event=event, player=player, state__in=live).exists():
        raise duplicate
    _fill_from_waitlist(event, by)
    state = PreRegistrationState.CONFIRMED if _has_room(event) else PreRegistrationState.WAITLISTED
    try:
        with transaction.atomic():
            prereg = PreRegistration.objects.create(event=event, player=player, state=state, created_at=now)
    except IntegrityError as exc:  # a concurrent double submission
        raise duplicate from exc
    event_log_append(event=event, action="preregistration_create", by=by, subject=player.display_name,
                     after={"player_number": player.player_number, "state": state})
    return prereg


@transaction.atomic
def preregistration_cancel(*, preregistration: PreRegistration | int, by=None) -> PreRegistration:
    """Cancel a confirmed or waitlisted pre-registration; a freed place goes to the waitlist, in order.

    ``by`` is the player's own user or an organizer of the event. The row
    stays, ``state`` cancelled and ``cancelled_at`` set (UTC).
    Raises :class:`RegistrationError` ``not_cancellable`` (already
    cancelled, or checked in: then it is a drop), :class:`StateError`
    ``event_started`` once the top cut started or the event finished,
    :class:`NotAllowed` ``not_own_preregistration``.
    """
    event, prereg = preregistration_lock(preregistration)
    _own_or_organizer(by, prereg.player, event)
    if event.state in (EventState.TOP_CUT, EventState.FINISHED):
        raise StateError("event_started", _("El evento ya no admite cambios en la preinscripción."))
    if prereg.state not in (PreRegistrationState.CONFIRMED, PreRegistrationState.WAITLISTED):
        raise RegistrationError("not_cancellable",
                                _("Esta preinscripción ya está cancelada o el jugador ya está presente."))
    before = {"state": prereg.state}
    prereg.state = PreRegistrationState.CANCELLED
    prereg.cancelled_at = timezone.now()
    prereg.save(update_fields=["state", "cancelled_at"])
    event_log_append(event=event, action="preregistration_cancel", by=by, subject=prereg.player.display_name,
                     before=before, after={"state": prereg.state})
    if before["state"] == PreRegistrationState.CONFIRMED:
        _fill_from_waitlist(event, by)
    return prereg


@transaction.atomic
def preregistration_check_in(
    *, preregistration: PreRegistration | int, pack_indoor: bool = False, by=None
) -> PreRegistration:
    """Mark a pre-registered player present: register them (checked in) and link the registration.

    ``by`` is a judge or organizer of the event. A waitlisted player may be
    checked in too (the organizer decides at the desk; logged with
    ``from_waitlist``). A player already registered at the desk keeps that
    registration, now checked in. In a Torneo Indoor ``pack_indoor``
    records the Pack Indoor and is required (R-000-52,
    000_0014b2ac83da54b4.txt § "Torneo Indoor"). Checking in twice is a
    no-op. Raises :class:`NotAllowed` ``not_judge``;
    :class:`RegistrationError` ``not_checkable`` (cancelled) or
    ``pack_indoor_required``; :class:`StateError` when the event takes no
    entries (draft, top cut, finished) — from ``registration_create``.
    """
    event, prereg = preregistration_lock(preregistration)
    if by is not None and not is_judge(by, event):
        raise NotAllowed("not_judge", _("Sólo un juez o el organizador del evento marca presentes."))
    if prereg.state == PreRegistrationState.CHECKED_IN:
        return prereg
    if prereg.state == PreRegistrationState.CANCELLED:
        raise RegistrationError("not_checkable",
                                _("La preinscripción de %(player)s está cancelada.")
                                % {"player": prereg.player.display_name})
    before = {"state": prereg.state}
    existing = Registration.objects.filter(event=event, player=prereg.player).first()
    if existing is None:
        registration = registration_create(event=event, player=prereg.player, checked_in=True,
                                           pack_indoor=pack_indoor, by=by)
    else:
        if pack_indoor and not existing.pack_indoor:
            registration_pack_indoor_set(registration=existing.pk, bought=True, by=by)
        registration = registration_check_in(registration=existing.pk, present=True, by=by)
    prereg.state = PreRegistrationState.CHECKED_IN
    prereg.registration = registration
    prereg.checked_in_at = timezone.now()
    prereg.save(update_fields=["state", "registration", "checked_in_at"])
    after = {"state": prereg.state, "late_entry": registration.late_entry}
    if before["state"] == PreRegistrationState.WAITLISTED:
        after["from_waitlist"] = True
    event_log_append(event=event, action="preregistration_check_in", by=by, subject=prereg.player.display_name,
                     before=before, after=after)
    return prereg


def preregistration_token(prereg: PreRegistration) -> str:
    """The signed check-in token naming ``prereg`` (ASCII, about 35 characters; shown as a QR)."""
    return signing.dumps(prereg.pk, salt=TOKEN_SALT)


def preregistration_from_token(token: str, *, event: Event) -> PreRegistration:
    """The pre-registration of ``event`` named by a check-in ``token``.

    Raises :class:`RegistrationError` ``bad_token`` for a token that is
    not Arena's, was altered, or names another event's pre-registration.
    """
    bad = RegistrationError("bad_token", _("El código leído no es una preinscripción de este evento."))
    try:
        pk = signing.loads((token or "").strip(), salt=TOKEN_SALT)
    except signing.BadSignature as exc:
        raise bad from exc
    prereg = PreRegistration.objects.filter(pk=pk, event=event).select_related("player").first() \
        if isinstance(pk, int) else None
    if prereg is None:
        raise bad
    return prereg


def preregistration_check_in_token(*, event: Event, token: str, pack_indoor: bool = False,
                                   by=None) -> PreRegistration:
    """:func:`preregistration_check_in` for the pre-registration a scanned ``token`` names.

    Raises what :func:`preregistration_from_token` and
    :func:`preregistration_check_in` raise.
    """
    prereg = preregistration_from_token(token, event=event)
    return preregistration_check_in(preregistration=prereg, pack_indoor=pack_indoor, by=by)


__all__ = [
    "TOKEN_SALT", "preregistration_cancel", "preregistration_check_in", "preregistration_check_in_token",
    "preregistration_create", "preregistration_from_token", "preregistration_token",
]
