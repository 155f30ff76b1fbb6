from django.urls import path

from . import views_me

urlpatterns = [
    path("", views_me.me, name="me"),
    path("results.csv", views_me.me_csv, name="me-csv"),
    path("results.json", views_me.me_json, name="me-json"),
]
