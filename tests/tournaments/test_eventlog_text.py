"""The event log in words (issue #28 point 2; :mod:`tournaments.eventlog_text`).

Every entry below is written by hand in the shape its service writes it
(:func:`tournaments.services.eventlog.event_log_append` and its callers);
the sentences are what an organizer should read, written out in full.
Times: 17:05 UTC is 14:05 in Buenos Aires (UTC-3, ``TIME_ZONE``).
"""
from __future__ import annotations

import datetime
import re
from types import SimpleNamespace

import pytest
from django.utils import translation

from tournaments.enums import EventLogAction
from tournaments.eventlog_text import DESCRIBERS, LogFilters, Roster, describe

pytestmark = pytest.mark.unit

AT = datetime.datetime(2024, 2, 3, 17, 5, tzinfo=datetime.UTC)

MILAGROS, TOMAS, LUCIA, JOAQUIN = 11, 12, 13, 14
ROSTER = Roster(
    names={MILAGROS: "Milagros Núñez", TOMAS: "Tomás Acosta", LUCIA: "Lucía Fernández", JOAQUIN: "Joaquín Peña"},
    numbers={MILAGROS: "WM-0011", TOMAS: "WM-0012", LUCIA: "WM-0013", JOAQUIN: "WM-0014"},
    users={5: "ana", 6: "beto"},
    games={1: "weed_monsters"},
    related={"venue": {"3": "Sede Palermo", "4": "Sede Rosario"}},
)


def entry(action, *, subject="", before=None, after=None, reason="", actor=None):
    return SimpleNamespace(pk=1, at=AT, actor=actor, actor_id=getattr(actor, "pk", None), event_id=1, action=action,
                           subject=subject, before=before or {}, after=after or {}, reason=reason)


def seat(rid, name, points=3.0):
    return {"id": rid, "name": name, "points": points, "points_label": str(int(points))}


def read(e, roster=ROSTER):
    with translation.override("es-ar"):
        return describe(e, roster)


