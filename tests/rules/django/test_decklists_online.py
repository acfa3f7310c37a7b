"""Decklists online (issue #17 §6–7): the organizer's deadline, the lock at
round 1, the live check while typing, the publication of the top lists and
the boundary "no player sees another player's decklist before publication",
on the pages and in the API (player tokens).

Expected values are derived by hand from 000_0014b2ac83da54b4.txt § "Armado
de Mazos" (60 cards, at most 4 copies, one Baby), § "Baby", § "2.5.2.
Cartas reimpresas" and § "Lista de cartas baneadas" (every card of «Juego de
Cartas 2021»); publication sizes from the choice documented in
rules.services.published_top (the cut's size, or 8 without a cut).
"""
from __future__ import annotations

import datetime

import pytest
from django.contrib.auth.models import Group
from django.core.cache import cache
from django.urls import reverse
from django.utils import timezone
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from rules import services
from rules.errors import DecklistLocked, NotAllowed, StateError
from rules.models import Decklist
from tests.factories import EventFactory, PlayerFactory, UserFactory, VenueFactory
from tournaments import services as tournament_services
from tournaments.models import EventLogEntry

from .conftest import EVENT_DATE, LEGAL

pytestmark = [pytest.mark.integration, pytest.mark.django_db]

#: LEGAL with a marker card no other list has (to spot a leak): 3 Fasent + 1 Bruma, still 60 cards.
RIVAL = LEGAL.replace("4 Fasent", "3 Fasent\n1 Bruma")

#: Hand-built from LEGAL (60 cards): a 5th Fasent (+1), a second Baby (+1) and the Growshops from
#: «Juego de Cartas 2021» → 62 cards. Lines: 1 "Monsters:", 2 "5 Fasent", 3 Baby Kush, 4 Baby Haze,
#: 5 comment, 6 Escudo, 7 Growshop.
ILLEGAL = (LEGAL.replace("4 Fasent", "5 Fasent")
           .replace("1 Baby Kush", "1 Baby Kush\n1 Baby Haze")
           .replace("4 Growshop [TCG]", "4 Growshop [Juego de Cartas 2021]"))


@pytest.fixture(autouse=True)
def fresh_throttle():
    """The live check's counters live in the cache: each test starts from zero."""
    cache.clear()
    yield
    cache.clear()


def _pair_round_one(event):
    tournament_services.registration_close(event=event)
    return tournament_services.round_pair_next(event=event)


def _set_deadline(event, moment):
    event.decklist_deadline = moment
    event.save(update_fields=["decklist_deadline"])


# --------------------------------------------------------------------------- deadline and lock


def test_player_submits_and_edits_until_the_deadline_then_only_judges(roles):
    """Issue #17 §6: "submission and edits until a deadline set by the organizer". One hour
    before the deadline the player submits and then changes the list; one minute after it the
    player is refused (voseo, no code on the page) while a judge still enters a correction
    (as after round 1, issue #6 §5)."""
    now = timezone.now()
    _set_deadline(roles.event, now + datetime.timedelta(hours=1))
    first = services.decklist_submit(registration=roles.own, text=RIVAL, by=roles.player_user)
    changed = services.decklist_submit(registration=roles.own, text=LEGAL, by=roles.player_user)
    assert (first.pk, changed.text) == (changed.pk, LEGAL.strip())

    _set_deadline(roles.event, now - datetime.timedelta(minutes=1))
    with pytest.raises(StateError) as exc:
        services.decklist_submit(registration=roles.own, text=RIVAL, by=roles.player_user)
    assert exc.value.code == "decklist_deadline_passed" and exc.value.status == 409
    assert exc.value.message.startswith("Las listas cerraron el ")
    assert "pedile a un juez" in exc.value.message
    assert Decklist.objects.get(registration=roles.own).text == LEGAL.strip()
    by_judge = services.decklist_submit(registration=roles.own, text=RIVAL, by=roles.judge)
    assert by_judge.text == RIVAL.strip() and not by_judge.locked  # before round 1: not locked


