"""Hostile event files are refused, naming the value, and write nothing (issue #26 points 1 and 2; DESIGN.md 24).

Every file is a real export: an 8-player Super Liga day played through the
services (:func:`finish_with_top_cut`: 3 Swiss rounds where player A wins
each table 2-1, a top 4 where the higher seed wins each semifinal 2-0,
player B wins the final 0-2), or the same without a top cut (3 Swiss
rounds, :func:`finish_swiss`). The event is then forgotten — the national
server has never seen it — and the file edited as a hostile venue would.
The rulebook values the refusals rest on: 000_0014b2ac83da54b4.txt
§ "10.1. Desarrollo de las Rondas Suizas" (best of three: at most 2 game
wins; the podium of 3, R-000-80).
"""
from __future__ import annotations

import copy
import hashlib
import hmac
import json

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse

from leagues.models import LedgerEntry
from tests.factories import record_places
from tests.factories.day import game_seats, place_seats
from tournaments import services
from tournaments.exchange import fileformat, service, signing
from tournaments.models import Event, Player, Registration, ResultEntry, VenuePublishKey
from tournaments.services.installation import installation_mark_production

from .api.conftest import finish_with_top_cut, open_event, play_round
from .exchange_helpers import publish, signed, venue_key
from .test_exchange import forget

pytestmark = [pytest.mark.integration, pytest.mark.django_db]


def finish_swiss(event: Event) -> Event:
    """Play the planned Swiss rounds (A wins 2-1 at every table) and finish without a top cut."""
    for _ in range(event.planned_rounds):
        play_round(event)
    return services.event_finish(event=event)


@pytest.fixture
def played():
    return finish_with_top_cut(open_event(8, cut_size=4, planned_rounds=3))


@pytest.fixture
def doc(played):
    """The venue's file of ``played``, the event then forgotten here (the key stays: the venue has one)."""
    venue_key(played.venue)
    exported = json.loads(fileformat.dumps(fileformat.event_export(played)))
    forget(played)
    return exported


def written() -> tuple[int, ...]:
    """What an import could write: events, players, users, registrations, result entries, league entries."""
    return (Event.objects.count(), Player.objects.count(), get_user_model().objects.count(),
            Registration.objects.count(), ResultEntry.objects.count(), LedgerEntry.objects.count())


def refused(doc: dict, *, sign: bool = True, **kwargs) -> list[str]:
    """Import ``doc`` (signed by its venue unless ``sign=False``), expect a refusal and nothing written."""
    before = written()
    with pytest.raises(service.ImportRefused) as exc:
        service.event_import(signed(doc) if sign else doc, **kwargs)
    assert written() == before
    assert not Event.objects.filter(uid=doc["event"]["uid"]).exists()
    return exc.value.problems


def first_played(doc: dict, round_index: int = 0) -> tuple[int, dict]:
    """The first table of a round that is not a bye: ``(index, match)``."""
    return next((j, m) for j, m in enumerate(doc["rounds"][round_index]["matches"]) if not m["is_bye"])


# -- point 1: values re-checked by the server's own rules ---------------------------------------


def test_a_rewritten_podium_is_refused_naming_both_podiums(doc):
    """The podium is derived from the results; the file's is only compared (issue: a 12th-11th-9th podium)."""
    real = list(doc["event"]["podium"])
    # The 8th, 7th and 6th of the fixture's final standings: anyone but the real three.
    others = [p["player_number"] for p in doc["players"] if p["player_number"] not in real][:3]
    doc["event"]["podium"] = others
    problems = refused(doc)
    assert problems == [f"event.podium: el archivo dice {', '.join(others)} y los resultados dan {', '.join(real)}."]


def test_a_two_nil_whose_outcome_names_the_other_winner_is_refused(doc):
    j, match = first_played(doc)
    assert (match["games_a"], match["games_b"], match["outcome"]) == (2, 1, "a_wins")  # fixture: A wins 2-1
    match.update(games_a=2, games_b=0, outcome="b_wins")
    for entry in match["entries"]:
        entry.update(games_a=2, games_b=0, outcome="b_wins")
    problems = refused(doc)
    assert f"rounds[0].matches[{j}].outcome: el archivo dice «b_wins» pero las partidas 2-0-0 dan «a_wins»." \
        in problems


