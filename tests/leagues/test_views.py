"""League pages, CSV, API and admin: public reads, organizer pages for venue organizers,
bounded queries (the same count for 1 and 3 events)."""
import csv
import datetime
import io

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from leagues import selectors, services
from leagues.models import CollectionConfirmation, LedgerEntry, Season
from rules.models import Game
from tests.factories import PlayerFactory, UserFactory, VenueFactory
from tournaments.enums import EventKind
from tournaments.models import Event

from .helpers import play_round_robin

pytestmark = [pytest.mark.integration, pytest.mark.django_db]

D1, D2, D3 = datetime.date(2024, 2, 3), datetime.date(2024, 2, 17), datetime.date(2024, 3, 2)


@pytest.fixture
def league():
    """Two Super Liga dates and a virtual event; Ana and Beto tie on season
    points. Virtual: Caro 1+3, Ana 1+2 (all-time only)."""
    palermo = VenueFactory(name="Sede Palermo", province="CABA")
    cordoba = VenueFactory(name="Sede Córdoba Centro", province="Córdoba")
    ana = PlayerFactory(display_name="Ana Muñoz", player_number="WM-0001", home_venue=palermo)
    beto = PlayerFactory(display_name="Beto Ibáñez", player_number="WM-0002", home_venue=cordoba)
    caro = PlayerFactory(display_name="Caro Peña", player_number="WM-0003", home_venue=palermo)
    # D1 at Palermo: Ana 1+3, Beto 1+2+2, Caro 1+1.  D2 at Córdoba: Beto 1+3, Ana 1+2+2, Caro 1+2+1.
    play_round_robin(name="Fecha 1", venue=palermo, date=D1, ranking=[ana, beto, caro])
    play_round_robin(name="Fecha 2", venue=cordoba, date=D2, ranking=[beto, ana, caro])
    play_round_robin(name="Virtual", venue=None, date=D1, ranking=[caro, ana], kind=EventKind.VIRTUAL)
    season = Season.objects.get(year=2024)
    return {"season": season, "ana": ana, "beto": beto, "caro": caro, "palermo": palermo}


def test_season_table_ties_share_the_rank(league):
    rows = selectors.season_table(league["season"])

    assert [(r.rank, r.display_name, r.points, r.tied, r.dates_played) for r in rows] == [
        (1, "Ana Muñoz", 9, True, 2),
        (1, "Beto Ibáñez", 9, True, 2),
        (3, "Caro Peña", 6, False, 2),
    ]


def test_venue_tables_rank_players_within_their_home_venue(league):
    tables = selectors.season_venue_tables(league["season"])

    assert [(t.venue, [(r.rank, r.display_name) for r in t.rows]) for t in tables] == [
        ("Sede Córdoba Centro", [(1, "Beto Ibáñez")]),
        ("Sede Palermo", [(1, "Ana Muñoz"), (2, "Caro Peña")]),
    ]


def test_all_time_ranking_adds_the_virtual_event(league):
    rows = selectors.all_time_ranking(game=league["season"].game)

    assert [(r.rank, r.display_name, r.points) for r in rows] == [
        (1, "Ana Muñoz", 12), (2, "Caro Peña", 10), (3, "Beto Ibáñez", 9),
    ]


def test_public_pages_render_in_spanish(client, league):
    season = league["season"]
    pages = {
        reverse("leagues:seasons"): "Super Liga 2024",
        reverse("leagues:season", args=[season.pk]): "Tabla nacional de la temporada",
        reverse("leagues:venue_tables", args=[season.pk]): "Sede Córdoba Centro",
        reverse("leagues:all_time"): "Ranking Nacional (Histórico)",
        reverse("leagues:badges", args=[season.pk]): "1/3 fechas en otra provincia",
        reverse("leagues:player", args=[season.pk, "WM-0001"]): "2/15 fechas",
    }
    for url, text in pages.items():
        response = client.get(url)
        assert response.status_code == 200, url
        assert text in response.content.decode(), url


def test_season_page_shows_ties_as_ties(client, league):
    html = client.get(reverse("leagues:season", args=[league["season"].pk])).content.decode()

    assert html.count("(empate)") == 2


def test_player_page_shows_badge_progress_and_ledger(client, league):
    html = client.get(reverse("leagues:player", args=[league["season"].pk, "WM-0002"])).content.decode()

    assert "Beto Ibáñez" in html
    assert "1/3 fechas en otra provincia" in html
    assert "Fuera de la provincia" in html
    assert "Puesto 1 con 9 puntos" in html