def test_deadline_page_shows_the_closing_time_then_the_refusal(client, roles):
    """The player's page says until when (es-AR date, voseo) and, once closed, why, with no form."""
    url = reverse("rules:decklist_submit", args=[roles.event.pk])
    deadline = timezone.make_aware(datetime.datetime(2099, 10, 4, 20, 30))
    _set_deadline(roles.event, deadline)
    client.force_login(roles.player_user)
    body = client.get(url).content.decode()
    assert "Podés cargar y cambiar tu lista hasta el 04/10/2099 20:30." in body
    live_url = reverse("rules:decklist_validate_live", args=[roles.event.pk])
    assert f'data-live-url="{live_url}"' in body
    _set_deadline(roles.event, timezone.now() - datetime.timedelta(seconds=1))
    page = client.get(url)
    body = page.content.decode()
    assert "Las listas cerraron el " in body and "pedile a un juez" in body
    assert 'name="text"' not in body and "decklist_deadline_passed" not in body
    response = client.post(url, {"player_number": roles.own.player.player_number, "text": LEGAL})
    assert "pedile a un juez" in response.content.decode()
    assert not Decklist.objects.exists()


def test_round_one_still_locks_with_a_later_deadline(roles):
    """Issue #17 §6 "locked at round 1 as today": a deadline after round 1 changes nothing —
    once round 1 is paired the legal list is locked, the player is refused, and only the
    head judge changes it, with a reason kept in the history."""
    _set_deadline(roles.event, timezone.now() + datetime.timedelta(days=30))
    services.decklist_submit(registration=roles.own, text=LEGAL, by=roles.player_user)
    _pair_round_one(roles.event)
    decklist = Decklist.objects.get(registration=roles.own)
    assert decklist.locked
    with pytest.raises(DecklistLocked):
        services.decklist_submit(registration=roles.own, text=RIVAL, by=roles.player_user)
    changed = services.decklist_submit(registration=roles.own, text=RIVAL, by=roles.head_judge,
                                       reason="Carta dañada reemplazada")
    assert changed.locked and "1 Bruma" in changed.text
    assert changed.history.latest().history_change_reason == "Cambio del juez principal: Carta dañada reemplazada"


def test_round_one_refuses_an_unlocked_players_own_list(roles):
    """After round 1 a player with no list cannot submit one themselves (issue #6 §5): code
    ``decklists_closed``, message in voseo."""
    _pair_round_one(roles.event)
    with pytest.raises(StateError) as exc:
        services.decklist_submit(registration=roles.own, text=LEGAL, by=roles.player_user)
    assert exc.value.code == "decklists_closed"
    assert exc.value.message == "La ronda 1 ya se emparejó: pedile a un juez que cargue o corrija tu lista."


def test_each_submission_is_in_the_event_log_without_the_text(roles):
    """Every state change writes the event log: who, before and after (status, count), never the list."""
    services.decklist_submit(registration=roles.own, text=ILLEGAL, by=roles.player_user)
    services.decklist_submit(registration=roles.own, text=LEGAL, by=roles.player_user)
    entries = list(EventLogEntry.objects.filter(event=roles.event, action="decklist_submit").order_by("pk"))
    illegal = {"status": "illegal", "main_count": 62, "locked": False}
    legal = {"status": "legal", "main_count": 60, "locked": False}
    assert [(e.before, e.after) for e in entries] == [({}, illegal), (illegal, legal)]
    assert {e.actor for e in entries} == {roles.player_user}
    assert all("Fasent" not in str(e.after) + e.subject for e in entries)


# --------------------------------------------------------------------------- live validation


def _live(client, event, **data):
    return client.post(reverse("rules:decklist_validate_live", args=[event.pk]), data)


def test_live_check_of_a_legal_list(client, roles):
    """R-000-20, R-000-21, R-000-11: LEGAL has 4+1+4+4+4+4+20+19 = 60 cards, no card over 4
    copies (basic gems Sativa/Índica excepted), one Baby → no violation."""
    client.force_login(roles.player_user)
    response = _live(client, roles.event, text=LEGAL)
    assert response.status_code == 200
    assert response.json() == {"legal": True, "main_count": 60, "violations": []}
    assert not Decklist.objects.exists()  # the live check stores nothing


