"""Party pages under /clubs/{slug}/events/."""
from django.urls import path

from .views import party, poker

urlpatterns = [
    path("party/new/", party.party_new, name="party-new"),
    path("<int:pk>/party/", party.party_home, name="party-home"),
    path("<int:pk>/party/players/", party.party_player_add, name="party-player-add"),
    path("<int:pk>/party/players/<str:label>/leave/", party.party_leave, name="party-leave"),
    path("<int:pk>/party/start/", party.party_start, name="party-start"),
    path("<int:pk>/party/finish/", party.party_finish, name="party-finish"),
    path("<int:pk>/party/rounds/<int:number>/tables/<int:table>/", party.party_result, name="party-result"),
    path("<int:pk>/party/rounds/<int:number>/close/", party.party_close, name="party-close"),
    path("<int:pk>/party/rounds/<int:number>/reopen/", party.party_reopen, name="party-reopen"),
    path("<int:pk>/party/table/<int:table>/", party.party_table, name="party-table"),
    path("<int:pk>/party/tally/<str:label>/", party.party_tally, name="party-tally"),
    path("<int:pk>/party/standings/", party.party_standings, name="party-standings"),
    path("<int:pk>/party/print/<slug:kind>/", party.party_print, name="party-print"),
    path("<int:pk>/party/rounds/<int:number>/bell/", poker.poker_bell, name="poker-bell"),
    path("<int:pk>/party/rounds/<int:number>/tables/<int:table>/count/", poker.poker_count, name="poker-count"),
    path("<int:pk>/party/ledger/", poker.poker_ledger, name="poker-ledger"),
]
