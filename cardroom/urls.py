"""Top-level URLs: pages, admin, the REST API and its schema."""
from django.contrib import admin
from django.urls import include, path
from django.http import HttpResponsePermanentRedirect
from django.templatetags.static import static
from csp.constants import UNSAFE_INLINE
from csp.decorators import csp_update
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerSplitView

from tournaments.urls_boards import club_set_patterns



def favicon(request):
    """Browsers ask for /favicon.ico on pages that link no icon (the API docs, a PDF): ours."""
    return HttpResponsePermanentRedirect(static("favicon.svg"))


api_patterns = [
    path("", include("clubs.api.urls")),
    path("clubs/<slug:club_slug>/events/", include("tournaments.api.urls")),
    path("clubs/<slug:club_slug>/simultaneous/", include("tournaments.api.urls_simultaneous")),
    path("schema/", SpectacularAPIView.as_view(), name="api-schema"),
    # Swagger UI's page has one <style> block; its start-up script is a separate file (?script).
    path("docs/", csp_update({"style-src": [UNSAFE_INLINE]})(SpectacularSwaggerSplitView.as_view(url_name="api-schema")),
         name="api-docs"),
]

urlpatterns = [
    path("favicon.ico", favicon, name="favicon"),
    path("admin/", admin.site.urls),
    path("accounts/", include("accounts.urls")),
    path("me/", include("accounts.urls_me")),
    path("api/", include(api_patterns)),
    path("", include("clubs.urls")),
    path("clubs/<slug:slug>/", include("accounts.urls_club")),
    path("clubs/<slug:slug>/events/", include("tournaments.urls")),
    path("clubs/<slug:slug>/championships/", include("tournaments.urls_championships")),
    path("clubs/<slug:slug>/board-sets/", include(club_set_patterns)),
    path("clubs/<slug:slug>/simultaneous/", include("tournaments.urls_simultaneous")),
]
