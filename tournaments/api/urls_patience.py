"""Poker patience's API routes (tournaments.api.patience), under /api/clubs/{slug}/events/."""
from django.urls import path

from . import patience

urlpatterns = [
    path("<int:pk>/patience/", patience.PatienceDetailView.as_view(), name="patience-detail-api"),
    path("<int:pk>/patience/players/", patience.PatiencePlayersView.as_view(), name="patience-players-api"),
    path("<int:pk>/patience/players/<str:label>/grid/", patience.PatienceGridView.as_view(), name="patience-grid-api"),
    path("<int:pk>/patience/players/<str:label>/place/", patience.PatiencePlaceView.as_view(),
         name="patience-place-api"),
    path("<int:pk>/patience/call/", patience.PatienceCallView.as_view(), name="patience-call-api"),
    path("<int:pk>/patience/close/", patience.PatienceCloseView.as_view(), name="patience-close-api"),
    path("<int:pk>/patience/deals/<int:number>/", patience.PatienceDealView.as_view(), name="patience-deal-api"),
    path("<int:pk>/patience/standings/", patience.PatienceStandingsView.as_view(), name="patience-standings-api"),
]
