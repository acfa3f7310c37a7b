"""The Torneo de Verano closing on Discord, seeded from the venues' representatives.

Rule: 000_0014b2ac83da54b4.txt § "Torneo de verano": "los 1ros y 2dos puestos
de cada una resolverán al representante de la sede en un reducido final …
Una vez anunciados los Representantes de cada Sede, el cierre del Torneo de
Verano será por Discord el Sábado 27 de Enero".
"""
from __future__ import annotations

import datetime

import pytest

from leagues import services
from leagues.errors import LeagueRefused
from leagues.models import LedgerEntry
from rules.models import Game
from tests.factories import PlayerFactory, VenueFactory
from tournaments import services as tournament_services
from tournaments.enums import EventKind

from .helpers import play_round_robin

pytestmark = [pytest.mark.integration, pytest.mark.django_db]

VERANO = EventKind.VERANO
FINAL = EventKind.VERANO_FINAL


@pytest.fixture
def season(db):
    return services.season_create(game=Game.objects.get(key="weed_monsters"), year=2024)


def two_venues():
    """Palermo: Ana, Beto, Caro; its final is won by Caro. Rosario: Dani and
    Eli finish 1st/2nd on both dates; Eli wins the final."""
    palermo = VenueFactory(name="Sede Palermo", province="CABA")
    rosario = VenueFactory(name="Sede Rosario", province="Santa Fe")
    a, b, c = (PlayerFactory(display_name=n, home_venue=palermo) for n in ("Ana", "Beto", "Caro"))
    d, e = (PlayerFactory(display_name=n, home_venue=rosario) for n in ("Dani", "Eli"))
    play_round_robin(name="Verano 1", venue=palermo, date=datetime.date(2024, 1, 6), ranking=[a, b, c], kind=VERANO)
    play_round_robin(name="Verano 2", venue=palermo, date=datetime.date(2024, 1, 13), ranking=[c, a, b], kind=VERANO)
    play_round_robin(name="Final Palermo", venue=palermo, date=datetime.date(2024, 1, 20), ranking=[c, a],
                     kind=FINAL)
    play_round_robin(name="Verano 1", venue=rosario, date=datetime.date(2024, 1, 6), ranking=[d, e], kind=VERANO)
    play_round_robin(name="Verano 2", venue=rosario, date=datetime.date(2024, 1, 13), ranking=[d, e], kind=VERANO)
    play_round_robin(name="Final Rosario", venue=rosario, date=datetime.date(2024, 1, 20), ranking=[e, d],
                     kind=FINAL)
    return c, e


def test_closing_is_a_virtual_event_of_the_representatives(season):
    """R-000-58: the closing is played on Discord (a virtual event, no venue)
    on Saturday 27 January 2024 by each venue's representative — the winners
    of the venue finals, Caro and Eli. Calling it again registers nobody twice."""
    caro, eli = two_venues()

    event = services.verano_closing_create(season=season)

    assert (event.kind, event.venue_id, event.date) == (FINAL, None, datetime.date(2024, 1, 27))
    assert sorted(event.registrations.values_list("player__display_name", flat=True)) == ["Caro", "Eli"]
    assert services.verano_closing_create(season=season).pk == event.pk
    assert event.registrations.count() == 2


def test_closing_feeds_no_points(season):
    """R-000-58 with RULES-TRACE ambiguity 14 and DESIGN 7: the text gives the
    closing's winner a Booster Box and the trophy but names no points, so
    finishing it posts no ledger entry."""
    two_venues()
    event = services.verano_closing_create(season=season)
    event.cut_size, event.planned_rounds = 0, 1
    event.save(update_fields=["cut_size", "planned_rounds"])
    tournament_services.registration_close(event=event)
    caro_reg, eli_reg = sorted(event.registrations.select_related("player"), key=lambda r: r.player.display_name)
    rnd = tournament_services.round_pair_manual(event=event, pairings=[(caro_reg, eli_reg)])
    tournament_services.table_result_record(table=rnd.tables.get(), seats=[{"games": 2}, {"games": 0}])
    tournament_services.event_finish(event=event)

    assert not LedgerEntry.objects.filter(event=event).exists()


def test_closing_needs_a_representative(season):
    """R-000-58: the closing follows "Una vez anunciados los Representantes";
    with no venue final played yet it is refused."""
    with pytest.raises(LeagueRefused) as exc:
        services.verano_closing_create(season=season)
    assert exc.value.code == "verano_no_representatives"


def test_the_season_admin_creates_the_closing(season, admin_client):
    """R-000-58 from the season's admin page: the action creates the closing
    with Caro and Eli and says so; run again, it registers nobody twice."""
    from django.urls import reverse

    from tournaments.models import Event

    caro, eli = two_venues()
    url = reverse("admin:leagues_season_changelist")
    response = admin_client.post(url, {"action": "verano_closing", "_selected_action": [season.pk]}, follow=True)
    event = Event.objects.get(kind=FINAL, venue__isnull=True)
    assert sorted(event.registrations.values_list("player__display_name", flat=True)) == ["Caro", "Eli"]
    assert any("2 representantes inscriptos." in str(m) for m in response.context["messages"])
    admin_client.post(url, {"action": "verano_closing", "_selected_action": [season.pk]})
    assert event.registrations.count() == 2
    assert Event.objects.filter(kind=FINAL, venue__isnull=True).count() == 1


def test_the_season_admin_says_when_no_venue_has_a_representative(season, admin_client):
    from django.urls import reverse

    response = admin_client.post(reverse("admin:leagues_season_changelist"),
                                 {"action": "verano_closing", "_selected_action": [season.pk]}, follow=True)
    assert [str(m) for m in response.context["messages"]] == [
        f"{season}: Ninguna sede tiene todavía representante del Torneo de Verano."]
