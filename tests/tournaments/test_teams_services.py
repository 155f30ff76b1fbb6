"""Teams services: a teams event set up, teams entered with their players, started (round 1
drawn as matches at two tables each), results from the tables' phones scored into the match and
the team standings, the next Swiss round drawn from them, re-draws and swaps refused once played."""
import random

import pytest
from django.core.exceptions import ValidationError

from cardroom.errors import Conflict
from tests.tournaments.factories_event import make_members
from tests.tournaments.factories_teams import expected_match, play_round, teams_event
from tournaments.models import Entry, Match, MatchStatus, Team, TeamStanding
from tournaments.services import actions
from tournaments.services.teams import (team_add, team_players_set, team_withdraw, teams_event_setup,
                                        teams_round_draw, teams_round_swap)


@pytest.mark.django_db
def test_start_draws_round_one_as_matches_at_two_tables(club, commits):
    event = teams_event(club, teams=4, boards_per_match=2)
    assert Entry.objects.filter(event=event).count() == 8
    event = actions.event_start(event=event)
    assert event.status == "playing" and event.teams_event.current_round == 1
    matches = list(Match.objects.filter(event=event, round=1).select_related("home", "away"))
    assert [(m.home.number, m.away.number, m.table_open, m.table_closed) for m in matches] == [
        (1, 3, 1, 2), (2, 4, 3, 4)]  # seeded: top half v bottom half
    schedule = event.sections.get().schedule
    assert schedule.tables == 4 and schedule.round(1).table(1).ns == "1NS" and schedule.round(1).table(1).ew == "3EW"
    assert schedule.round(1).table(2).ns == "3NS" and schedule.round(1).table(2).ew == "1EW"
    assert schedule.round(1).table(1).boards == (1, 2) == schedule.round(1).table(4).boards
    assert event.boardsets.get().boards.count() == 2 if hasattr(event, "boardsets") else True
    assert actions.event_start(event=event).status == "playing"  # a second start changes nothing
    assert Match.objects.filter(event=event).count() == 2


@pytest.mark.django_db
def test_phones_results_score_the_match_and_the_standings(club, commits):
    event = actions.event_start(event=teams_event(club, teams=4, boards_per_match=2))
    played = play_round(event, random.Random(7))
    match = Match.objects.get(event=event, round=1, number=1)
    assert match.status == MatchStatus.COMPLETE and match.boards_compared == 2
    won, lost, vp_home, vp_away = expected_match([1, 2], {b: played[(1, b)] for b in (1, 2)},
                                                 {b: played[(2, b)] for b in (1, 2)}, 2)
    assert (match.imps_home, match.imps_away) == (won, lost)
    assert (match.vp_home, match.vp_away) == (vp_home, vp_away)
    standing = TeamStanding.objects.get(event=event, team=match.home)
    assert standing.total == vp_home and standing.imps_for == won and standing.played == 1
    assert TeamStanding.objects.filter(event=event).count() == 4


@pytest.mark.django_db
def test_swiss_round_two_waits_for_round_one_then_pairs_without_rematch(club, commits):
    event = actions.event_start(event=teams_event(club, teams=4, boards_per_match=2))
    with pytest.raises(Conflict, match="not complete"):
        teams_round_draw(event=event, round_number=2)
    play_round(event, random.Random(3))
    teams_round_draw(event=event, round_number=2)
    event.refresh_from_db()
    assert event.teams_event.current_round == 2 and event.current_round == 2
    first = {frozenset((m.home_id, m.away_id)) for m in Match.objects.filter(event=event, round=1)}
    second = {frozenset((m.home_id, m.away_id)) for m in Match.objects.filter(event=event, round=2)}
    assert not first & second and len(second) == 2
    assert event.sections.get().schedule.round(2).table(1).boards == (3, 4)
    assert event.boardset.boards.count() == 4 if hasattr(event, "boardset") else True


@pytest.mark.django_db
def test_a_drawn_round_is_redrawn_or_swapped_only_before_results(club, commits):
    event = actions.event_start(event=teams_event(club, teams=4, boards_per_match=2))
    teams_round_swap(event=event, round_number=1, teams=(1, 2))
    pairs = [(m.home.number, m.away.number) for m in Match.objects.filter(event=event, round=1)]
    assert pairs == [(2, 3), (1, 4)]
    assert event.sections.get().schedule.round(1).table(1).ns == "2NS"
    teams_round_draw(event=event, round_number=1)  # a re-draw: the seeded draw again
    assert [(m.home.number, m.away.number) for m in Match.objects.filter(event=event, round=1)] == [(1, 3), (2, 4)]
    play_round(event, random.Random(1), confirm=False)
    with pytest.raises(Conflict, match="results"):
        teams_round_swap(event=event, round_number=1, teams=(1, 2))
    with pytest.raises(Conflict, match="results"):
        teams_round_draw(event=event, round_number=1)


