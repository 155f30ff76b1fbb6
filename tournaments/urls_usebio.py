"""Results exchange pages, under /clubs/<slug>/events/ (tournaments.views.usebio)."""
from django.urls import path

from .views import usebio

urlpatterns = [
    path("import-usebio/", usebio.usebio_import, name="event-import-usebio"),
    path("<int:pk>/usebio.xml", usebio.usebio_export, name="event-usebio"),
    path("<int:pk>/results.pbn", usebio.results_pbn_export, name="event-results-pbn"),
]
