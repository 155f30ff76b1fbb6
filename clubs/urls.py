from django.urls import path

from . import views

urlpatterns = [
    path("", views.home, name="home"),
    path("clubs/<slug:slug>/", views.club_home, name="club-home"),
    path("clubs/<slug:slug>/events/", views.club_events, name="club-events"),
    path("clubs/<slug:slug>/members/", views.member_list, name="member-list"),
    path("clubs/<slug:slug>/members/add/", views.member_add, name="member-add"),
    path("clubs/<slug:slug>/members/<int:pk>/edit/", views.member_edit, name="member-edit"),
    path("clubs/<slug:slug>/members/import/", views.member_import, name="member-import"),
    path("clubs/<slug:slug>/members/export.csv", views.member_export, name="member-export"),
    path("clubs/<slug:slug>/members/<int:pk>/", views.member_detail, name="member-detail"),
]
