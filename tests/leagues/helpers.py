"""Play whole events through :mod:`tournaments.services` with a known podium.

:func:`play_round_robin` pairs a round robin by hand (circle method, a bye
for odd fields) with ``round_pair_manual`` and lets the stronger player
win every match 2-0, so the final Swiss standings are the ``ranking`` given
and the podium is its first three active players — the test can work the
league points out by hand. No top cut: ``cut_size=0``.
"""
from __future__ import annotations

import datetime
from collections.abc import Sequence

from rules.models import Game
from tournaments import services
from tournaments.enums import EventKind
from tournaments.models import Event, Player, Registration, Venue


def round_robin(items: Sequence) -> list[list[tuple]]:
    """Rounds of a round robin (circle method): ``(a, b)`` pairs, ``b`` is
    ``None`` for the bye of an odd field."""
    field = list(items) + ([None] if len(items) % 2 else [])
    n = len(field)
    rounds = []
    for _ in range(n - 1):
        pairs = []
        for i in range(n // 2):
            a, b = field[i], field[n - 1 - i]
            if a is None:
                a, b = b, a
            pairs.append((a, b))
        rounds.append(pairs)
        field = [field[0], field[-1], *field[1:-1]]
    return rounds


def create_event(
    *,
    name: str,
    venue: Venue | None,
    date: datetime.date,
    kind: str = EventKind.SUPER_LIGA,
    rounds: int = 1,
    game: Game | None = None,
) -> Event:
    return Event.objects.create(
        name=name,
        game=game or Game.objects.get(key="weed_monsters"),
        venue=venue,
        kind=kind,
        date=date,
        cut_size=0,
        planned_rounds=rounds,
        seed=2024,
    )


def play_round_robin(
    *,
    name: str,
    venue: Venue | None,
    date: datetime.date,
    ranking: Sequence[Player],
    kind: str = EventKind.SUPER_LIGA,
    disqualified: Sequence[Player] = (),
    finish: bool = True,
) -> Event:
    """Register ``ranking`` (strongest first), play a full round robin in
    which the stronger player always wins 2-0, disqualify ``disqualified``
    after the last round and finish the event (posting its league points).
    """
    n = len(ranking)
    schedule = round_robin(list(ranking))
    event = create_event(name=name, venue=venue, date=date, kind=kind, rounds=len(schedule))
    services.registration_open(event=event)
    regs = {p.pk: services.registration_create(event=event, player=p, pack_indoor=kind == EventKind.INDOOR)
            for p in ranking}
    services.registration_close(event=event)
    strength = {p.pk: n - i for i, p in enumerate(ranking)}
    for pairs in schedule:
        rnd = services.round_pair_manual(
            event=event, pairings=[(regs[a.pk], regs[b.pk] if b else None) for a, b in pairs]
        )
        for match in rnd.tables.filter(is_bye=False):
            a_wins = strength[match.player_a.player_id] > strength[match.player_b.player_id]
            services.table_result_record(
                table=match,
                seats=[{"games": 2 if a_wins else 0}, {"games": 0 if a_wins else 2}],
            )
    if disqualified:
        # Issue #7's penalty ladder disqualifies; the row is what matters here.
        Registration.objects.filter(event=event, player__in=disqualified).update(disqualified=True, dropped=True)
    if finish:
        event = services.event_finish(event=event)
    return event
