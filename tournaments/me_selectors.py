"""What a player sees of their own event ("Mi torneo", issue #17): read-only, shared by the pages and the API."""
from __future__ import annotations

from . import selectors
from .enums import MatchStatus
from .formats import format_for
from .formats.base import GAME_RESULTS
from .models import Event, Player, Registration, Round, Seat


def player_of_user(user) -> Player | None:
    """The player whose account is ``user`` (``Player.user``); ``None`` for anonymous users or an unlinked account."""
    return Player.objects.filter(user_id=user.pk).first() if user.is_authenticated else None


def player_current_table(event: Event, registration: Registration, rnd: Round | None) -> dict | None:
    """The player's table in the current round ``rnd`` (``None`` before round 1), whatever its size.

    Keys: ``round``, ``seated`` (False when the player sits out), ``clock``
    (a Torneo Indoor's build while it lasts, else the table's own clock
    with its extra minutes, :func:`tournaments.selectors.match_clock`); when
    seated ``table_number``, ``status``, ``is_bye``, ``match`` (the table),
    ``by_games`` (its result is games won, not places),
    ``seat`` (the player's seat number), ``mates`` (the other seats as
    ``[(seat, name, number)]``), ``opponent`` and ``opponent_number`` (the
    one other player of a two-seat table, else ``None``) and ``result``: the
    recorded games from the player's side (``"2-1"``, drawn games third)
    once entered at a table scored by games, else ``None``. Three queries.
    """
    if rnd is None:
        return None
    build = selectors.round_build_clock(rnd)
    seat = Seat.objects.filter(round=rnd, registration=registration).select_related("table").first()
    if seat is None:
        return {"round": rnd, "seated": False, "clock": build}
    table = seat.table
    table.round = rnd
    others = list(Seat.objects.filter(table_id=table.pk).exclude(pk=seat.pk)
                  .select_related("registration__player").order_by("seat"))
    mates = [(m.seat, m.registration.player.display_name, m.registration.player.player_number) for m in others]
    opponent = mates[0] if len(mates) == 1 else None
    by_games = format_for(event).table_results == GAME_RESULTS
    result = None
    if table.status != MatchStatus.PENDING and not table.is_bye and opponent is not None and by_games:
        result = f"{seat.games}-{others[0].games}" + (f"-{table.games_drawn}" if table.games_drawn else "")
    return {"round": rnd, "seated": True, "match": table, "by_games": by_games, "is_bye": table.is_bye,
            "seat": seat.seat,
            "table_number": table.table_number if table.table_number is not None else table.bracket_slot,
            "mates": mates, "opponent": opponent[1] if opponent else None,
            "opponent_number": opponent[2] if opponent else None, "status": table.status, "result": result,
            "clock": build or selectors.match_clock(table, minutes=event.round_minutes)}
