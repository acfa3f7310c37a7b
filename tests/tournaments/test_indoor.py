"""Torneo Indoor (issue #16 point 4): the Pack Indoor at registration and round 1's build period.

R-000-52, 000_0014b2ac83da54b4.txt § "Torneo Indoor": "Participas unicamente
con la compra del Pack Indoor" — a registration records the pack and is
refused without it (check-in too); "Al sortear las Rondas Suizas, antes de
comenzar el enfrentamiento de la 1er ronda, los Breeders tendrán 1 hora…" —
round 1's clock opens with a 60-minute build that starts when round 1 is
paired. Every expected time below is worked out by hand from those 60
minutes and the 50-minute round (000 § 10.1): paired at 15:00, the build
ends at 16:00 and the round at 16:50.
"""
from __future__ import annotations

import datetime

import pytest
from django.urls import reverse
from django.utils import timezone

from tests.factories import EventFactory, PlayerFactory, UserFactory
from tournaments import selectors, services
from tournaments.enums import EventKind, MatchStatus
from tournaments.errors import NotAllowed, RegistrationError, StateError
from tournaments.models import EventLogEntry, Registration, Round
from tournaments.selectors import round_build_clock
from tournaments.services.clock import round_build_end
from tournaments.services.registration import registration_pack_indoor_set

pytestmark = [pytest.mark.integration, pytest.mark.django_db]

T = datetime.datetime(2024, 3, 2, 15, 0, tzinfo=datetime.UTC)  # round 1 is paired at 15:00


def at(n: float) -> datetime.datetime:
    """``n`` minutes after round 1 was paired."""
    return T + datetime.timedelta(minutes=n)


class Clock:
    """A settable ``timezone.now`` for the services and views under test."""

    def __init__(self, monkeypatch) -> None:
        self.now = T
        monkeypatch.setattr(timezone, "now", lambda: self.now)

    def set(self, minutes: float) -> None:
        self.now = at(minutes)


@pytest.fixture
def clock(monkeypatch):
    return Clock(monkeypatch)


def indoor_event(players: int = 8, **kwargs):
    """An Indoor event, every player registered with the Pack Indoor, registration closed."""
    event = EventFactory(kind=EventKind.INDOOR, name="Indoor Palermo", **kwargs)
    services.registration_open(event=event)
    for i in range(players):
        services.registration_create(event=event, player=PlayerFactory(display_name=f"Breeder {i}"),
                                     pack_indoor=True)
    services.registration_close(event=event)
    event.refresh_from_db()
    return event


# --------------------------------------------------------------------------- the Pack Indoor


def test_indoor_registration_without_the_pack_is_refused_and_writes_nothing():
    """R-000-52: entry only with the Pack Indoor."""
    event = EventFactory(kind=EventKind.INDOOR)
    services.registration_open(event=event)
    ana = PlayerFactory(display_name="Ana")
    with pytest.raises(RegistrationError) as refused:
        services.registration_create(event=event, player=ana)
    assert refused.value.code == "pack_indoor_required"
    assert refused.value.message == ("En el Torneo Indoor sólo se participa con la compra del Pack Indoor: "
                                     "para inscribir a Ana, registrá que lo compró («Pack Indoor comprado»).")
    assert not Registration.objects.filter(event=event).exists()
    assert not EventLogEntry.objects.filter(event=event, action="registration_create").exists()


def test_indoor_registration_with_the_pack_records_it_and_logs_it():
    """R-000-52: the pack bought is recorded on the registration and in the event log."""
    event = EventFactory(kind=EventKind.INDOOR)
    services.registration_open(event=event)
    registration = services.registration_create(event=event, player=PlayerFactory(), pack_indoor=True)
    assert Registration.objects.get(pk=registration.pk).pack_indoor is True
    entry = EventLogEntry.objects.get(event=event, action="registration_create")
    assert entry.after["pack_indoor"] is True


def test_indoor_late_entry_needs_the_pack_too(clock):
    """R-000-52: a late entry during the Swiss rounds is an entry like any other."""
    event = indoor_event()
    services.round_pair_next(event=event)
    with pytest.raises(RegistrationError) as refused:
        services.registration_create(event=event, player=PlayerFactory())
    assert refused.value.code == "pack_indoor_required"
    late = services.registration_create(event=event, player=PlayerFactory(), pack_indoor=True)
    assert (late.late_entry, late.pack_indoor) == (True, True)