def test_live_check_of_an_illegal_list_lists_every_violation_in_spanish(client, roles):
    """R-000-20: 62 cards, not 60; R-000-21: 5 × Fasent; R-000-11: two Babies; R-000-106: the
    Growshops are from «Juego de Cartas 2021» (banned set); and R-000-88: Growshop is only legal
    from the TCG printing on. Lines counted by hand (see ILLEGAL)."""
    client.force_login(roles.player_user)
    data = _live(client, roles.event, text=ILLEGAL).json()
    assert (data["legal"], data["main_count"]) == (False, 62)
    by_code = {v["code"]: v for v in data["violations"]}
    assert sorted(by_code) == sorted(
        ["deck_size", "over_4_copies", "more_than_one_baby", "banned_set", "illegal_printing"])
    assert len(data["violations"]) == 5
    assert by_code["deck_size"]["message"] == "El mazo tiene 62 cartas; debe tener exactamente 60."
    assert by_code["over_4_copies"]["line"] == 2 and "Fasent" in by_code["over_4_copies"]["message"]
    assert by_code["banned_set"]["line"] == 7 and "Growshop" in by_code["banned_set"]["message"]
    for violation in data["violations"]:  # Spanish sources as people read them, never the file name
        assert "000_0014" not in violation["source"] and violation["source"]


def test_live_check_without_text_reports_the_empty_deck(client, roles):
    """R-000-20: an empty text area is a 0-card deck (a verdict, not an error)."""
    client.force_login(roles.player_user)
    data = _live(client, roles.event, text="").json()
    assert data["main_count"] == 0 and [v["code"] for v in data["violations"]] == ["deck_size"]


def test_live_check_is_for_the_events_players_and_judges_only(client, roles):
    """Anonymous → login; an outsider (judge of another event) → 403 in Spanish; a judge of the
    event → the verdict."""
    response = _live(client, roles.event, text=LEGAL)
    assert response.status_code == 302 and response["Location"].startswith(reverse("login"))
    client.force_login(roles.outsider)
    refused = _live(client, roles.event, text=LEGAL)
    assert refused.status_code == 403
    assert "Sólo quienes tienen inscripción en el evento y sus jueces" in refused.content.decode()
    client.force_login(roles.judge)
    assert _live(client, roles.event, text=LEGAL).json()["legal"] is True


def test_live_check_is_throttled(client, roles, settings):
    """A few calls a second at most: beyond the rate, 429 with Retry-After and a Spanish detail."""
    settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK,
                               "DEFAULT_THROTTLE_RATES": {**settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"],
                                                          "decklist_validate": "2/min"}}
    client.force_login(roles.player_user)
    assert [_live(client, roles.event, text=LEGAL).status_code for _ in range(2)] == [200, 200]
    third = _live(client, roles.event, text=LEGAL)
    assert third.status_code == 429 and int(third["Retry-After"]) > 0
    assert third.json()["detail"] == "Demasiadas validaciones seguidas: esperá unos segundos."


def test_submit_page_without_javascript_validates_on_submit(client, roles):
    """No JS: the form posts, the server validates and shows every violation (as before)."""
    client.force_login(roles.player_user)
    url = reverse("rules:decklist_submit", args=[roles.event.pk])
    page = client.post(url, {"player_number": roles.own.player.player_number, "text": ILLEGAL})
    body = page.content.decode()
    assert page.status_code == 200 and "5 infracciones" in body
    assert "El mazo tiene 62 cartas; debe tener exactamente 60." in body
    assert "decklist_live.js" in body and 'id="live-check"' in body


# --------------------------------------------------------------------------- the boundary before publication


@pytest.fixture
def rival(roles):
    """A second linked player with a list of their own (marker card: Bruma); the own player has LEGAL."""
    user = UserFactory()
    player = roles.registrations[1].player
    player.user = user
    player.save(update_fields=["user"])
    services.decklist_submit(registration=roles.own, text=LEGAL, by=roles.player_user)
    decklist = services.decklist_submit(registration=roles.registrations[1], text=RIVAL, by=user)
    return user, decklist


