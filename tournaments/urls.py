"""Page URLs: public pages, the round clock, judge pages and sign-in.

Namespaces keep the families apart (as Tabbycat does): ``public`` (no
login), ``clock`` (projector; judge and organizer controls), ``judge`` (result
entry, penalties and rulings at a table), ``rulings`` (public rulings
search), ``me`` («Mi torneo»: a signed-in player's own events, self-drop) and
``prereg`` («Próximos torneos»: pre-registration from the player's phone).
``login``/``logout`` are Django's auth views with Spanish templates.
"""
from django.contrib.auth.views import LogoutView
from django.urls import include, path

from .views import clock, judge, judge_app, me, me_push, me_reports, public
from .views import documents as document_views
from .views import penalties as penalty_views
from .views import preregistration as prereg_views
from .views import rulings as ruling_views

public_patterns = [
    path("", public.event_list, name="event_list"),
    path("eventos/<int:pk>/", public.event_detail, name="event"),
    path("eventos/<int:pk>/rondas/<int:number>/", public.round_detail, name="round"),
    path("eventos/<int:pk>/posiciones/", public.standings, name="standings"),
    path("eventos/<int:pk>/jugadores/<str:number>/", public.player, name="player"),
    path("eventos/<int:pk>/reducido/", public.bracket, name="bracket"),
    path("eventos/<int:pk>/rondas/<int:number>/<slug:slug>.pdf", document_views.round_document,
         name="round_document"),
    path("eventos/<int:pk>/rondas/<int:number>/emparejamientos.csv", public.round_spreadsheet,
         name="round_spreadsheet"),
]

clock_patterns = [
    path("eventos/<int:pk>/reloj/", clock.page, name="page"),
    path("eventos/<int:pk>/reloj/estado/", clock.state, name="state"),
    path("eventos/<int:pk>/reloj/<slug:action>/", clock.control, name="control"),
]

judge_patterns = [
    path("", judge.home, name="home"),
    # the judges' installable app (issue #29 point 1): manifest and service worker, scope /juez/
    path("manifest.webmanifest", judge_app.manifest, name="manifest"),
    path("sw.js", judge_app.service_worker, name="service_worker"),
    path("eventos/<int:pk>/", judge.tables, name="tables"),
    path("eventos/<int:pk>/corte/", judge.cutline, name="cutline"),
    path("eventos/<int:pk>/rondas/<int:number>/mesas/<int:table>/", judge.table, name="table"),
    path("eventos/<int:pk>/rondas/<int:number>/mesas/<int:table>/tiempo/", judge.table_time, name="table_time"),
    # penalties and rulings at the table (issue #7)
    path("eventos/<int:pk>/rondas/<int:number>/mesas/<int:table>/penalidad/", penalty_views.penalty_new,
         name="penalty_new"),
    path("eventos/<int:pk>/rondas/<int:number>/mesas/<int:table>/resoluciones/", ruling_views.table_rulings,
         name="table_rulings"),
    path("eventos/<int:pk>/penalidades/", penalty_views.penalty_log, name="penalty_log"),
    path("eventos/<int:pk>/penalidades/<int:penalty_id>/", penalty_views.penalty_detail, name="penalty_detail"),
    path("jugadores/<str:number>/penalidades/", penalty_views.player_penalties, name="player_penalties"),
]

# «Mi torneo» (issue #17): the signed-in player's own events and self-drop.
me_patterns = [
    path("", me.home, name="home"),
    path("eventos/<int:pk>/", me.event, name="event"),
    path("eventos/<int:pk>/abandonar/", me.drop, name="drop"),
    path("eventos/<int:pk>/reportar/", me_reports.report, name="report"),
    # Avisos (issue #29 point 2): the browser's Web Push subscription and its service worker.
    path("avisos/", me_push.subscribe, name="push_subscribe"),
    path("avisos/baja/", me_push.unsubscribe, name="push_unsubscribe"),
    path("sw.js", me_push.service_worker, name="push_worker"),
]

# «Próximos torneos» (issue #17 point 2): pre-registration from the player's phone.
prereg_patterns = [
    path("", prereg_views.upcoming, name="upcoming"),
    path("<int:pk>/", prereg_views.event, name="event"),
    path("<int:pk>/preinscribirme/", prereg_views.create, name="create"),
    path("<int:pk>/cancelar/", prereg_views.cancel, name="cancel"),
]

rulings_patterns = [
    path("", ruling_views.search, name="search"),
    path("orden/", ruling_views.chain, name="chain"),
]

urlpatterns = [
    path("login/", judge.JudgeLoginView.as_view(), name="login"),
    path("logout/", LogoutView.as_view(next_page="public:event_list"), name="logout"),
    path("", include((public_patterns, "public"))),
    path("", include((clock_patterns, "clock"))),
    path("juez/", include((judge_patterns, "judge"))),
    path("resoluciones/", include((rulings_patterns, "rulings"))),
    path("yo/", include((me_patterns, "me"))),
    path("proximos/", include((prereg_patterns, "prereg"))),
]
