"""Venue scoping of the whole Django admin: who sees and changes what (issue #15).

Superusers (the league) see and change everything. Everyone else is a
staff user whose model permissions come from the groups of the data
migrations (``Organizador``, ``Juez principal``, ``Juez``); on top of them
every admin here limits *which rows* they reach:

- **Event rows** (events, registrations, rounds, matches, result entries,
  documents, penalties, rulings, the event log, sealed pools, the league's
  view of events and its ledger): only those of the events whose venue the
  user organizes (:func:`tournaments.permissions.events_organized_by`).
  Decklists and deck checks are also shown to the event's judges
  (:func:`~tournaments.permissions.events_judged_by`), read-only. An object
  outside the scope is missing: its change, delete and history pages say it
  does not exist (redirect to the index) and the console's own URLs answer
  404; a bulk action silently skips it.
- **Choices in forms** follow the same scope: an organizer can pick only
  their own venues, events, registrations, rounds and matches
  (:func:`scoped_choices`).
- **Players are national** (the player number is the public id and players
  travel): an organizer *sees* the players whose home venue they organize
  or who registered in one of their events, and *changes* only those whose
  home venue is theirs (or who have no home venue and registered in their
  events) — :func:`~tournaments.permissions.players_changeable_by`. The
  link to a user account (which gives access to the player's pages and
  decklists) is set by superusers only. A player who took part in an event
  is never deleted. The registration autocomplete searches every player
  (names and numbers are public), so a travelling player can be registered.
  Players keep their history (django-simple-history).
- **Documents** are never deleted by an organizer: the public URL would
  break for good; «Volver a generar» replaces the file.
- **Global data** — games, venues, Super Liga seasons and their dates —
  is changed by superusers only; staff with the view permission may look.
  The card catalog (sets, cards, printings, bans, reprint rules) is shared
  by every venue and edited by whoever holds its model permissions: the
  ``Organizador`` group is given them on purpose (rules migration 0006,
  issue #6 §2), and every change keeps its history where the model has one.
- **Accounts** — users, groups and API tokens — are superuser-only.
- **History revert** (django-simple-history's «revertir») needs the change
  permission on the object in scope; models that change only through their
  services (decklists) refuse it to everyone.
"""
from __future__ import annotations

from django.contrib import admin
from django.contrib.admin.utils import unquote
from django.core.exceptions import ObjectDoesNotExist, PermissionDenied
from django.http import Http404
from django.shortcuts import get_object_or_404

from ..models import Event, Registration, Round, Table, Venue
from ..permissions import events_organized_by, is_organizer, venues_organized_by
from ..player_search import player_search_q


def scoped_choices(user, model):
    """The rows of ``model`` a non-superuser may pick in a form, or ``None`` when ``model`` is not venue-scoped."""
    events = events_organized_by(user)
    if model is Venue:
        return venues_organized_by(user)
    if issubclass(model, Event):
        return model.objects.filter(pk__in=events.values("pk"))
    if model is Registration:
        return Registration.objects.filter(event__in=events)
    if model is Round:
        return Round.objects.filter(event__in=events)
    if model is Table:
        return Table.objects.filter(round__event__in=events)
    return None


class ScopedChoicesMixin:
    """Limit foreign-key and many-to-many choices to the user's venues (:func:`scoped_choices`)."""

    def _limit(self, db_field, request, kwargs) -> None:
        if request.user.is_superuser or "queryset" in kwargs:
            return
        choices = scoped_choices(request.user, db_field.related_model)
        if choices is not None:
            kwargs["queryset"] = choices

    def formfield_for_foreignkey(self, db_field, request, **kwargs):
        self._limit(db_field, request, kwargs)
        return super().formfield_for_foreignkey(db_field, request, **kwargs)

    def formfield_for_manytomany(self, db_field, request, **kwargs):
        self._limit(db_field, request, kwargs)
        return super().formfield_for_manytomany(db_field, request, **kwargs)


class ScopedHistoryMixin:
    """django-simple-history's version page within the scope; reverting needs the change permission.

    ``history_revert = False`` refuses reverting to everyone (models that
    change only through their services).
    """

    history_revert = True

    def history_form_view(self, request, object_id, version_id, extra_context=None):
        obj = self.get_object(request, unquote(object_id))
        if obj is None:
            raise Http404
        if not self.has_view_permission(request, obj):
            raise PermissionDenied
        if request.method == "POST" and not (self.history_revert and self.has_change_permission(request, obj)):
            raise PermissionDenied
        return super().history_form_view(request, object_id, version_id, extra_context)

    def revert_disabled(self, request, obj=None):
        return not self.history_revert or not self.has_change_permission(request, obj)


