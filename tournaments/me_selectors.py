"""What a player sees of their own event ("Mi torneo", issue #17): read-only, shared by the pages and the API."""
from __future__ import annotations

from . import selectors
from .formats import format_for
from .models import Event, Player, Registration, Round, Seat, Table
from .selectors import round_build_clock


def player_of_user(user) -> Player | None:
    """The player whose account is ``user`` (``Player.user``); ``None`` for anonymous users or an unlinked account."""
    return Player.objects.filter(user_id=user.pk).first() if user.is_authenticated else None


def player_current_table(event: Event, registration: Registration, rnd: Round | None) -> dict | None:
    """The player's table in the current round ``rnd`` (``None`` before round 1), as the event's format seats it.

    Keys: ``round``, ``seated`` (False when the player sits out), and when
    seated ``table_number`` and ``status``; duels add ``match``, ``is_bye``,
    ``opponent``, ``opponent_number`` and ``result`` (the recorded score from
    the player's side, ``"2-1"``, once entered); pods ``seat``, ``pod_id``
    and ``mates`` (``[(seat, name, number)]``). ``clock``: a Torneo Indoor's
    build while it lasts, else the table's own clock with its extra minutes
    (:func:`tournaments.selectors.match_clock`) or the round's for a pod.
    Built by :data:`CURRENT_TABLE` for the shape of the event's format's
    rows (:attr:`tournaments.formats.base.EventFormat.row_shape`).
    """
    return CURRENT_TABLE[format_for(event).row_shape](event, registration, rnd)


def pod_current_table(event: Event, registration: Registration, rnd: Round | None) -> dict | None:
    """The player's pod in ``rnd`` (see :func:`player_current_table`; three queries)."""
    if rnd is None:
        return None
    build = round_build_clock(rnd)
    seat = (Seat.objects.filter(round=rnd, registration=registration)
            .select_related("table").first())
    if seat is None:
        return {"round": rnd, "seated": False, "clock": build}
    mates = list(Seat.objects.filter(table_id=seat.table_id).exclude(pk=seat.pk)
                 .select_related("registration__player").order_by("seat"))
    return {"round": rnd, "seated": True, "table_number": seat.table.table_number, "seat": seat.seat,
            "pod_id": seat.table_id,
            "mates": [(m.seat, m.registration.player.display_name, m.registration.player.player_number)
                      for m in mates],
            "status": seat.table.status,
            "clock": build or selectors.round_clock(rnd, minutes=event.round_minutes)}


def duel_current_table(event: Event, registration: Registration, rnd: Round | None) -> dict | None:
    """The player's match in ``rnd`` (see :func:`player_current_table`; three queries)."""
    if rnd is None:
        return None
    build = round_build_clock(rnd)
    match = Table.objects.filter(seats__registration=registration, round=rnd).select_related("round").first()
    if match is None:
        return {"round": rnd, "seated": False, "clock": build}
    opponent = match.player_b if match.player_a_id == registration.pk else match.player_a
    mine, theirs = ((match.games_a, match.games_b) if match.player_a_id == registration.pk
                    else (match.games_b, match.games_a))
    result = None
    if match.status != "pending" and not match.is_bye:
        result = f"{mine}-{theirs}" + (f"-{match.games_drawn}" if match.games_drawn else "")
    return {"round": rnd, "seated": True, "match": match, "is_bye": match.is_bye,
            "table_number": match.table_number if match.table_number is not None else match.bracket_slot,
            "opponent": opponent.player.display_name if opponent else None,
            "opponent_number": opponent.player.player_number if opponent else None,
            "status": match.status, "result": result,
            "clock": build or selectors.match_clock(match, minutes=event.round_minutes)}


#: The player's current table by the row shape of the event's format: a match of two sides or a pod's
#: seats. A new format that stores duels (or pods) inherits its shape and needs nothing here.
CURRENT_TABLE = {"duel": duel_current_table, "pod": pod_current_table}
