from django.urls import include, path
from rest_framework.routers import DefaultRouter, SimpleRouter

from tournaments.api.urls_boards import club_urlpatterns as board_set_patterns

from tournaments.api.championships import ChampionshipViewSet

from .competitions import CompetitionViewSet
from .trash import TrashRestoreView, TrashView
from .views import ClubViewSet, MemberViewSet, TokenView

router = DefaultRouter()
router.register("clubs", ClubViewSet, basename="club")
members = SimpleRouter()
members.register("members", MemberViewSet, basename="member")
members.register("competitions", CompetitionViewSet, basename="competition")
members.register("championships", ChampionshipViewSet, basename="championship")

urlpatterns = [
    path("auth/token/", TokenView.as_view(), name="api-token"),
    path("clubs/<slug:club_slug>/", include(members.urls)),
    path("clubs/<slug:club_slug>/board-sets/", include(board_set_patterns)),
    path("clubs/<slug:club_slug>/trash/", TrashView.as_view(), name="club-trash-api"),
    path("clubs/<slug:club_slug>/trash/restore/", TrashRestoreView.as_view(), name="club-trash-restore-api"),
    path("", include(router.urls)),
]
