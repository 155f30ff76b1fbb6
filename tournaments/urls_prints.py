"""Print pages under /clubs/<slug>/events/ (included from tournaments.urls)."""
from django.urls import path

from cardroom.moved import moved

from .views import prints

urlpatterns = [
    path("<int:pk>/prints/", prints.prints_menu, name="event-prints"),
    path("<int:pk>/prints/table-pins/", prints.table_pins_regenerate, name="event-table-pins"),
    path("<int:pk>/prints/pack.json", prints.print_pack_status, name="event-print-pack-status"),
    path("<int:pk>/prints/pack.pdf", prints.print_pack, name="event-print-pack"),
    path("<int:pk>/prints/scorecards.pdf", moved("event-print-pdf", kind="score-cards")),  # the old name
    path("<int:pk>/prints/scorecards/", moved("event-print-html", kind="score-cards")),
    path("<int:pk>/prints/<slug:kind>.pdf", prints.print_pdf, name="event-print-pdf"),
    path("<int:pk>/prints/<slug:kind>/", prints.print_html, name="event-print-html"),
]
