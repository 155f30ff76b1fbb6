"""Season competitions and the club rating follow the events: publishing, correcting and
unpublishing an event updates the rating and the competitions it falls in."""
import datetime

import pytest
from django.core.exceptions import ValidationError

from scoring.models import CompetitionStanding, Rating, RatedEvent, RatingChange
from scoring.selectors_competitions import member_rating
from scoring.services_competitions import competition_create, event_feeds_update, handicap_set
from scoring.services_rating import club_rating_rebuild, event_rate
from scoring.tasks import update_competitions
from tests.scoring.competition_factories import scored_event
from tests.tournaments.factories_event import make_members, plays, started_event
from tournaments.services import actions, results

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("commits")]

MON = datetime.date(2026, 9, 7)


def week(n):
    return MON + datetime.timedelta(days=7 * n)


@pytest.fixture
def m(club):
    return make_members(club, 8)


def table(competition):
    return {s.member_id: s for s in CompetitionStanding.objects.filter(competition=competition)}


def test_a_ladder_counts_the_best_results_in_its_dates(club, m):
    scored_event(club, week(0), [(m[0], m[1], 60), (m[2], m[3], 40)])
    scored_event(club, week(1), [(m[0], m[1], 45), (m[2], m[3], 55)])
    scored_event(club, week(2), [(m[0], m[1], 70), (m[2], m[3], 30)])
    scored_event(club, week(9), [(m[0], m[1], 99), (m[2], m[3], 1)])  # after the season
    scored_event(club, week(1), [(m[4], m[5], 50), (m[6], m[7], 50)], status="finished")  # not published
    ladder = competition_create(club=club, name="Autumn ladder", kind="ladder", date_from=week(0),
                                date_to=week(4), best=2)
    rows = table(ladder)
    assert rows[m[0].pk].score == pytest.approx(130) and rows[m[0].pk].rank == "1="  # partners share it
    assert rows[m[2].pk].score == pytest.approx(95) and rows[m[2].pk].played == 3
    assert m[4].pk not in rows
    assert ladder.sessions == 3 and ladder.computed_at is not None


def test_publishing_an_event_updates_its_competitions_and_the_rating(club, m):
    scored_event(club, week(0), [(m[0], m[1], 60), (m[2], m[3], 40)])
    ladder = competition_create(club=club, name="Ladder", kind="ladder", date_from=week(0), best=5)
    average = competition_create(club=club, name="Average", kind="average", date_from=week(0), minimum=2)
    points = competition_create(club=club, name="Masterpoints", kind="masterpoints", date_from=week(0),
                                scale={"bands": [{"min_size": 2, "awards": [10, 4]}]})
    later = scored_event(club, week(1), [(m[0], m[1], 45), (m[2], m[3], 55)], status="finished")
    assert table(ladder)[m[0].pk].score == pytest.approx(60)

    actions.event_publish(event=later)

    assert table(ladder)[m[0].pk].score == pytest.approx(105)
    assert table(average)[m[2].pk].qualified and table(average)[m[2].pk].score == pytest.approx(47.5)
    assert table(points)[m[0].pk].score == 14 and table(points)[m[2].pk].score == 14
    assert RatedEvent.objects.filter(event=later).exists()
    assert RatingChange.objects.filter(event=later, member=m[0]).get().percentage == 45


def test_unpublishing_takes_the_event_out(club, m, director):
    first = scored_event(club, week(0), [(m[0], m[1], 60), (m[2], m[3], 40)])
    ladder = competition_create(club=club, name="Ladder", kind="ladder", date_from=week(0), best=5)
    actions.event_unpublish(event=first, user=director)
    assert table(ladder) == {}
    assert not Rating.objects.filter(club=club).exists()


def test_the_update_is_idempotent(club, m):
    event = scored_event(club, week(0), [(m[0], m[1], 60), (m[2], m[3], 40)])
    ladder = competition_create(club=club, name="Ladder", kind="ladder", date_from=week(0), best=5)
    first = update_competitions.delay(event.pk).get()
    rows = [(s.member_id, s.score, s.rank) for s in CompetitionStanding.objects.filter(competition=ladder)]
    second = update_competitions.delay(event.pk).get()
    assert second == {"rating": "unchanged", "competitions": [ladder.pk]}
    assert first["competitions"] == [ladder.pk]
    assert [(s.member_id, s.score, s.rank) for s in CompetitionStanding.objects.filter(competition=ladder)] == rows
    assert RatingChange.objects.filter(event=event).count() == 4


