"""A small world for the schemathesis run (.ci/schemathesis.sh); prints the tokens as shell lines.

Run with the database of the run in DATABASE_URL, after ``migrate``:

    .venv/bin/python .ci/schemathesis_seed.py   ->  JUDGE_TOKEN=…  ORGANIZER_TOKEN=…  EVENT_ID=…

Two venues, each with an organizer; at venue A an event in its first Swiss
round (a judge, a head judge, one result, one penalty, one ruling at a
table), a finished event with a top cut (bracket, podium, standings), a
finished stoner-points event played in pods (the pods' shape of the tables,
standings and a player's rounds) and one in its first round, its pod pending
with the same judge (the table endpoints take a pod's seats as a duel's).
"""
from __future__ import annotations

import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

import django  # noqa: E402

django.setup()

from rest_framework.authtoken.models import Token  # noqa: E402

from tests.factories import EventFactory, PlayerFactory, UserFactory, VenueFactory, game  # noqa: E402
from tests.tournaments.pods_helpers import played_event  # noqa: E402
from tournaments import penalties, services  # noqa: E402


def _event(venue, name: str, players: int, **fields):
    event = EventFactory(venue=venue, name=name, **fields)
    services.registration_open(event=event)
    for _ in range(players):
        services.registration_create(event=event, player=PlayerFactory(home_venue=venue))
    services.registration_close(event=event)
    event.refresh_from_db()
    return event


def main() -> None:
    venue_a = VenueFactory(name="Sede A", province="Córdoba")
    venue_b = VenueFactory(name="Sede B", province="Mendoza")
    organizer_a, organizer_b = UserFactory(username="organiza_a"), UserFactory(username="organiza_b")
    venue_a.organizers.add(organizer_a)
    venue_b.organizers.add(organizer_b)
    judge, head_judge = UserFactory(username="jueza"), UserFactory(username="principal")

    live = _event(venue_a, "Fecha en curso", players=8)
    live.judges.add(judge)
    live.head_judge = head_judge
    live.save(update_fields=["head_judge"])
    rnd = services.round_pair_next(event=live, by=organizer_a)
    first = rnd.tables.filter(is_bye=False).order_by("table_number").first()
    services.table_result_record(table=first, seats=[{"games": 2}, {"games": 1}], entered_by=judge)
    reg = first.player_b
    reg.event = live
    penalties.penalty_issue(registration=reg, issued_by=judge, infraction_code="procedural_no_draw",
                            notes="semilla", ruling_id="")
    penalties.match_ruling_attach(match=first, ruling_id="wm.mulligan", note="semilla", given_by=judge)

    done = _event(venue_a, "Fecha terminada", players=4)
    for _ in range(done.planned_rounds or 3):
        swiss = services.round_pair_next(event=done)
        for match in swiss.tables.filter(is_bye=False):
            services.table_result_record(table=match, seats=[{"games": 2}, {"games": 1}])
    semis = services.top_cut_start(event=done)
    for match in semis.tables.all():
        services.table_result_record(table=match, seats=[{"games": 2}, {"games": 0}])
    final = services.round_pair_next(event=done)
    services.table_result_record(table=final.tables.get(), seats=[{"games": 0}, {"games": 2}])
    services.event_finish(event=done)

    played_event(venue=venue_a, name="Fecha stoner terminada")
    pods_live = _event(venue_a, "Fecha stoner en curso", players=5, game=game("stoner_points"), best_of=1,
                       cut_size=0, planned_rounds=2, self_reporting=True)
    pods_live.judges.add(judge)
    pods_live.head_judge = head_judge
    pods_live.save(update_fields=["head_judge"])
    services.round_pair_next(event=pods_live, by=organizer_a)

    _event(venue_b, "Fecha de otra sede", players=4)

    print(f"JUDGE_TOKEN={Token.objects.get_or_create(user=judge)[0].key}")
    print(f"ORGANIZER_TOKEN={Token.objects.get_or_create(user=organizer_a)[0].key}")
    print(f"EVENT_ID={live.pk}")


if __name__ == "__main__":
    main()
