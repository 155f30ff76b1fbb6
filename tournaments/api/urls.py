"""The events API, mounted at /api/clubs/<club_slug>/events/."""
from django.urls import include, path
from rest_framework.routers import SimpleRouter

from cardroom.moved import moved

from . import party as party_api
from . import poker as poker_api
from . import teams as teams_api
from .pack import EventPackFileView, EventPackView
from .prints import EventPrintView
from .pins import PinsUnlockView, PinsView
from .tables import NotPlayedDecideView, NotPlayedView, TableConfirmView, TableIdentifyView, TableNotPlayedView, TableView
from .views import EventViewSet

router = SimpleRouter()
router.register("", EventViewSet, basename="event")

# Progressive parties (tournaments.api.party): players, rounds, tables, close.
party_patterns = [
    path("<int:pk>/party/", party_api.PartyDetailView.as_view(), name="party-detail-api"),
    path("<int:pk>/party/finish/", party_api.PartyFinishView.as_view(), name="party-finish-api"),
    path("<int:pk>/players/", party_api.PartyPlayersView.as_view(), name="party-players-api"),
    path("<int:pk>/players/<str:label>/leave/", party_api.PartyLeaveView.as_view(), name="party-leave-api"),
    path("<int:pk>/players/<str:label>/tally/", party_api.PartyTallyView.as_view(), name="party-tally-api"),
    path("<int:pk>/prizes/", party_api.PartyPrizesView.as_view(), name="party-prizes-api"),
    path("<int:pk>/rounds/<int:number>/", party_api.PartyRoundView.as_view(), name="party-round-api"),
    path("<int:pk>/rounds/<int:number>/tables/<int:table>/", party_api.PartyTableView.as_view(),
         name="party-table-api"),
    path("<int:pk>/rounds/<int:number>/close/", party_api.PartyCloseView.as_view(), name="party-close-api"),
    # Progressive poker (tournaments.api.poker): the banker's book, the bell, a table's count.
    path("<int:pk>/poker/", poker_api.PokerView.as_view(), name="poker-api"),
    path("<int:pk>/ledger/", poker_api.PokerLedgerView.as_view(), name="poker-ledger-api"),
    path("<int:pk>/rounds/<int:number>/bell/", poker_api.PokerBellView.as_view(), name="poker-bell-api"),
    path("<int:pk>/rounds/<int:number>/tables/<int:table>/count/", poker_api.PokerCountView.as_view(),
         name="poker-count-api"),
]

# Table scoring with the table's PIN (tournaments.api.tables).
table_patterns = [
    path("<int:pk>/tables/<str:section>/<int:table>/", TableView.as_view(), name="event-table-api"),
    path("<int:pk>/pins/", PinsView.as_view(), name="event-pins-api"),
    path("<int:pk>/pins/unlock/", PinsUnlockView.as_view(), name="event-pins-unlock-api"),
    path("<int:pk>/tables/<str:section>/<int:table>/confirm/", TableConfirmView.as_view(),
         name="event-table-confirm-api"),
    path("<int:pk>/tables/<str:section>/<int:table>/not-played/", TableNotPlayedView.as_view(),
         name="event-table-not-played-api"),
    path("<int:pk>/tables/<str:section>/<int:table>/identify/", TableIdentifyView.as_view(),
         name="event-table-identify-api"),
    path("<int:pk>/not-played/", NotPlayedView.as_view(), name="event-not-played-api"),
    path("<int:pk>/not-played/<int:report>/", NotPlayedDecideView.as_view(), name="event-not-played-decide-api"),
]

# Teams events (tournaments.api.teams): teams, rounds' draws, matches and a room's result.
teams_patterns = [
    path("<int:pk>/teams/", teams_api.TeamsListView.as_view(), name="event-teams-api"),
    path("<int:pk>/teams-settings/", teams_api.TeamsSettingsView.as_view(), name="event-teams-settings-api"),
    path("<int:pk>/teams/<int:team_id>/", teams_api.TeamDetailView.as_view(), name="event-team-api"),
    path("<int:pk>/rounds/<int:number>/draw/", teams_api.RoundDrawView.as_view(), name="event-round-draw-api"),
    path("<int:pk>/matches/", teams_api.MatchesView.as_view(), name="event-matches-api"),
    path("<int:pk>/matches/<int:match_id>/", teams_api.MatchDetailView.as_view(), name="event-match-api"),
    path("<int:pk>/matches/<int:match_id>/results/", teams_api.MatchResultsView.as_view(),
         name="event-match-results-api"),
]

urlpatterns = [
    path("", include("tournaments.api.urls_boards")),
    path("", include("tournaments.api.urls_usebio")),
    path("", include("tournaments.api.urls_patience")),
    *table_patterns,
    path("<int:pk>/prints/pack/", EventPackView.as_view(), name="event-print-pack-api"),
    path("<int:pk>/prints/pack.pdf", EventPackFileView.as_view(), name="event-print-pack-file-api"),
    # The old names of score cards (scorecards): 301 to score-cards.
    path("<int:pk>/prints/scorecards.pdf", moved("event-print-api", kind="score-cards")),
    path("<int:pk>/scorecards/<str:label>/", moved("event-score-cards")),
    path("<int:pk>/prints/<slug:kind>.pdf", EventPrintView.as_view(), name="event-print-api"),
    *party_patterns,
    *teams_patterns,
    *router.urls,
]
