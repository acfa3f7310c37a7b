"""Pre-registration services (issue #17 point 2): capacity, waitlist in order, deadline, check-in.

The rulebooks say nothing about registering ahead; what is checked here is
issue #17's "capacity, waitlist in order, a deadline, cancellation; the
organizer's day panel ... checks them in (by name, number, or a QR on the
player's phone); late entries as today", worked by hand: with 3 places and
five players A–E asking in that order, A, B, C are confirmed and D, E wait
(D first); when B cancels, D gets B's place and E is first in line.
"""
from __future__ import annotations

import datetime

import pytest
from django.utils import timezone

from tests.factories import EventFactory, PlayerFactory, UserFactory
from tournaments import services
from tournaments.enums import EventKind, EventState, PreRegistrationState
from tournaments.errors import NotAllowed, RegistrationError, StateError
from tournaments.models import EventLogEntry, PreRegistration, Registration
from tournaments.prereg_selectors import places_taken, waitlist_position
from tournaments.services.preregistration import preregistration_from_token, preregistration_token

pytestmark = [pytest.mark.integration, pytest.mark.django_db]

C, W, X, IN = (PreRegistrationState.CONFIRMED, PreRegistrationState.WAITLISTED, PreRegistrationState.CANCELLED,
               PreRegistrationState.CHECKED_IN)


def open_event(**kwargs):
    kwargs.setdefault("preregistration_open", True)
    kwargs.setdefault("date", timezone.localdate() + datetime.timedelta(days=7))
    return EventFactory(**kwargs)


def states(event) -> list[tuple[str, str, int | None]]:
    """(name, state, waitlist position) of every pre-registration, in arrival order."""
    rows = PreRegistration.objects.filter(event=event).select_related("player").order_by("created_at", "pk")
    return [(p.player.display_name, p.state, waitlist_position(p)) for p in rows]


def players(*names):
    return [PlayerFactory(display_name=name) for name in names]


def test_preregistration_over_capacity_waitlists_in_arrival_order():
    """3 places, A–E in order: A, B, C confirmed; D first and E second in line."""
    event = open_event(capacity=3)
    for player in players("A", "B", "C", "D", "E"):
        services.preregistration_create(event=event, player=player)
    assert states(event) == [("A", C, None), ("B", C, None), ("C", C, None), ("D", W, 1), ("E", W, 2)]
    assert places_taken(event) == 3


def test_preregistration_cancel_of_confirmed_promotes_first_waitlisted():
    """B cancels: D (first in line) is confirmed, E moves up to 1st; the log has the promotion."""
    event = open_event(capacity=3)
    a, b, c, d, e = players("A", "B", "C", "D", "E")
    pre = {p.display_name: services.preregistration_create(event=event, player=p) for p in (a, b, c, d, e)}
    services.preregistration_cancel(preregistration=pre["B"])
    assert states(event) == [("A", C, None), ("B", X, None), ("C", C, None), ("D", C, None), ("E", W, 1)]
    cancelled = PreRegistration.objects.get(pk=pre["B"].pk)
    assert cancelled.cancelled_at is not None
    promote = EventLogEntry.objects.get(event=event, action="preregistration_promote")
    assert (promote.subject, promote.before, promote.after["state"]) == ("D", {"state": "waitlisted"}, "confirmed")


def test_preregistration_cancel_of_waitlisted_promotes_nobody():
    """E (2nd in line) cancels: nobody is promoted, D stays 1st."""
    event = open_event(capacity=3)
    pre = [services.preregistration_create(event=event, player=p) for p in players("A", "B", "C", "D", "E")]
    services.preregistration_cancel(preregistration=pre[4])
    assert states(event) == [("A", C, None), ("B", C, None), ("C", C, None), ("D", W, 1), ("E", X, None)]
    assert not EventLogEntry.objects.filter(event=event, action="preregistration_promote").exists()


def test_preregistration_capacity_counts_walk_in_registrations():
    """2 places; a walk-in registered at the desk takes one: A confirmed, B waitlisted."""
    event = open_event(capacity=2)
    services.registration_open(event=event)
    services.registration_create(event=event, player=PlayerFactory(display_name="Walk-in"))
    a, b = players("A", "B")
    services.preregistration_create(event=event, player=a)
    services.preregistration_create(event=event, player=b)
    assert states(event) == [("A", C, None), ("B", W, 1)]