def test_unknown_season_or_player_is_404(client, league):
    assert client.get(reverse("leagues:season", args=[999])).status_code == 404
    assert client.get(reverse("leagues:player", args=[league["season"].pk, "XX-1"])).status_code == 404


def test_season_csv_has_spanish_header_and_tied_ranks(client, league):
    response = client.get(reverse("leagues:season_csv", args=[league["season"].pk]))

    assert response["Content-Type"] == "text/csv; charset=utf-8"
    rows = list(csv.reader(io.StringIO(response.content.decode("utf-8-sig")), delimiter=";"))
    assert rows == [
        ["Puesto", "Empate", "Jugador", "Número", "Sede", "Provincia", "Puntos", "Fechas"],
        ["1", "sí", "Ana Muñoz", "WM-0001", "Sede Palermo", "CABA", "9", "2"],
        ["1", "sí", "Beto Ibáñez", "WM-0002", "Sede Córdoba Centro", "Córdoba", "9", "2"],
        ["3", "no", "Caro Peña", "WM-0003", "Sede Palermo", "CABA", "6", "2"],
    ]


def test_venue_and_all_time_csv(client, league):
    venues = client.get(reverse("leagues:venue_tables_csv", args=[league["season"].pk])).content.decode("utf-8-sig")
    ranking = client.get(reverse("leagues:all_time_csv")).content.decode("utf-8-sig")

    assert venues.splitlines()[1] == "Sede Córdoba Centro;1;no;Beto Ibáñez;WM-0002;9;2"  # es-AR: «;»
    assert ranking.splitlines()[1] == "1;no;Ana Muñoz;WM-0001;Sede Palermo;CABA;12"


@pytest.mark.parametrize("name", ["qualification", "prizes"])
def test_organizer_pages_are_for_venue_organizers_only(client, league, name):
    url = reverse(f"leagues:{name}", args=[league["season"].pk])

    response = client.get(url)
    assert response.status_code == 302 and response["Location"].startswith(reverse("login"))
    client.force_login(UserFactory(username="jugador"))
    assert client.get(url).status_code == 403
    client.force_login(UserFactory(username="staff", is_staff=True))  # staff of nothing
    assert client.get(url).status_code == 403
    organizer = UserFactory(username="organizador")
    league["palermo"].organizers.add(organizer)
    client.force_login(organizer)
    assert client.get(url).status_code == 200


def test_qualification_page_lists_la_final_and_nacional(client, league):
    client.force_login(UserFactory(username="staff", is_staff=True, is_superuser=True))

    html = client.get(reverse("leagues:qualification", args=[league["season"].pk])).content.decode()

    assert "Super Liga La Final" in html
    assert "las listas son parciales" in html
    assert "Ana Muñoz" in html and "Beto Ibáñez" in html


def test_prizes_page_lists_packs_and_promos(client, league):
    client.force_login(UserFactory(username="staff", is_staff=True, is_superuser=True))

    html = client.get(reverse("leagues:prizes", args=[league["season"].pk])).content.decode()

    assert "Sobres de evento" in html
    assert "Nadie jugó todavía las dos fechas de un mes." not in html  # all three played both February dates
    assert html.count("WM-0003") == 3  # two packs and one promo card


def test_prizes_page_lists_only_the_packs_of_the_organizers_venues(client, league):
    organizer = UserFactory(username="organizador")
    league["palermo"].organizers.add(organizer)
    client.force_login(organizer)

    html = client.get(reverse("leagues:prizes", args=[league["season"].pk])).content.decode()

    # Caro's pack of Fecha 1 (Palermo) and the promo card; not the Córdoba pack.
    assert html.count("WM-0003") == 2


def test_api_season_table_and_ranking(client, league):
    season = league["season"]

    table = client.get(f"/api/leagues/seasons/{season.pk}/table/").json()
    ranking = client.get("/api/leagues/ranking/").json()

    assert [(r["rank"], r["tied"], r["player_number"], r["points"]) for r in table["rows"]] == [
        (1, True, "WM-0001", 9), (1, True, "WM-0002", 9), (3, False, "WM-0003", 6),
    ]
    assert ranking["game"] == "weed_monsters"
    assert [r["points"] for r in ranking["rows"]] == [12, 10, 9]


