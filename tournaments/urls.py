from django.urls import include, path

from cardroom.moved import moved

from .views import events, movement, tables

urlpatterns = [
    path("new/", events.event_new, name="event-new"),
    path("<int:pk>/", events.event_detail, name="event-detail"),
    path("<int:pk>/standings.json", events.event_standings_json, name="event-standings-json"),
    path("<int:pk>/do/<slug:action>/", events.event_action, name="event-action"),
    path("<int:pk>/movement/", movement.event_movement, name="event-movement"),
    path("<int:pk>/travellers/<int:board>/", events.event_traveller, name="event-traveller"),
    path("<int:pk>/score-cards/<str:label>/", events.event_score_card, name="event-score-card"),
    # The old addresses (a traveller was under boards/, a score card under scorecards/).
    path("<int:pk>/boards/<int:board>/", moved("event-traveller")),
    path("<int:pk>/scorecards/<str:label>/", moved("event-score-card")),
    path("<int:pk>/table/<str:section>/<int:table>/", tables.table_scoring, name="event-table"),
    path("<int:pk>/pins/unlock/", tables.pins_unlock, name="event-pins-unlock"),
    path("<int:pk>/not-played/<int:report>/", tables.event_not_played_decide, name="event-not-played"),
    path("", include("tournaments.urls_boards")),
    path("", include("tournaments.urls_usebio")),
    path("", include("tournaments.urls_prints")),
    path("", include("tournaments.urls_party")),
    path("", include("tournaments.urls_patience")),
    path("", include("tournaments.urls_teams")),
]