def test_three_nil_in_best_of_three_is_refused_on_games_a(doc):
    """Best of three: the match ends at 2 game wins, so 3-0 cannot be stored (R-000-80's 10.1)."""
    j, match = first_played(doc)
    match.update(games_a=3, games_b=0)
    problems = refused(doc)
    assert any(p.startswith(f"rounds[0].matches[{j}].games_a: Resultado 3-0 no válido") for p in problems)


def test_a_swapped_result_changes_the_standings_and_the_podium_is_refused(doc):
    """Both sides of a final swapped consistently (0-2 B wins → 2-0 A wins): a valid table, a different champion."""
    final = doc["rounds"][4]["matches"][0]
    assert (final["games_a"], final["games_b"], final["outcome"]) == (0, 2, "b_wins")  # fixture: B wins the final
    claimed = list(doc["event"]["podium"])
    assert claimed[:2] == [final["player_b"], final["player_a"]]
    final.update(games_a=2, games_b=0, outcome="a_wins")
    for entry in final["entries"]:
        entry.update(games_a=2, games_b=0, outcome="a_wins")
    problems = refused(doc)
    # By hand: A now wins the final, so 1st and 2nd change places; 3rd (the better semifinal loser) stays.
    derived = [final["player_a"], final["player_b"], claimed[2]]
    assert problems == [f"event.podium: el archivo dice {', '.join(claimed)} y los resultados dan "
                        f"{', '.join(derived)}."]


def test_a_finished_event_with_two_of_its_rounds_is_refused():
    event = finish_swiss(open_event(8, planned_rounds=3, cut_size=0))
    venue_key(event.venue)
    doc = json.loads(fileformat.dumps(fileformat.event_export(event)))
    forget(event)
    doc["rounds"] = doc["rounds"][:2]
    problems = refused(doc)
    assert "rounds: el evento figura en «Finalizado» con 2 de sus 3 rondas suizas." in problems


def test_a_finished_event_with_five_planned_rounds_and_three_played_is_refused(doc):
    doc["event"]["settings"]["planned_rounds"] = 5
    assert refused(doc) == ["rounds: el evento figura en «Finalizado» con 3 de sus 5 rondas suizas."]


def test_an_unknown_state_is_refused(doc):
    doc["event"]["settings"]["state"] = "bogus_state"
    problems = refused(doc)
    assert "event.settings.state: «bogus_state» no es un estado de evento que conozca este servidor." in problems


def test_an_unknown_kind_is_refused(doc):
    doc["event"]["kind"] = "super_liga_plus"
    assert "event.kind: «super_liga_plus» no es un tipo de evento que conozca este servidor." in refused(doc)


def test_best_of_minus_three_is_refused(doc):
    doc["event"]["settings"]["best_of"] = -3
    assert any(p.startswith("event.settings.best_of: -3 no es válido") for p in refused(doc))


def test_a_registration_listed_twice_is_refused(doc):
    doc["registrations"].append(copy.deepcopy(doc["registrations"][0]))
    number = doc["registrations"][0]["player"]
    assert f"registrations[8]: el jugador {number} ya está inscripto en registrations[0]." in refused(doc)


def test_a_two_hundred_character_player_number_is_refused(doc):
    old = doc["players"][0]["player_number"]
    new = "9" * 200
    doc["players"][0]["player_number"] = new
    for row in doc["registrations"]:
        if row["player"] == old:
            row["player"] = new
    assert any(p.startswith("players[0].player_number: ") for p in refused(doc))


def test_a_player_paired_after_dropping_is_refused(doc):
    j, match = first_played(doc, 2)
    reg = next(r for r in doc["registrations"] if r["player"] == match["player_a"])
    reg.update(dropped=True, dropped_after_round=2)
    problems = refused(doc)
    assert (f"rounds[2].matches[{j}].player_a: {match['player_a']} dejó el torneo después de la ronda 2 y no "
            "puede jugar la ronda 3.") in problems


def test_an_open_round_before_the_last_is_refused(doc):
    doc["rounds"][1]["state"] = "paired"
    assert "rounds[1].state: sólo la última ronda de un evento en curso puede estar abierta." in refused(doc)


# -- point 2: checksum and signature, checked before anything is read ---------------------------


def test_an_unsigned_file_is_refused_unless_the_operator_says_so(doc):
    problems = refused(doc, sign=False)
    assert len(problems) == 1 and problems[0].startswith("integrity: el archivo no está firmado.")
    assert service.event_import(copy.deepcopy(doc), unsigned=True).created