@pytest.mark.django_db
def test_odd_field_bye_scored_by_the_rule(club, commits):
    event = actions.event_start(event=teams_event(club, teams=5, boards_per_match=2,
                                                  options={"bye": {"rule": "fixed", "vp": 12}}))
    bye = Match.objects.get(event=event, round=1, away__isnull=True)
    assert bye.home.number == 5 and bye.table_open is None
    assert "5NS" in event.sections.get().schedule.round(1).sit_out
    bye.refresh_from_db()
    assert bye.vp_home == 12 and TeamStanding.objects.get(event=event, team=bye.home).total == 12


@pytest.mark.django_db
def test_team_players_are_four_to_six_with_one_captain(club):
    event = teams_event(club, teams=2)
    team = Team.objects.get(event=event, number=1)
    members = make_members(club, 7, start=100)
    with pytest.raises(ValidationError) as three:
        team_players_set(team=team, players=[{"member": m.pk, "captain": i == 0} for i, m in enumerate(members[:3])])
    assert "players" in three.value.message_dict
    with pytest.raises(ValidationError) as two_captains:
        team_players_set(team=team, players=[{"member": m.pk, "captain": True} for m in members[:4]])
    assert "captain" in two_captains.value.message_dict
    other = Team.objects.get(event=event, number=2).players.first()
    with pytest.raises(ValidationError, match="already plays"):
        team_players_set(team=team, players=[{"member": other.member_id, "captain": True}] +
                         [{"member": m.pk} for m in members[:3]])
    team_players_set(team=team, players=[{"guest": "Gus Guest", "captain": True}, {"name": "guest:Ann Other"}] +
                     [{"member": m.pk} for m in members[:4]])
    assert team.players.count() == 6 and team.players.get(captain=True).name == "Gus Guest"


@pytest.mark.django_db
def test_teams_event_setup_names_the_bad_field(club):
    import datetime

    def setup(**fields):
        base = {"club": club, "name": "T", "date": datetime.date(2026, 11, 24), "game": "duplicate_bridge",
                "format": "swiss", "boards_per_match": 8, "rounds": 6}
        with pytest.raises(ValidationError) as err:
            teams_event_setup(**(base | fields))
        return set(err.value.message_dict)

    assert setup(game="duplicate_whist") == {"game"}
    assert setup(format="pairs") == {"format"}
    assert setup(scoring="matchpoints") == {"scoring"}
    assert setup(boards_per_match=0) == {"boards_per_match"}
    assert setup(rounds=0) == {"rounds"}
    assert setup(rounds=30, boards_per_match=8) == {"rounds"}
    assert setup(options={"vp_scale": "wbf_99"}) == {"options.vp_scale"}
    assert setup(options={"colour": "red"}) == {"options.colour"}
    assert setup(options={"bye": {"rule": "fixed", "vp": 25}}) == {"options.bye"}
    assert setup(options={"tie_breaks": ["vp", "coin"]}) == {"options.tie_breaks"}


@pytest.mark.django_db
def test_late_team_joins_the_next_swiss_round_and_a_withdrawn_team_leaves(club, commits):
    event = actions.event_start(event=teams_event(club, teams=4, boards_per_match=2))
    members = make_members(club, 4, start=200)
    late = team_add(event=event, name="Late", players=[{"member": m.pk, "captain": i == 0}
                                                       for i, m in enumerate(members)])
    assert late.joined_round == 2 and Entry.objects.get(team=late, label="5NS").joined_round == 2
    gone = Team.objects.get(event=event, number=4)
    play_round(event, random.Random(5))
    gone = team_withdraw(team=gone)
    assert gone.withdrawn_after_round == 1
    teams_round_draw(event=event, round_number=2)
    drawn = {t for m in Match.objects.filter(event=event, round=2) for t in (m.home.number, m.away and m.away.number)}
    assert 5 in drawn and 4 not in drawn


@pytest.mark.django_db
def test_a_started_teams_event_can_be_deleted_but_not_a_team_with_matches(club, commits):
    from django.db.models import RestrictedError

    from tournaments.models import Event
    from tournaments.services.events import event_delete

    event = actions.event_start(event=teams_event(club, teams=4, boards_per_match=2))
    with pytest.raises(RestrictedError):
        Team.objects.filter(event=event).first().delete()
    event_delete(event=event)
    assert not Event.objects.filter(pk=event.pk).exists() and not Match.objects.filter(event_id=event.pk).exists()
