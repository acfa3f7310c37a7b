"""The log of a played day reads as sentences with names (issue #28 point 2, "done when").

Two days are played through the services, as the console and the judges'
phones play them: the demo event (``run_event tests/data/demo_event.csv
--seed 2024``, what ``make demo`` plays) and a busy day that goes through
every action the log knows — registration and the desk, pairing and its
edits, the clock and extra time, players' reports, penalties, decklists,
corrections before and after the podium, pods, a Torneo Indoor's build
and pre-registration. No line of either log shows JSON, a service's code
or an English key.
"""
from __future__ import annotations

import io
import re
from pathlib import Path

import pytest
from django.core.management import call_command
from django.utils import translation

from tests.factories import EventFactory, PlayerFactory, UserFactory, player_account, record_places
from tests.factories.day import (
    decklist_submitted,
    game_seats,
    organizer_for,
    penalty_issued,
    place_seats,
    pod_placements,
    registered_event,
    rounds_played,
    table_list,
    tables_with_results,
)
from tournaments import penalties, services
from tournaments.enums import EventKind, EventLogAction, MatchStatus
from tournaments.eventlog_text import event_log_lines
from tournaments.models import Event, Registration, Table
from tournaments.services.events import event_settings_update

pytestmark = [pytest.mark.integration, pytest.mark.django_db]

DEMO = Path(__file__).resolve().parent.parent / "data" / "demo_event.csv"

#: A service code or JSON key: lower-case words joined by "_" (``b_wins``, ``pairing_swap``).
CODE = re.compile(r"\b[a-z]+_[a-z_]+\b")
#: The JSON keys the services write, as words a line must never show.
ENGLISH_KEYS = re.compile(r"\b(?:games|outcome|version|podium|status|tables|phase|stage|state|players|places|"
                          r"placements|registrations?|before|after|true|false|none|null)\b")


def unreadable(lines) -> list[str]:
    """The lines (title · where · change) that show JSON, a code or an English key."""
    bad = []
    for line in lines:
        text = f"{line.title} · {line.where} · {line.change}"
        if "{" in text or "}" in text or "[" in text or CODE.search(text) or ENGLISH_KEYS.search(text):
            bad.append(text)
    return bad


def spanish_lines(event: Event):
    with translation.override("es-ar"):
        return event_log_lines(event).lines


def test_demo_event_log_reads_as_sentences_with_names():
    call_command("run_event", str(DEMO), seed=2024, name="Demo", quiet_rounds=True, stdout=io.StringIO())
    event = Event.objects.get(name="Demo")
    lines = spanish_lines(event)
    assert unreadable(lines) == []
    names = set(Registration.objects.filter(event=event).values_list("player__display_name", flat=True))
    results = [line for line in lines if line.action == "match_result_record"]
    assert len(results) == 60 + 2 + 1  # 5 Swiss rounds of 12 tables, the semifinals, the final
    for line in results:
        read = re.fullmatch(r"Mesa \d+: \d-\d \((?:(.+) gana|empate)\)", line.change)
        assert read and (read.group(1) is None or read.group(1) in names), line.change
    final = next(line for line in results if line.where.startswith("Reducido — Final"))
    champion = event.podium_first.player.display_name
    assert final.change.endswith(f"({champion} gana)")  # the final's winner is first (DESIGN.md decision 6)
    assert lines[0].title == "Evento finalizado" and champion in lines[0].change


def _pending(rnd):
    return list(Table.objects.filter(round=rnd, is_bye=False, status=MatchStatus.PENDING).order_by("table_number"))


def _seat(rnd, table: int, side: str) -> int:
    match = Table.objects.get(round=rnd, table_number=table)
    return match.player_a_id if side == "a" else match.player_b_id


