"""Pages of the league, mounted under ``liga/`` (namespace ``leagues``).

Public (no login)::

    liga/                                   seasons
    liga/ranking/  liga/ranking.csv         Ranking Nacional (Histórico), ?juego=<clave>
    liga/<season>/  liga/<season>/tabla.csv national season table
    liga/<season>/sedes/  …/sedes.csv       each venue's table
    liga/<season>/insignias/                badges with progress
    liga/<season>/jugadores/<number>/       a player's league page

Organizers (of a venue; superusers)::

    liga/<season>/organizacion/clasificacion/   La Final, El Nacional, Verano
    liga/<season>/organizacion/premios/         prizes checklist
"""
from django.urls import path

from .views import organizer, public

app_name = "leagues"

urlpatterns = [
    path("", public.season_list, name="seasons"),
    path("ranking/", public.all_time, name="all_time"),
    path("ranking.csv", public.all_time_csv, name="all_time_csv"),
    path("<int:pk>/", public.season_detail, name="season"),
    path("<int:pk>/tabla.csv", public.season_table_csv, name="season_csv"),
    path("<int:pk>/sedes/", public.venue_tables, name="venue_tables"),
    path("<int:pk>/sedes.csv", public.venue_tables_csv, name="venue_tables_csv"),
    path("<int:pk>/insignias/", public.badges, name="badges"),
    path("<int:pk>/jugadores/<str:number>/", public.player, name="player"),
    path("<int:pk>/organizacion/clasificacion/", organizer.qualification, name="qualification"),
    path("<int:pk>/organizacion/premios/", organizer.prizes, name="prizes"),
]
