"""The organizer's round page for an event played in pods (issue #12): placements, corrections, history.

The stoner-points game (004_4a3d59c736a1e8f3.txt) seats 13 players in pods of
5, 4 and 4 (2–6 a table, the largest preferred). Places go by stoner points:
more points, better place; tied players below the winner share a place.
"""
from __future__ import annotations

import re

import pytest
from django.urls import reverse

from tests.factories import record_places
from tournaments import services
from tournaments.enums import MatchStatus
from tournaments.models import ResultEntry, Seat

from .conftest import message_texts, press, registered_event

pytestmark = [pytest.mark.integration, pytest.mark.django_db]


def stoner_event(venue, players: int = 13, **kwargs):
    """A stoner-points event at ``venue`` with ``players`` registered and registration closed."""
    return registered_event(venue, players, game_key="stoner_points", cut_size=0, **kwargs)


def round_url(rnd) -> str:
    return reverse("admin:tournaments_round_change", args=[rnd.pk])


def save_url(rnd, pod) -> str:
    """The round page's one result address, the same for a pod as for a table of two."""
    return reverse("admin:tournaments_round_result", args=[rnd.pk, pod.pk])


def history_url(pod) -> str:
    """The one history page of any table."""
    return reverse("admin:tournaments_table_history", args=[pod.pk])


def seats(pod) -> list[tuple[int, str]]:
    """(registration id, display name) of each seat, in seat order."""
    return list(pod.seats.order_by("seat").values_list("registration_id", "registration__player__display_name"))


def form_data(placements, version: int) -> dict:
    """The round page's POST for ``placements`` = [(registration id, place, stoner points)]."""
    data = {"expected_version": str(version)}
    for rid, place, score in placements:
        data[f"place_{rid}"] = "" if place is None else str(place)
        data[f"score_{rid}"] = "" if score is None else str(score)
    return data


@pytest.fixture
def paired(venue_a):
    event = stoner_event(venue_a)
    return event, services.round_pair_next(event=event)


def test_pods_round_page_lists_every_pod_with_a_place_selector_and_stoner_points(client_a, paired):
    event, rnd = paired
    html = client_a.get(round_url(rnd)).content.decode()
    assert html.count('class="arena-row-missing"') == 3
    assert "faltan 3 resultados" in html
    assert "Puntos stoner" in html
    for pod in rnd.tables.all():
        size = pod.seats.count()
        row = html.split(f'id="mesa-{pod.table_number}"')[1].split('id="mesa-')[0]
        assert save_url(rnd, pod) in row
        assert 'name="expected_version" value="0"' in row
        for rid, name in seats(pod):
            assert f'name="place_{rid}"' in row and f'name="score_{rid}"' in row
            assert name in row
        assert row.count('<option value="') == size * (size + 1)  # "—" and 1.º … size.º for each seat
    assert 'name="score"' not in html  # no duel quick scores


def test_pods_round_page_saves_placements_through_the_service(client_a, paired, organizer_a):
    _event, rnd = paired
    pod = rnd.tables.get(table_number=2)
    (a, name_a), (b, name_b), (c, name_c), (d, name_d) = seats(pod)
    # a wins with 22; b and c tie with 14 and share 2nd; d is 4th (places 1, 2, 2, 4).
    placements = [(a, 1, 22), (b, 2, 14), (c, 2, 14), (d, 4, 3)]
    response = client_a.post(save_url(rnd, pod), form_data(placements, 0), follow=True)
    pod.refresh_from_db()
    assert (pod.status, pod.version) == (MatchStatus.REPORTED, 1)
    stored = {s.registration_id: (s.place, s.score) for s in pod.seats.all()}
    assert stored == {a: (1, 22), b: (2, 14), c: (2, 14), d: (4, 3)}
    entry = ResultEntry.objects.get(table=pod)
    assert entry.entered_by == organizer_a
    second = sorted([name_b, name_c])
    assert message_texts(response) == [
        f"Mesa 2: puestos cargados (versión 1): 1.º {name_a} (22), 2.º {second[0]} (14), "
        f"2.º {second[1]} (14), 4.º {name_d} (3)."
    ]
    assert response.redirect_chain[-1][0] == round_url(rnd) + "#mesa-2"
    html = response.content.decode()
    assert html.count('class="arena-row-missing"') == 2
    row = html.split('id="mesa-2"')[1].split('id="mesa-3"')[0]
    assert "org_a" in row and history_url(pod) in row and "Ver (1 carga)" in row
    assert f'name="place_{b}"' in row and '<option value="2" selected>' in row


