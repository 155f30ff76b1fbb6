"""Hand record pages, mounted under /clubs/<slug>/events/ next to the event pages."""
from django.urls import path

from .views import boards

urlpatterns = [
    path("<int:pk>/handrecord/", boards.handrecord_set, name="handrecord-set"),
    path("<int:pk>/handrecord/boards.pbn", boards.handrecord_pbn, name="handrecord-pbn"),
    path("<int:pk>/handrecord/<int:number>/", boards.handrecord_board, name="handrecord-board"),
]