def test_other_kinds_take_entries_without_the_pack_and_store_none():
    event = EventFactory(kind=EventKind.SUPER_LIGA)
    services.registration_open(event=event)
    plain = services.registration_create(event=event, player=PlayerFactory())
    flagged = services.registration_create(event=event, player=PlayerFactory(), pack_indoor=True)
    assert [plain.pack_indoor, Registration.objects.get(pk=flagged.pk).pack_indoor] == [False, False]


def test_removing_the_pack_before_round_one_marks_the_player_absent_and_check_in_is_refused():
    """R-000-52: nobody without the pack is present; recording the pack again lets them in."""
    event = EventFactory(kind=EventKind.INDOOR)
    services.registration_open(event=event)
    registration = services.registration_create(event=event, player=PlayerFactory(display_name="Beto"),
                                                 pack_indoor=True)
    assert registration.checked_in is True

    registration_pack_indoor_set(registration=registration, bought=False)
    registration.refresh_from_db()
    assert (registration.pack_indoor, registration.checked_in) == (False, False)
    entry = EventLogEntry.objects.get(event=event, action="registration_pack_indoor")
    assert (entry.before, entry.after) == ({"pack_indoor": True, "checked_in": True},
                                           {"pack_indoor": False, "checked_in": False})

    with pytest.raises(RegistrationError) as refused:
        services.registration_check_in(registration=registration, present=True)
    assert refused.value.code == "pack_indoor_required"
    assert refused.value.message == ("Beto no tiene el Pack Indoor registrado: en el Torneo Indoor sólo se "
                                     "participa con su compra. Registrá que lo compró («Pack Indoor comprado») "
                                     "para marcar su presencia.")
    assert Registration.objects.get(pk=registration.pk).checked_in is False

    registration_pack_indoor_set(registration=registration, bought=True)
    services.registration_check_in(registration=registration, present=True)
    registration.refresh_from_db()
    assert (registration.pack_indoor, registration.checked_in) == (True, True)


def test_the_pack_is_not_removed_once_round_one_is_paired(clock):
    event = indoor_event()
    services.round_pair_next(event=event)
    registration = event.registrations.first()
    with pytest.raises(RegistrationError) as refused:
        registration_pack_indoor_set(registration=registration, bought=False)
    assert refused.value.code == "pack_indoor_played"
    assert Registration.objects.get(pk=registration.pk).pack_indoor is True


def test_the_pack_is_only_recorded_in_an_indoor_event():
    event = EventFactory(kind=EventKind.EVENTUAL)
    services.registration_open(event=event)
    registration = services.registration_create(event=event, player=PlayerFactory())
    with pytest.raises(StateError) as refused:
        registration_pack_indoor_set(registration=registration, bought=True)
    assert refused.value.code == "not_indoor"
    assert Registration.objects.get(pk=registration.pk).pack_indoor is False


def test_setting_the_pack_it_already_has_is_a_no_op():
    event = EventFactory(kind=EventKind.INDOOR)
    services.registration_open(event=event)
    registration = services.registration_create(event=event, player=PlayerFactory(), pack_indoor=True)
    registration_pack_indoor_set(registration=registration, bought=True)
    assert not EventLogEntry.objects.filter(event=event, action="registration_pack_indoor").exists()


# --------------------------------------------------------------------------- round 1's build period


def test_indoor_round_one_builds_for_an_hour_from_its_pairing_then_runs_its_clock(clock):
    """R-000-52: paired at 15:00 → build until 16:00 → the 50-minute round until 16:50."""
    event = indoor_event()
    rnd = services.round_pair_next(event=event)
    rnd.refresh_from_db()
    assert rnd.build_minutes == 60
    assert rnd.clock_started_at == at(60)
    entry = EventLogEntry.objects.get(event=event, action="round_build_start")
    assert entry.after == {"build_minutes": 60, "started_at": T.isoformat(),
                           "round_clock_starts_at": at(60).isoformat()}

    build = round_build_clock(rnd, now=at(15))
    assert (build.state, build.total_seconds, build.remaining_seconds, build.ends_at, build.display) == (
        "building", 3600, 45 * 60, at(60), "45:00")
    assert round_build_clock(rnd, now=at(59.5)).remaining_seconds == 30
    assert round_build_clock(rnd, now=at(60)) is None  # the build is over: the round's clock runs

    round_at_80 = selectors.round_clock(rnd, minutes=50, now=at(80))
    assert (round_at_80.state, round_at_80.remaining_seconds, round_at_80.ends_at) == ("running", 30 * 60, at(110))
    assert selectors.round_clock(rnd, minutes=50, now=at(110)).state == "time_up"


