"""Page URLs: public pages, the round clock, judge pages and sign-in.

Namespaces keep the families apart (as Tabbycat does): ``public`` (no
login), ``clock`` (projector; organizer controls) and ``judge`` (result
entry). ``login``/``logout`` are Django's auth views with Spanish templates.
"""
from django.contrib.auth.views import LogoutView
from django.urls import include, path

from .views import clock, judge, public
from .views import documents as document_views

public_patterns = [
    path("", public.event_list, name="event_list"),
    path("eventos/<int:pk>/", public.event_detail, name="event"),
    path("eventos/<int:pk>/rondas/<int:number>/", public.round_detail, name="round"),
    path("eventos/<int:pk>/posiciones/", public.standings, name="standings"),
    path("eventos/<int:pk>/jugadores/<str:number>/", public.player, name="player"),
    path("eventos/<int:pk>/reducido/", public.bracket, name="bracket"),
    path("eventos/<int:pk>/rondas/<int:number>/<slug:slug>.pdf", document_views.round_document,
         name="round_document"),
]

clock_patterns = [
    path("eventos/<int:pk>/reloj/", clock.page, name="page"),
    path("eventos/<int:pk>/reloj/estado/", clock.state, name="state"),
    path("eventos/<int:pk>/reloj/<slug:action>/", clock.control, name="control"),
]

judge_patterns = [
    path("", judge.home, name="home"),
    path("eventos/<int:pk>/", judge.tables, name="tables"),
    path("eventos/<int:pk>/rondas/<int:number>/mesas/<int:table>/", judge.table, name="table"),
]

urlpatterns = [
    path("login/", judge.JudgeLoginView.as_view(), name="login"),
    path("logout/", LogoutView.as_view(next_page="public:event_list"), name="logout"),
    path("", include((public_patterns, "public"))),
    path("", include((clock_patterns, "clock"))),
    path("juez/", include((judge_patterns, "judge"))),
]
