"""Judge pages of the penalty log and the rulings pages (issue #7, items 2 and 4).

Clauses: R-000-98..R-000-101 (warnings; the third Warning of the day loses
the current game and disqualifies), R-000-77 (tardiness), DESIGN 10
(a disqualified player is dropped, skipped by the top cut, marked in the
standings). Events are built through the services.
"""
from __future__ import annotations

import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import translation

from rules import penalties as ladder
from rules.rulings import CATALOG
from tests.factories import EventFactory, UserFactory
from tests.tournaments.views.helpers import build_event, play
from tournaments import penalties, selectors, services
from tournaments.enums import MatchStatus
from tournaments.models import MatchRuling, Penalty, Registration, Table
from tournaments.services.penalty_preview import CATALOG_TEXT, source_label

pytestmark = [pytest.mark.integration, pytest.mark.django_db]

THIRD_WARNING = ("Tercera advertencia del día: pierde la partida en curso y queda descalificado "
                 "(Reglamento Weed Monsters (06/09/2024) § 10.3. Los Jueces)")


@pytest.fixture(autouse=True)
def fast_password_hasher(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture
def event(db):
    """Eight players, round 1 paired, every table pending."""
    return build_event(8)


@pytest.fixture
def users(event):
    """One user per role; ``foreign_judge`` judges another event only."""
    judge = UserFactory(username="juez")
    event.judges.add(judge)
    head = UserFactory(username="principal")
    event.head_judge = head
    event.save(update_fields=["head_judge"])
    organizer = UserFactory(username="orga")
    event.venue.organizers.add(organizer)
    foreign = UserFactory(username="juez_de_otro")
    EventFactory().judges.add(foreign)
    return {"judge": judge, "head_judge": head, "organizer": organizer, "foreign_judge": foreign,
            "plain": UserFactory(username="cualquiera"), "anonymous": None}


def table_one(event) -> Table:
    return Table.objects.select_related("round").get(
        round__event=event, round__number=selectors.current_round(event).number, table_number=1
    )


def new_url(match: Table) -> str:
    return reverse("judge:penalty_new", args=[match.round.event_id, match.round.number, match.table_number])


def form_data(match: Table, registration: Registration, infraction: str, **extra) -> dict:
    data = {"registration": registration.pk, "infraction": infraction, "game_number": 1, "minutes_late": "",
            "chosen_penalty": "", "hearts_before": "", "deck_count": "", "notes": "", "ruling_id": ""}
    data.update(extra)
    return data


def preview_then_confirm(client, match: Table, data: dict):
    """Ask for the decision, then confirm it with the fingerprint the page gave."""
    preview = client.post(new_url(match), {**data, "action": "preview"})
    assert preview.status_code == 200, preview.content
    fingerprint = re.search(r'name="fingerprint" value="([0-9a-f]+)"', preview.content.decode()).group(1)
    return client.post(new_url(match), {**data, "action": "confirm", "fingerprint": fingerprint})


def login(client, user):
    if user is not None:
        client.force_login(user)
    return client


# --------------------------------------------------------------------------- permissions


PAGES = ["penalty_new", "penalty_log", "penalty_detail", "table_rulings"]


def page_url(name: str, event, penalty: Penalty) -> str:
    match = table_one(event)
    if name in ("penalty_new", "table_rulings"):
        return reverse(f"judge:{name}", args=[event.pk, match.round.number, match.table_number])
    if name == "penalty_detail":
        return reverse("judge:penalty_detail", args=[event.pk, penalty.pk])
    return reverse("judge:penalty_log", args=[event.pk])


@pytest.mark.parametrize("name", PAGES)
@pytest.mark.parametrize("role, expected", [
    ("anonymous", 302), ("plain", 403), ("foreign_judge", 403),
    ("judge", 200), ("head_judge", 200), ("organizer", 200),
])
def test_penalty_pages_permission_matrix(client, event, users, name, role, expected):
    penalty = penalties.penalty_issue(registration=table_one(event).player_a, infraction_code="procedural_no_draw")
    response = login(client, users[role]).get(page_url(name, event, penalty))
    assert response.status_code == expected
    if expected == 302:
        assert response["Location"].startswith(reverse("login"))
    if expected == 403:
        assert "Sin permiso" in response.content.decode()


@pytest.mark.parametrize("role, expected", [
    ("anonymous", 302), ("plain", 403), ("foreign_judge", 403), ("judge", 200), ("organizer", 200),
])
def test_player_history_is_for_judges_and_organizers_only(client, event, users, role, expected):
    reg = table_one(event).player_a
    penalties.penalty_issue(registration=reg, infraction_code="procedural_no_draw")
    response = login(client, users[role]).get(reverse("judge:player_penalties", args=[reg.player.player_number]))
    assert response.status_code == expected


@pytest.mark.parametrize("role, expected", [("judge", 403), ("head_judge", 302), ("organizer", 302)])
def test_only_the_head_judge_or_an_organizer_revises(client, event, users, role, expected):
    penalty = penalties.penalty_issue(registration=table_one(event).player_a, infraction_code="procedural_no_draw")
    url = reverse("judge:penalty_detail", args=[event.pk, penalty.pk])
    response = login(client, users[role]).post(url, {"new_type": "game_loss", "reason": "Reincidente"})
    assert response.status_code == expected
    penalty.refresh_from_db()
    assert penalty.penalty_type == ("warning" if expected == 403 else "game_loss")


def test_public_users_cannot_post_a_penalty(client, event, users):
    match = table_one(event)
    response = login(client, users["plain"]).post(
        new_url(match), {**form_data(match, match.player_a, "misconduct"), "action": "preview"})
    assert response.status_code == 403
    assert Penalty.objects.count() == 0


# --------------------------------------------------------------------------- recording at the table


def test_table_page_links_to_penalty_and_ruling(client, event, users):
    match = table_one(event)
    html = login(client, users["judge"]).get(
        reverse("judge:table", args=[event.pk, match.round.number, match.table_number])).content.decode()
    assert f'href="{new_url(match)}"' in html
    assert reverse("judge:table_rulings", args=[event.pk, match.round.number, match.table_number]) in html


def test_penalty_page_offers_the_games_infractions_in_spanish(client, event, users):
    match = table_one(event)
    html = login(client, users["judge"]).get(new_url(match)).content.decode()
    for inf in ladder.infractions("weed_monsters"):
        assert f'<option value="{inf.code}">{inf.name_es}</option>' in html
    assert "Llegada tarde a la mesa" in html and "Minutos de demora" in html
    assert match.player_a.player.display_name in html and match.player_b.player.display_name in html
    assert 'name="action" value="confirm"' not in html  # nothing to confirm before the preview


def test_preview_shows_the_third_warning_escalation_before_confirming(client, event, users):
    match = table_one(event)
    offender = match.player_a
    penalties.penalty_issue(registration=offender, infraction_code="procedural_no_draw")
    penalties.penalty_issue(registration=offender, infraction_code="play_area")
    response = login(client, users["judge"]).post(
        new_url(match), {**form_data(match, offender, "procedural_no_shuffle"), "action": "preview"})
    html = response.content.decode()
    assert response.status_code == 200
    assert THIRD_WARNING in html
    assert "Warnings en la fecha: 2 antes, 3 con esta" in html
    assert "Queda descalificado de la fecha" in html
    assert "Confirmar penalidad" in html
    # The earlier penalties of the day are on the page.
    assert html.count('data-penalty') == 0 and "No robar la carta del turno: Warning" in html
    assert Penalty.objects.filter(registration=offender).count() == 2  # nothing recorded yet
    assert not Registration.objects.get(pk=offender.pk).disqualified


def test_first_warning_preview_is_a_simple_warning(client, event, users):
    match = table_one(event)
    html = login(client, users["judge"]).post(
        new_url(match), {**form_data(match, match.player_b, "procedural_no_draw"), "action": "preview"}
    ).content.decode()
    assert '<p class="headline">Warning</p>' in html
    assert "Warnings en la fecha: 0 antes, 1 con esta" in html
    assert "Reglamento Weed Monsters (06/09/2024) § 10.3. Los Jueces; § 6.2. Fase de Robo" in html


def test_third_warning_through_the_page_disqualifies_marks_the_standings_and_skips_the_top_cut(client, users):
    event = build_event(8, rounds=3, cut_size=4)
    leader_id = selectors.standing_rows(event)[0].registration_id
    match = Table.objects.select_related("round").get(
        seats__registration_id=leader_id, round__event=event, round__number=3
    )
    leader = Registration.objects.select_related("player").get(pk=leader_id)
    penalties.penalty_issue(registration=leader, infraction_code="procedural_no_draw")
    penalties.penalty_issue(registration=leader, infraction_code="procedural_no_shuffle")

    response = preview_then_confirm(login(client, users_for(event, users)), match,
                                    form_data(match, leader, "procedural_play_order", notes="Jugó dos gemas"))

    third = Penalty.objects.filter(registration=leader).latest("pk")
    assert response.status_code == 302
    assert response["Location"] == reverse("judge:penalty_detail", args=[event.pk, third.pk])
    assert (third.penalty_type, third.warning_count_after, third.notes) == ("disqualification", 3, "Jugó dos gemas")
    assert third.issued_by.username == "juez"
    leader.refresh_from_db()
    match.refresh_from_db()
    assert leader.disqualified and leader.dropped
    leader_is_a = match.player_a_id == leader.pk
    assert (match.games_a, match.games_b) == ((0, 2) if leader_is_a else (2, 0))
    assert match.status == MatchStatus.REPORTED
    detail = client.get(response["Location"]).content.decode()
    assert "Penalidad registrada" in detail and THIRD_WARNING in detail
    assert "Esta inscripción tiene una descalificación de la fecha." in detail

    # Public standings mark the player.
    standings = client.get(reverse("public:standings", args=[event.pk])).content.decode()
    row = re.search(rf'<tr class="dropped" data-registration="{leader.pk}">(.*?)</tr>', standings, re.S)
    assert row and "descalificación" in row.group(1)

    # The top cut skips the player; the next one in the standings moves up.
    play(match.round)
    rows = selectors.standing_rows(event)
    expected = [r.registration_id for r in rows if not r.disqualified and not r.dropped][:4]
    semis = services.top_cut_start(event=event)
    in_cut = {m.player_a_id for m in semis.tables.all()} | {m.player_b_id for m in semis.tables.all()}
    assert leader.pk not in in_cut
    assert in_cut == set(expected)


def users_for(event, users):
    """The ``juez`` user, made a judge of ``event`` too."""
    event.judges.add(users["judge"])
    return users["judge"]


def test_a_changed_record_since_the_preview_asks_again(client, event, users):
    match = table_one(event)
    offender = match.player_a
    client = login(client, users["judge"])
    data = form_data(match, offender, "procedural_no_draw")
    preview = client.post(new_url(match), {**data, "action": "preview"}).content.decode()
    fingerprint = re.search(r'name="fingerprint" value="([0-9a-f]+)"', preview).group(1)
    # Another judge records a penalty for the same player meanwhile.
    penalties.penalty_issue(registration=offender, infraction_code="play_area")
    response = client.post(new_url(match), {**data, "action": "confirm", "fingerprint": fingerprint})
    assert response.status_code == 200
    assert "Algo cambió desde la vista previa" in response.content.decode()
    assert Penalty.objects.filter(registration=offender).count() == 1


def test_confirm_without_a_preview_only_previews(client, event, users):
    match = table_one(event)
    response = login(client, users["judge"]).post(
        new_url(match), {**form_data(match, match.player_a, "procedural_no_draw"), "action": "confirm"})
    assert response.status_code == 200
    assert Penalty.objects.count() == 0


def test_service_errors_are_form_errors(client, event, users):
    match = table_one(event)
    response = login(client, users["judge"]).post(
        new_url(match), {**form_data(match, match.player_b, "tardiness"), "action": "preview"})
    assert response.status_code == 200
    assert "Indicá los minutos de demora." in response.content.decode()
    assert Penalty.objects.count() == 0


def test_tardiness_of_twelve_minutes_loses_the_match_0_2(client, event, users):
    match = table_one(event)
    late = match.player_b
    response = preview_then_confirm(login(client, users["judge"]), match,
                                    form_data(match, late, "tardiness", minutes_late=12, game_number=""))
    assert response.status_code == 302
    match.refresh_from_db()
    assert (match.games_a, match.games_b, match.status) == (2, 0, MatchStatus.REPORTED)
    assert Penalty.objects.get().penalty_type == "match_loss"


def test_tardiness_is_not_called_a_warning(client, event, users):
    """R-000-77: more than 5 minutes late loses game 1 — no Warning, so not "Warning y pérdida…"."""
    match = table_one(event)
    penalties.penalty_issue(registration=match.player_b, infraction_code="tardiness", minutes_late=7)
    html = login(client, users["judge"]).get(reverse("judge:penalty_log", args=[event.pk])).content.decode()
    assert '<span class="badge badge-warn">Pérdida de la partida</span>' in html
    assert "Warning y pérdida de la partida" not in html


def test_a_judge_cannot_choose_a_disqualification_but_the_head_judge_can(client, event, users):
    match = table_one(event)
    data = {**form_data(match, match.player_a, "misconduct", chosen_penalty="disqualification"), "action": "preview"}
    html = login(client, users["judge"]).post(new_url(match), data).content.decode()
    assert "Esa sanción la elige el juez principal" in html
    client.logout()
    response = preview_then_confirm(login(client, users["head_judge"]), match, {
        k: v for k, v in data.items() if k != "action"})
    assert response.status_code == 302
    assert Registration.objects.get(pk=match.player_a_id).disqualified


def test_penalty_with_a_cited_ruling_shows_it(client, event, users):
    match = table_one(event)
    ruling = "wm.turn.draw_mandatory"
    response = preview_then_confirm(login(client, users["judge"]), match,
                                    form_data(match, match.player_a, "procedural_no_draw", ruling_id=ruling))
    penalty = Penalty.objects.get()
    assert penalty.ruling_id == ruling
    detail = client.get(response["Location"]).content.decode()
    assert "¿Es obligatorio robar al inicio del turno?" in detail


def test_a_table_of_an_earlier_round_takes_no_penalty(client, users):
    event = build_event(8, rounds=2)
    event.judges.add(users_for(event, users))
    old = Table.objects.select_related("round").get(round__event=event, round__number=1, table_number=1)
    html = login(client, users["judge"]).get(new_url(old)).content.decode()
    assert "Esta mesa no es de la ronda en curso" in html
    assert 'id="penalty-form"' not in html


# --------------------------------------------------------------------------- log, revisions, history


def test_log_lists_the_events_penalties_and_filters_by_player(client, event, users):
    match = table_one(event)
    penalties.penalty_issue(registration=match.player_a, infraction_code="procedural_no_draw", notes="olvido")
    penalties.penalty_issue(registration=match.player_b, infraction_code="play_area")
    url = reverse("judge:penalty_log", args=[event.pk])
    html = login(client, users["judge"]).get(url).content.decode()
    assert html.count("data-penalty=") == 2
    assert "No robar la carta del turno" in html and "Área de juego desordenada" in html
    assert "Notas: olvido" in html
    filtered = client.get(url, {"q": match.player_b.player.display_name.upper()}).content.decode()
    assert filtered.count("data-penalty=") == 1


def test_log_query_count_does_not_grow_with_the_entries(client, event, users):
    match = table_one(event)
    client = login(client, users["judge"])
    url = reverse("judge:penalty_log", args=[event.pk])
    first = penalties.penalty_issue(registration=match.player_a, infraction_code="procedural_no_draw")
    penalties.penalty_revise(penalty=first, new_type="game_loss", reason="Reincide", revised_by=users["head_judge"])
    with CaptureQueriesContext(connection) as one:
        client.get(url)
    for code in ("play_area", "procedural_no_draw"):
        p = penalties.penalty_issue(registration=match.player_b, infraction_code=code)
        penalties.penalty_revise(penalty=p, new_type="game_loss", reason="Revisada", revised_by=users["organizer"])
    with CaptureQueriesContext(connection) as three:
        client.get(url)
    assert len(three) == len(one)


def test_head_judge_revises_with_a_reason_and_the_revision_is_shown(client, event, users):
    match = table_one(event)
    penalty = penalties.penalty_issue(registration=match.player_a, infraction_code="procedural_no_draw")
    url = reverse("judge:penalty_detail", args=[event.pk, penalty.pk])
    client = login(client, users["head_judge"])
    missing = client.post(url, {"new_type": "game_loss", "reason": ""})
    assert missing.status_code == 200 and "Este campo es requerido." in missing.content.decode()
    response = client.post(url, {"new_type": "game_loss", "reason": "Segunda vez que no roba"})
    assert response.status_code == 302
    penalty.refresh_from_db()
    assert (penalty.penalty_type, penalty.original_type) == ("game_loss", "warning")
    html = client.get(url).content.decode()
    revisions = re.search(r'<table class="history" id="revisions">(.*?)</table>', html, re.S).group(1)
    assert "principal" in revisions
    assert "Warning → <strong>Warning y pérdida de la partida</strong>" in revisions
    assert "Segunda vez que no roba" in revisions
    assert "Penalidad revisada: Warning → Warning y pérdida de la partida." in html
    # The log shows the original and the revision too.
    log = client.get(reverse("judge:penalty_log", args=[event.pk])).content.decode()
    assert "original: Warning" in log and "Segunda vez que no roba" in log


def test_upgrade_to_disqualification_through_the_page_disqualifies(client, event, users):
    match = table_one(event)
    penalty = penalties.penalty_issue(registration=match.player_a, infraction_code="procedural_no_draw")
    login(client, users["organizer"]).post(reverse("judge:penalty_detail", args=[event.pk, penalty.pk]),
                                           {"new_type": "disqualification", "reason": "Agresión"})
    assert Registration.objects.get(pk=match.player_a_id).disqualified


def test_player_history_spans_events(client, event, users):
    reg = table_one(event).player_a
    other = build_event(4)
    other_reg = Registration.objects.create(event=other, player=reg.player, checked_in=True)
    penalties.penalty_issue(registration=reg, infraction_code="procedural_no_draw")
    penalties.penalty_issue(registration=other_reg, infraction_code="misconduct", head_judge_disqualifies=True)
    html = login(client, users["judge"]).get(
        reverse("judge:player_penalties", args=[reg.player.player_number])).content.decode()
    assert html.count("data-penalty=") == 2
    assert event.name in html and other.name in html
    assert "2 eventos" in html and "1 descalificación" in html
    # Only the entries of events the user judges link to their detail page.
    assert reverse("judge:penalty_detail", args=[event.pk, reg.penalties.get().pk]) in html
    assert f"/juez/eventos/{other.pk}/penalidades/" not in html


# --------------------------------------------------------------------------- rulings


def test_rulings_search_ignores_accents(client):
    url = reverse("rulings:search")
    plain = client.get(url, {"q": "resolucion"}).content.decode()
    accented = client.get(url, {"q": "Resolución"}).content.decode()
    assert 'data-ruling="bm.actions.resolution"' in plain
    ids = re.findall(r'data-ruling="([^"]+)"', plain)
    assert ids == re.findall(r'data-ruling="([^"]+)"', accented)
    executed = client.get(url, {"q": "ejecucion"}).content.decode()
    assert 'data-ruling="wm.priority.resolution_order"' in executed
    assert "Reglamento Weed Monsters (06/09/2024) § ¿En qué orden ocurre la ejecución de las cartas?" in executed


def test_rulings_search_filters_by_game_and_shows_sources(client):
    html = client.get(reverse("rulings:search"), {"q": "prioridad", "game": "blobbiemundo"}).content.decode()
    ids = re.findall(r'data-ruling="([^"]+)"', html)
    assert ids and all(i.startswith("bm.") for i in ids)
    assert "Fuente: Reglamento Blobbiemundo v2.4 § Acciones" in html


def test_rulings_search_without_a_query_lists_the_catalogue(client):
    html = client.get(reverse("rulings:search")).content.decode()
    assert len(re.findall(r'data-ruling="', html)) == len(CATALOG)


def test_chain_helper_resolves_the_rulebook_example(client):
    response = client.get(reverse("rulings:chain"), {
        "game": "weed_monsters", "plays": "Yo: Medallón\nRival: Quemaduras\nYo: Black Jack (anula 2)"})
    html = response.content.decode()
    steps = re.search(r'<ol>(.*?)</ol>', html, re.S).group(1)
    order = re.findall(r"<strong>([^<]+)</strong>", steps)
    assert order == ["Black Jack", "Quemaduras", "Medallón"]
    assert "no se aplica: la anuló la línea 3" in steps


def test_chain_helper_rejects_a_negation_of_a_later_play(client):
    html = client.get(reverse("rulings:chain"), {"game": "weed_monsters",
                                                  "plays": "Medallón (anula 2)\nQuemaduras"}).content.decode()
    assert "Línea 1: sólo puede anular una jugada anterior" in html


def test_judge_attaches_a_ruling_from_the_table_and_the_table_page_shows_it(client, event, users):
    match = table_one(event)
    url = reverse("judge:table_rulings", args=[event.pk, match.round.number, match.table_number])
    client = login(client, users["judge"])
    search = client.get(url, {"q": "mazo vacio"}).content.decode()
    assert 'data-ruling="wm.advanced.draw_more_than_deck"' in search
    response = client.post(url, {"ruling_id": "wm.advanced.draw_more_than_deck", "note": "Fasent con 2 cartas"})
    table_url = reverse("judge:table", args=[event.pk, match.round.number, match.table_number])
    assert response.status_code == 302 and response["Location"] == table_url
    attached = MatchRuling.objects.get()
    assert (attached.match_id, attached.given_by, attached.note) == (match.pk, users["judge"], "Fasent con 2 cartas")
    html = client.get(table_url).content.decode()
    assert "¿Qué ocurre cuando tenés que robar más cartas de las que tenés?" in html
    assert "Fasent con 2 cartas" in html
    assert "Resolución adjuntada a la mesa 1" in html


def test_attaching_an_unknown_ruling_is_refused(client, event, users):
    match = table_one(event)
    url = reverse("judge:table_rulings", args=[event.pk, match.round.number, match.table_number])
    html = login(client, users["judge"]).post(url, {"ruling_id": "no.existe"}).content.decode()
    assert "Esa resolución no existe en el catálogo." in html
    assert MatchRuling.objects.count() == 0


# --------------------------------------------------------------------------- labels and language


def test_catalog_text_covers_every_ladder_name_and_label():
    names = {inf.name_es for lad in ladder.LADDERS.values() for inf in lad.infractions.values()}
    labels = {label for lad in ladder.LADDERS.values() for label in lad.labels_es.values()}
    assert names | labels == set(CATALOG_TEXT)


def test_source_label_shortens_rule_citations():
    source = ('Rule: 000_0014b2ac83da54b4.txt § "10.3. Los Jueces"; § "6.2. Fase de Robo"; '
              "Default: DESIGN.md decision 10; RULES-TRACE ambiguity 26")
    assert source_label(source) == (
        "Reglamento Weed Monsters (06/09/2024) § 10.3. Los Jueces; § 6.2. Fase de Robo; criterio de Arena"
    )


def test_penalty_page_in_english(client, event, users):
    """The pages follow the language switch; the language active before is restored after."""
    with translation.override(translation.get_language()):
        match = table_one(event)
        penalties.penalty_issue(registration=match.player_a, infraction_code="procedural_no_draw")
        penalties.penalty_issue(registration=match.player_a, infraction_code="play_area")
        client = login(client, users["judge"])
        client.post(reverse("set_language"), {"language": "en"})
        html = client.post(new_url(match), {**form_data(match, match.player_a, "procedural_no_shuffle"),
                                            "action": "preview"}).content.decode()
        assert '<html lang="en">' in html
        assert ("Third warning of the day: loses the current game and is disqualified "
                "(Reglamento Weed Monsters (06/09/2024) § 10.3. Los Jueces)") in html
        assert "Confirm penalty" in html
        assert "Did not shuffle the deck" in html
        rulings = client.get(reverse("rulings:search")).content.decode()
        assert "Rulings of the rulebook" in rulings


# --------------------------------------------------------------------------- admin


def test_penalty_admin_is_read_only_scoped_and_shows_revisions(rf, event, users):
    from django.contrib import admin

    from tournaments.admin.penalties import PenaltyAdmin, PenaltyRevisionInline

    match = table_one(event)
    penalty = penalties.penalty_issue(registration=match.player_a, infraction_code="procedural_no_draw")
    penalties.penalty_revise(penalty=penalty, new_type="game_loss", reason="Reincide", revised_by=users["head_judge"])
    penalty.refresh_from_db()
    model_admin = PenaltyAdmin(Penalty, admin.site)
    request = rf.get("/admin/tournaments/penalty/")
    request.user = users["organizer"]
    assert list(model_admin.get_queryset(request)) == [penalty]
    request.user = UserFactory(username="orga_de_otra_sede", is_staff=True)
    EventFactory().venue.organizers.add(request.user)
    assert list(model_admin.get_queryset(request)) == []
    assert not model_admin.has_add_permission(request) and not model_admin.has_delete_permission(request, penalty)
    with translation.override("es-ar"):
        assert (model_admin.infraction(penalty), model_admin.penalty(penalty), model_admin.original(penalty)) == (
            "No robar la carta del turno", "Warning y pérdida de la partida", "Warning")
        inline = PenaltyRevisionInline(Penalty, admin.site)
        revision = penalty.revisions.get()
        assert (inline.from_label(revision), inline.to_label(revision)) == ("Warning",
                                                                            "Warning y pérdida de la partida")
    assert model_admin.revised(penalty)
    assert reverse("judge:penalty_detail", args=[event.pk, penalty.pk]) in model_admin.judge_page(penalty)
    assert not inline.has_add_permission(request)
