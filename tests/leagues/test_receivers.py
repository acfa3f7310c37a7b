"""``leagues`` and ``rules`` listen to ``tournaments.signals``; ``tournaments`` imports neither's services.

Finishing an event sends ``event_finished`` and the league posts the points
on it, idempotently; pairing a round sends
``round_paired``, on which ``rules`` locks the decklists at round 1.
"""
import datetime

import pytest

from leagues.models import LedgerEntry
from tests.factories import PlayerFactory, VenueFactory
from tournaments import services as tournament_services
from tournaments import signals
from tournaments.enums import EventState
from tournaments.models import Event, Round

from .helpers import play_round_robin

pytestmark = [pytest.mark.integration, pytest.mark.django_db]


def _uids(signal) -> set:
    return {lookup_key[0] for lookup_key, *_rest in signal.receivers}


def test_the_apps_connect_their_receivers_once():
    assert "leagues.post_event_points" in _uids(signals.event_finished)
    assert "rules.lock_decklists" in _uids(signals.round_paired)


def test_event_finished_is_sent_inside_the_transaction_and_posts_the_points():
    venue = VenueFactory(name="Sede Palermo", province="Buenos Aires")
    ranking = [PlayerFactory(display_name=name, home_venue=venue) for name in ("Ana", "Beto", "Caro", "Dani")]
    seen = []

    def probe(sender, *, event, **kwargs):
        # Connected after the league's receiver: the points are already posted when it runs.
        seen.append((sender, event.pk, event.state, LedgerEntry.objects.filter(event=event).count()))

    signals.event_finished.connect(probe, dispatch_uid="tests.probe_event_finished")
    try:
        event = play_round_robin(name="Fecha 1", venue=venue, date=datetime.date(2024, 2, 3), ranking=ranking)
        posted = LedgerEntry.objects.filter(event=event).count()
        Event.objects.filter(pk=event.pk).update(state=EventState.SWISS)
        tournament_services.event_finish(event=event)  # finishing again posts nothing more
    finally:
        signals.event_finished.disconnect(dispatch_uid="tests.probe_event_finished")

    assert posted > 0
    assert seen == [(Event, event.pk, EventState.FINISHED, posted)] * 2
    assert LedgerEntry.objects.filter(event=event).count() == posted


def test_round_paired_is_sent_for_every_pairing():
    venue = VenueFactory(name="Sede Palermo", province="Buenos Aires")
    ranking = [PlayerFactory(display_name=name, home_venue=venue) for name in ("Ana", "Beto", "Caro", "Dani")]
    numbers = []

    def probe(sender, *, rnd, **kwargs):
        numbers.append((sender, rnd.number))

    signals.round_paired.connect(probe, dispatch_uid="tests.probe_round_paired")
    try:
        play_round_robin(name="Fecha 1", venue=venue, date=datetime.date(2024, 2, 3), ranking=ranking)
    finally:
        signals.round_paired.disconnect(dispatch_uid="tests.probe_round_paired")

    assert numbers == [(Round, 1), (Round, 2), (Round, 3)]
