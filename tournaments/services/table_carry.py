"""Penalties and rulings follow their players when a round is paired again.

A re-pair (:func:`tournaments.services.rounds.round_repair`) deletes the
round's matches and pairs it again; nothing that took part is deleted
(DESIGN.md, "Nothing that took part in an event is deleted"): the round's
penalties and table rulings are unlinked first and then attached to the
same player's table in the new pairing. Lives among the services (and not
in :mod:`tournaments.penalties`, which imports the services) so the import
graph has no cycle.
"""
from __future__ import annotations

from dataclasses import dataclass

from ..models import MatchRuling, Penalty, Round


@dataclass(frozen=True)
class CarriedTables:
    """The penalties and rulings of a round being paired again, by player.

    ``penalties`` and ``rulings`` hold ``(row id, registration id)`` pairs.
    """

    penalties: tuple[tuple[int, int], ...]
    rulings: tuple[tuple[int, int], ...]


def round_tables_detach(rnd: Round) -> CarriedTables:
    """Before a re-pair deletes ``rnd``'s matches: unlink its penalties and rulings, keeping their players.

    Called inside the re-pair's transaction, with the event locked. Nothing
    is deleted: the rows wait, unlinked, for :func:`round_tables_reattach`.
    """
    penalties = tuple(Penalty.objects.filter(round=rnd).values_list("pk", "registration_id"))
    rulings = []
    for ruling in MatchRuling.objects.filter(match__round=rnd).prefetch_related("match__seats").order_by("pk"):
        rulings.append((ruling.pk, ruling.registration_id or ruling.match.player_a_id))
    Penalty.objects.filter(round=rnd).update(round=None, match=None)
    MatchRuling.objects.filter(pk__in=[pk for pk, _reg in rulings]).update(match=None)
    for pk, reg in rulings:
        MatchRuling.objects.filter(pk=pk, registration__isnull=True).update(registration_id=reg)
    return CarriedTables(penalties=penalties, rulings=tuple(rulings))


def round_tables_reattach(carried: CarriedTables, rnd: Round) -> None:
    """After a re-pair: each penalty and ruling goes to its player's table in the new ``rnd``.

    A penalty of a player with no table (dropped meanwhile, or a bye) stays
    in the round without a table; a ruling keeps its player. The new match
    starts with no result (a re-pair needs a round without results), so a
    penalty's game loss is no longer on any score: re-pairing is refused
    while one is (:func:`.rounds.round_repair`).
    """
    table_of: dict[int, int] = {}
    for table in rnd.tables.filter(is_bye=False):
        for registration_id in table.registration_ids:
            table_of[registration_id] = table.pk
    for pk, reg in carried.penalties:
        Penalty.objects.filter(pk=pk).update(round=rnd, match_id=table_of.get(reg))
    for pk, reg in carried.rulings:
        if reg in table_of:
            MatchRuling.objects.filter(pk=pk).update(match_id=table_of[reg])
