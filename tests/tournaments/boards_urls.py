"""URLconf for the board tests: the project's URLs plus the board routes, mounted where the
lead wires them (API under /api/clubs/<slug>/events/, pages under /clubs/<slug>/events/)."""
from django.urls import include, path

from cardroom.urls import urlpatterns as project

urlpatterns = [
    path("api/clubs/<slug:club_slug>/events/", include("tournaments.api.urls_boards")),
    path("clubs/<slug:slug>/events/", include("tournaments.urls_boards")),
    *project,
]