def test_incremental_rating_equals_a_rebuild(club, m):
    for n, (x, y) in enumerate([(60, 40), (35, 65), (52, 48), (58, 42)]):
        partners = [(m[0], m[1], x), (m[2], m[3], y)] if n % 2 else [(m[0], m[2], x), (m[1], m[3], y)]
        event = scored_event(club, week(n), partners)
        assert event_rate(event_id=event.pk) == "added"
    added = {r.member_id: round(r.value, 3) for r in Rating.objects.filter(club=club)}
    club_rating_rebuild(club=club)
    assert {r.member_id: round(r.value, 3) for r in Rating.objects.filter(club=club)} == added
    early = scored_event(club, week(0) - datetime.timedelta(days=1), [(m[0], m[1], 50), (m[2], m[3], 50)])
    assert event_rate(event_id=early.pk) == "rebuilt"


def test_most_improved_and_the_handicap_cup_use_the_rating_at_the_start(club, m):
    scored_event(club, week(0), [(m[0], m[1], 40), (m[2], m[3], 60)])
    scored_event(club, week(3), [(m[0], m[1], 55), (m[2], m[3], 45)])
    club_rating_rebuild(club=club)
    improved = competition_create(club=club, name="Most improved", kind="most_improved", date_from=week(2))
    cup = competition_create(club=club, name="Cup", kind="handicap", date_from=week(2))
    assert table(improved)[m[0].pk].score == pytest.approx(55 - 40) and table(improved)[m[0].pk].rank == "1="
    assert table(improved)[m[2].pk].score == pytest.approx(45 - 60)
    assert table(cup)[m[0].pk].score == pytest.approx(55 + 10)  # rated 40: 10 below par, the limit
    assert table(cup)[m[2].pk].score == pytest.approx(45 - 10)
    handicap_set(competition=cup, member=m[0], value=2.5)
    assert table(cup)[m[0].pk].score == pytest.approx(55 + (2.5 + 10) / 2)


def test_a_championship_is_a_named_set_of_events(club, m):
    one = scored_event(club, week(0), [(m[0], m[1], 60), (m[2], m[3], 40)])
    two = scored_event(club, week(1), [(m[0], m[1], 50), (m[4], m[5], 50)])
    scored_event(club, week(2), [(m[0], m[1], 90), (m[2], m[3], 10)])
    champ = competition_create(club=club, name="Championship", kind="championship", events=[one.pk, two.pk],
                               carry_over="average")
    rows = table(champ)
    assert rows[m[0].pk].score == pytest.approx(55) and rows[m[0].pk].qualified
    assert not rows[m[2].pk].qualified and rows[m[2].pk].rank == ""


@pytest.mark.parametrize("fields, field", [
    ({"kind": "championship"}, "events"),
    ({"kind": "ladder"}, "date_from"),
    ({"kind": "ladder", "date_from": MON, "date_to": MON - datetime.timedelta(days=1)}, "date_to"),
    ({"kind": "ladder", "date_from": MON, "best": 0}, "best"),
    ({"kind": "ladder", "date_from": MON, "placing_points": [1, "x"]}, "placing_points"),
    ({"kind": "masterpoints", "date_from": MON, "scale": {"bands": [{"min_size": 0, "awards": [1]}]}}, "scale"),
    ({"kind": "tricks", "date_from": MON}, "kind"),
    ({"kind": "ladder", "date_from": MON, "events": [10**9]}, "events"),
])
def test_bad_competitions_are_refused_naming_the_field(club, fields, field):
    with pytest.raises(ValidationError) as caught:
        competition_create(club=club, name="Bad", **fields)
    assert field in caught.value.message_dict