def test_a_file_edited_after_signing_is_refused_on_its_checksum(doc):
    sealed = signed(doc)
    sealed["event"]["podium"] = list(reversed(sealed["event"]["podium"]))
    problems = refused(sealed, sign=False)
    assert problems[0].startswith("integrity.sha256: el contenido no coincide")


def test_a_signature_with_the_wrong_secret_is_refused(doc):
    """A correct checksum but an HMAC made with another secret: the checksum alone proves nothing."""
    sealed = signed(doc)
    body = signing.canonical(sealed)
    sealed["integrity"]["hmac"] = hmac.new(b"otra-clave", body, hashlib.sha256).hexdigest()
    assert sealed["integrity"]["sha256"] == hashlib.sha256(body).hexdigest()
    problems = refused(sealed, sign=False)
    assert problems[0].startswith("integrity.hmac: la firma no corresponde a la clave")


def test_a_file_signed_with_another_venues_key_is_refused(doc):
    from tests.factories import VenueFactory

    other = VenueFactory()
    sealed = signing.sign(doc, venue_key(other))
    problems = refused(sealed, sign=False)
    assert problems == [f"event.venue: el archivo está firmado con la clave de {other}, no de la sede del evento."]


def test_a_rotated_key_refuses_files_signed_with_the_old_one(doc, played):
    old = venue_key(played.venue)
    new = signing.venue_publish_key_issue(venue=played.venue)[1]
    assert old != new
    assert VenuePublishKey.objects.filter(venue=played.venue, revoked_at__isnull=True).count() == 1
    problems = refused(signing.sign(doc, old), sign=False)
    assert problems[0].startswith(f"integrity.key_id: la clave «{old.split('.')[0]}»")
    assert service.event_import(signing.sign(doc, new)).created


# -- point 3 (the parts of the file's identity) ------------------------------------------------


def test_a_file_never_overwrites_an_event_this_server_runs(played):
    doc = fileformat.event_export(played)
    before = (ResultEntry.objects.filter(table__round__event=played).count(), played.log.count())
    with pytest.raises(service.ImportRefused) as exc:
        publish(doc)
    assert exc.value.problems == [f"event.uid: el evento {played.uid} («{played.name}») se juega en este servidor; "
                                  "un archivo no puede reemplazarlo."]
    assert (ResultEntry.objects.filter(table__round__event=played).count(), played.log.count()) == before


def test_a_file_older_than_the_servers_copy_is_refused(doc):
    newer = copy.deepcopy(doc)
    older = copy.deepcopy(doc)
    older["event"]["revision"] = newer["event"]["revision"] - 1
    publish(newer)
    with pytest.raises(service.ImportRefused) as exc:
        publish(older)
    assert exc.value.problems == [
        f"event.revision: el archivo es de la revisión {older['event']['revision']} del evento y este servidor ya "
        f"tiene la {newer['event']['revision']}; no se importa un archivo más viejo."]
    assert publish(newer).created is False  # the same revision again: idempotent


def test_a_demo_event_is_not_published_to_a_real_installation(doc):
    doc["event"]["demo"] = True
    installation_mark_production()
    assert refused(doc) == [
        "event.demo: es un evento de demostración y este servidor es una instalación real; no se publica."]


def test_users_missing_here_become_inactive_placeholders_never_blank(doc):
    doc["event"]["head_judge"] = "juez_de_la_sede"
    j, match = first_played(doc)
    match["entries"][0]["entered_by"] = "mesa_de_la_sede"
    event = publish(doc).event
    judge = get_user_model().objects.get(username="juez_de_la_sede")
    assert event.head_judge == judge and not judge.is_active and not judge.has_usable_password()
    entry = ResultEntry.objects.get(table__round__event=event, table__round__number=1,
                                    table__table_number=match["table_number"], version=match["entries"][0]["version"])
    assert entry.entered_by.username == "mesa_de_la_sede" and not entry.entered_by.is_active


# -- point 3: publishing merges, never deletes a national record in silence ---------------------