def test_a_player_never_sees_another_players_list_on_the_pages(client, roles, rival):
    """Issue #17 §7: before publication no player sees another player's decklist. The submit page
    ignores ?jugador= for a player (shows their own), a POST naming the rival's number saves the
    player's own list only, and the judges' list, detail and published pages show no other list."""
    _rival_user, rival_list = rival
    client.force_login(roles.player_user)
    number = roles.registrations[1].player.player_number
    page = client.get(reverse("rules:decklist_submit", args=[roles.event.pk]) + f"?jugador={number}")
    assert page.status_code == 200 and "Bruma" not in page.content.decode()
    assert page.context["registration"] == roles.own
    client.post(reverse("rules:decklist_submit", args=[roles.event.pk]),
                {"player_number": number, "text": LEGAL.replace("19 Índica", "18 Índica\n1 Híbrida")})
    assert Decklist.objects.get(pk=rival_list.pk).text == RIVAL.strip()
    for url in (reverse("rules:event_decklists", args=[roles.event.pk]),
                reverse("rules:decklist_detail", args=[rival_list.pk])):
        response = client.get(url)
        assert response.status_code == 403 and "Bruma" not in response.content.decode()
    published = client.get(reverse("rules:published_decklists", args=[roles.event.pk]))
    body = published.content.decode()
    assert published.status_code == 200 and "todavía no se publicaron" in body and "Bruma" not in body


def test_a_player_never_sees_another_players_list_in_the_api(roles, rival):
    """The same boundary in the API with a player token: the judges' endpoints refuse, «my
    decklist» is the token owner's own, the published list is empty before publication."""
    api = APIClient()
    api.credentials(HTTP_AUTHORIZATION="Token " + Token.objects.create(user=roles.player_user).key)
    _rival_user, rival_list = rival
    for url in (reverse("api-event-decklists", args=[roles.event.pk]),
                reverse("api-decklist-detail", args=[rival_list.pk])):
        response = api.get(url)
        assert response.status_code == 403 and "Bruma" not in response.content.decode()
    mine = api.get(reverse("api-my-decklist", args=[roles.event.pk])).json()
    assert mine["player_number"] == roles.own.player.player_number
    assert mine["decklist"]["text"] == LEGAL.strip() and "Bruma" not in str(mine)
    published = api.get(reverse("api-published-decklists", args=[roles.event.pk])).json()
    assert (published["published"], published["decklists"]) == (False, [])


def test_judges_and_organizers_still_see_every_list(client, roles, rival):
    """The other side of the boundary: judges and organizers of the event read any list."""
    _rival_user, rival_list = rival
    for user in (roles.judge, roles.head_judge, roles.organizer):
        client.force_login(user)
        response = client.get(reverse("rules:decklist_detail", args=[rival_list.pk]))
        assert response.status_code == 200 and "Bruma" in response.content.decode()


# --------------------------------------------------------------------------- publication


class Finished:
    """Ten players, no top cut, one round paired by hand and finished:

    T1 P1–P2 2-0, T2 P3–P4 2-0, T3 P5–P6 2-1, T4 P7–P8 2-1, T5 P9–P10 2-1.

    By hand (DESIGN.md glossary: match points, then Buchholz, head to head, game
    differential): winners 1 point (P1, P3 at +2 games; P5, P7, P9 at +1); losers 0 points,
    Buchholz 1 each, no head to head, P6, P8, P10 at −1 and P2, P4 at −2. Without a cut the
    top 8 is published: P1, P3 (places 1–2), P5, P7, P9 (3–5), P6, P8, P10 (6–8); P2 and P4 are
    left out. Every list is LEGAL except P2's and P4's, which carry the marker card Bruma.
    """

    def __init__(self) -> None:
        self.venue = VenueFactory()
        self.organizer = UserFactory(is_staff=True)
        self.organizer.groups.add(Group.objects.get(name="Organizador"))
        self.venue.organizers.add(self.organizer)
        self.event = EventFactory(venue=self.venue, date=EVENT_DATE, cut_size=0, planned_rounds=1, min_rounds=1)
        tournament_services.registration_open(event=self.event)
        self.players = [PlayerFactory(display_name=f"Jugador {n}") for n in range(1, 11)]
        self.regs = [tournament_services.registration_create(event=self.event, player=p) for p in self.players]
        for index, reg in enumerate(self.regs, start=1):
            services.decklist_submit(registration=reg, text=RIVAL if index in (2, 4) else LEGAL, by=self.organizer)
        tournament_services.registration_close(event=self.event)
        rnd = tournament_services.round_pair_manual(
            event=self.event, pairings=[(self.regs[i], self.regs[i + 1]) for i in range(0, 10, 2)])
        for match in rnd.tables.order_by("table_number"):
            games_b = 0 if match.table_number <= 2 else 1
            tournament_services.table_result_record(table=match, seats=[{"games": 2}, {"games": games_b}])
        self.event = tournament_services.event_finish(event=self.event)

    def number(self, n: int) -> str:
        return self.players[n - 1].player_number