def test_preregistration_checked_in_place_is_counted_once():
    """2 places, A and B confirmed, A checked in: still 2 taken, C waits."""
    event = open_event(capacity=2)
    services.registration_open(event=event)
    a, b, c = players("A", "B", "C")
    pre_a = services.preregistration_create(event=event, player=a)
    services.preregistration_create(event=event, player=b)
    services.preregistration_check_in(preregistration=pre_a)
    assert places_taken(event) == 2
    services.preregistration_create(event=event, player=c)
    assert states(event) == [("A", IN, None), ("B", C, None), ("C", W, 1)]


def test_preregistration_without_capacity_confirms_everyone():
    event = open_event(capacity=None)
    for player in players("A", "B", "C"):
        services.preregistration_create(event=event, player=player)
    assert [s for _, s, _ in states(event)] == [C, C, C]


def test_preregistration_raised_capacity_serves_waitlist_before_newcomer():
    """1 place: A confirmed, B waits; capacity raised to 2, then C asks: B gets the place, C waits."""
    event = open_event(capacity=1)
    a, b, c = players("A", "B", "C")
    services.preregistration_create(event=event, player=a)
    services.preregistration_create(event=event, player=b)
    event.capacity = 2
    event.save()
    services.preregistration_create(event=event, player=c)
    assert states(event) == [("A", C, None), ("B", C, None), ("C", W, 1)]


def test_preregistration_after_deadline_is_refused():
    event = open_event(preregistration_deadline=timezone.now() - datetime.timedelta(minutes=1))
    with pytest.raises(StateError) as err:
        services.preregistration_create(event=event, player=PlayerFactory())
    assert err.value.code == "preregistration_deadline"
    assert PreRegistration.objects.count() == 0


def test_preregistration_before_deadline_is_accepted():
    event = open_event(preregistration_deadline=timezone.now() + datetime.timedelta(hours=1))
    prereg = services.preregistration_create(event=event, player=PlayerFactory())
    assert prereg.state == C


@pytest.mark.parametrize("state", [EventState.CLOSED, EventState.SWISS, EventState.FINISHED])
def test_preregistration_refused_once_registration_closed(state):
    """Deadline null = until registration closes: closed, started and finished events refuse."""
    event = open_event(state=state)
    with pytest.raises(StateError) as err:
        services.preregistration_create(event=event, player=PlayerFactory())
    assert err.value.code == "preregistration_closed"


def test_preregistration_refused_when_not_opened_by_organizer():
    event = open_event(preregistration_open=False)
    with pytest.raises(StateError) as err:
        services.preregistration_create(event=event, player=PlayerFactory())
    assert err.value.code == "preregistration_closed"


def test_preregistration_duplicate_refused_and_allowed_again_after_cancel():
    """A second request is refused; after cancelling, the player asks again at the end of the line."""
    event = open_event(capacity=1)
    a, b = players("A", "B")
    first = services.preregistration_create(event=event, player=a)
    with pytest.raises(RegistrationError) as err:
        services.preregistration_create(event=event, player=a)
    assert err.value.code == "already_preregistered"
    services.preregistration_create(event=event, player=b)  # waits: 1st in line
    services.preregistration_cancel(preregistration=first)  # B is promoted
    again = services.preregistration_create(event=event, player=a)
    assert again.pk != first.pk
    assert states(event) == [("A", X, None), ("B", C, None), ("A", W, 1)]


def test_preregistration_of_registered_player_refused():
    event = open_event()
    services.registration_open(event=event)
    player = PlayerFactory()
    services.registration_create(event=event, player=player)
    with pytest.raises(RegistrationError) as err:
        services.preregistration_create(event=event, player=player)
    assert err.value.code == "already_registered"


def test_preregistration_only_with_own_account():
    event = open_event()
    owner, other = UserFactory(), UserFactory()
    player = PlayerFactory(user=owner)
    with pytest.raises(NotAllowed):
        services.preregistration_create(event=event, player=player, by=other)
    prereg = services.preregistration_create(event=event, player=player, by=owner)
    with pytest.raises(NotAllowed):
        services.preregistration_cancel(preregistration=prereg, by=other)
    services.preregistration_cancel(preregistration=prereg, by=owner)
    entry = EventLogEntry.objects.get(event=event, action="preregistration_cancel")
    assert (entry.actor, entry.before, entry.after) == (owner, {"state": "confirmed"}, {"state": "cancelled"})


def test_preregistration_check_in_creates_checked_in_registration():
    event = open_event()
    services.registration_open(event=event)
    organizer = UserFactory(is_superuser=True)
    prereg = services.preregistration_create(event=event, player=PlayerFactory(display_name="Ana"))
    done = services.preregistration_check_in(preregistration=prereg, by=organizer)
    reg = Registration.objects.get(event=event)
    assert (done.state, done.registration_id, reg.checked_in, reg.late_entry) == (IN, reg.pk, True, False)
    # a second scan is harmless
    services.preregistration_check_in(preregistration=prereg, by=organizer)
    assert Registration.objects.filter(event=event).count() == 1
    assert EventLogEntry.objects.filter(event=event, action="preregistration_check_in").count() == 1


