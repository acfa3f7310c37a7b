"""Top-level URLs: admin, public pages, judge pages, API and its docs."""
from django.contrib import admin
from django.urls import include, path
from django.views.generic import RedirectView

urlpatterns = [
    path("i18n/", include("django.conf.urls.i18n")),
    path("admin/", admin.site.urls),
    path("api/", RedirectView.as_view(pattern_name="tournaments_api:docs"), name="api_root"),
    path("api/", include("tournaments.api.urls")),
    path("api/", include("rules.api.urls")),
    path("api/", include("leagues.api.urls")),
    path("liga/", include("leagues.urls")),
    path("reglas/", include("rules.urls")),
    path("", include("tournaments.urls")),
]
