"""API URLs of rules (mounted under ``api/``)."""
from django.urls import path

from . import views

urlpatterns = [
    path("decks/validate/", views.DeckValidateView.as_view(), name="api-decks-validate"),
    path("decks/formats/", views.DeckFormatsView.as_view(), name="api-decks-formats"),
    path(
        "decks/events/<int:event_id>/decklists/",
        views.EventDecklistsView.as_view(),
        name="api-event-decklists",
    ),
    path("decks/decklists/<int:pk>/", views.DecklistDetailView.as_view(), name="api-decklist-detail"),
    # Players (issue #17): their own list, its live check, and the published top lists (public).
    path("decks/events/<int:event_id>/my-decklist/", views.MyDecklistView.as_view(), name="api-my-decklist"),
    path(
        "decks/events/<int:event_id>/my-decklist/validate/",
        views.MyDecklistValidateView.as_view(),
        name="api-my-decklist-validate",
    ),
    path(
        "decks/events/<int:event_id>/published-decklists/",
        views.PublishedDecklistsView.as_view(),
        name="api-published-decklists",
    ),
]