def test_another_clubs_event_cannot_be_named(club, other_club, m):
    theirs = scored_event(other_club, week(0), [(None, None, 50), (None, None, 50)])
    with pytest.raises(ValidationError) as caught:
        competition_create(club=club, name="Bad", kind="championship", events=[theirs.pk])
    assert "events" in caught.value.message_dict


def test_member_rating_for_the_members_page(club, m):
    assert member_rating(m[0]) is None
    scored_event(club, week(0), [(m[0], m[1], 62), (m[2], m[3], 38)])
    club_rating_rebuild(club=club)
    rating = member_rating(m[0])
    assert rating["value"] == pytest.approx(62) and rating["boards"] == 24 and not rating["settled"]
    assert rating["history"][0]["par"] == pytest.approx(50) and rating["history"][0]["after"] == pytest.approx(62)


def test_a_correction_after_publishing_updates_the_competitions(api_as, club, director):
    client = api_as(director)
    event, base, movement = started_event(client, club, kind="howell", tables=2)
    for _r, _t, board, ns, ew in plays(movement):
        assert client.post(f"{base}/results/", {"board": board, "ns": ns, "ew": ew, "contract": "3NT",
                                                "declarer": "N", "tricks": 9}, format="json").status_code == 201
    assert client.post(f"{base}/finish/").status_code == 200
    assert client.post(f"{base}/publish/").status_code == 200
    ladder = competition_create(club=club, name="Ladder", kind="ladder",
                                date_from=datetime.date.fromisoformat(event["date"]), best=3)
    assert {s.score for s in CompetitionStanding.objects.filter(competition=ladder)} == {50}
    before = RatedEvent.objects.get(event_id=event["id"]).version

    from tournaments.models import Result
    result = Result.objects.filter(event_id=event["id"]).order_by("pk").first()
    results.result_correct(result=result, data={"contract": "3NT", "declarer": "N", "tricks": 12},
                           user=director, reason="wrong tricks")

    scores = {s.score for s in CompetitionStanding.objects.filter(competition=ladder)}
    assert scores != {50} and max(scores) > 50
    assert RatedEvent.objects.get(event_id=event["id"]).version > before
    assert event_feeds_update(event_id=event["id"])["rating"] == "unchanged"


def test_a_published_event_in_the_trash_leaves_the_competitions_and_comes_back(club, m, director):
    from clubs.trash import trash_put, trash_restore

    event = scored_event(club, week(0), [(m[0], m[1], 60), (m[2], m[3], 40)])
    ladder = competition_create(club=club, name="Ladder", kind="ladder", date_from=week(0), best=5)
    event_rate(event_id=event.pk)
    trash_put(obj=event, user=director, confirm=True)
    assert table(ladder) == {} and not Rating.objects.filter(club=club).exists()
    trash_restore(obj=event)
    assert table(ladder)[m[0].pk].score == pytest.approx(60)
    assert Rating.objects.get(member=m[0]).value == pytest.approx(60)


def test_a_whist_drive_feeds_a_ladder_by_placings(club, m):
    from tournaments.models import Event, Party, PartyPlayer, PartyStanding

    drive = Event.objects.create(club=club, name="Whist drive", date=week(0), game="whist_drive", scoring="tally",
                                 status="published")
    party = Party.objects.create(event=drive)
    for position, (member, rank) in enumerate([(m[4], 1), (m[5], 2), (m[6], 2), (None, 4)], start=1):
        player = PartyPlayer.objects.create(party=party, label=str(position), name=f"Player {position}", member=member)
        PartyStanding.objects.create(party=party, player=player, position=position, rank=rank, points=10 - position)
    scored_event(club, week(1), [(m[0], m[1], 60), (m[2], m[3], 40)])
    placings = competition_create(club=club, name="Placings", kind="ladder", date_from=week(0), basis="placings",
                                  placing_points=[5, 3, 1])
    rows = table(placings)
    assert rows[m[4].pk].score == 5 and rows[m[5].pk].score == rows[m[6].pk].score == 2  # 2nd= share (3 + 1) / 2
    assert rows[m[0].pk].score == 5 and rows[m[2].pk].score == 3
    by_percentage = competition_create(club=club, name="Percent", kind="ladder", date_from=week(0))
    assert m[4].pk not in table(by_percentage)  # a party has no percentage
