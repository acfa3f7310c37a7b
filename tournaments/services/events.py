"""Event settings changed by the organizer, under the event lock (issue #26 point 5).

The admin's change form used to save every field of the event it had read (``Event.save()``):
a form opened before round 1 was paired, saved after, wrote the old state and planned rounds
back ("closed" with round 1 open). :func:`event_settings_update` writes only what the organizer
changed, with the event row locked (:func:`tournaments.services.locks.event_lock`), and refuses:

- a setting the event's current state does not allow changing (:func:`settings_locked`), naming it;
- a setting someone else changed since the form was loaded (the form's loaded value is compared
  with the locked row), naming it and its current value.

Every accepted change is logged (before → after) in the event log.
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _

from ..enums import EventState
from ..errors import StateError
from ..models import Event
from .eventlog import event_log_append
from .locks import event_lock

#: Never changed from the settings form: the services own them.
SERVICE_FIELDS = frozenset({"state", "podium_first", "podium_second", "podium_third", "finished_at", "revision",
                            "uid", "demo", "decklists_published_at", "decklists_published_by",
                            "decklists_published"})
_FROM_ROUND_1 = ("game", "format", "best_of", "bye_game_wins", "seed")
_FROM_TOP_CUT = ("planned_rounds", "min_rounds", "cut_size", "third_place_match")
_WHEN_FINISHED = ("kind", "venue", "date", "round_minutes", "pod_points_mode", "placement_points")


def settings_locked(state: str) -> frozenset[str]:
    """The settings an event in ``state`` no longer lets change (the service fields included).

    Once round 1 is paired the game, format, best-of, bye and seed decided the pairings; once the
    cut starts, the Swiss rounds and the cut are fixed; a finished event keeps its kind, venue, date
    and scoring (its league points were posted with them).
    """
    locked = set(SERVICE_FIELDS)
    if state in (EventState.SWISS, EventState.TOP_CUT, EventState.FINISHED):
        locked.update(_FROM_ROUND_1)
    if state in (EventState.TOP_CUT, EventState.FINISHED):
        locked.update(_FROM_TOP_CUT)
    if state == EventState.FINISHED:
        locked.update(_WHEN_FINISHED)
    return frozenset(locked)


def setting_text(event: Event, name: str) -> str:
    """A setting's value as the form compares it (the model field's string; judges: sorted ids)."""
    if name == "judges":
        return ",".join(str(pk) for pk in sorted(event.judges.values_list("pk", flat=True)))
    field = Event._meta.get_field(name)
    return field.value_to_string(event)


def _label(name: str) -> str:
    return str(Event._meta.get_field(name).verbose_name)


def event_settings_update(*, event: Event | int, changes: Mapping[str, Any], loaded: Mapping[str, str],
                          by=None) -> Event:
    """Write the settings the organizer changed; returns the locked, updated event.

    ``changes``: setting name → new value (model field values; ``judges``: an iterable of users);
    ``loaded``: setting name → :func:`setting_text` when the form was opened. Raises
    :class:`StateError` ``setting_locked`` (the state does not allow it) or ``setting_changed``
    (changed by someone else since the form was loaded); nothing is written then.
    """
    with transaction.atomic():
        locked = event_lock(event)
        refused = sorted(name for name in changes if name in settings_locked(locked.state))
        if refused:
            raise StateError("setting_locked", _("No se puede cambiar %(fields)s: el evento ya está en «%(state)s».")
                             % {"fields": ", ".join(f"«{_label(n)}»" for n in refused),
                                "state": locked.get_state_display()})
        before, after, fields = {}, {}, []
        judges = None
        for name, value in changes.items():
            current = setting_text(locked, name)
            if name == "judges":
                judges = list(value)
                new = ",".join(str(u.pk) for u in sorted(judges, key=lambda u: u.pk))
            else:
                setattr(locked, name, value)
                new = Event._meta.get_field(name).value_to_string(locked)
            if new == current:
                continue
            if name in loaded and loaded[name] != current:
                raise StateError("setting_changed", _(
                    "«%(field)s» cambió mientras editabas (ahora: %(value)s). Volvé a abrir el evento y revisalo."
                ) % {"field": _label(name), "value": current or "—"})
            before[name], after[name] = current, new
            if name != "judges":
                fields.append(name)
        if fields:
            locked.save(update_fields=fields)
        if judges is not None and "judges" in after:
            locked.judges.set(judges)
        if after:
            event_log_append(event=locked, action="event_settings_update", by=by, subject=locked.name,
                             before=before, after=after)
    return locked