def test_preregistration_check_in_needs_judge_or_organizer():
    event = open_event()
    services.registration_open(event=event)
    user = UserFactory()
    prereg = services.preregistration_create(event=event, player=PlayerFactory(user=user), by=user)
    with pytest.raises(NotAllowed):
        services.preregistration_check_in(preregistration=prereg, by=user)
    judge = UserFactory()
    event.judges.add(judge)
    assert services.preregistration_check_in(preregistration=prereg, by=judge).state == IN


def test_preregistration_check_in_of_cancelled_refused():
    event = open_event()
    services.registration_open(event=event)
    prereg = services.preregistration_create(event=event, player=PlayerFactory())
    services.preregistration_cancel(preregistration=prereg)
    with pytest.raises(RegistrationError) as err:
        services.preregistration_check_in(preregistration=prereg)
    assert err.value.code == "not_checkable"
    assert not Registration.objects.filter(event=event).exists()


def test_preregistration_check_in_by_token():
    """The QR's token names the pre-registration; an altered token or another event's is refused."""
    event, other = open_event(), open_event()
    services.registration_open(event=event)
    prereg = services.preregistration_create(event=event, player=PlayerFactory())
    foreign = services.preregistration_create(event=other, player=PlayerFactory())
    token = preregistration_token(prereg)
    assert preregistration_from_token(token, event=event) == prereg
    for bad in (token[:-1] + ("A" if token[-1] != "A" else "B"), preregistration_token(foreign), "hola", ""):
        with pytest.raises(RegistrationError) as err:
            services.preregistration_check_in_token(event=event, token=bad)
        assert err.value.code == "bad_token"
    done = services.preregistration_check_in_token(event=event, token=f"  {token}\n")
    assert done.state == IN and done.registration.checked_in


def test_preregistration_check_in_of_waitlisted_is_allowed_and_logged():
    event = open_event(capacity=1)
    services.registration_open(event=event)
    a, b = players("A", "B")
    services.preregistration_create(event=event, player=a)
    waiting = services.preregistration_create(event=event, player=b)
    services.preregistration_check_in(preregistration=waiting)
    entry = EventLogEntry.objects.get(event=event, action="preregistration_check_in")
    assert entry.after == {"state": "checked_in", "late_entry": False, "from_waitlist": True}


def test_preregistration_check_in_indoor_requires_pack():
    """R-000-52: 000_0014b2ac83da54b4.txt § "Torneo Indoor" — "Participas unicamente con la compra del
    Pack Indoor": check-in without the pack is refused and changes nothing; with it, the registration
    records the pack."""
    event = open_event(kind=EventKind.INDOOR)
    services.registration_open(event=event)
    prereg = services.preregistration_create(event=event, player=PlayerFactory())
    with pytest.raises(RegistrationError) as err:
        services.preregistration_check_in(preregistration=prereg)
    assert err.value.code == "pack_indoor_required"
    prereg.refresh_from_db()
    assert (prereg.state, Registration.objects.filter(event=event).count()) == (C, 0)
    done = services.preregistration_check_in(preregistration=prereg, pack_indoor=True)
    assert (done.state, done.registration.pack_indoor, done.registration.checked_in) == (IN, True, True)


def test_preregistration_check_in_after_round_one_is_late_entry():
    """Late entries as today: checked in during the Swiss rounds, the player joins round 2 with 0 points."""
    event = open_event()
    services.registration_open(event=event)
    prereg = services.preregistration_create(event=event, player=PlayerFactory())
    for _ in range(4):
        services.registration_create(event=event, player=PlayerFactory())
    services.registration_close(event=event)
    services.round_pair_next(event=event)
    done = services.preregistration_check_in(preregistration=prereg)
    assert (done.registration.late_entry, done.registration.joined_round) == (True, 2)


def test_preregistration_check_in_links_desk_registration():
    """A player registered at the desk and also pre-registered keeps one registration, now present."""
    event = open_event()
    player = PlayerFactory()
    prereg = services.preregistration_create(event=event, player=player)
    services.registration_open(event=event)
    reg = services.registration_create(event=event, player=player, checked_in=False)
    done = services.preregistration_check_in(preregistration=prereg)
    reg.refresh_from_db()
    assert (done.registration_id, reg.checked_in, Registration.objects.filter(event=event).count()) == (reg.pk, True, 1)
