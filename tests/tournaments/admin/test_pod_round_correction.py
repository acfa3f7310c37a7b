"""The round page's «Corregir» on the pods of a closed round: preview first, then confirm (issue #13 item 1).

The field and the hand-computed standings are those of
tests/tournaments/test_pod_corrections_preview.py: swapping Beto and Carla in
round 1 (Carla 20 stoner points → 2nd, Beto 13 → 3rd) makes the ranking
Carla, Ana, Eva, Darío, Beto (every row moves; Carla 4 → 1, Beto 3 → 5).
"""
import pytest
from django.contrib.auth.models import Group
from django.urls import reverse

from tests.factories import UserFactory
from tests.tournaments.pods_helpers import ROUNDS, played_event
from tournaments import services
from tournaments.models import EventLogEntry

from .conftest import message_texts

pytestmark = [pytest.mark.integration, pytest.mark.django_db]


def url(rnd, pod) -> str:
    return reverse("admin:tournaments_round_correct", args=[rnd.pk, pod.pk])


def form(regs, changes: dict, **extra) -> dict:
    data = dict(extra)
    for key, (place, score) in {**ROUNDS[0], **changes}.items():
        data[f"place_{regs[key].pk}"] = str(place)
        data[f"score_{regs[key].pk}"] = str(score)
    return data


SWAP = {"beto": (3, 13), "carla": (2, 20)}


def places(pod) -> dict[str, tuple[int, int]]:
    return {name: (place, score) for name, place, score in pod.seats.values_list(
        "registration__player__display_name", "place", "score")}


def test_closed_pods_round_and_finished_event_offer_corregir(client_a, venue_a):
    event, regs, (r1, r2) = played_event(venue=venue_a, finish=False)
    page = client_a.get(reverse("admin:tournaments_round_change", args=[r1.pk])).content.decode()
    assert page.count('class="arena-correct-form arena-pod-correct-form"') == 1
    current = client_a.get(reverse("admin:tournaments_round_change", args=[r2.pk])).content.decode()
    assert "arena-pod-correct-form" not in current  # the current round is entered, not corrected
    services.event_finish(event=event)
    finished = client_a.get(reverse("admin:tournaments_round_change", args=[r2.pk])).content.decode()
    assert finished.count('class="arena-correct-form arena-pod-correct-form"') == 1


def test_pod_preview_then_confirm(client_a, venue_a, organizer_a):
    event, regs, (r1, r2) = played_event(venue=venue_a)
    pod = r1.tables.get()
    page = client_a.post(url(r1, pod), form(regs, SWAP, step="preview", reason="Planilla mal sumada",
                                            expected_version=str(pod.version)))
    html = page.content.decode()
    assert page.status_code == 200
    assert "Posiciones que cambian" in html
    assert "Confirmar corrección" in html
    assert "Podio" in html and "Carla Ibáñez, Ana Núñez, Eva Sánchez" in html
    assert places(pod)["Beto Gómez"] == (2, 20)  # the preview writes nothing
    done = client_a.post(url(r1, pod), form(regs, SWAP, step="confirm", reason="Planilla mal sumada",
                                            expected_version=str(pod.version)))
    assert done.status_code == 302
    pod.refresh_from_db()
    assert pod.version == 2
    assert (places(pod)["Beto Gómez"], places(pod)["Carla Ibáñez"]) == ((3, 13), (2, 20))
    log = EventLogEntry.objects.get(event=event, action="pod_result_correct")
    assert (log.reason, log.actor) == ("Planilla mal sumada", organizer_a)
    assert message_texts(done) == [
        "Ronda 1, mesa 1: puestos corregidos: 1.º Ana Núñez (25), 2.º Carla Ibáñez (20), 3.º Beto Gómez (13), "
        "4.º Darío Pérez (5), 5.º Eva Sánchez (1). Motivo: Planilla mal sumada"]
    event.refresh_from_db()
    assert event.podium_first.player.display_name == "Carla Ibáñez"


def test_pod_preview_requires_a_reason(client_a, venue_a):
    event, regs, (r1, r2) = played_event(venue=venue_a)
    pod = r1.tables.get()
    page = client_a.post(url(r1, pod), form(regs, SWAP, step="preview", reason="  "))
    assert page.status_code == 302
    assert message_texts(page) == [
        "Mesa 1: Falta el motivo de la corrección: escribí por qué cambia el resultado (queda en el historial "
        "del evento)."]


def test_pod_confirm_on_a_stale_page_changes_nothing(client_a, venue_a):
    event, regs, (r1, r2) = played_event(venue=venue_a)
    pod = r1.tables.get()
    client_a.post(url(r1, pod), form(regs, {"eva": (5, 3)}, step="confirm", reason="Suma", expected_version="1"))
    stale = client_a.post(url(r1, pod), form(regs, SWAP, step="confirm", reason="Otra", expected_version="1"))
    pod.refresh_from_db()
    assert pod.version == 2
    assert places(pod)["Beto Gómez"] == (2, 20)
    assert message_texts(stale)[-1].startswith("Mesa 1: Otra persona (org_a) cambió esta mesa")


def test_pod_correction_by_a_plain_judge_is_refused(client, venue_a):
    event, regs, (r1, r2) = played_event(venue=venue_a)
    judge = UserFactory(username="jueza", is_staff=True)
    judge.groups.add(Group.objects.get(name="Juez"))
    event.judges.add(judge)
    client.force_login(judge)
    pod = r1.tables.get()
    page = client.post(url(r1, pod), form(regs, SWAP, step="confirm", reason="Planilla", expected_version="1"))
    pod.refresh_from_db()
    assert pod.version == 1
    assert page.status_code == 404


def test_pod_preview_of_the_stored_places_offers_nothing_to_confirm(client_a, venue_a):
    event, regs, (r1, r2) = played_event(venue=venue_a)
    pod = r1.tables.get()
    page = client_a.post(url(r1, pod), form(regs, {}, step="preview", reason="Revisión",
                                            expected_version=str(pod.version)))
    html = page.content.decode()
    assert page.status_code == 200
    assert "no hay nada que corregir" in html
    assert 'id="correction-confirm"' not in html