def test_a_penalty_recorded_on_the_national_copy_refuses_the_next_publish_naming_it(doc):
    """publish → a national judge's warning on the copy → publish again: refused, the warning kept."""
    from tournaments import penalties

    event = publish(copy.deepcopy(doc)).event
    reg = Registration.objects.filter(event=event).select_related("player").order_by("pk").first()
    penalty = penalties.penalty_issue(registration=reg, infraction_code="procedural_no_shuffle")
    before = written()
    with pytest.raises(service.ImportRefused) as exc:
        publish(copy.deepcopy(doc))
    assert exc.value.problems == [
        f"penalties: la copia de este servidor tiene una penalidad a {reg.player.player_number} "
        f"(procedural_no_shuffle, {penalty.issued_at.isoformat()}) que el archivo no trae; cargala en la sede y "
        "volvé a publicar."]
    assert written() == before
    assert event.penalties.filter(pk=penalty.pk).exists()


def test_a_correction_on_the_national_copy_refuses_the_next_publish_naming_it(doc, django_user_model):
    """DESIGN.md decision 16: a finished result may be corrected here; the venue's file then lacks that version."""
    event = publish(copy.deepcopy(doc)).event
    final = event.rounds.get(number=5).tables.get()  # the final: B won 0-2 at the venue
    root = django_user_model.objects.create_superuser("raiz_nacional", password="x")
    services.table_result_correct(table=final, seats=game_seats(final, 2, 1), reason="Planilla mal leída", by=root)
    version = final.entries.order_by("-version").first().version
    with pytest.raises(service.ImportRefused) as exc:
        publish(copy.deepcopy(doc))
    assert exc.value.problems == [
        f"rounds: la copia de este servidor tiene el resultado 2-1 (versión {version}) de la mesa "
        f"{final.table_number} de la ronda 5 que el archivo no trae; cargalo en la sede y volvé a publicar."]
    match = final
    assert match.entries.filter(version=version).exists()


def test_any_other_change_logged_on_the_national_copy_refuses_the_next_publish_naming_it(doc):
    """A national organizer renames the published event (a change with its log row, not a penalty or a result):
    publishing the venue's file again would undo it in silence, so it is refused naming the change."""
    from tournaments.services.events import event_settings_update

    event = publish(copy.deepcopy(doc)).event
    event_settings_update(event=event, changes={"name": "Fecha 1 (corregida en el nacional)"}, loaded={})
    entry = event.log.get(action="event_settings_update")
    with pytest.raises(service.ImportRefused) as exc:
        publish(copy.deepcopy(doc))
    assert exc.value.problems == [
        f"log: la copia de este servidor registra «Configuración del evento cambiada» (Fecha 1 (corregida en el "
        f"nacional), {entry.at.isoformat()}) que el archivo no trae; hacelo también en la sede y volvé a publicar."]
    assert Event.objects.get(pk=event.pk).name == "Fecha 1 (corregida en el nacional)"


def test_the_same_day_under_a_new_uid_is_refused_unless_it_replaces_the_old_one(doc):
    """The same event re-created at the venue: refused naming both uids; with ``replaces`` the old one is voided
    and its points reversed, so a player's points of that day count once."""
    import uuid

    from django.db.models import Sum

    first = publish(copy.deepcopy(doc)).event
    points = dict(LedgerEntry.objects.filter(event=first).values_list("player_id").annotate(Sum("points")))
    assert sum(points.values()) > 0
    again = copy.deepcopy(doc)
    again["event"]["uid"] = str(uuid.uuid4())
    problems = refused(again)
    assert problems == [
        f"event.uid: este servidor ya tiene el mismo evento (sede, fecha, nombre y jugadores) con el uid {first.uid}; "
        f"el archivo trae {again['event']['uid']}. Si el archivo lo reemplaza, publicalo con «reemplaza a "
        f"{first.uid}» (--replaces {first.uid}) y el anterior se anula."]
    second = publish(again, replaces=str(first.uid)).event
    first.refresh_from_db()
    assert first.voided_at is not None and second.voided_at is None
    both = dict(LedgerEntry.objects.filter(event__in=[first, second]).values_list("player_id")
                .annotate(Sum("points")))
    assert both == points  # the day's points once: the old copy's reversed, the new copy's posted