@pytest.fixture
def finished(db) -> Finished:
    return Finished()


def test_publication_of_the_top_eight_without_a_cut(finished):
    """Without a cut, the top 8 of the final standings (places derived in :class:`Finished`)."""
    event = services.decklists_publish(event=finished.event, by=finished.organizer)
    places = {row["registration"]: row["place"] for row in event.decklists_published}
    by_player = {reg.player_id: places.get(reg.pk) for reg in finished.regs}
    place_of = {n: by_player[finished.players[n - 1].pk] for n in range(1, 11)}
    assert {place_of[1], place_of[3]} == {1, 2}
    assert {place_of[5], place_of[7], place_of[9]} == {3, 4, 5}
    assert {place_of[6], place_of[8], place_of[10]} == {6, 7, 8}
    assert place_of[2] is None and place_of[4] is None
    assert event.decklists_published_by == finished.organizer and event.decklists_published_at is not None
    entry = EventLogEntry.objects.get(event=event, action="decklists_publish")
    assert entry.actor == finished.organizer and len(entry.after["registrations"]) == 8


def test_publication_needs_a_finished_event_and_an_organizer(roles):
    """Before the event finished: ``event_not_finished``; a judge (not organizer): refused."""
    with pytest.raises(StateError) as exc:
        services.decklists_publish(event=roles.event, by=roles.organizer)
    assert exc.value.code == "event_not_finished"
    with pytest.raises(NotAllowed):
        services.decklists_publish(event=roles.event, by=roles.head_judge)
    roles.event.refresh_from_db()
    assert roles.event.decklists_published_at is None


def test_published_page_shows_the_top_lists_grouped_and_nothing_else(client, finished):
    """After publication anyone reads the top 8 (place, name, list grouped); P2's and P4's lists
    (left out) stay hidden: their marker card never appears."""
    page = client.get(reverse("rules:published_decklists", args=[finished.event.pk]))
    assert "todavía no se publicaron" in page.content.decode()
    services.decklists_publish(event=finished.event, by=finished.organizer)
    page = client.get(reverse("rules:published_decklists", args=[finished.event.pk]))
    body = page.content.decode()
    assert page.status_code == 200 and "Bruma" not in body
    assert [row.place for row in page.context["rows"]] == list(range(1, 9))
    names = {row.player for row in page.context["rows"]}
    assert names == {f"Jugador {n}" for n in (1, 3, 5, 6, 7, 8, 9, 10)}
    first = page.context["rows"][0]
    assert first.main_count == 60 and sum(group.count for group in first.groups) == 60
    assert "4 Fasent" in body and "60 cartas en el mazo" in body


def test_published_api_lists_the_top_and_the_rest_stays_private(finished):
    """The API's public list matches; a non-top list is still refused to a player of the event."""
    services.decklists_publish(event=finished.event, by=finished.organizer)
    data = APIClient().get(reverse("api-published-decklists", args=[finished.event.pk])).json()
    assert data["published"] is True
    assert sorted(row["player_number"] for row in data["decklists"]) == sorted(
        finished.number(n) for n in (1, 3, 5, 6, 7, 8, 9, 10))
    assert "Bruma" not in str(data)
    user = UserFactory()
    finished.players[0].user = user
    finished.players[0].save(update_fields=["user"])
    api = APIClient()
    api.force_authenticate(user)
    hidden = Decklist.objects.get(registration=finished.regs[1])
    assert api.get(reverse("api-decklist-detail", args=[hidden.pk])).status_code == 403


def test_admin_action_publishes_a_finished_event(client, finished, roles):
    """«Publicar las listas del top» in the organizer's event list: publishes a finished event,
    refuses one still running (Spanish message), changes nothing there."""
    client.force_login(finished.organizer)
    url = reverse("admin:tournaments_event_changelist")
    response = client.post(url, {"action": "decklists_publish_selected", "_selected_action": [finished.event.pk]},
                           follow=True)
    assert "se publicaron las listas de los 8 jugadores del top." in response.content.decode()  # all 8 loaded one
    finished.event.refresh_from_db()
    assert len(finished.event.decklists_published) == 8
    client.force_login(roles.organizer)
    response = client.post(url, {"action": "decklists_publish_selected", "_selected_action": [roles.event.pk]},
                           follow=True)
    assert "cuando el evento ya finalizó" in response.content.decode()
    roles.event.refresh_from_db()
    assert roles.event.decklists_published_at is None


