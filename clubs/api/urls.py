from django.urls import include, path
from rest_framework.routers import DefaultRouter, SimpleRouter

from tournaments.api.urls_boards import club_urlpatterns as board_set_patterns

from .views import ClubViewSet, MemberViewSet, TokenView

router = DefaultRouter()
router.register("clubs", ClubViewSet, basename="club")
members = SimpleRouter()
members.register("members", MemberViewSet, basename="member")

urlpatterns = [
    path("auth/token/", TokenView.as_view(), name="api-token"),
    path("clubs/<slug:club_slug>/", include(members.urls)),
    path("clubs/<slug:club_slug>/board-sets/", include(board_set_patterns)),
    path("", include(router.urls)),
]