def test_the_venue_admin_action_issues_a_key_the_import_accepts(doc, played, client, django_user_model):
    root = django_user_model.objects.create_superuser("raiz", password="x")
    client.force_login(root)
    old = VenuePublishKey.objects.get(venue=played.venue, revoked_at__isnull=True)
    response = client.post(reverse("admin:tournaments_venue_changelist"),
                           {"action": "publish_key_issue_selected", "_selected_action": [played.venue.pk]},
                           follow=True)
    new = VenuePublishKey.objects.get(venue=played.venue, revoked_at__isnull=True)
    assert new.pk != old.pk and new.issued_by == root
    assert f"{new.key_id}.{new.secret}" in response.content.decode()
    assert service.event_import(signing.sign(doc, f"{new.key_id}.{new.secret}")).created


def test_pod_places_that_contradict_the_stoner_points_are_refused_on_the_pod():
    """A 9-player stoner-points round (pods of 5 and 4) exported, then a pod's 1st and 2nd swapped
    while their stoner points stay: more points, better place (004_4a3d59c736a1e8f3.txt § "1 Objetivo",
    the format's own result_check, the judge's rule) — refused naming the pod, nothing written."""
    from .test_pods_results import by_seat_order, pod_event

    event = pod_event(9)
    rnd = services.round_pair_next(event=event)
    for pod in rnd.tables.all():
        record_places(pod, by_seat_order(pod))
    venue_key(event.venue)
    exported = json.loads(fileformat.dumps(fileformat.event_export(event)))
    forget(event)
    bad = copy.deepcopy(exported)
    seats = bad["rounds"][0]["pods"][0]["seats"]
    first = next(s for s in seats if s["place"] == 1)
    second = next(s for s in seats if s["place"] == 2)
    first["place"], second["place"] = 2, 1
    problems = refused(bad)
    assert any(p.startswith("rounds[0].pods[0].seats:") and "puntos stoner" in p for p in problems), problems
    service.event_import(signed(exported))  # the venue's own file, untouched, is accepted
    assert Event.objects.filter(uid=exported["event"]["uid"]).exists()


# -- tables: seated as the database keeps them, written back as the file says ---------------------


def pod_file(players: int = 9, rounds: int = 2) -> dict:
    """The venue's file of a stoner-points event of ``players`` with ``rounds`` played (seat 1 wins,
    seat 2 is 2nd …: :func:`by_seat_order`), the event then forgotten here."""
    from .test_pods_results import play_round as play_pods
    from .test_pods_results import pod_event

    event = pod_event(players)
    for _ in range(rounds):
        play_pods(event)
    venue_key(event.venue)
    exported = json.loads(fileformat.dumps(fileformat.event_export(event)))
    forget(event)
    return exported


def test_a_published_duels_file_exports_back_the_same_rounds():
    """7 players, 3 Swiss rounds: byes (one seat), 2-1 tables and their entries come back value for value."""
    event = finish_swiss(open_event(7, planned_rounds=3, cut_size=0))
    venue_key(event.venue)
    doc = json.loads(fileformat.dumps(fileformat.event_export(event)))
    forget(event)
    byes = [m for rnd in doc["rounds"] for m in rnd["matches"] if m["is_bye"]]
    assert len(byes) == 3 and all(m["player_b"] is None and m["outcome"] == "bye" for m in byes)  # one a round
    again = json.loads(fileformat.dumps(fileformat.event_export(publish(copy.deepcopy(doc)).event)))
    assert again["rounds"] == doc["rounds"]


def test_a_published_pods_file_exports_back_the_same_rounds():
    """9 players in pods of 5 and 4, two rounds: seats, places, stoner points and entries come back."""
    doc = pod_file()
    assert [len(pod["seats"]) for pod in doc["rounds"][0]["pods"]] == [5, 4]
    assert all(not rnd["matches"] for rnd in doc["rounds"])
    again = json.loads(fileformat.dumps(fileformat.event_export(publish(copy.deepcopy(doc)).event)))
    assert again["rounds"] == doc["rounds"]


