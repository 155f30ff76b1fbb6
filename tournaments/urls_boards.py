"""Hand record pages, mounted under /clubs/<slug>/events/ next to the event pages, with each
event's choice of boards (<pk>/board-set/); the club's own board sets are ``club_set_patterns``,
mounted at /clubs/<slug>/board-sets/."""
from django.urls import path

from .views import boards

urlpatterns = [
    path("<int:pk>/handrecord/", boards.handrecord_set, name="handrecord-set"),
    path("<int:pk>/handrecord/boards.pbn", boards.handrecord_pbn, name="handrecord-pbn"),
    path("<int:pk>/handrecord/<int:number>/", boards.handrecord_board, name="handrecord-board"),
    path("<int:pk>/board-set/", boards.event_board_set, name="event-board-set"),

]

club_set_patterns = [
    path("", boards.club_boardsets, name="club-boardsets"),
    path("<int:pk>/", boards.club_boardset_detail, name="club-boardset-detail"),
    path("<int:pk>/boards.pbn", boards.club_boardset_pbn, name="club-boardset-pbn"),
    path("<int:pk>/use/", boards.club_boardset_use, name="club-boardset-use"),
    path("<int:pk>/delete/", boards.club_boardset_delete, name="club-boardset-delete"),
]