CASES = [
    # (id, entry, title, change)
    ("registration_open", entry("registration_open", before={"state": "draft"}, after={"state": "registration"}),
     "Inscripción abierta", "Borrador → inscripción abierta."),
    ("registration_close", entry("registration_close", before={"state": "registration"}, after={"state": "closed"}),
     "Inscripción cerrada", "Inscripción abierta → inscripción cerrada."),
    ("registration_create", entry("registration_create", subject="Milagros Núñez",
                                  after={"player_number": "WM-0011", "late_entry": False, "joined_round": 1}),
     "Inscripción", "Inscripción de Milagros Núñez (WM-0011)."),
    ("registration_create_late", entry("registration_create", subject="Milagros Núñez",
                                       after={"player_number": "WM-0011", "late_entry": True, "joined_round": 3,
                                              "pack_indoor": True}),
     "Inscripción", "Inscripción tardía de Milagros Núñez (WM-0011): juega desde la ronda 3, con el Pack Indoor."),
    ("registration_drop", entry("registration_drop", subject="Tomás Acosta", before={"dropped": False},
                                after={"dropped": True, "after_round": 2}),
     "Abandono", "Tomás Acosta abandonó después de la ronda 2."),
    ("registration_drop_before_table", entry("registration_drop", subject="Tomás Acosta", before={"dropped": False},
                                             after={"dropped": True, "after_round": 0, "before_table": True,
                                                    "self_drop": True}),
     "Abandono", "Tomás Acosta abandonó antes de la ronda 1; no jugó su mesa de la ronda en curso: la pierde por "
                 "ausencia; lo pidió desde su teléfono."),
    ("registration_drop_undo", entry("registration_drop_undo", subject="Tomás Acosta",
                                     before={"dropped": True, "after_round": 2}, after={"dropped": False}),
     "Abandono deshecho", "Tomás Acosta vuelve al evento (había abandonado después de la ronda 2)."),
    ("registration_check_in", entry("registration_check_in", subject="Lucía Fernández",
                                    before={"checked_in": False}, after={"checked_in": True}),
     "Marcado presente", "Lucía Fernández: ausente → presente."),
    ("registration_check_out", entry("registration_check_in", subject="Lucía Fernández",
                                     before={"checked_in": True}, after={"checked_in": False}),
     "Marcado ausente", "Lucía Fernández: presente → ausente."),
    ("registration_delete", entry("registration_delete", subject="Lucía Fernández",
                                  before={"player_number": "WM-0013"}),
     "Inscripción borrada", "Se borró la inscripción de Lucía Fernández (WM-0013)."),
    ("registration_fixed_table", entry("registration_fixed_table", subject="Joaquín Peña",
                                       before={"fixed_table": None}, after={"fixed_table": 4}),
     "Mesa fija", "Mesa fija de Joaquín Peña: ninguna → 4."),
    ("registration_pack_indoor", entry("registration_pack_indoor", subject="Joaquín Peña",
                                       before={"pack_indoor": True, "checked_in": True},
                                       after={"pack_indoor": False, "checked_in": False}),
     "Pack Indoor", "Joaquín Peña: Pack Indoor comprado → sin comprar; queda ausente."),
    ("round_pair_next", entry("round_pair_next", subject="Ronda 2",
                              after={"round": 2, "phase": "swiss", "stage": None, "tables": 12}),
     "Ronda emparejada", "Ronda 2: 12 mesas."),
    ("round_pair_next_conflicts", entry(
        "round_pair_next", subject="Ronda 3",
        after={"round": 3, "phase": "swiss", "stage": None, "tables": 2, "fixed_table_conflicts": [
            {"player": TOMAS, "table": 1, "reason": "table_taken", "kept_by": MILAGROS},
            {"player": JOAQUIN, "table": 2, "reason": "paired_together", "kept_by": LUCIA}]}),
     "Ronda emparejada", "Ronda 3: 2 mesas. Tomás Acosta no juega en su mesa fija 1: la ocupa Milagros Núñez. "
                         "Joaquín Peña no juega en su mesa fija 2: enfrenta a Lucía Fernández, que conserva la suya."),
    ("round_repair", entry("round_repair", subject="Ronda 1",
                           after={"round": 1, "phase": "swiss", "stage": None, "tables": 1}),
     "Ronda emparejada de nuevo", "Ronda 1: 1 mesa."),
    ("round_pair_manual", entry("round_pair_manual", subject="Ronda 1",
                                after={"round": 1, "phase": "swiss", "stage": None, "tables": 1,
                                       "pairs": [[MILAGROS, TOMAS], [LUCIA, None]]}),
     "Ronda emparejada a mano", "Ronda 1: 1 mesa (Milagros Núñez – Tomás Acosta, Lucía Fernández (bye))."),
    ("round_close", entry("round_close", subject="Ronda 3", before={"state": "paired"}, after={"state": "closed"}),
     "Ronda cerrada", "Ronda 3: emparejada → cerrada."),
    ("top_cut_start", entry("top_cut_start", subject="Ronda 6 — Semifinales", before={"state": "swiss"},
                            after={"round": 6, "phase": "top_cut", "stage": 2, "tables": 2, "state": "top_cut"}),
     "Reducido iniciado", "Rondas suizas → reducido. Ronda 6 — Semifinales: 2 mesas."),
    ("event_finish", entry("event_finish", before={"state": "top_cut"},
                           after={"state": "finished", "podium": [MILAGROS, LUCIA, TOMAS]}),
     "Evento finalizado",
     "Reducido → finalizado. Podio: 1.º Milagros Núñez, 2.º Lucía Fernández, 3.º Tomás Acosta."),
    ("event_podium_recompute", entry("event_podium_recompute", before={"podium": [MILAGROS, LUCIA, TOMAS]},
                                     after={"podium": [LUCIA, MILAGROS, TOMAS]}),
     "Podio recalculado", "Podio: 1.º Milagros Núñez, 2.º Lucía Fernández, 3.º Tomás Acosta → 1.º Lucía Fernández, "
                          "2.º Milagros Núñez, 3.º Tomás Acosta."),
    ("event_void", entry("event_void", before={"voided": False}, after={"voided": True}, reason="Cargado dos veces"),
     "Evento anulado", "El evento queda anulado: se conserva, no se muestra y sus puntos de liga se revierten."),
    ("match_result_record", entry("match_result_record", subject="Ronda 2, mesa 9",
                                  after={"games": [2, 1, 0], "outcome": "a_wins", "status": "reported",
                                         "version": 1, "round": 2, "table": 9, "players": [MILAGROS, TOMAS]}),
     "Resultado cargado", "Mesa 9: 2-1 (Milagros Núñez gana)"),
    ("match_result_record_again", entry(
        "match_result_record", subject="Ronda 2, mesa 9",
        before={"games": [2, 1, 0], "outcome": "a_wins", "status": "reported", "version": 1},
        after={"games": [1, 2, 0], "outcome": "b_wins", "status": "reported", "version": 2, "round": 2,
               "table": 9, "players": [MILAGROS, TOMAS]}),
     "Resultado cambiado", "Mesa 9: 2-1 → 1-2 (Tomás Acosta gana)"),
    ("match_result_record_absent", entry(
        "match_result_record", subject="Ronda 1, mesa 2",
        after={"games": [0, 2, 0], "outcome": "b_wins", "status": "reported", "version": 1,
               "how": ["absent", "played"], "round": 1, "table": 2, "players": [LUCIA, JOAQUIN]}),
     "Resultado cargado", "Mesa 2: 0-2 (Joaquín Peña gana, Lucía Fernández: ausente)"),
    ("match_result_record_drawn", entry(
        "match_result_record", subject="Ronda 1, mesa 2",
        after={"games": [1, 1, 1], "outcome": "draw", "status": "reported", "version": 1, "round": 1, "table": 2,
               "players": [LUCIA, JOAQUIN]}),
     "Resultado cargado", "Mesa 2: 1-1-1 (empate)"),
    ("match_result_record_provisional", entry(
        "match_result_record", subject="Ronda 1, mesa 2",
        after={"games": [0, 1, 0], "outcome": "b_wins", "status": "pending", "version": 1, "round": 1, "table": 2,
               "players": [LUCIA, JOAQUIN]}),
     "Resultado cargado", "Mesa 2: 0-1 (parcial: la mesa sigue en juego)"),
    ("match_result_correct", entry("match_result_correct", subject="Ronda 2, mesa 9",
                                   before={"games": [0, 2, 0], "outcome": "b_wins", "version": 1},
                                   after={"games": [2, 0, 0], "outcome": "a_wins", "version": 2, "round": 2,
                                          "table": 9, "players": [MILAGROS, TOMAS]},
                                   reason="Planilla cargada al revés"),
     "Resultado corregido", "Mesa 9: 0-2 → 2-0 (Milagros Núñez gana)"),
    ("match_result_correct_reseeded", entry(
        "match_result_correct", subject="Reducido — Semifinales, mesa 1",
        before={"games": [2, 0, 0], "outcome": "a_wins", "version": 1},
        after={"games": [0, 2, 0], "outcome": "b_wins", "version": 2, "round": 6, "table": 1,
               "players": [MILAGROS, JOAQUIN], "reseeded": {"stage": 1, "pairs": [[JOAQUIN, LUCIA]]}}),
     "Resultado corregido", "Mesa 1: 2-0 → 0-2 (Joaquín Peña gana). Nueva llave de final: Joaquín Peña – "
                            "Lucía Fernández"),
    ("match_result_legacy", entry("match_result_correct", subject="Ronda 2, mesa 9",
                                  before={"games": [0, 2, 0], "outcome": "b_wins", "version": 1},
                                  after={"games": [2, 0, 0], "outcome": "a_wins", "version": 2}),
     "Resultado corregido", "Mesa 9: 0-2 → 2-0 (gana A)"),
    ("pod_result_record", entry("pod_result_record", subject="Ronda 1, mesa 3",
                                after={"places": [[MILAGROS, 2, 15], [TOMAS, 1, 20], [LUCIA, 3, 10]], "version": 1,
                                       "round": 1, "table": 3, "ended_by_time": True, "absent": [LUCIA]}),
     "Resultado de mesa cargado", "Mesa 3: 1.º Tomás Acosta (20), 2.º Milagros Núñez (15), 3.º Lucía Fernández "
                                  "(10) (terminada por tiempo; ausentes: Lucía Fernández)"),
    ("pod_result_correct", entry("pod_result_correct", subject="Ronda 1, mesa 3",
                                 before={"places": [[MILAGROS, 2, 15], [TOMAS, 1, 20]], "version": 1},
                                 after={"places": [[MILAGROS, 1, 20], [TOMAS, 2, 15]], "version": 2, "round": 1,
                                        "table": 3}, reason="Puntos mal sumados"),
     "Resultado de mesa corregido", "Mesa 3: 1.º Tomás Acosta (20), 2.º Milagros Núñez (15) → 1.º Milagros Núñez "
                                    "(20), 2.º Tomás Acosta (15)"),
    ("round_clock_start", entry("round_clock_start", subject="Ronda 2",
                                after={"started_at": "2024-02-03T17:05:00+00:00", "paused_at": None,
                                       "paused_seconds": 0}),
     "Reloj en marcha", "Ronda 2: el reloj arranca a las 14:05."),
    ("round_clock_pause", entry("round_clock_pause", subject="Ronda 2",
                                after={"started_at": "2024-02-03T17:05:00+00:00",
                                       "paused_at": "2024-02-03T17:30:00+00:00", "paused_seconds": 0}),
     "Reloj en pausa", "Ronda 2: reloj en pausa desde las 14:30."),
    ("round_clock_resume", entry("round_clock_resume", subject="Ronda 2",
                                 after={"started_at": "2024-02-03T17:05:00+00:00", "paused_at": None,
                                        "paused_seconds": 312}),
     "Reloj reanudado", "Ronda 2: el reloj sigue; pausas acumuladas: 5 min 12 s."),
    ("round_build_start", entry("round_build_start", subject="Ronda 1",
                                after={"build_minutes": 60, "started_at": "2024-02-03T17:05:00+00:00",
                                       "round_clock_starts_at": "2024-02-03T18:05:00+00:00"}),
     "Armado de mazos iniciado", "Ronda 1: armado de mazos de 60 min; el reloj de la ronda arranca a las 15:05."),
    ("round_build_end", entry("round_build_end", subject="Ronda 1",
                              after={"started_at": "2024-02-03T17:50:00+00:00", "paused_at": None,
                                     "paused_seconds": 0}, reason="Armado terminado antes de tiempo"),
     "Armado de mazos terminado", "Ronda 1: armado terminado; el reloj de la ronda arranca a las 14:50."),
    ("match_time_extend", entry("match_time_extend", subject="Mesa 5 · Ronda 2", before={"extra_minutes": 5},
                                after={"extra_minutes": 15, "added": 10}, reason="Revisión de mazo"),
     "Tiempo extra", "Mesa 5: tiempo extra 5 → 15 min (+10)."),
    ("penalty_issue", entry("penalty_issue", subject="Milagros Núñez",
                            after={"penalty": "game_loss", "infraction": "procedural_no_draw",
                                   "consequences": ["lose_current_game"], "consulted_judges": ["ana", "beto"]}),
     "Penalidad", "Milagros Núñez: Warning y pérdida de la partida por «No robar la carta del turno». Pierde la "
                  "partida en curso. Jueces consultados: ana, beto."),
    ("penalty_revise", entry("penalty_revise", subject="Milagros Núñez", before={"penalty": "warning"},
                             after={"penalty": "match_loss"}, reason="Reincidencia"),
     "Penalidad revisada", "Milagros Núñez: Warning → Pérdida de la ronda."),
    ("pairing_swap", entry(
        "pairing_swap", subject="Ronda 2, mesas 1, 3",
        before={"tables": [{"table": 1, "bye": False, "a": seat(MILAGROS, "Milagros Núñez"),
                            "b": seat(TOMAS, "Tomás Acosta")},
                           {"table": 3, "bye": False, "a": seat(LUCIA, "Lucía Fernández"),
                            "b": seat(JOAQUIN, "Joaquín Peña")}]},
        after={"tables": [{"table": 1, "bye": False, "a": seat(MILAGROS, "Milagros Núñez"),
                           "b": seat(JOAQUIN, "Joaquín Peña")},
                          {"table": 3, "bye": False, "a": seat(LUCIA, "Lucía Fernández"),
                           "b": seat(TOMAS, "Tomás Acosta")}], "warnings": ["rematch", "score_gap"]}),
     "Intercambio de jugadores", "Mesa 1: Milagros Núñez – Tomás Acosta → Milagros Núñez – Joaquín Peña; Mesa 3: "
                                 "Lucía Fernández – Joaquín Peña → Lucía Fernández – Tomás Acosta. Confirmado con "
                                 "advertencias: revancha, diferencia de puntaje."),
    ("pairing_move", entry(
        "pairing_move", subject="Ronda 2, mesas 2",
        before={"tables": [{"table": 2, "bye": False, "a": seat(LUCIA, "Lucía Fernández"),
                            "b": seat(JOAQUIN, "Joaquín Peña")}]},
        after={"tables": [{"table": 2, "bye": False, "a": seat(JOAQUIN, "Joaquín Peña"),
                           "b": seat(LUCIA, "Lucía Fernández")}], "warnings": []}),
     "Jugador cambiado de mesa", "Mesa 2: Lucía Fernández – Joaquín Peña → Joaquín Peña – Lucía Fernández."),
    ("pairing_bye_give", entry(
        "pairing_bye_give", subject="Ronda 2, mesas 2, bye",
        before={"tables": [{"table": 2, "bye": False, "a": seat(LUCIA, "Lucía Fernández"),
                            "b": seat(JOAQUIN, "Joaquín Peña")},
                           {"table": None, "bye": True, "a": seat(TOMAS, "Tomás Acosta"), "b": None}]},
        after={"tables": [{"table": 2, "bye": False, "a": seat(LUCIA, "Lucía Fernández"),
                           "b": seat(TOMAS, "Tomás Acosta")},
                          {"table": None, "bye": True, "a": seat(JOAQUIN, "Joaquín Peña"), "b": None}],
               "warnings": ["second_bye"]}),
     "Bye asignado", "Mesa 2: Lucía Fernández – Joaquín Peña → Lucía Fernández – Tomás Acosta; Bye: Tomás Acosta → "
                     "Joaquín Peña. Confirmado con advertencias: segundo bye."),
    ("pairing_bye_take", entry(
        "pairing_bye_take", subject="Ronda 2, mesas 2, bye",
        before={"tables": [{"table": None, "bye": True, "a": seat(JOAQUIN, "Joaquín Peña"), "b": None}]},
        after={"tables": [{"table": None, "bye": True, "a": seat(TOMAS, "Tomás Acosta"), "b": None}],
               "warnings": []}),
     "Bye quitado", "Bye: Joaquín Peña → Tomás Acosta."),
    ("decklist_submit", entry("decklist_submit", subject="Lucía Fernández (WM-0013)",
                              before={"status": "illegal", "main_count": 58, "locked": False},
                              after={"status": "legal", "main_count": 60, "locked": True}),
     "Lista de mazo cargada", "Lista de Lucía Fernández (WM-0013): ilegal, 58 cartas → legal, 60 cartas, bloqueada."),
    ("decklist_submit_first", entry("decklist_submit", subject="Lucía Fernández (WM-0013)",
                                    after={"status": "legal", "main_count": 60, "locked": False}),
     "Lista de mazo cargada", "Lista de Lucía Fernández (WM-0013): sin lista → legal, 60 cartas."),
    ("decklists_publish", entry("decklists_publish", subject="Fecha 3",
                                before={"published_at": None, "registrations": []},
                                after={"published_at": "2024-02-03T22:00:00+00:00",
                                       "registrations": [MILAGROS, LUCIA]}),
     "Listas del top publicadas", "Listas públicas del top (2 jugadores): Milagros Núñez, Lucía Fernández."),
    ("match_report_submit", entry("match_report_submit", subject="Ronda 2, mesa 9",
                                  before={"registration": TOMAS, "games_a": 2, "games_b": 0, "games_drawn": 0,
                                          "intentional_draw": False, "went_to_time": False},
                                  after={"registration": TOMAS, "games_a": 1, "games_b": 2, "games_drawn": 0,
                                         "intentional_draw": False, "went_to_time": True, "round": 2, "table": 9,
                                         "players": [MILAGROS, TOMAS]}),
     "Reporte de jugador", "Mesa 9, reporte de Tomás Acosta: 2-0 → 1-2 (Tomás Acosta gana, por tiempo)"),
    ("pod_report_submit", entry("pod_report_submit", subject="Ronda 1, mesa 3",
                                after={"registration": LUCIA, "placements": [[LUCIA, 1, 20], [TOMAS, 2, 15]],
                                       "ended_by_time": False, "round": 1, "table": 3}),
     "Reporte de mesa de jugador", "Mesa 3, reporte de Lucía Fernández: 1.º Lucía Fernández (20), 2.º Tomás Acosta "
                                   "(15)"),
    ("preregistration_create", entry("preregistration_create", subject="Joaquín Peña",
                                     after={"player_number": "WM-0014", "state": "waitlisted"}),
     "Preinscripción", "Joaquín Peña (WM-0014) se preinscribió: en lista de espera."),
    ("preregistration_cancel", entry("preregistration_cancel", subject="Joaquín Peña",
                                     before={"state": "confirmed"}, after={"state": "cancelled"}),
     "Preinscripción cancelada", "Preinscripción de Joaquín Peña: confirmado → cancelada."),
    ("preregistration_promote", entry("preregistration_promote", subject="Joaquín Peña",
                                      before={"state": "waitlisted"},
                                      after={"state": "confirmed", "player_number": "WM-0014"}),
     "Preinscripción: sale de la lista de espera", "Joaquín Peña (WM-0014) sale de la lista de espera: confirmado."),
    ("preregistration_check_in", entry("preregistration_check_in", subject="Joaquín Peña",
                                       before={"state": "waitlisted"},
                                       after={"state": "checked_in", "late_entry": True, "from_waitlist": True}),
     "Preinscripción: presente", "Preinscripción de Joaquín Peña: en lista de espera → presente; inscripción tardía; "
                                 "venía de la lista de espera."),
    ("event_settings_update", entry(
        "event_settings_update", subject="Fecha 3",
        before={"round_minutes": "50", "judges": "5", "clock_starts_on_pairing": "False", "venue": "3",
                "kind": "super_liga", "placement_points": "{\"1\": 3, \"2\": 2}",
                "preregistration_deadline": ""},
        after={"round_minutes": "45", "judges": "5,6", "clock_starts_on_pairing": "True", "venue": "4",
               "kind": "casual", "placement_points": "{\"1\": 4, \"2\": 1}",
               "preregistration_deadline": "2024-02-02T23:00:00+00:00"}),
     "Configuración del evento cambiada",
     "Iniciar el reloj al emparejar: no → sí; Jueces: ana → ana, beto; Formato: Super Liga → Torneo casual; "
     "Puntos por puesto: 1.º 3, 2.º 2 → 1.º 4, 2.º 1; Cierre de la preinscripción: ninguno → 02/02/2024 20:00; "
     "Minutos por ronda: 50 → 45; Sede: Sede Palermo → Sede Rosario."),
]


