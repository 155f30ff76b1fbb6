"""Board URLs, mounted under /api/clubs/<club_slug>/events/ next to the event routes;
``club_urlpatterns`` (the club's own sets) under /api/clubs/<club_slug>/board-sets/."""
from django.urls import path

from .boards import BoardDetailView, BoardListView, ClubBoardSetDetailView, ClubBoardSetListView, ClubBoardSetPbnView

urlpatterns = [
    path("<int:pk>/boards/", BoardListView.as_view(), name="event-boards"),
    path("<int:pk>/boards/<int:number>/", BoardDetailView.as_view(), name="event-board"),
]

club_urlpatterns = [
    path("", ClubBoardSetListView.as_view(), name="club-boardsets-api"),
    path("<int:pk>/", ClubBoardSetDetailView.as_view(), name="club-boardset-api"),
    path("<int:pk>/pbn/", ClubBoardSetPbnView.as_view(), name="club-boardset-pbn-api"),
]
