"""A club's multi-session championships: /clubs/{slug}/championships/..."""
from django.urls import path

from .views import championships

urlpatterns = [
    path("", championships.championship_list, name="championship-list"),
    path("new/", championships.championship_new, name="championship-new"),
    path("<int:pk>/", championships.championship_detail, name="championship-detail"),
    path("<int:pk>/next/", championships.championship_next, name="championship-next"),
    path("<int:pk>/sessions/", championships.championship_session, name="championship-session"),
    path("<int:pk>/substitute/", championships.championship_substitute, name="championship-substitute"),
    path("<int:pk>/print.pdf", championships.championship_print, name="championship-print"),
]
