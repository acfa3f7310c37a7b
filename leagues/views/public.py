"""Public league pages (no login): seasons, tables, ranking, badges and a
player's league page, plus the tables as CSV.

Views parse, call one selector and render; tables come ranked from
:mod:`leagues.selectors` with ties as shared ranks.
"""
from __future__ import annotations

from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.utils.translation import gettext as _

from rules.models import Game
from tournaments.models import Player
from tournaments.spreadsheets import kind_of, spreadsheet_response

from .. import selectors
from ..models import Season


def _season(pk: int) -> Season:
    return get_object_or_404(Season.objects.select_related("game"), pk=pk)


def _game(request) -> Game:
    key = request.GET.get("juego")
    game = Game.objects.filter(key=key).first() if key else selectors.default_game()
    if game is None:
        raise Http404(_("No hay juegos cargados."))
    return game


def season_list(request):
    """Every season, newest first, and the link to the all-time ranking."""
    return render(request, "leagues/season_list.html", {"seasons": selectors.seasons()})


def season_detail(request, pk: int):
    """The national season table and the season's dates."""
    season = _season(pk)
    return render(
        request,
        "leagues/season.html",
        {"season": season, "rows": selectors.season_table(season), "dates": selectors.season_dates(season)},
    )


def venue_tables(request, pk: int):
    """The season table of each venue (players ranked within their home venue)."""
    season = _season(pk)
    return render(
        request, "leagues/venue_tables.html", {"season": season, "tables": selectors.season_venue_tables(season)}
    )


def all_time(request):
    """The Ranking Nacional (Histórico) of one game (``?juego=<clave>``)."""
    game = _game(request)
    return render(
        request,
        "leagues/all_time.html",
        {"game": game, "games": Game.objects.order_by("name"), "rows": selectors.all_time_ranking(game=game)},
    )


def badges(request, pk: int):
    """Every season player's six badges with their progress."""
    season = _season(pk)
    return render(request, "leagues/badges.html", {"season": season, "rows": selectors.season_badge_rows(season)})


def player(request, pk: int, number: str):
    """A player's league page: standings, badges with progress, ledger."""
    season = _season(pk)
    who = get_object_or_404(Player.objects.select_related("home_venue"), player_number=number)
    return render(request, "leagues/player.html", {"season": season, "page": selectors.player_league(season, who)})


# --------------------------------------------------------------------------- CSV


def _table(request, stem: str, header: list[str], rows, sheet: str) -> HttpResponse:
    """The table as the page asked: CSV in the reader's convention (``;`` and decimal comma in
    Spanish) or, with ``?formato=xlsx``, XLSX with numbers as numbers; every text cell formula-safe
    (:mod:`tournaments.spreadsheets`)."""
    return spreadsheet_response(stem, header, rows, kind=kind_of(request), sheet=sheet)


def _yes(flag: bool) -> str:
    return _("sí") if flag else _("no")


def season_table_csv(request, pk: int):
    season = _season(pk)
    header = [_("Puesto"), _("Empate"), _("Jugador"), _("Número"), _("Sede"), _("Provincia"), _("Puntos"),
              _("Fechas")]
    rows = [
        [r.rank, _yes(r.tied), r.display_name, r.player_number, r.venue, r.province, r.points, r.dates_played]
        for r in selectors.season_table(season)
    ]
    return _table(request, f"super-liga-{season.year}-{season.game.key}", header, rows, _("Temporada"))


def venue_tables_csv(request, pk: int):
    season = _season(pk)
    header = [_("Sede"), _("Puesto"), _("Empate"), _("Jugador"), _("Número"), _("Puntos"), _("Fechas")]
    rows = [
        [t.venue, r.rank, _yes(r.tied), r.display_name, r.player_number, r.points, r.dates_played]
        for t in selectors.season_venue_tables(season)
        for r in t.rows
    ]
    return _table(request, f"super-liga-{season.year}-{season.game.key}-sedes", header, rows, _("Sedes"))


def all_time_csv(request):
    game = _game(request)
    header = [_("Puesto"), _("Empate"), _("Jugador"), _("Número"), _("Sede"), _("Provincia"), _("Puntos")]
    rows = [
        [r.rank, _yes(r.tied), r.display_name, r.player_number, r.venue, r.province, r.points]
        for r in selectors.all_time_ranking(game=game)
    ]
    return _table(request, f"ranking-nacional-{game.key}", header, rows, _("Ranking"))
