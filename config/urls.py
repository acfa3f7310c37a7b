"""Top-level URLs: health check, admin, public pages, judge pages, API and its docs."""
from django.contrib import admin
from django.urls import include, path, re_path
from django.views.generic import RedirectView
from django.views.i18n import JavaScriptCatalog

from tournaments.api.exceptions import api_not_found

from . import health, views

# What no view answered (unknown address, body too large, unhandled error, database down):
# JSON under /api/, the Spanish pages elsewhere (config.errors).
handler400 = "config.errors.bad_request"
handler403 = "config.errors.permission_denied"
handler404 = "config.errors.page_not_found"
handler500 = "config.errors.server_error"

urlpatterns = [
    # Probes (load balancer, compose, monitors): no slash, no login, never cached (config.health).
    path("healthz", health.healthz, name="healthz"),
    path("i18n/setlang/", views.language_choose, name="set_language"),
    # The texts of static/arena/*.js in the active language (the «djangojs» catalogs).
    path("jsi18n/", JavaScriptCatalog.as_view(), name="javascript-catalog"),
    path("admin/", admin.site.urls),
    path("api/", RedirectView.as_view(pattern_name="tournaments_api:docs"), name="api_root"),
    path("api/", include("tournaments.api.urls")),
    path("api/", include("rules.api.urls")),
    path("api/", include("leagues.api.urls")),
    # Any other address under api/ (/api/events/abc/) answers the API's JSON 404, not the site's HTML page.
    re_path(r"^api/.*/$", api_not_found, name="api_not_found"),
    path("liga/", include("leagues.urls")),
    path("reglas/", include("rules.urls")),
    path("cuenta/", include("accounts.urls")),
    path("", include("tournaments.urls")),
]