def test_pausing_during_the_build_pauses_the_build_and_moves_the_round(clock):
    """R-000-52: paused 15:30–15:40 → the build ends at 16:10, the round at 17:00."""
    event = indoor_event()
    rnd = services.round_pair_next(event=event)
    clock.set(30)
    services.round_clock_pause(round=rnd)
    clock.set(35)
    rnd.refresh_from_db()
    paused = round_build_clock(rnd)
    # 30 of the 60 minutes ran; if resumed at 15:35 the build would end at 16:05.
    assert (paused.state, paused.remaining_seconds, paused.ends_at) == ("build_paused", 30 * 60, at(65))
    clock.set(40)
    services.round_clock_resume(round=rnd)
    rnd.refresh_from_db()
    assert rnd.clock_paused_seconds == 10 * 60
    build = round_build_clock(rnd, now=at(45))
    assert (build.state, build.remaining_seconds, build.ends_at) == ("building", 25 * 60, at(70))
    assert round_build_clock(rnd, now=at(70)) is None
    round_at_100 = selectors.round_clock(rnd, minutes=50, now=at(100))
    assert (round_at_100.state, round_at_100.remaining_seconds, round_at_100.ends_at) == (
        "running", 20 * 60, at(120))


def test_ending_the_build_early_starts_the_round_clock_at_once(clock):
    """R-000-52: every player is ready at 15:20 → the round runs 15:20–16:10."""
    event = indoor_event()
    judge = UserFactory(username="juez_indoor")
    event.judges.add(judge)
    rnd = services.round_pair_next(event=event)
    clock.set(20)
    round_build_end(round=rnd, by=judge)
    rnd.refresh_from_db()
    assert rnd.clock_started_at == at(20)
    assert round_build_clock(rnd, now=at(20)) is None
    round_at_30 = selectors.round_clock(rnd, minutes=50, now=at(30))
    assert (round_at_30.state, round_at_30.remaining_seconds, round_at_30.ends_at) == ("running", 40 * 60, at(70))
    entry = EventLogEntry.objects.get(event=event, action="round_build_end")
    assert (entry.actor_id, entry.reason) == (judge.pk, "Armado terminado antes de tiempo (faltaban 40:00).")
    with pytest.raises(StateError) as again:
        round_build_end(round=rnd, by=judge)
    assert again.value.code == "no_build"


def test_re_pairing_round_one_starts_the_build_again(clock):
    """R-000-52: re-paired at 15:10, the players trade with new rivals: the build runs 15:10–16:10."""
    event = indoor_event()
    services.round_pair_next(event=event)
    clock.set(10)
    again = services.round_repair(event=event)
    again.refresh_from_db()
    assert (again.number, again.build_minutes, again.clock_started_at) == (1, 60, at(70))
    assert round_build_clock(again, now=at(10)).remaining_seconds == 60 * 60


def test_the_round_clock_cannot_be_started_by_hand_during_the_build(clock):
    event = indoor_event()
    rnd = services.round_pair_next(event=event)
    clock.set(10)
    with pytest.raises(StateError) as refused:
        services.round_clock_start(round=rnd)
    assert refused.value.code == "build_running"
    assert Round.objects.get(pk=rnd.pk).clock_started_at == at(60)


def test_only_judges_end_the_build(clock):
    event = indoor_event()
    rnd = services.round_pair_next(event=event)
    with pytest.raises(NotAllowed):
        round_build_end(round=rnd, by=UserFactory(username="curioso"))
    assert Round.objects.get(pk=rnd.pk).clock_started_at == at(60)


def test_the_build_comes_first_even_when_clocks_start_on_pairing(clock):
    """R-000-52 over the event setting: the round's clock starts at 16:00, not 15:00."""
    event = indoor_event(clock_starts_on_pairing=True)
    rnd = services.round_pair_next(event=event)
    assert Round.objects.get(pk=rnd.pk).clock_started_at == at(60)
    assert not EventLogEntry.objects.filter(event=event, action="round_clock_start").exists()


def test_only_round_one_of_an_indoor_event_has_a_build(clock):
    """R-000-52: "antes de comenzar el enfrentamiento de la 1er ronda" — round 2 and other kinds have none."""
    event = indoor_event()
    first = services.round_pair_next(event=event)
    for match in first.tables.filter(is_bye=False, status=MatchStatus.PENDING):
        services.table_result_record(table=match, seats=[{"games": 2}, {"games": 0}], games_drawn=0)
    clock.set(200)
    second = services.round_pair_next(event=event)
    second.refresh_from_db()
    assert (second.number, second.build_minutes, second.clock_started_at) == (2, 0, None)

    liga = EventFactory(kind=EventKind.SUPER_LIGA)
    services.registration_open(event=liga)
    for _ in range(4):
        services.registration_create(event=liga, player=PlayerFactory())
    services.registration_close(event=liga)
    liga_round = services.round_pair_next(event=liga)
    liga_round.refresh_from_db()
    assert (liga_round.build_minutes, liga_round.clock_started_at) == (0, None)
    assert round_build_clock(liga_round) is None


