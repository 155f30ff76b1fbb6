"""Teams pages under /clubs/{slug}/events/{id}/teams/: the director's teams and rounds, the
matches waiting for boards, the standings, a team's matches and each match's score card."""
from django.urls import path

from .views import teams

urlpatterns = [
    path("<int:pk>/teams/", teams.teams_home, name="teams-home"),
    path("<int:pk>/teams/add/", teams.teams_add, name="teams-add"),
    path("<int:pk>/teams/<int:number>/", teams.teams_team, name="teams-team"),
    path("<int:pk>/teams/<int:number>/edit/", teams.teams_edit, name="teams-edit"),
    path("<int:pk>/teams/<int:number>/withdraw/", teams.teams_withdraw, name="teams-withdraw"),
    path("<int:pk>/teams/<int:number>/delete/", teams.teams_delete, name="teams-delete"),
    path("<int:pk>/teams/rounds/", teams.teams_rounds, name="teams-rounds"),
    path("<int:pk>/teams/rounds/<int:number>/draw/", teams.teams_draw, name="teams-draw"),
    path("<int:pk>/teams/rounds/<int:number>/swap/", teams.teams_swap, name="teams-swap"),
    path("<int:pk>/teams/waiting/", teams.teams_waiting, name="teams-waiting"),
    path("<int:pk>/teams/standings/", teams.teams_standings, name="teams-standings"),
    path("<int:pk>/teams/matches/<int:match>/", teams.teams_match, name="teams-match"),
    path("<int:pk>/teams/matches/<int:match>/results/", teams.teams_match_result, name="teams-match-result"),
    path("<int:pk>/teams/matches/<int:match>/carry-over/", teams.teams_carry_over, name="teams-carry-over"),
]