@pytest.mark.parametrize(("e", "title", "change"), [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_describe_each_action_reads_as_a_sentence_with_names(e, title, change):
    line = read(e)
    assert (line.title, line.change) == (title, change)


def test_describe_covers_every_action_the_log_knows():
    assert set(DESCRIBERS) == set(EventLogAction.values)
    assert {c[1].action for c in CASES} == set(EventLogAction.values)


def test_describe_in_english_through_the_catalog():
    e = dict((c[0], c[1]) for c in CASES)["match_result_correct"]
    with translation.override("en"):
        line = describe(e, ROSTER)
    assert (line.title, line.change) == ("Result corrected", "Table 9: 0-2 → 2-0 (Milagros Núñez wins)")


def test_describe_where_names_both_sides_of_a_table():
    line = read(dict((c[0], c[1]) for c in CASES)["match_result_correct"])
    assert line.where == "Ronda 2, mesa 9 · Milagros Núñez – Tomás Acosta"
    assert (line.round, line.tables, line.registrations) == (2, (9,), frozenset({MILAGROS, TOMAS}))


def test_describe_reads_round_and_tables_from_the_subject_of_older_entries():
    line = read(entry("match_result_record", subject="Ronda 4, mesa 7",
                      after={"games": [2, 0, 0], "outcome": "a_wins", "status": "reported", "version": 1}))
    assert (line.round, line.tables, line.change) == (4, (7,), "Mesa 7: 2-0 (gana A)")
    swap = read(dict((c[0], c[1]) for c in CASES)["pairing_bye_give"])
    assert (swap.round, swap.tables) == (2, (2,))
    extra = read(dict((c[0], c[1]) for c in CASES)["match_time_extend"])
    assert (extra.round, extra.tables) == (2, (5,))


def test_describe_finds_the_player_of_a_subject_and_of_a_number():
    by_name = read(dict((c[0], c[1]) for c in CASES)["registration_drop"])
    by_number = read(dict((c[0], c[1]) for c in CASES)["decklist_submit"])
    assert (by_name.registrations, by_number.registrations) == (frozenset({TOMAS}), frozenset({LUCIA}))
    assert read(dict((c[0], c[1]) for c in CASES)["event_finish"]).registrations == {MILAGROS, LUCIA, TOMAS}


def test_describe_an_unknown_action_or_key_never_shows_codes_or_json():
    line = read(entry("table_merge", subject="Ronda 2", before={"state": "swiss", "merge_key": "x_y"},
                      after={"state": "top_cut", "merge_key": "y_z", "new_tables": [1, 2]}))
    assert (line.title, line.change) == ("Cambio en el evento",
                                         "Estado: rondas suizas → reducido; 2 datos más cambiaron.")
    odd = read(entry("registration_check_in", subject="Ana", before={"checked_in": "x"}, after={"extra_key": 3}))
    assert "_" not in odd.change and "{" not in odd.change


def test_describe_an_id_that_names_nobody_says_so():
    line = read(entry("event_finish", before={"state": "swiss"}, after={"state": "finished", "podium": [999, None]}))
    assert line.change == "Rondas suizas → finalizado. Podio: 1.º jugador sin datos, 2.º —."


def test_describe_an_actor_by_user_name():
    line = read(entry("round_close", subject="Ronda 1", before={"state": "paired"}, after={"state": "closed"},
                      actor=SimpleNamespace(pk=5, get_username=lambda: "ana")))
    assert (line.actor, line.actor_id) == ("ana", 5)


def test_log_filters_keep_round_table_player_and_actor():
    from tournaments.eventlog_text import EventLog

    lines = [read(c[1]) for c in CASES]
    log = EventLog(lines=lines, rounds=[], tables=[], players=[], actors=[])
    kept = log.filtered(LogFilters(round=2, table=9))
    assert [line.action for line in kept] == ["match_result_record", "match_result_record", "match_result_correct",
                                              "match_result_correct", "match_report_submit"]
    assert {line.action for line in log.filtered(LogFilters(registration=JOAQUIN))} >= {
        "registration_fixed_table", "preregistration_cancel", "pairing_swap", "match_result_correct"}
    assert log.filtered(LogFilters(actor=5)) == []
    assert len(log.filtered(LogFilters(actor="ninguno"))) == len(lines)


_CODE = re.compile(r"\b[a-z]+_[a-z_]+\b")


@pytest.mark.parametrize("e", [c[1] for c in CASES], ids=[c[0] for c in CASES])
def test_describe_no_line_shows_json_codes_or_english_keys(e):
    line = read(e)
    text = " ".join([line.title, line.where, line.change])
    assert "{" not in text and "}" not in text and not _CODE.search(text)
