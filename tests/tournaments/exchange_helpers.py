"""Event files signed as a venue laptop signs them, for the exchange tests (issue #26)."""
from __future__ import annotations

import copy
from typing import Any

from tournaments.exchange import service, signing
from tournaments.models import Venue, VenuePublishKey


def venue_key(venue: Venue) -> str:
    """The venue's publish key text ``"<key_id>.<secret>"``, issued on first use."""
    key = VenuePublishKey.objects.filter(venue=venue, revoked_at__isnull=True).first()
    if key is None:
        return signing.venue_publish_key_issue(venue=venue)[1]
    return f"{key.key_id}.{key.secret}"


def signed(doc: dict[str, Any]) -> dict[str, Any]:
    """``doc`` signed with the key of the venue it names (a copy)."""
    spec = doc["event"]["venue"]
    venue = Venue.objects.get(name=spec["name"], province=spec["province"])
    return signing.sign(copy.deepcopy(doc), venue_key(venue))


def publish(doc: dict[str, Any], **kwargs) -> service.ImportResult:
    """Sign ``doc`` as its venue would and import it."""
    return service.event_import(signed(doc), **kwargs)


def big_document(players: int, rounds: int, *, venue: Venue, game_key: str) -> dict[str, Any]:
    """A generated event file of ``players`` players and ``rounds`` closed Swiss rounds (for the size limit).

    Every round pairs the players of a rotated order two by two; player A
    wins every table 2-1 (one judge entry each). The event is in its Swiss
    rounds (not finished: no podium), so the file is valid as a whole.
    """
    import uuid

    numbers = [f"G{n:05d}" for n in range(1, players + 1)]
    doc: dict[str, Any] = {"format": "arena-event", "version": 1}
    doc["event"] = {
        "uid": str(uuid.uuid4()), "name": f"Fecha de {players} jugadores", "date": "2026-11-28",
        "kind": "eventual", "game": game_key, "revision": 1, "demo": False,
        "venue": {"name": venue.name, "province": venue.province},
        "settings": {"format": "duels", "best_of": 3, "round_minutes": 50, "planned_rounds": rounds, "cut_size": 0,
                     "state": "swiss", "seed": 1},
        "finished_at": None, "judges": [], "head_judge": None, "podium": [None, None, None],
        "decklists_published_by": None, "decklists_published": [],
    }
    doc["players"] = [{"player_number": n, "display_name": f"Jugador {n}", "home_venue": None} for n in numbers]
    doc["registrations"] = [{"player": n, "checked_in": True, "late_entry": False, "joined_round": 1,
                             "dropped": False, "dropped_after_round": None, "disqualified": False,
                             "draw_order": i} for i, n in enumerate(numbers)]
    doc["rounds"] = []
    for r in range(1, rounds + 1):
        order = numbers[r:] + numbers[:r]
        matches = []
        for t in range(len(order) // 2):
            result = {"games_a": 2, "games_b": 1, "games_drawn": 0, "outcome": "a_wins", "went_to_time": False,
                      "intentional_draw": False, "how_a": "played", "how_b": "played"}
            matches.append({"player_a": order[2 * t], "player_b": order[2 * t + 1], "table_number": t + 1,
                            "is_bye": False, "status": "confirmed", "rematch": False, "version": 1,
                            "extra_minutes": 0, **result,
                            "entries": [{"version": 1, **result, "minutes_late_a": None, "minutes_late_b": None,
                                         "note": "", "source": "judge", "entered_by": None,
                                         "entered_at": "2026-11-28T15:00:00+00:00"}]})
        doc["rounds"].append({"number": r, "phase": "swiss", "stage": None, "state": "closed", "seed": r,
                              "clock_paused_seconds": 0, "paired_at": "2026-11-28T14:00:00+00:00",
                              "closed_at": "2026-11-28T15:00:00+00:00", "matches": matches, "pods": []})
    for key in ("penalties", "decklists", "deck_checks", "log"):
        doc[key] = []
    return doc
