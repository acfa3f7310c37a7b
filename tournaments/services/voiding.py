"""Voiding a wrong event (issue #26 point 7): :func:`event_void`.

Nothing that took part in an event is deleted (DESIGN.md, services): a wrong
event — published twice under two uids, a test day, a file from the wrong
venue — is voided instead. It keeps every row, disappears from the public
and API lists (:func:`tournaments.selectors.events_for_listing`,
:func:`tournaments.api.queries.events`), and its league points are reversed
by ``leagues`` listening to :data:`tournaments.signals.event_voided`
(``tournaments`` does not import ``leagues``).
"""
from __future__ import annotations

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from .. import hooks
from ..errors import NotAllowed, StateError
from ..models import Event
from .eventlog import event_log_append
from .locks import event_lock


@transaction.atomic
def event_void(*, event: Event | int, reason: str, by=None) -> Event:
    """Void ``event``: kept, hidden from the lists, its league points reversed; logged with ``reason``.

    ``by`` must be a superuser (``None``: the command line, trusted).
    Raises :class:`NotAllowed` for anyone else, :class:`StateError`
    ``reason_missing`` for an empty reason and ``already_voided`` for an
    event voided before; nothing is written then.
    """
    if by is not None and not by.is_superuser:
        raise NotAllowed("superuser_only", _("Sólo un superusuario puede anular un evento."))
    return event_void_replaced(event=event, reason=reason, by=by)


def event_void_replaced(*, event: Event | int, reason: str, by=None) -> Event:
    """Void ``event`` for a file that replaces it (:func:`tournaments.exchange.service.event_import` ``replaces``).

    The caller has checked that ``by`` may publish the event's venue here;
    otherwise as :func:`event_void`. Call inside a transaction.
    """
    reason = (reason or "").strip()
    if not reason:
        raise StateError("reason_missing", _("Escribí el motivo de la anulación: queda en el registro del evento."))
    event = event_lock(event)
    if event.voided_at is not None:
        raise StateError("already_voided", _("El evento «%(name)s» ya fue anulado el %(at)s.")
                         % {"name": event.name, "at": f"{timezone.localtime(event.voided_at):%d/%m/%Y %H:%M}"})
    event.voided_at, event.voided_reason, event.voided_by = timezone.now(), reason, by
    event.save(update_fields=["voided_at", "voided_reason", "voided_by"])
    event_log_append(event=event, action="event_void", by=by, before={"voided": False}, after={"voided": True},
                     reason=reason)
    hooks.event_voided(event)
    return event
