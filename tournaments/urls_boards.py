"""Hand record pages, mounted under /clubs/<slug>/events/ next to the event pages; the club's
board sets live there too (board-sets/), beside each event's choice of boards (<pk>/board-set/)."""
from django.urls import path

from .views import boards

urlpatterns = [
    path("<int:pk>/handrecord/", boards.handrecord_set, name="handrecord-set"),
    path("<int:pk>/handrecord/boards.pbn", boards.handrecord_pbn, name="handrecord-pbn"),
    path("<int:pk>/handrecord/<int:number>/", boards.handrecord_board, name="handrecord-board"),
    path("<int:pk>/board-set/", boards.event_board_set, name="event-board-set"),
    path("board-sets/", boards.club_boardsets, name="club-boardsets"),
    path("board-sets/<int:pk>/", boards.club_boardset_detail, name="club-boardset-detail"),
    path("board-sets/<int:pk>/boards.pbn", boards.club_boardset_pbn, name="club-boardset-pbn"),
    path("board-sets/<int:pk>/use/", boards.club_boardset_use, name="club-boardset-use"),
    path("board-sets/<int:pk>/delete/", boards.club_boardset_delete, name="club-boardset-delete"),
]