def test_pods_round_page_stale_form_is_refused_naming_who_saved(client_a, paired, organizer_b):
    _event, rnd = paired
    pod = rnd.tables.get(table_number=1)
    ids = [rid for rid, _name in seats(pod)]
    theirs = [(rid, place, 30 - 5 * place) for place, rid in enumerate(ids, start=1)]
    record_places(pod, theirs, expected_version=0, entered_by=organizer_b)
    mine = [(rid, place, 30 - 5 * place) for place, rid in enumerate(reversed(ids), start=1)]
    response = client_a.post(save_url(rnd, pod), form_data(mine, 0), follow=True)
    assert message_texts(response) == [
        "Mesa 1: Otra persona (org_b) cargó esta mesa mientras editabas. Revisá el resultado actual antes "
        "de corregirlo."
    ]
    stored = {s.registration_id: s.place for s in Seat.objects.filter(table=pod)}
    assert stored == {rid: place for rid, place, _ in theirs}
    assert ResultEntry.objects.filter(table=pod).count() == 1


def test_pods_round_page_double_click_changes_nothing(client_a, paired):
    _event, rnd = paired
    pod = rnd.tables.get(table_number=3)
    ids = [rid for rid, _name in seats(pod)]
    placements = [(rid, place, 25 - 5 * place) for place, rid in enumerate(ids, start=1)]
    client_a.post(save_url(rnd, pod), form_data(placements, 0), follow=True)
    response = client_a.post(save_url(rnd, pod), form_data(placements, 0), follow=True)
    assert message_texts(response) == ["Mesa 3: esos puestos ya estaban cargados; no se cambió nada."]
    assert ResultEntry.objects.filter(table=pod).count() == 1


def test_pods_round_page_refuses_places_that_contradict_stoner_points(client_a, paired):
    _event, rnd = paired
    pod = rnd.tables.get(table_number=2)
    a, b, c, d = (rid for rid, _name in seats(pod))
    # b has more stoner points than a but is placed 2nd: refused (more points, better place).
    response = client_a.post(save_url(rnd, pod), form_data([(a, 1, 10), (b, 2, 20), (c, 3, 5), (d, 4, 1)], 0),
                             follow=True)
    assert message_texts(response) == [
        "Mesa 2: los puestos no coinciden con los puntos stoner (más puntos, mejor puesto)."
    ]
    pod.refresh_from_db()
    assert (pod.status, pod.version) == (MatchStatus.PENDING, 0)


def test_pods_round_page_refuses_a_tied_lead(client_a, paired):
    _event, rnd = paired
    pod = rnd.tables.get(table_number=2)
    a, b, c, d = (rid for rid, _name in seats(pod))
    response = client_a.post(save_url(rnd, pod), form_data([(a, 1, 20), (b, 1, 20), (c, 3, 5), (d, 4, 1)], 0),
                             follow=True)
    assert message_texts(response) == [
        "Mesa 2: Dos o más jugadores empatan el puntaje más alto: la partida sigue hasta que haya un único líder."
    ]


def test_pods_round_page_asks_for_every_place(client_a, paired):
    _event, rnd = paired
    pod = rnd.tables.get(table_number=2)
    (a, _na), (b, _nb), (c, name_c), (d, _nd) = seats(pod)
    response = client_a.post(save_url(rnd, pod), form_data([(a, 1, 20), (b, 2, 10), (c, None, 5), (d, 4, 1)], 0),
                             follow=True)
    assert message_texts(response) == [f"Mesa 2: elegí el puesto de cada jugador (falta el de {name_c})."]
    response = client_a.post(save_url(rnd, pod), {**form_data([(a, 1, 20), (b, 2, 10), (c, 3, 5), (d, 4, 1)], 0),
                                                  f"score_{c}": "cinco"}, follow=True)
    assert message_texts(response) == [
        f"Mesa 2: los puntos stoner de {name_c} deben ser un número entero, 0 o más."
    ]
    assert not ResultEntry.objects.filter(table=pod).exists()


