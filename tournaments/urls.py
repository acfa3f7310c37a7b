"""Public pages (no login)."""
from django.urls import include, path

from .views import public

public_patterns = [
    path("", public.event_list, name="event_list"),
    path("eventos/<int:pk>/", public.event_detail, name="event"),
    path("eventos/<int:pk>/posiciones/", public.standings, name="standings"),
]

urlpatterns = [
    path("", include((public_patterns, "public"))),
]
