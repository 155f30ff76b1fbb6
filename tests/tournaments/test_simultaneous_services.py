"""Simultaneous pairs services: create, open/close/publish, join (the same deals in every
heat), withdraw, boards that cannot change, the start window, and a heat's results passed on."""
from __future__ import annotations

import datetime

import pytest
from django.core.exceptions import ValidationError
from django.utils import timezone

from cardroom.errors import Conflict
from clubs import services as club_services
from tests.tournaments.factories_simultaneous import MOVEMENT, make_sim, played_heat
from tournaments.models import Board, BoardSet, Event, Heat, Simultaneous
from tournaments.services import actions, boards, events
from tournaments.services import simultaneous as services

pytestmark = pytest.mark.django_db


@pytest.fixture
def third_club(db):
    return club_services.club_create(name="Third Club", slug="third-club", city="Leeds")


def test_every_heat_plays_the_same_deals(club, other_club, third_club):
    sim = make_sim(club)
    heats = [services.heat_join(simultaneous=sim, club=c, movement=MOVEMENT) for c in (club, other_club, third_club)]
    deals = [list(Board.objects.filter(board_set__event=h.event).order_by("number").values_list("number", "deal"))
             for h in heats]
    assert len(deals[0]) == sim.boards == 9
    assert deals[0] == deals[1] == deals[2]
    event = heats[1].event
    assert (event.club, event.date, event.game, event.scoring, event.format) == (
        other_club, sim.date, sim.game, sim.scoring, "pairs")
    assert event.sections.get().schedule.board_numbers()


def test_a_club_joins_once_and_only_while_open(club, other_club):
    sim = make_sim(club)
    services.heat_join(simultaneous=sim, club=other_club)
    with pytest.raises(Conflict, match="already has a heat"):
        services.heat_join(simultaneous=sim, club=other_club)
    services.simultaneous_transition(simultaneous=sim, action="close")
    with pytest.raises(Conflict, match="closed"):
        services.heat_join(simultaneous=sim, club=club)


def test_join_refused_after_the_start_window(club, other_club):
    sim = make_sim(club)
    Simultaneous.objects.filter(pk=sim.pk).update(ends_at=timezone.now() - datetime.timedelta(minutes=1))
    sim.refresh_from_db()
    with pytest.raises(Conflict, match="start window"):
        services.heat_join(simultaneous=sim, club=other_club)


def test_transitions_and_refusals(club):
    sim = make_sim(club)
    assert services.simultaneous_transition(simultaneous=sim, action="close").status == "closed"
    assert services.simultaneous_transition(simultaneous=sim, action="close").status == "closed"  # no-op
    assert services.simultaneous_transition(simultaneous=sim, action="publish").status == "published"
    with pytest.raises(Conflict):
        services.simultaneous_transition(simultaneous=sim, action="open")
    assert services.simultaneous_transition(simultaneous=sim, action="unpublish").status == "closed"
    with pytest.raises(ValidationError) as err:
        services.simultaneous_transition(simultaneous=sim, action="explode")
    assert "action" in err.value.message_dict


@pytest.mark.parametrize("field,value", [("ends_at", -2), ("release_at", -3)])
def test_create_checks_the_window(club, field, value):
    with pytest.raises(ValidationError) as err:
        make_sim(club, **{field: timezone.now() + datetime.timedelta(hours=value)})
    assert field in err.value.message_dict


def test_create_refuses_other_scoring_and_too_many_boards(club):
    with pytest.raises(ValidationError) as err:
        make_sim(club, scoring="tally")
    assert "scoring" in err.value.message_dict
    with pytest.raises(ValidationError) as err:
        make_sim(club, boards=1000)
    assert "boards" in err.value.message_dict


def test_withdraw_before_start_only(club, other_club):
    sim = make_sim(club)
    heat = services.heat_join(simultaneous=sim, club=other_club, movement=MOVEMENT)
    event_id = heat.event_id
    services.heat_withdraw(heat=heat)
    assert not Heat.objects.exists() and not Event.objects.filter(pk=event_id).exists()
    heat = played_heat(sim, other_club, seed=1)
    with pytest.raises(Conflict, match="started"):
        services.heat_withdraw(heat=heat)


def test_heat_boards_cannot_change(club, other_club):
    sim = make_sim(club)
    heat = services.heat_join(simultaneous=sim, club=other_club)
    event = Event.objects.get(pk=heat.event_id)
    with pytest.raises(ValidationError) as err:
        boards.boardset_deal(event=event, seed="another-seed", count=9)
    assert "boards" in err.value.message_dict
    club_set = boards.club_boardset_deal(club=other_club, name="Club set", count=9)
    with pytest.raises(ValidationError) as err:
        boards.boardset_import_pbn(event=event, data=boards.boardset_export_pbn(board_set=club_set))
    assert "boards" in err.value.message_dict
    with pytest.raises(ValidationError) as err:
        boards.boardset_copy_to_event(event=event, club_set=club_set)
    assert "boards" in err.value.message_dict
    assert BoardSet.objects.get(event=event).seed == sim.deal_seed


def test_heat_movement_stays_within_the_simultaneous_boards(club, other_club):
    sim = make_sim(club, boards=6)
    with pytest.raises(ValidationError) as err:
        services.heat_join(simultaneous=sim, club=other_club, movement=MOVEMENT)  # plays 9 boards
    assert "movement" in err.value.message_dict


def test_heat_starts_inside_the_window(club, other_club):
    sim = make_sim(club)
    heat = services.heat_join(simultaneous=sim, club=other_club, movement=MOVEMENT)
    from tests.tournaments.factories_event import make_members
    from tournaments.services import entries

    members = make_members(other_club, 12)
    for a, b in zip(members[::2], members[1::2]):
        entries.entry_add(event=heat.event, members=[a, b])
    Simultaneous.objects.filter(pk=sim.pk).update(starts_at=timezone.now() + datetime.timedelta(minutes=30))
    event = Event.objects.get(pk=heat.event_id)
    with pytest.raises(Conflict, match="start from"):
        actions.event_start(event=event)


def test_an_ordinary_event_is_not_a_heat(club):
    event = events.event_setup(club=club, name="Tuesday", date=timezone.localdate(), game="duplicate_bridge",
                               scoring="matchpoints", movement=MOVEMENT)
    assert services.heat_of(event) is None
    boards.boardset_deal(event=event, seed="any", count=9)


def test_fixed_fields_once_clubs_joined(club, other_club):
    sim = make_sim(club)
    assert services.simultaneous_update(simultaneous=sim, boards=12).boards == 12
    services.heat_join(simultaneous=sim, club=other_club)
    with pytest.raises(Conflict, match="boards"):
        services.simultaneous_update(simultaneous=sim, boards=9)
    assert services.simultaneous_update(simultaneous=sim, name="Renamed").name == "Renamed"
