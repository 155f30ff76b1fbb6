"""A director's account pages under /clubs/{slug}/members/."""
from django.urls import path

from . import views_club

urlpatterns = [
    path("members/invite/", views_club.members_invite, name="members-invite"),
    path("members/<int:pk>/invite/", views_club.member_invite, name="member-invite"),
    path("members/requests/", views_club.link_requests, name="link-requests"),
    path("members/requests/<int:pk>/", views_club.link_request_decide, name="link-request-decide"),
    path("events/<int:pk>/results-mail/", views_club.results_mail, name="results-mail"),
]
