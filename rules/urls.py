"""Pages of rules (mounted under ``reglas/``): public check, the event's
decklist page for players and judges (with its live check), the judges'
decklist pages, the published top decklists (public), and the public
rulings helpers (Planets War, Reinas, stoner points)."""
from django.urls import path

from . import views

app_name = "rules"
urlpatterns = [
    path("mazos/validar/", views.deck_validate, name="deck_validate"),
    path("eventos/<int:event_id>/mazo/", views.decklist_submit, name="decklist_submit"),
    path("eventos/<int:event_id>/mazo/validar/", views.decklist_validate_live, name="decklist_validate_live"),
    path("eventos/<int:event_id>/mazos/", views.event_decklists, name="event_decklists"),
    path("eventos/<int:event_id>/mazos/publicadas/", views.published_decklists, name="published_decklists"),
    path("mazos/<int:pk>/", views.decklist_detail, name="decklist_detail"),
    path("mazos/<int:pk>/chequeo/", views.deck_check_create, name="deck_check_create"),
    path("resoluciones/calculos/", views.ruling_calculators, name="ruling_calculators"),
]