def test_api_seasons_venues_badges_and_player(client, league):
    season = league["season"]

    seasons = client.get("/api/leagues/seasons/").json()
    detail = client.get(f"/api/leagues/seasons/{season.pk}/").json()
    venues = client.get(f"/api/leagues/seasons/{season.pk}/venues/").json()
    badges = client.get(f"/api/leagues/seasons/{season.pk}/badges/").json()
    player = client.get(f"/api/leagues/seasons/{season.pk}/players/WM-0001/").json()

    assert [s["title"] for s in seasons] == ["Super Liga 2024"]
    assert len(detail["dates"]) == 18 and detail["dates"][0] == {"number": 1, "date": "2024-02-03"}
    assert [v["venue"] for v in venues] == ["Sede Córdoba Centro", "Sede Palermo"]
    ana = next(b for b in badges if b["player_number"] == "WM-0001")
    assert ana["badges"][0]["label"] == "2/15 fechas"
    assert player["season_row"]["rank"] == 1
    assert player["badges"][1]["label"] == "1/3 fechas en otra provincia"
    assert len(player["entries"]) == 7  # 5 items posted to both tables, 2 of the virtual event
    assert player["entries"][0]["scope"] == "Temporada (Super Liga) · Ranking Nacional (Histórico)"


def test_api_is_read_only_and_404s(client, league):
    season = league["season"]

    assert client.post(f"/api/leagues/seasons/{season.pk}/table/").status_code == 405
    missing = client.get("/api/leagues/seasons/999/table/")
    assert missing.status_code == 404
    assert client.get(f"/api/leagues/seasons/{season.pk}/players/XX-1/").status_code == 404


def test_api_player_without_appearances_has_no_badges(client, league):
    outsider = PlayerFactory(player_number="WM-0099")

    data = client.get(f"/api/leagues/seasons/{league['season'].pk}/players/{outsider.player_number}/").json()

    assert data["badges"] is None and data["season_row"] is None


def _count_queries(func) -> int:
    with CaptureQueriesContext(connection) as ctx:
        func()
    return len(ctx.captured_queries)


def test_selectors_run_the_same_number_of_queries_for_one_and_three_events():
    palermo = VenueFactory(name="Sede Palermo", province="CABA")
    players = [PlayerFactory(home_venue=palermo) for _ in range(4)]
    play_round_robin(name="F1", venue=palermo, date=D1, ranking=players)
    season = Season.objects.select_related("game").get(year=2024)
    services.collection_confirm(season=season, player=players[0], by=UserFactory())
    readers = [
        lambda: selectors.season_table(season),
        lambda: selectors.season_venue_tables(season),
        lambda: selectors.all_time_ranking(game=season.game),
        lambda: selectors.season_badge_rows(season),
        lambda: selectors.prizes(season),
        lambda: selectors.qualification(season),
        lambda: selectors.player_league(season, players[0]),
    ]
    one = [_count_queries(r) for r in readers]

    more = [PlayerFactory(home_venue=VenueFactory(province="Córdoba")) for _ in range(4)]
    play_round_robin(name="F2", venue=palermo, date=D2, ranking=more + players[:2])
    play_round_robin(name="F3", venue=palermo, date=D3, ranking=players[2:] + more[:2])
    three = [_count_queries(r) for r in readers]

    assert one == three


def test_admin_pages_render_for_staff(admin_client, league):
    season = league["season"]
    urls = [
        reverse("admin:leagues_season_changelist"),
        reverse("admin:leagues_season_change", args=[season.pk]),
        reverse("admin:leagues_season_add"),
        reverse("admin:leagues_leagueevent_changelist"),
        reverse("admin:leagues_leagueevent_change", args=[Event.objects.get(name="Fecha 1").pk]),
        reverse("admin:autocomplete")
        + "?app_label=leagues&model_name=eventleaguedate&field_name=season_date&term=2024",
        reverse("admin:leagues_ledgerentry_changelist"),
        reverse("admin:leagues_badgeaward_add"),
        reverse("admin:leagues_collectionconfirmation_add"),
    ]
    for url in urls:
        assert admin_client.get(url).status_code == 200, url


def test_admin_season_add_generates_the_dates(admin_client):
    game = Game.objects.get(key="weed_monsters")
    response = admin_client.post(reverse("admin:leagues_season_add"), {
        "game": game.pk, "year": 2025, "name": "", "nacional_quota": 2, "attendance_target": 15,
        "dates-TOTAL_FORMS": 0, "dates-INITIAL_FORMS": 0, "dates-MIN_NUM_FORMS": 0, "dates-MAX_NUM_FORMS": 1000,
    })

    assert response.status_code == 302
    season = Season.objects.get(year=2025)
    assert season.dates.count() == 18
    assert season.dates.order_by("date").first().date == datetime.date(2025, 2, 1)