class QuerysetScopedMixin:
    """Object permissions also ask that the object be in :meth:`get_queryset` (its scope).

    Covers the pages that look an object up by themselves (the history of a
    deleted object, django-simple-history's version page).
    """

    def _in_queryset(self, request, obj) -> bool:
        if obj is None or request.user.is_superuser:
            return True
        return obj.pk is not None and self.get_queryset(request).filter(pk=obj.pk).exists()

    def has_view_permission(self, request, obj=None):
        return super().has_view_permission(request, obj) and self._in_queryset(request, obj)

    def has_change_permission(self, request, obj=None):
        return super().has_change_permission(request, obj) and self._in_queryset(request, obj)

    def has_delete_permission(self, request, obj=None):
        return super().has_delete_permission(request, obj) and self._in_queryset(request, obj)


class SuperuserOnlyMixin:
    """The whole admin of a model is for superusers only (accounts, tokens)."""

    def has_module_permission(self, request):
        return request.user.is_active and request.user.is_superuser

    def has_view_permission(self, request, obj=None):
        return request.user.is_active and request.user.is_superuser

    def has_add_permission(self, request, *args):
        return request.user.is_active and request.user.is_superuser

    def has_change_permission(self, request, obj=None):
        return request.user.is_active and request.user.is_superuser

    def has_delete_permission(self, request, obj=None):
        return request.user.is_active and request.user.is_superuser


class SuperuserWritesMixin:
    """Global data: anyone with the view permission may look; only superusers add, change or delete."""

    def has_add_permission(self, request, *args):
        return request.user.is_superuser and super().has_add_permission(request, *args)

    def has_change_permission(self, request, obj=None):
        return request.user.is_superuser and super().has_change_permission(request, obj)

    def has_delete_permission(self, request, obj=None):
        return request.user.is_superuser and super().has_delete_permission(request, obj)


class VenueScopedAdmin(ScopedChoicesMixin, admin.ModelAdmin):
    """Limit a model's admin to the events the user organizes.

    ``event_lookup`` is the ORM path from the model to its event ("" for
    :class:`Event` itself). Objects outside the scope are missing from the
    queryset — Django's change view then redirects to the index saying they
    do not exist — and every object permission also asks
    :func:`tournaments.permissions.is_organizer`.
    """

    event_lookup = "event"

    def get_queryset(self, request):
        qs = super().get_queryset(request)
        if request.user.is_superuser:
            return qs
        prefix = f"{self.event_lookup}__" if self.event_lookup else ""
        return qs.filter(**{f"{prefix}venue__organizers": request.user})

    def event_of(self, obj) -> Event | None:
        """The event ``obj`` belongs to (``None`` when it has none, or it was deleted)."""
        try:
            for part in filter(None, self.event_lookup.split("__")):
                obj = getattr(obj, part)
                if obj is None:
                    return None
        except ObjectDoesNotExist:
            return None
        return obj

    def _in_scope(self, request, obj) -> bool:
        if obj is None or request.user.is_superuser:
            return True
        event = self.event_of(obj)
        return event is not None and is_organizer(request.user, event)

    def has_view_permission(self, request, obj=None):
        return super().has_view_permission(request, obj) and self._in_scope(request, obj)

    def has_change_permission(self, request, obj=None):
        return super().has_change_permission(request, obj) and self._in_scope(request, obj)

    def has_delete_permission(self, request, obj=None):
        return super().has_delete_permission(request, obj) and self._in_scope(request, obj)

    def scoped_object_or_404(self, request, object_id, queryset=None):
        """The object if it is in the user's scope, else :class:`Http404`."""
        qs = queryset if queryset is not None else self.get_queryset(request)
        return get_object_or_404(qs, pk=unquote(str(object_id)))


class FoldedPlayerSearch:
    """The changelist and autocomplete search of an admin whose rows are (or belong to) players:
    accents and case aside (:func:`tournaments.player_search.player_search_q`)."""

    player_search_path = ""
    player_search_also: tuple[str, ...] = ()

    def get_search_results(self, request, queryset, search_term):
        query = player_search_q(search_term, path=self.player_search_path, also=self.player_search_also)
        if query is None:
            return super().get_search_results(request, queryset, search_term)
        return queryset.filter(query), False
