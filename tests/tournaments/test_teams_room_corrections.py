"""A director's "as seated" correction (a missed arrow switch at pairs) has no place in a teams
match: the draw fixes each room's pairs, and a result moved to the other orientation dropped the
board from its match (the match went back to "playing" with a board missing). It is refused,
naming ns, whether from the traveller page or the service, and the page no longer offers it."""
import random

import pytest
from django.core.exceptions import ValidationError
from django.test import Client

from tests.tournaments.factories_teams import play_round, teams_event
from tournaments.models import Event, Match, Result
from tournaments.services import actions
from tournaments.services.results import result_correct


@pytest.mark.django_db
def test_a_teams_result_is_not_turned_round_as_seated(club, director, commits):
    event = actions.event_start(event=teams_event(club, format="round_robin", teams=4, rounds=0))
    play_round(Event.objects.get(pk=event.pk), random.Random(3))
    match = Match.objects.get(event=event, round=1, number=1)
    before = (match.boards_compared, match.imps_home, match.imps_away, match.vp_home, match.status)
    assert before[0] == 2 and before[-1] == "complete"
    result = Result.objects.select_related("ns", "ew").get(event=event, board=1, table=match.table_closed)
    page = Client()
    page.force_login(director)
    url = f"/clubs/{club.slug}/events/{event.pk}/travellers/1/"
    assert "as_seated" not in page.get(url).content.decode()
    sent = page.post(url, {"result": result.pk, "ns": result.ns.label, "ew": result.ew.label, "contract": "3NT",
                           "declarer": "N", "tricks": 9, "as_seated": "1", "reason": "sat the wrong way"},
                     follow=True)
    assert sent.status_code == 200 and "cannot be compared" in sent.content.decode()
    with pytest.raises(ValidationError) as refused:
        result_correct(result=result, data={"ns": result.ew.label, "ew": result.ns.label, "contract": "3NT",
                                            "declarer": "N", "tricks": 9}, user=director)
    assert "ns" in refused.value.message_dict
    stored = Result.objects.select_related("ns", "ew").get(pk=result.pk)
    assert (stored.ns.label, stored.ew.label) == (result.ns.label, result.ew.label)
    match.refresh_from_db()
    assert (match.boards_compared, match.imps_home, match.imps_away, match.vp_home, match.status) == before
    # The ordinary correction (contract, declarer, tricks) still goes through and rescores the match.
    result_correct(result=result, data={"contract": "7NT", "declarer": "N", "tricks": 13}, user=director)
    match.refresh_from_db()
    assert match.boards_compared == 2 and match.status == "complete" and (match.imps_home, match.imps_away) != before[1:3]
