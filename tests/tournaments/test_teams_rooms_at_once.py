"""Both rooms' phones and a scorer at the same match at once, on PostgreSQL: each phone confirms its
boards while the scorer types the closed room's last board from a travelling sheet and the closed
room's phone enters that same board. No result is lost or stored twice (one per table and board),
and the match's stored IMPs and VPs, written by the rescores those commits queue, are those of the
results stored, as an independent computation from the engine gives them."""
import threading

import pytest
from django.db import connection

from scoring.engine.imps import imps, victory_points
from tests.tournaments.factories_teams import play_score, teams_event
from tournaments.models import Event, Match, Result, Section
from tournaments.services import actions
from tournaments.services import tables as table_services
from tournaments.services.teams.results import match_result_enter

PLAYS = [{"contract": "4S", "declarer": "N", "tricks": 10}, {"contract": "3NT", "declarer": "E", "tricks": 8},
         {"contract": "2H", "declarer": "S", "tricks": 9}, {"contract": "1NT", "declarer": "W", "tricks": 7}]


def at_once(jobs):
    barrier = threading.Barrier(len(jobs))
    outcomes = [None] * len(jobs)

    def run(i):
        try:
            barrier.wait()
            jobs[i]()
            outcomes[i] = "ok"
        except Exception as exc:  # noqa: BLE001 - reported by the assertions, not lost in a thread
            outcomes[i] = type(exc).__name__
        finally:
            connection.close()

    threads = [threading.Thread(target=run, args=(i,)) for i in range(len(jobs))]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=120)
    return outcomes


def jobs_for(event, section, match, scorer):
    """Each room's phone has entered its boards but the closed room's last; now at once: the
    phones confirm, the scorer types the closed room's last board, the closed phone enters it too."""
    first, last = section.schedule.table(match.round, match.table_open).boards
    waiting = {}
    for table in (match.table_open, match.table_closed):
        for k, board in enumerate((first, last)):
            if table == match.table_closed and board == last:
                continue
            play = PLAYS[(k + 2 * (table == match.table_closed) + match.pk) % 4]
            result, _ = table_services.table_result_submit(event=event, section=section, table=table,
                                                           data={"board": board, **play})
            waiting[(table, board)] = result.pk

    def confirm(table, board):
        return lambda: table_services.table_result_confirm(event=Event.objects.get(pk=event.pk), section=section,
                                                           table=table, result_id=waiting[(table, board)])

    def scorer_types():
        match_result_enter(match=Match.objects.select_related("event", "home", "away").get(pk=match.pk),
                           room="closed", data={"board": last, **PLAYS[3]}, user=scorer)

    def phone_enters():
        result, _ = table_services.table_result_submit(event=Event.objects.get(pk=event.pk), section=section,
                                                       table=match.table_closed, data={"board": last, **PLAYS[1]})
        table_services.table_result_confirm(event=Event.objects.get(pk=event.pk), section=section,
                                            table=match.table_closed, result_id=result.pk)

    return [confirm(t, b) for (t, b) in waiting] + [scorer_types, phone_enters], (first, last)


def expected(match, boards):
    """Home's IMPs, away's IMPs and VPs from the stored confirmed results, by the engine alone."""
    rows = {(r.table, r.board): r for r in Result.objects.filter(event=match.event, round=match.round,
                                                                 table__in=(match.table_open, match.table_closed),
                                                                 confirmed=True)}
    won = lost = 0
    for board in boards:
        room_open, room_closed = rows.get((match.table_open, board)), rows.get((match.table_closed, board))
        if room_open is None or room_closed is None:
            continue
        diff = play_score(vars(room_open), board) - play_score(vars(room_closed), board)
        won, lost = won + max(imps(diff), 0), lost + max(-imps(diff), 0)
    return won, lost, victory_points(won - lost, len(boards))


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_both_rooms_and_a_scorer_at_one_match_at_once(require_postgres, club, scorer):
    event = actions.event_start(event=teams_event(club, format="round_robin", teams=4, rounds=0))
    section = Section.objects.get(event=event)
    jobs, boards = [], {}
    matches = list(Match.objects.filter(event=event, round=1).select_related("home", "away"))
    for match in matches:
        more, boards[match.pk] = jobs_for(event, section, match, scorer)
        jobs += more
    outcomes = at_once(jobs)
    # Every confirmation lands; of the scorer and the closed phone on the same board, one or both
    # (the scorer's replaces a phone's entry) land, the other refused as already entered.
    assert outcomes.count("ok") >= len(jobs) - len(matches), outcomes
    assert set(outcomes) <= {"ok", "ValidationError", "ResultConflict"}, outcomes
    for match in matches:
        rows = Result.objects.filter(event=event, round=1, table__in=(match.table_open, match.table_closed))
        assert sorted(rows.values_list("table", "board")) == sorted(
            (t, b) for t in (match.table_open, match.table_closed) for b in boards[match.pk])
        assert all(rows.values_list("confirmed", flat=True))
        stored = Match.objects.get(pk=match.pk)
        won, lost, (vp_home, vp_away) = expected(stored, boards[match.pk])
        assert stored.boards_compared == 2 and stored.status == "complete"
        assert (stored.imps_home, stored.imps_away) == (won, lost)
        assert (round(stored.vp_home, 2), round(stored.vp_away, 2)) == (round(vp_home, 2), round(vp_away, 2))
