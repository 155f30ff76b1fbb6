"""Simultaneous pairs pages, mounted at /clubs/<slug>/simultaneous/."""
from django.urls import path

from .views import simultaneous as views

urlpatterns = [
    path("", views.simultaneous_list, name="simultaneous-list"),
    path("new/", views.simultaneous_new, name="simultaneous-new"),
    path("<int:pk>/", views.simultaneous_detail, name="simultaneous-detail"),
    path("<int:pk>/do/<slug:action>/", views.simultaneous_action, name="simultaneous-action"),
    path("<int:pk>/join/", views.simultaneous_join, name="simultaneous-join"),
    path("<int:pk>/withdraw/", views.simultaneous_withdraw, name="simultaneous-withdraw"),
    path("<int:pk>/heats/<int:heat>/", views.simultaneous_heat, name="simultaneous-heat"),
    path("<int:pk>/booklet/", views.simultaneous_booklet, name="simultaneous-booklet"),
    path("<int:pk>/boards.pbn", views.simultaneous_pbn, name="simultaneous-pbn"),
    path("<int:pk>/booklet.pdf", views.simultaneous_booklet_pdf, name="simultaneous-booklet-pdf"),
]
