"""Results exchange API URLs, under /api/clubs/<club_slug>/events/ (tournaments.api.usebio)."""
from django.urls import path

from .usebio import ResultsPbnExportView, UsebioExportView, UsebioImportView

urlpatterns = [
    path("import-usebio/", UsebioImportView.as_view(), name="event-import-usebio-api"),
    path("<int:pk>/usebio/", UsebioExportView.as_view(), name="event-usebio-api"),
    path("<int:pk>/results-pbn/", ResultsPbnExportView.as_view(), name="event-results-pbn-api"),
]
