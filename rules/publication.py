"""Who sees which decklist, and the published top decklists (issue #17 §6–7).

The boundary, in one place for pages and API:

- before publication a decklist is seen by its own player (``Player.user``)
  and by the judges, head judge and organizers of its event — never by
  another player;
- once the organizer published the top (:func:`rules.services.decklists_publish`)
  the lists of the published registrations are public; every other list
  keeps the rule above.

Reads only; a fixed number of queries per call.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from django.utils.translation import gettext as _

from tournaments.models import Event, Registration

from .models import Card, Decklist
from .permissions import can_view_decklists, is_own_registration


def published_registration_ids(event: Event) -> set[int]:
    """The registrations whose lists are public (empty before publication)."""
    if event.decklists_published_at is None:
        return set()
    return {int(row["registration"]) for row in event.decklists_published or ()}


def can_see_decklist(user, decklist: Decklist) -> bool:
    """Whether ``user`` may read ``decklist`` (its text, cards, violations).

    The owner, the event's judges and organizers; anyone once the list is
    among the event's published top. ``decklist.registration`` (with player
    and event) should be loaded.
    """
    registration = decklist.registration
    event = registration.event
    if registration.pk in published_registration_ids(event):
        return True
    return is_own_registration(user, registration) or can_view_decklists(user, event)


@dataclass(frozen=True, slots=True)
class CardGroup:
    """One group of a published list: a label ("Monster", "Gema", "Side"…), its lines and card count."""

    label: str
    lines: list[tuple[int, str]] = field(default_factory=list)

    @property
    def count(self) -> int:
        return sum(quantity for quantity, _name in self.lines)


@dataclass(frozen=True, slots=True)
class PublishedDecklist:
    """A published top player: final place, name, and the list grouped (None: no list was registered)."""

    place: int
    player: str
    player_number: str
    main_count: int | None
    groups: list[CardGroup]
    decklist_id: int | None


def _groups(decklist: Decklist, types: dict[str, str], vocabulary: dict[str, str]) -> list[CardGroup]:
    """The list's lines grouped by the catalog's card type, in order of first appearance; side last."""
    main: dict[str, CardGroup] = {}
    side = CardGroup(label=_("Side"))
    for row in decklist.cards or ():
        name = row.get("card") or row.get("written") or ""
        line = (int(row.get("quantity") or 0), name)
        if row.get("sideboard"):
            side.lines.append(line)
            continue
        kind = types.get(row.get("card") or "", "")
        label = vocabulary.get(kind) or _("Otras cartas")
        main.setdefault(label, CardGroup(label=label)).lines.append(line)
    groups = list(main.values())
    if side.lines:
        groups.append(side)
    return groups


def published_decklists(event: Event) -> list[PublishedDecklist]:
    """The published top of ``event``, best first; empty before publication (three queries).

    Each row carries the final place stored at publication, the player's
    name and number (public data), and the list grouped by card type.
    """
    rows = [row for row in event.decklists_published or ()] if event.decklists_published_at else []
    if not rows:
        return []
    ids = [int(row["registration"]) for row in rows]
    registrations = {
        reg.pk: reg
        for reg in Registration.objects.filter(event=event, pk__in=ids).select_related("player", "decklist")
    }
    names = {
        row.get("card")
        for reg in registrations.values()
        if hasattr(reg, "decklist")
        for row in (reg.decklist.cards or ())
        if row.get("card")
    }
    types = dict(Card.objects.filter(game_id=event.game_id, name__in=names).values_list("name", "card_type"))
    from .games import REGISTRY

    profile = REGISTRY.get(event.game.key)
    vocabulary = dict(profile.vocabulary.card_types) if profile is not None and profile.vocabulary else {}
    published = []
    for row in rows:
        reg = registrations.get(int(row["registration"]))
        if reg is None:
            continue  # the registration was deleted since
        decklist = getattr(reg, "decklist", None)
        published.append(PublishedDecklist(
            place=int(row["place"]),
            player=reg.player.display_name,
            player_number=reg.player.player_number,
            main_count=decklist.main_count if decklist else None,
            groups=_groups(decklist, types, vocabulary) if decklist else [],
            decklist_id=decklist.pk if decklist else None,
        ))
    return published