def test_admin_recompute_action_posts_a_correction(admin_client, league):
    event = Event.objects.get(name="Fecha 1")
    Event.objects.filter(pk=event.pk).update(podium_first=event.podium_second_id,
                                             podium_second=event.podium_first_id)

    response = admin_client.post(reverse("admin:leagues_leagueevent_changelist"), {
        "action": "recompute_points", "_selected_action": [event.pk],
    })

    assert response.status_code == 302
    assert LedgerEntry.objects.filter(event=event, reason="reversal").count() == 4


def test_admin_collection_confirmation_records_the_organizer(admin_client, admin_user, league):
    response = admin_client.post(reverse("admin:leagues_collectionconfirmation_add"), {
        "season": league["season"].pk, "player": league["beto"].pk, "note": "Holo completa",
    })

    assert response.status_code == 302
    confirmation = CollectionConfirmation.objects.get()
    assert (confirmation.player, confirmation.confirmed_by) == (league["beto"], admin_user)
    assert selectors.player_badges(league["season"], league["beto"]).get("collection").earned


def test_admin_badge_award_form_shows_the_refusal(admin_client, league):
    bq = play_round_robin(name="BQ", venue=league["palermo"], date=datetime.date(2024, 2, 10),
                          ranking=[league["ana"], league["caro"]], kind=EventKind.BREEDER_QUEST)
    response = admin_client.post(reverse("admin:leagues_badgeaward_add"), {
        "season": league["season"].pk, "player": league["caro"].pk, "badge": "collection",
        "reason": "Breeder Quest", "event": bq.pk,
    })

    assert response.status_code == 200
    assert "la insignia a elección es del 1er puesto" in response.content.decode()
    assert Event.objects.filter(badge_awards__isnull=False).count() == 0


def test_verano_final_seeds_the_venue_qualifiers_and_names_the_representative():
    """R-000-57: 1st and 2nd of the two January dates meet in a venue final
    that gives no points; its winner represents the venue."""
    palermo = VenueFactory(name="Sede Palermo", province="CABA")
    a, b, c = (PlayerFactory(display_name=n, home_venue=palermo) for n in ("Ana", "Beto", "Caro"))
    season = services.season_create(game=Game.objects.get(key="weed_monsters"), year=2024)
    # Ana 1+3 and 1+2 = 7; Caro 1+1 and 1+3 = 6; Beto 1+2 and 1+1 = 5.
    play_round_robin(name="Verano 1", venue=palermo, date=datetime.date(2024, 1, 6), ranking=[a, b, c],
                     kind=EventKind.VERANO)
    play_round_robin(name="Verano 2", venue=palermo, date=datetime.date(2024, 1, 13), ranking=[c, a, b],
                     kind=EventKind.VERANO)

    [row] = selectors.verano_finals(season)

    assert [(seed, name, placing, points) for seed, _, name, placing, points in row.qualifiers] == [
        (1, "Ana", 1, 7), (2, "Caro", 1, 6), (3, "Beto", 2, 5),
    ]
    assert row.matches == [("Ana", "bye"), ("Caro", "Beto")]
    assert row.representative is None

    final = play_round_robin(name="Final de Verano", venue=palermo, date=datetime.date(2024, 1, 27),
                             ranking=[c, a], kind=EventKind.VERANO_FINAL)

    assert selectors.verano_finals(season)[0].representative == "Caro"
    assert not LedgerEntry.objects.filter(event=final).exists()


def test_season_table_as_xlsx_keeps_numbers_as_numbers(client, league):
    from openpyxl import load_workbook

    response = client.get(reverse("leagues:season_csv", args=[league["season"].pk]), {"formato": "xlsx"})
    assert response["Content-Type"] == "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
    rows = list(load_workbook(io.BytesIO(response.content)).active.iter_rows(values_only=True))
    # the same rows as the CSV above, points and dates as numbers
    assert rows[1] == (1, "sí", "Ana Muñoz", "WM-0001", "Sede Palermo", "CABA", 9, 2)
    assert rows[3] == (3, "no", "Caro Peña", "WM-0003", "Sede Palermo", "CABA", 6, 2)
