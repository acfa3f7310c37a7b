"""API URLs of the league (mounted under ``api/``); all public, GET only::

    leagues/seasons/                                 seasons (?game=<key>)
    leagues/seasons/<id>/                            one season and its dates
    leagues/seasons/<id>/table/                      national season table
    leagues/seasons/<id>/venues/                     each venue's table
    leagues/seasons/<id>/badges/                     badges with progress
    leagues/seasons/<id>/players/<player_number>/    a player's season
    leagues/ranking/                                 all-time ranking (?game=<key>)
"""
from django.urls import path

from . import views

urlpatterns = [
    path("leagues/seasons/", views.SeasonListView.as_view(), name="api-league-seasons"),
    path("leagues/seasons/<int:pk>/", views.SeasonDetailView.as_view(), name="api-league-season"),
    path("leagues/seasons/<int:pk>/table/", views.SeasonTableView.as_view(), name="api-league-table"),
    path("leagues/seasons/<int:pk>/venues/", views.VenueTablesView.as_view(), name="api-league-venues"),
    path("leagues/seasons/<int:pk>/badges/", views.BadgesView.as_view(), name="api-league-badges"),
    path("leagues/seasons/<int:pk>/players/<str:player_number>/", views.PlayerLeagueView.as_view(),
         name="api-league-player"),
    path("leagues/ranking/", views.AllTimeView.as_view(), name="api-league-ranking"),
]
