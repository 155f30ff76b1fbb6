"""The simultaneous pairs API, mounted at /api/clubs/<club_slug>/simultaneous/."""
from django.urls import path

from . import simultaneous as api

urlpatterns = [
    path("", api.SimultaneousListView.as_view(), name="simultaneous-list-api"),
    path("joinable/", api.JoinableView.as_view(), name="simultaneous-joinable-api"),
    path("<int:pk>/", api.SimultaneousDetailView.as_view(), name="simultaneous-api"),
    path("<int:pk>/heats/", api.HeatsView.as_view(), name="simultaneous-heats-api"),
    path("<int:pk>/heats/<int:heat>/", api.HeatRankingView.as_view(), name="simultaneous-heat-api"),
    path("<int:pk>/join/", api.JoinView.as_view(), name="simultaneous-join-api"),
    path("<int:pk>/standings/", api.NationalStandingsView.as_view(), name="simultaneous-standings-api"),
    path("<int:pk>/booklet/", api.BookletView.as_view(), name="simultaneous-booklet-api"),
    path("<int:pk>/<str:action>/", api.SimultaneousActionView.as_view(), name="simultaneous-action-api"),
]
