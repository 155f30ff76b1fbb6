"""Poker patience pages under /clubs/{slug}/events/."""
from django.urls import path

from .views import patience

urlpatterns = [
    path("patience/new/", patience.patience_new, name="patience-new"),
    path("<int:pk>/patience/", patience.patience_home, name="patience-home"),
    path("<int:pk>/patience/players/", patience.patience_player_add, name="patience-player-add"),
    path("<int:pk>/patience/start/", patience.patience_start, name="patience-start"),
    path("<int:pk>/patience/call/", patience.patience_call, name="patience-call"),
    path("<int:pk>/patience/grid/", patience.patience_grid, name="patience-grid"),
    path("<int:pk>/patience/close/", patience.patience_close, name="patience-close"),
    path("<int:pk>/patience/finish/", patience.patience_finish, name="patience-finish"),
    path("<int:pk>/patience/player/<str:label>/", patience.patience_player, name="patience-player"),
    path("<int:pk>/patience/standings/", patience.patience_standings, name="patience-standings"),
    path("<int:pk>/patience/print/standings/", patience.patience_print, name="patience-print"),
    path("<int:pk>/patience/print/sheets/", patience.patience_print, {"kind": "sheets"}, name="patience-print-sheets"),
]