# --------------------------------------------------------------------------- API for player tokens


def _token_client(user) -> APIClient:
    api = APIClient()
    api.credentials(HTTP_AUTHORIZATION="Token " + Token.objects.create(user=user).key)
    return api


def test_api_get_and_put_own_decklist_until_the_deadline(roles):
    """GET/PUT «my decklist» with a player token: empty, then LEGAL saved (60 cards, no
    violation), then after the deadline a 409 ``decklist_deadline_passed`` in Spanish."""
    api = _token_client(roles.player_user)
    url = reverse("api-my-decklist", args=[roles.event.pk])
    empty = api.get(url).json()
    assert (empty["decklist"], empty["open"], empty["closed_reason"], empty["deadline"]) == (None, True, "", None)
    saved = api.put(url, {"text": LEGAL}, format="json")
    assert saved.status_code == 200
    assert (saved.json()["decklist"]["status"], saved.json()["decklist"]["main_count"]) == ("legal", 60)
    assert saved.json()["decklist"]["violations"] == []
    _set_deadline(roles.event, timezone.now() - datetime.timedelta(minutes=5))
    refused = api.put(url, {"text": RIVAL}, format="json")
    assert refused.status_code == 409 and refused.json()["code"] == "decklist_deadline_passed"
    assert "pedile a un juez" in refused.json()["detail"]
    after = api.get(url).json()
    assert after["open"] is False and after["decklist"]["text"] == LEGAL.strip()


def test_api_own_decklist_is_only_for_registered_players(roles):
    """A judge or an outsider has no «my decklist» here (403), anonymous neither."""
    url = reverse("api-my-decklist", args=[roles.event.pk])
    for user in (roles.judge, roles.outsider):
        response = _token_client(user).get(url)
        assert response.status_code == 403
        assert response.json()["detail"] == "No tiene permiso para esta acción en este evento."
    assert APIClient().put(url, {"text": LEGAL}, format="json").status_code in (401, 403)
    assert not Decklist.objects.exists()


def test_api_live_validate_for_a_player_token(roles):
    """R-000-20, R-000-21, R-000-11, R-000-106, R-000-88: the API's live check returns the same five
    violations for ILLEGAL as the page (derived by hand above) and none for LEGAL."""
    api = _token_client(roles.player_user)
    url = reverse("api-my-decklist-validate", args=[roles.event.pk])
    legal = api.post(url, {"text": LEGAL}, format="json").json()
    assert (legal["legal"], legal["main_count"], legal["violations"]) == (True, 60, [])
    illegal = api.post(url, {"text": ILLEGAL}, format="json").json()
    assert sorted(v["code"] for v in illegal["violations"]) == sorted(
        ["deck_size", "over_4_copies", "more_than_one_baby", "banned_set", "illegal_printing"])
    assert not Decklist.objects.exists()


def test_api_live_validate_is_throttled(roles, settings):
    """Per user: beyond the rate, 429 with the API's error shape."""
    settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK,
                               "DEFAULT_THROTTLE_RATES": {**settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"],
                                                          "decklist_validate": "1/min"}}
    api = _token_client(roles.player_user)
    url = reverse("api-my-decklist-validate", args=[roles.event.pk])
    assert api.post(url, {"text": LEGAL}, format="json").status_code == 200
    throttled = api.post(url, {"text": LEGAL}, format="json")
    assert throttled.status_code == 429 and "Retry-After" in throttled


def test_event_pages_link_the_published_lists_once_published(client, finished):
    """The event's public pages (cached per event state) offer «Listas del top» only after publication."""
    event_page = reverse("public:event", args=[finished.event.pk])
    link = f'href="{reverse("rules:published_decklists", args=[finished.event.pk])}"'
    assert link not in client.get(event_page).content.decode()
    services.decklists_publish(event=finished.event, by=finished.organizer)
    assert link in client.get(event_page).content.decode()