def test_pods_round_page_correction_keeps_the_history(client_a, paired, organizer_a):
    _event, rnd = paired
    pod = rnd.tables.get(table_number=2)
    (a, name_a), (b, name_b), (c, name_c), (d, name_d) = seats(pod)
    client_a.post(save_url(rnd, pod), form_data([(a, 1, 21), (b, 2, 12), (c, 3, 8), (d, 4, 2)], 0), follow=True)
    response = client_a.post(save_url(rnd, pod), form_data([(b, 1, 22), (a, 2, 21), (c, 3, 8), (d, 4, 2)], 1),
                             follow=True)
    assert message_texts(response) == [
        f"Mesa 2: puestos corregidos (versión 2): 1.º {name_b} (22), 2.º {name_a} (21), 3.º {name_c} (8), "
        f"4.º {name_d} (2)."
    ]
    assert "Ver (2 cargas)" in response.content.decode()
    history = client_a.get(history_url(pod)).content.decode()
    assert "Historial de la mesa 2 — Ronda 1" in history
    rows = history.split('<tbody>')[1].split("</tbody>")[0].split("<tr>")[1:]
    assert [re.search(r"<td>v(\d)</td>", row).group(1) for row in rows] == ["2", "1"]
    newest, first = rows
    assert "org_a" in newest and "org_a" in first
    after_v2 = newest.split("<td>")[-1]
    assert after_v2.index(name_b) < after_v2.index(name_a)
    assert "<strong>1.º</strong> " + name_b + " (22 puntos stoner)" in after_v2
    assert f"1.º {name_a} (21)" in newest  # the result v2 replaced
    assert first.split("<td>")[4].startswith("—")  # v1 replaced nothing


def test_pods_round_page_of_a_closed_round_lists_places_and_offers_corregir(client_a, paired):
    event, rnd = paired
    for pod in rnd.tables.all():
        ids = [rid for rid, _name in seats(pod)]
        record_places(pod, [(rid, n, 25 - n) for n, rid in enumerate(ids, 1)])
    services.round_close(event=event)
    html = client_a.get(round_url(rnd)).content.decode()
    assert "arena-pod-form" not in html  # no entry form: corrections go through «Corregir» (issue #13)
    assert html.count('class="arena-correct-form arena-pod-correct-form"') == rnd.tables.count()
    assert "Ronda cerrada: sus resultados están confirmados. Para corregir uno, usá «Corregir»" in html
    first = rnd.tables.get(table_number=1)
    winner = seats(first)[0][1]
    assert f"<strong>1.º</strong> {winner}" in html and "24 puntos stoner" in html


def test_pods_round_page_of_another_venue_is_missing(client, paired, organizer_b):
    _event, rnd = paired
    client.force_login(organizer_b)
    pod = rnd.tables.get(table_number=1)
    ids = [rid for rid, _name in seats(pod)]
    response = client.post(save_url(rnd, pod), form_data([(rid, n, 25 - n) for n, rid in enumerate(ids, 1)], 0))
    assert response.status_code == 404
    history = client.get(history_url(pod))  # another venue's table is missing, as any table's history
    assert history.status_code == 302 and history["Location"] == reverse("admin:index")
    pod.refresh_from_db()
    assert pod.version == 0


def test_round_list_counts_pod_results(client_a, paired):
    _event, rnd = paired
    pod = rnd.tables.get(table_number=1)
    ids = [rid for rid, _name in seats(pod)]
    record_places(pod, [(rid, n, 25 - n) for n, rid in enumerate(ids, 1)])
    html = client_a.get(reverse("admin:tournaments_round_changelist")).content.decode()
    assert '<span class="arena-warn">1 de 3</span>' in html


def test_close_round_with_a_pod_missing_names_its_table(client_a, paired):
    event, rnd = paired
    for pod in rnd.tables.exclude(table_number=3):
        ids = [rid for rid, _name in seats(pod)]
        record_places(pod, [(rid, n, 25 - n) for n, rid in enumerate(ids, 1)])
    response = press(client_a, event, "cerrar-ronda")
    assert message_texts(response) == ["Falta el resultado de la mesa 3; cargalo antes de cerrar la ronda 1."]
    rnd.refresh_from_db()
    assert rnd.state == "paired"