def _duels_day(organizer, judge, superuser) -> Event:
    names = ["Milagros Núñez", "Tomás Acosta", "Lucía Fernández", "Joaquín Peña", "Martina Álvarez",
             "Bruno Maldonado", "Camila Giménez", "Valentina Muñoz", "Thiago Ojeda"]
    event = registered_event(names, cut_size=4, planned_rounds=3, self_reporting=True)
    event.venue.organizers.add(organizer)
    event.judges.add(judge)
    regs = {r.player.display_name: r for r in event.registrations.select_related("player")}
    services.registration_check_in(registration=regs["Milagros Núñez"], present=False, by=organizer)
    services.registration_check_in(registration=regs["Milagros Núñez"], present=True, by=organizer)
    services.registration_fixed_table_set(registration=regs["Thiago Ojeda"].pk, table=4, by=organizer)
    mistake = services.registration_create(event=event, player=PlayerFactory(display_name="Anotado Por Error"),
                                           by=organizer)
    services.registration_delete(registration=mistake, by=organizer)
    decklist_submitted(regs["Lucía Fernández"], by=judge)
    event_settings_update(event=event.pk, changes={"round_minutes": 45, "clock_starts_on_pairing": True},
                          loaded={}, by=organizer)
    services.round_pair_next(event=event, by=organizer)
    rnd = services.round_repair(event=event, by=organizer)
    services.pairing_swap(event=event, registration_a=_seat(rnd, 1, "b"), registration_b=_seat(rnd, 2, "b"),
                          by=organizer, confirm_warnings=True)
    services.pairing_move(event=event, registration=_seat(rnd, 3, "a"), table=4, side="a", by=organizer,
                          confirm_warnings=True)
    services.pairing_bye_give(event=event, registration=_seat(rnd, 1, "a"), by=organizer, confirm_warnings=True)
    bye = Table.objects.get(round=rnd, is_bye=True).player_a_id
    services.pairing_bye_take(event=event, registration=bye, by=organizer, confirm_warnings=True)
    services.round_clock_pause(round=rnd, by=judge)
    services.round_clock_resume(round=rnd, by=judge)
    services.match_time_extend(match=Table.objects.get(round=rnd, table_number=1), minutes=5,
                               reason="Consulta de reglas", by=judge)
    penalty = penalty_issued(Registration.objects.get(pk=_seat(rnd, 2, "a")), issued_by=judge)
    penalties.penalty_revise(penalty=penalty, new_type="warning_hearts", reason="Reincidencia", revised_by=organizer)
    third = Table.objects.get(round=rnd, table_number=3)
    for key, rid in (("a", third.player_a_id), ("b", third.player_b_id)):
        user = player_account(Registration.objects.get(pk=rid), f"jugador-{key}")
        services.table_report_submit(table=third, registration=rid, seats=[{"games": 2}, {"games": 1}], by=user)
    for match in _pending(rnd):
        services.table_result_record(table=match, seats=[{"games": 2}, {"games": 1}], entered_by=judge)
    services.registration_drop(registration=regs["Valentina Muñoz"], by=organizer)
    services.registration_drop_undo(registration=regs["Valentina Muñoz"], by=organizer)
    services.round_close(event=event, by=organizer)
    first = Table.objects.get(round=rnd, table_number=1)
    services.table_result_correct(table=first, seats=game_seats(first, 1, 2), reason="Planilla leída al revés",
                                  by=organizer)
    rounds_played(event, 2)
    cut = services.top_cut_start(event=event, by=organizer)
    tables_with_results(cut)
    final = services.round_pair_next(event=event, by=organizer)
    tables_with_results(final)
    services.event_finish(event=event, by=organizer)
    match = Table.objects.get(round=final, bracket_slot=1) if Table.objects.filter(
        round=final, bracket_slot=1).exists() else table_list(final)[0]
    services.table_result_correct(table=match, seats=game_seats(match, match.games_b, match.games_a),
                                  reason="Se anotó al revés", by=organizer)
    from rules.services import decklists_publish

    decklists_publish(event=event, by=organizer)
    services.event_void(event=event, reason="Fecha cargada dos veces", by=superuser)
    return event