def test_match_tables_the_database_could_not_hold_are_refused_naming_each(doc):
    """A non-bye without player B, a table number twice, and values the seats and entries store refused by
    their fields (a rematch that is not true or false, an entry without outcome, negative minutes late)."""
    matches = doc["rounds"][0]["matches"]
    matches[0]["player_b"] = None
    matches[2]["table_number"] = matches[1]["table_number"]
    matches[3]["rematch"] = "quizás"
    doc["rounds"][1]["matches"][0]["entries"][0]["outcome"] = ""
    doc["rounds"][1]["matches"][1]["entries"][0]["minutes_late_a"] = -5
    problems = refused(doc)
    number = matches[1]["table_number"]
    assert "rounds[0].matches[0].player_b: un bye es una mesa de un solo jugador y cualquier otra mesa tiene " \
           "dos." in problems
    assert f"rounds[0].matches[2].table_number: la mesa {number} ya figura en rounds[0].matches[1]." in problems
    assert any(p.startswith("rounds[0].matches[3].rematch: 'quizás' no es válido") for p in problems), problems
    assert any(p.startswith("rounds[1].matches[0].entries[0].outcome: '' no es válido") for p in problems), problems
    assert any(p.startswith("rounds[1].matches[1].entries[0].minutes_late_a: -5 no es válido")
               for p in problems), problems


def test_tables_of_the_other_shape_than_the_format_are_refused(doc):
    """A duels event ("Suizo con reducido") lists its tables under «matches»; a pod in its round is refused,
    and a pods event's match likewise (the export writes each event's tables in one shape only)."""
    doc["rounds"][0]["pods"] = [{"table_number": 99, "status": "pending", "repeats": 0, "version": 0,
                                 "ended_by_time": False, "seats": [], "entries": []}]
    assert "rounds[0].pods: «Suizo con reducido» juega sus mesas en «matches»." in refused(doc)
    pods = pod_file(rounds=1)
    first = pods["rounds"][0]["pods"][0]["seats"]
    pods["rounds"][0]["pods"][0]["seats"] = first[2:]
    pods["rounds"][0]["pods"][0]["entries"] = []
    pods["rounds"][0]["matches"] = [{"player_a": first[0]["player"], "player_b": first[1]["player"],
                                     "table_number": 99, "is_bye": False, "status": "pending", "entries": []}]
    assert "rounds[0].matches: «Suizo en mesas multijugador» juega sus mesas en «pods»." in refused(pods)


def test_pods_the_database_could_not_hold_are_refused_naming_each():
    """A player at two pods of a round, a seat number twice, an entry placing a player of another pod,
    a pod without table number: each refused on its pod, nothing written."""
    doc = pod_file()
    first, second = doc["rounds"][0]["pods"]
    twice = first["seats"][0]["player"]
    second["seats"][0]["player"] = twice
    first["seats"][1]["seat"] = first["seats"][2]["seat"]
    stranger = doc["rounds"][1]["pods"][1]["seats"][0]["player"]
    stranger_pod = doc["rounds"][1]["pods"][0]
    assert stranger not in [s["player"] for s in stranger_pod["seats"]]
    stranger_pod["entries"][0]["placements"][0][0] = stranger
    doc["rounds"][1]["pods"][1]["table_number"] = None
    problems = refused(doc)
    assert f"rounds[0].pods[1].seats[0].player: {twice} juega dos mesas en la misma ronda." in problems
    assert "rounds[0].pods[0].seats: los asientos son números desde 1, cada uno una vez." in problems
    assert "rounds[1].pods[0].entries[0].placements: los puestos tienen que nombrar una vez a cada jugador " \
           "sentado en la mesa." in problems
    assert "rounds[1].pods[1].table_number: valor no válido (None)." in problems


def test_a_pod_correction_on_the_national_copy_refuses_the_next_publish_naming_it(django_user_model):
    """The places of a pod corrected here (DESIGN.md decision 16) are a version the venue's file lacks."""
    doc = pod_file(rounds=1)
    event = publish(copy.deepcopy(doc)).event
    pod = event.rounds.get(number=1).tables.get(table_number=1)
    root = django_user_model.objects.create_superuser("raiz_nacional", password="x")
    seats = pod.seat_list  # by hand: seat 1 won with 20, seat 2 was 2nd with 15 …; swap 1st and 2nd
    lines = [(s.registration_id, s.place, s.score) for s in seats]
    lines[0], lines[1] = (lines[0][0], 2, 15), (lines[1][0], 1, 20)
    services.table_result_correct(table=pod, seats=place_seats(lines), reason="Planilla mal leída", by=root)
    with pytest.raises(service.ImportRefused) as exc:
        publish(copy.deepcopy(doc))
    assert exc.value.problems == [
        "rounds: la copia de este servidor tiene los puestos (versión 2) de la mesa 1 de la ronda 1 que el archivo "
        "no trae; cargalos en la sede y volvé a publicar."]