# --------------------------------------------------------------------------- the projector page


BUILD_TEXT = ("Armado de mazos: 60 minutos para abrir los boosters, armar el mazo e intercambiar cartas con el "
              "rival.")


def test_projector_shows_the_build_countdown_then_the_round_clock(client, clock):
    """R-000-52 on the clock page and its JSON: 45:00 of build at 15:15, 30:00 of round at 16:20."""
    event = indoor_event()
    services.round_pair_next(event=event)
    clock.set(15)
    html = client.get(reverse("clock:page", args=[event.pk])).content.decode()
    assert 'data-state="building"' in html and 'data-remaining="2700"' in html
    assert "45:00" in html
    assert "Ronda 1" in html and "· Armado de mazos</span>" in html
    assert BUILD_TEXT in html and "Al terminar empieza el reloj de la ronda (50 minutos)." in html
    assert client.get(reverse("clock:state", args=[event.pk])).json() == {
        "state": "building", "round": 1, "total": 3600, "remaining": 2700, "display": "45:00", "build_minutes": 60}

    clock.set(80)
    assert client.get(reverse("clock:state", args=[event.pk])).json() == {
        "state": "running", "round": 1, "total": 3000, "remaining": 1800, "display": "30:00", "build_minutes": 60}


def test_projector_of_other_events_says_nothing_of_a_build(client):
    event = EventFactory(kind=EventKind.SUPER_LIGA)
    services.registration_open(event=event)
    for _ in range(4):
        services.registration_create(event=event, player=PlayerFactory())
    services.registration_close(event=event)
    services.round_pair_next(event=event)
    html = client.get(reverse("clock:page", args=[event.pk])).content.decode()
    assert "Armado de mazos" not in html and "Terminar armado" not in html
    assert client.get(reverse("clock:state", args=[event.pk])).json()["state"] == "not_started"


def test_judge_ends_the_build_from_the_projector_and_a_manual_start_is_refused(client, clock):
    event = indoor_event()
    judge = UserFactory(username="juez_proyector")
    event.judges.add(judge)
    rnd = services.round_pair_next(event=event)
    client.force_login(judge)
    clock.set(5)
    html = client.get(reverse("clock:page", args=[event.pk])).content.decode()
    assert "Terminar armado" in html

    response = client.post(reverse("clock:control", args=[event.pk, "iniciar"]), follow=True)
    assert [str(m) for m in response.context["messages"]] == [
        "La ronda 1 está en el armado de mazos: su reloj empieza solo al terminar el armado (o usá «Terminar armado»)."]
    assert Round.objects.get(pk=rnd.pk).clock_started_at == at(60)

    clock.set(12)
    client.post(reverse("clock:control", args=[event.pk, "terminar-armado"]))
    assert Round.objects.get(pk=rnd.pk).clock_started_at == at(12)
    clock.set(22)
    assert client.get(reverse("clock:state", args=[event.pk])).json()["remaining"] == 40 * 60


def test_judge_tables_page_shows_the_build_then_the_round_clock(client, clock):
    """R-000-52 on the judge's tables page: the build's countdown and when it
    ends (16:00 UTC is 13:00 in Buenos Aires), with «Terminar armado»; after
    the build, the round's clock (it ends at 16:50 UTC, 13:50 there)."""
    event = indoor_event()
    judge = UserFactory(username="juez_mesas")
    event.judges.add(judge)
    services.round_pair_next(event=event)
    client.force_login(judge)
    clock.set(15)
    html = client.get(reverse("judge:tables", args=[event.pk])).content.decode()
    assert 'data-state="building"' in html and ">45:00<" in html
    assert "armado de mazos" in html
    assert "El armado termina a las 13:00; después empieza el reloj de la ronda" in html
    assert "Terminar armado" in html and "Iniciar reloj" not in html

    clock.set(80)
    html = client.get(reverse("judge:tables", args=[event.pk])).content.decode()
    assert 'data-state="running"' in html and ">30:00<" in html
    assert "La ronda termina a las 13:50" in html and "Terminar armado" not in html
