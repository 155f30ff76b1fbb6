"""Board URLs, mounted under /api/clubs/<club_slug>/events/ next to the event routes."""
from django.urls import path

from .boards import BoardDetailView, BoardListView

urlpatterns = [
    path("<int:event_id>/boards/", BoardListView.as_view(), name="event-boards"),
    path("<int:event_id>/boards/<int:number>/", BoardDetailView.as_view(), name="event-board"),
]
