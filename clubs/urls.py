from django.urls import path

from . import views, views_competitions, views_settings, views_trash

urlpatterns = [
    path("", views.home, name="home"),
    path("clubs/<slug:slug>/", views.club_home, name="club-home"),
    path("clubs/<slug:slug>/events/", views.club_events, name="club-events"),
    path("clubs/<slug:slug>/settings/", views_settings.club_settings, name="club-settings"),
    path("clubs/<slug:slug>/members/", views.member_list, name="member-list"),
    path("clubs/<slug:slug>/members/add/", views.member_add, name="member-add"),
    path("clubs/<slug:slug>/members/<int:pk>/edit/", views.member_edit, name="member-edit"),
    path("clubs/<slug:slug>/members/import/", views.member_import, name="member-import"),
    path("clubs/<slug:slug>/members/export.csv", views.member_export, name="member-export"),
    path("clubs/<slug:slug>/members/<int:pk>/", views.member_detail, name="member-detail"),
    path("clubs/<slug:slug>/competitions/", views_competitions.club_competitions, name="club-competitions"),
    path("clubs/<slug:slug>/competitions/new/", views_competitions.competition_new, name="competition-new"),
    path("clubs/<slug:slug>/competitions/<int:pk>/", views_competitions.competition_detail, name="competition-detail"),
    path("clubs/<slug:slug>/competitions/<int:pk>/print.pdf", views_competitions.competition_print,
         name="competition-print"),
    path("clubs/<slug:slug>/competitions/<int:pk>/handicaps/", views_competitions.competition_handicaps,
         name="competition-handicaps"),
    path("clubs/<slug:slug>/ratings/", views_competitions.club_ratings, name="club-ratings"),
    path("clubs/<slug:slug>/trash/", views_trash.trash_page, name="club-trash"),
    path("clubs/<slug:slug>/trash/delete/<str:kind>/<int:pk>/", views_trash.trash_delete, name="club-trash-delete"),
    path("clubs/<slug:slug>/trash/restore/<str:kind>/<int:pk>/", views_trash.trash_restore,
         name="club-trash-restore"),
]