def _pods_day(organizer) -> Event:
    event = registered_event(["Ana", "Beto", "Carla", "Dario"], format="pods",
                             self_reporting=True)
    event.venue.organizers.add(organizer)
    rnd = services.round_pair_next(event=event, by=organizer)
    pods = table_list(rnd)
    first = pods[0]
    reporter = first.seats.order_by("seat").first().registration
    services.table_report_submit(
        table=first, registration=reporter,
        seats=[{"registration": r, "place": p, "score": s} for r, p, s in pod_placements(first)],
        by=player_account(reporter, "jugadora-pods"))
    for pod in pods:
        record_places(pod, pod_placements(pod), entered_by=organizer)
    services.round_close(event=event, by=organizer)
    placements = pod_placements(first)
    score_of = {place: score for _rid, place, score in placements}
    last = len(placements) + 1
    flipped = [(rid, last - place, score_of[last - place]) for rid, place, _score in placements]
    services.table_result_correct(table=first, seats=place_seats(flipped), reason="Puntos mal sumados", by=organizer)
    return event


def _indoor_day(organizer, judge) -> Event:
    event = EventFactory(kind=EventKind.INDOOR, name="Indoor Palermo")
    event.venue.organizers.add(organizer)
    event.judges.add(judge)
    services.registration_open(event=event, by=organizer)
    regs = [services.registration_create(event=event, player=PlayerFactory(display_name=name), pack_indoor=True,
                                         by=organizer) for name in ("Gala", "Hugo", "Inés", "Juan")]
    services.registration_pack_indoor_set(registration=regs[0].pk, bought=False, by=organizer)
    services.registration_pack_indoor_set(registration=regs[0].pk, bought=True, by=organizer)
    services.registration_close(event=event, by=organizer)
    rnd = services.round_pair_next(event=event, by=organizer)
    services.round_build_end(round=rnd, by=judge)
    return event


def _preregistration_day(organizer) -> Event:
    event = EventFactory(name="Próxima fecha", preregistration_open=True, capacity=1)
    event.venue.organizers.add(organizer)
    services.registration_open(event=event, by=organizer)
    first = services.preregistration_create(event=event, player=PlayerFactory(display_name="Karina"))
    second = services.preregistration_create(event=event, player=PlayerFactory(display_name="Lautaro"))
    services.preregistration_cancel(preregistration=first)
    services.preregistration_check_in(preregistration=second.pk, by=organizer)
    return event


def _manual_day(organizer) -> Event:
    event = registered_event(["Nora", "Óscar", "Paula"])
    event.venue.organizers.add(organizer)
    nora, oscar, paula = event.registrations.order_by("pk")
    services.round_pair_manual(event=event, pairings=[(nora, oscar), (paula, None)], by=organizer)
    return event


def test_busy_day_log_reads_as_sentences_with_names():
    organizer = organizer_for(EventFactory().venue, "organiza")
    judge = UserFactory(username="jueza")
    superuser = UserFactory(username="liga", is_staff=True, is_superuser=True)
    events = [_duels_day(organizer, judge, superuser), _pods_day(organizer), _indoor_day(organizer, judge),
              _preregistration_day(organizer), _manual_day(organizer)]
    lines = [line for event in events for line in spanish_lines(event)]
    assert {line.action for line in lines} == set(EventLogAction.values)  # every action the log knows
    assert unreadable(lines) == []
    assert not [line for line in lines if "jugador sin datos" in line.change]  # every id named a player
    correction = next(line for line in lines if line.action == "match_result_correct" and line.round == 1)
    winner = correction.where.split(" · ")[1].split(" – ")[1]  # 1-2: side B wins
    assert correction.change == f"Mesa 1: 2-1 → 1-2 ({winner} gana)"
