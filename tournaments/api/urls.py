"""API URLs of tournaments (mounted under ``api/``), its schema and docs page.

Public reads (GET, no login), judge and organizer actions (POST, logged in):

    events/                                              events (filters, search)
    events/<event_id>/                                   one event, podium
    events/<event_id>/rounds/                            its rounds
    events/<event_id>/rounds/<number>/                   one round
    events/<event_id>/rounds/<number>/pairings/          a round's tables (duels or pods: the event's format)
    events/<event_id>/standings/                         standings in the event's format
    events/<event_id>/bracket/                           the top cut
    events/<event_id>/players/<player_number>/results/   a player's rounds in the event's format
    players/  players/<player_number>/                   public player data
    tables/<table_id>/result/                     POST   judge: record a table's result, any format
    events/<event_id>/tables/<table_id>/report/   POST   a player seated at the table: self-report (issue #17)
    events/upcoming/                              GET    public: events taking pre-registrations (issue #17)
    events/import/                                POST   the venue's organizer: publish an event file (issue #18)
    events/<event_id>/preregistration/  GET POST DELETE  the signed-in player's pre-registration
    me/events/                                    GET    the signed-in player's events and current table
    events/<event_id>/drop/                       POST   the signed-in player drops themselves
    tables/<table_id>/correction/  …/preview/     POST   head judge, organizer: correct a finished result
    events/<event_id>/pair-next-round/            POST   organizer
    events/<event_id>/repair-current-round/       POST   organizer
    events/<event_id>/top-cut/                    POST   organizer: start the top cut
    events/<event_id>/finish/                     POST   organizer
    events/<event_id>/players/<player_number>/drop/       POST organizer
    events/<event_id>/players/<player_number>/undo-drop/  POST organizer
    events/<event_id>/log/                         GET    head judge, organizer: the event log
    events/<event_id>/penalties/  …/preview/  …/<id>/  …/<id>/revise/  judges (see api/penalties.py)
    players/<player_number>/penalties/  tables/<table_id>/rulings/     judges
    rulings/  rulings/<ruling_id>/                       public rulings search
    token/                                        POST   username + password → an API token
    schema/  docs/                                       OpenAPI 3 schema, offline docs page

API clients authenticate with the site's session or a token
(``Authorization: Token <key>``), never with a password per request.

Every table endpoint takes and answers one shape whatever the event's format
(:mod:`tournaments.api.tables`): the seats by player number, with games won
(a duel) or place and score (a pod).
"""
from django.urls import path
from drf_spectacular.views import SpectacularAPIView

from . import corrections, eventlog, exchange, me, penalties, preregistration, reports, views
from .docs import api_docs

app_name = "tournaments_api"

actions = views.EventActionViewSet.as_view

urlpatterns = [
    path("token/", views.TokenView.as_view(), name="token"),
    # public reads
    path("me/events/", me.MyEventListView.as_view(), name="my-events"),
    path("events/", views.EventListView.as_view(), name="event-list"),
    path("events/upcoming/", preregistration.UpcomingEventListView.as_view(), name="event-upcoming"),
    path("events/import/", exchange.EventImportView.as_view(), name="event-import"),
    path("events/<int:event_id>/", views.EventDetailView.as_view(), name="event-detail"),
    path("events/<int:event_id>/drop/", me.SelfDropView.as_view(), name="self-drop"),
    path("events/<int:event_id>/log/", eventlog.EventLogViewSet.as_view({"get": "list"}), name="event-log"),
    path("events/<int:event_id>/rounds/", views.RoundListView.as_view(), name="round-list"),
    path("events/<int:event_id>/rounds/<int:number>/", views.RoundDetailView.as_view(), name="round-detail"),
    path("events/<int:event_id>/rounds/<int:number>/pairings/", views.PairingListView.as_view(),
         name="pairing-list"),
    path("events/<int:event_id>/standings/", views.StandingListView.as_view(), name="standing-list"),
    path("events/<int:event_id>/bracket/", views.BracketView.as_view(), name="bracket"),
    path("events/<int:event_id>/players/<str:player_number>/results/", views.PlayerResultsView.as_view(),
         name="player-results"),
    path("players/", views.PlayerListView.as_view(), name="player-list"),
    path("players/<str:player_number>/", views.PlayerDetailView.as_view(), name="player-detail"),
    # judges
    path("tables/<int:table_id>/result/", views.TableResultViewSet.as_view({"post": "record"}),
         name="table-result"),
    path("tables/<int:table_id>/correction/", corrections.TableCorrectionViewSet.as_view({"post": "correct"}),
         name="table-correction"),
    path("tables/<int:table_id>/correction/preview/",
         corrections.TableCorrectionViewSet.as_view({"post": "preview"}), name="table-correction-preview"),
    # players: self-reported results (issue #17)
    path("events/<int:event_id>/tables/<int:table_id>/report/", reports.TableReportView.as_view(),
         name="table-report"),
    # players: pre-registration (issue #17)
    path("events/<int:event_id>/preregistration/", preregistration.PreregistrationView.as_view(),
         name="preregistration"),
    # organizers
    path("events/<int:event_id>/pair-next-round/", actions({"post": "round_pair_next"}), name="pair-next-round"),
    path("events/<int:event_id>/repair-current-round/", actions({"post": "round_repair"}),
         name="repair-current-round"),
    path("events/<int:event_id>/top-cut/", actions({"post": "top_cut_start"}), name="start-top-cut"),
    path("events/<int:event_id>/finish/", actions({"post": "finish"}), name="finish"),
    path("events/<int:event_id>/players/<str:player_number>/drop/", actions({"post": "drop"}), name="drop"),
    path("events/<int:event_id>/players/<str:player_number>/undo-drop/", actions({"post": "registration_drop_undo"}),
         name="undo-drop"),
    # penalties and rulings (issue #7)
    path("events/<int:event_id>/penalties/", penalties.EventPenaltyViewSet.as_view({"get": "list", "post": "create"}),
         name="penalty-list"),
    path("events/<int:event_id>/penalties/preview/", penalties.EventPenaltyViewSet.as_view({"post": "preview"}),
         name="penalty-preview"),
    path("events/<int:event_id>/penalties/<int:penalty_id>/",
         penalties.EventPenaltyViewSet.as_view({"get": "retrieve"}), name="penalty-detail"),
    path("events/<int:event_id>/penalties/<int:penalty_id>/revise/",
         penalties.EventPenaltyViewSet.as_view({"post": "revise"}), name="penalty-revise"),
    path("players/<str:player_number>/penalties/", penalties.PlayerPenaltyListView.as_view(),
         name="player-penalties"),
    path("tables/<int:table_id>/rulings/", penalties.TableRulingViewSet.as_view({"get": "list", "post": "attach"}),
         name="table-rulings"),
    path("rulings/", penalties.RulingListView.as_view(), name="ruling-list"),
    path("rulings/<str:ruling_id>/", penalties.RulingDetailView.as_view(), name="ruling-detail"),
    # schema and docs
    path("schema/", SpectacularAPIView.as_view(), name="schema"),
    path("docs/", api_docs, name="docs"),
]
