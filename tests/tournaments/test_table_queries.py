"""Queries per table request (issue 18: at most 6): a table's GET, a result POST and the other
side's confirm, through the API with the table's PIN, so a change that adds reads fails here.
The test runs outside a test transaction, as a request does, so the services' transactions are
real ones: SQLite logs their BEGIN and COMMIT (PostgreSQL's are not queries Django logs), which the
budget counts apart (``TRANSACTION``). Before issue 18 the three took 9, 25 and 20 queries."""
import re
from contextlib import contextmanager

import pytest
from django.conf import settings
from django.db import connection
from django.test import override_settings
from django.test.utils import CaptureQueriesContext
from rest_framework.test import APIClient

from tests.tournaments.factories_event import create_event, enter_pairs, make_members
from tournaments.models import BoardNotPlayed, Event, Result, ResultChange
from tournaments.models.sections import SCHEDULES
from tournaments.selectors_event import table_pin

MAX_QUERIES = 6
TRANSACTION = re.compile(r"^\s*(BEGIN|COMMIT|ROLLBACK|SAVEPOINT|RELEASE SAVEPOINT)\b", re.I)


@contextmanager
def at_most(budget, django_assert_max_num_queries):
    """At most ``budget`` statements that read or write, and one transaction's control on top."""
    with django_assert_max_num_queries(budget + 2), CaptureQueriesContext(connection) as ctx:
        yield
    work = [q["sql"] for q in ctx.captured_queries if not TRANSACTION.match(q["sql"])]
    assert len(work) <= budget, "\n".join(work)


@pytest.fixture
def started(club, director, api_as):
    client = api_as(director)
    event = create_event(client, club, movement={"kind": "mitchell", "tables": 7, "boards_per_round": 3})
    enter_pairs(client, club, event["id"], make_members(club, 28))
    assert client.post(f"/api/clubs/{club.slug}/events/{event['id']}/start/").status_code == 200
    event = Event.objects.get(pk=event["id"])
    return event, event.sections.get()


def url(club, event, table, tail=""):
    return f"/api/clubs/{club.slug}/events/{event.pk}/tables/A/{table}/{tail}"


def phone(event, section, table):
    client = APIClient()
    client.credentials(HTTP_X_TABLE_PIN=table_pin(event, section, table))
    return client


@pytest.mark.django_db(transaction=True)
def test_table_get_post_and_confirm_stay_within_the_query_budget(started, club, django_assert_max_num_queries,
                                                                  monkeypatch):
    """The rescore a confirmation queues is the worker's work, not the request's: recorded here."""
    from scoring.tasks import rescore_event

    queued = []
    monkeypatch.setattr(rescore_event, "delay", lambda *args: queued.append(args))
    event, section = started
    table = phone(event, section, 3)
    table.get(url(club, event, 3))  # the process's first request of the section parses its movement
    with at_most(2, django_assert_max_num_queries):  # the section with the PIN check; its entries and results
        now = table.get(url(club, event, 3))
    assert now.status_code == 200
    board = now.json()["to_play"][0]
    # On PostgreSQL each request's writes go as one statement, its own transaction
    # (services.results.one_round_trip): the POST reads twice and writes once, the
    # confirmation reads twice (the section, the result) and writes once; each request's two
    # reads go in one round trip (test_a_table_request_reads_its_section_...).
    post_budget, confirm_budget = (3, 3) if connection.vendor == "postgresql" else (MAX_QUERIES, MAX_QUERIES)
    with at_most(post_budget, django_assert_max_num_queries):
        sent = table.post(url(club, event, 3), {"board": board, "contract": "4S", "declarer": "S", "tricks": 10},
                          format="json")
    assert sent.status_code == 201, sent.content
    with at_most(confirm_budget, django_assert_max_num_queries):
        confirmed = table.post(url(club, event, 3, "confirm/"), {"result": sent.json()["id"]}, format="json")
    assert confirmed.status_code == 200 and confirmed.json()["confirmed"] is True
    result = Result.objects.get(pk=sent.json()["id"])
    assert result.confirmed and result.source == "table" and result.table == 3
    assert list(ResultChange.objects.filter(result=result).values_list("action", flat=True).order_by("pk")) == [
        "create", "confirm"]
    assert Event.objects.get(pk=event.pk).results_version == event.results_version + 1
    assert queued == [(event.pk,)]


@pytest.mark.django_db(transaction=True)
def test_the_movement_is_parsed_once_per_stored_version(started, club):
    event, section = started
    table = phone(event, section, 2)
    SCHEDULES.clear()
    assert table.get(url(club, event, 2)).status_code == 200
    assert [key[0] for key in SCHEDULES] == [section.pk]
    parsed = next(iter(SCHEDULES.values()))
    assert table.get(url(club, event, 2)).status_code == 200
    assert next(iter(SCHEDULES.values())) is parsed and len(SCHEDULES) == 1
    # a movement stored anew (a late pair, a withdrawal) is a new key: parsed again
    section.movement = dict(section.movement, note="changed")
    section.save(update_fields=["movement"])
    assert table.get(url(club, event, 2)).status_code == 200
    assert len(SCHEDULES) == 2


@pytest.mark.django_db(transaction=True)
def test_a_board_reported_not_played_is_still_shown_and_counted(started, club):
    event, section = started
    table = phone(event, section, 4)
    board = table.get(url(club, event, 4)).json()["to_play"][0]
    assert table.post(url(club, event, 4, "not-played/"), {"board": board}, format="json").status_code == 201
    now = table.get(url(club, event, 4)).json()
    assert [r["board"] for r in now["not_played"]] == [board] and board not in now["to_play"]
    assert BoardNotPlayed.objects.filter(section=section, table=4).count() == 1


@pytest.mark.django_db
def test_a_result_confirmed_meanwhile_is_checked_again_under_the_lock(started, monkeypatch):
    """The board is read before the event's lock; when a confirmed result changed in between
    (``results_version`` moved) the scoring check runs again under the lock, with that result."""
    from scoring import services as scoring_services
    from tournaments.services import results
    from tournaments.services.tables import table_result_submit

    event, section = started
    stale = Event.objects.get(pk=event.pk)  # what the table's request read
    board = section.schedule.table(1, 3).boards[0]
    later = next((rnd, tp) for rnd, tp in section.schedule.seatings() if rnd > 1 and board in tp.boards)
    results.result_submit(event=event, data={"board": board, "ns": later[1].ns, "ew": later[1].ew, "section": "A",
                                             "contract": "3NT", "declarer": "N", "tricks": 9})
    checked = []
    real = scoring_services.result_check
    monkeypatch.setattr(results, "result_check", lambda **kw: checked.append(kw.get("board")) or real(**kw))
    result, created = table_result_submit(event=stale, section=section, table=3,
                                          data={"board": board, "contract": "4S", "declarer": "S", "tricks": 10})
    assert created and not result.confirmed and result.table == 3
    assert len(checked) == 2 and checked[1] is None  # the second read the board itself, under the lock
    assert Result.objects.filter(section=section, board=board).count() == 2


@pytest.mark.django_db
def test_a_refusal_under_the_lock_rolls_the_inserted_result_back(started, monkeypatch):
    """The table's result and its audit row are inserted before the event's lock; when the board
    changed meanwhile and the check under the lock refuses, neither stays."""
    from django.core.exceptions import ValidationError

    from tournaments.services import results
    from tournaments.services.tables import table_result_submit

    event, section = started
    stale = Event.objects.get(pk=event.pk)
    Event.objects.filter(pk=event.pk).update(results_version=stale.results_version + 1)  # a confirm meanwhile
    calls = []

    def check(**kw):
        calls.append(kw.get("board"))
        if len(calls) == 2:
            raise ValidationError({"board": ["Scoring would refuse this result: test"]})

    monkeypatch.setattr(results, "result_check", check)
    board = section.schedule.table(1, 3).boards[0]
    with pytest.raises(ValidationError):
        table_result_submit(event=stale, section=section, table=3,
                            data={"board": board, "contract": "4S", "declarer": "S", "tricks": 10})
    assert len(calls) == 2
    assert not Result.objects.filter(section=section, board=board).exists()
    assert not ResultChange.objects.filter(event=event, board=board).exists()


def _entered(event, section, table):
    from tournaments.services.tables import table_result_submit

    board = section.schedule.table(1, table).boards[0]
    result, created = table_result_submit(event=event, section=section, table=table,
                                          data={"board": board, "contract": "3NT", "declarer": "N", "tricks": 9})
    assert created
    return result


def _meanwhile(monkeypatch, change):
    """``change()`` happens between the confirm's read and its compare-and-set on the row as read
    (another device, or a director, at the same instant)."""
    from tournaments.services import results

    cas = results._confirm_as_read

    def changed_then_confirmed(*args, **kwargs):
        change()
        return cas(*args, **kwargs)

    monkeypatch.setattr(results, "_confirm_as_read", changed_then_confirmed)


@pytest.mark.django_db
def test_a_confirm_audits_the_result_as_confirmed_when_the_table_replaced_it_meanwhile(started, monkeypatch):
    from tournaments.services.tables import table_result_confirm

    event, section = started
    result = _entered(event, section, 3)
    _meanwhile(monkeypatch, lambda: Result.objects.filter(pk=result.pk).update(tricks=10, score_ns=630))  # replaced
    confirmed = table_result_confirm(event=Event.objects.get(pk=event.pk), section=section, table=3,
                                     result_id=result.pk)
    assert confirmed.confirmed and confirmed.tricks == 10 and confirmed.snapshot()["ns"] == result.ns.label
    trail = ResultChange.objects.get(result=result, action="confirm")
    assert trail.after["tricks"] == 10 and trail.after["score_ns"] == 630 and trail.after["confirmed"] is True
    assert Event.objects.get(pk=event.pk).results_version == event.results_version + 1


@pytest.mark.django_db
def test_a_confirm_audits_the_pairs_numbers_as_they_are_when_one_was_renumbered_meanwhile(started, monkeypatch):
    """The compare-and-set holds the entries' numbers the audit row shows, not only the row's own
    columns: a pair renumbered between the read and the write (a movement changed) is read again."""
    from tournaments.models import Entry
    from tournaments.services.tables import table_result_confirm

    event, section = started
    result = _entered(event, section, 5)
    _meanwhile(monkeypatch, lambda: Entry.objects.filter(pk=result.ns_id).update(label="99"))
    table_result_confirm(event=Event.objects.get(pk=event.pk), section=section, table=5, result_id=result.pk)
    trail = ResultChange.objects.get(result=result, action="confirm")
    assert trail.after["ns"] == "99" and trail.after["confirmed"] is True
    assert Event.objects.get(pk=event.pk).results_version == event.results_version + 1


@pytest.mark.django_db
def test_a_confirm_of_a_result_that_keeps_changing_is_a_400_and_counts_nothing(started, monkeypatch):
    """The confirm reads the row again when it changed before the write, a bounded number of times."""
    from django.core.exceptions import ValidationError
    from django.db.models import F
    from tournaments.services.tables import table_result_confirm

    event, section = started
    result = _entered(event, section, 6)
    _meanwhile(monkeypatch, lambda: Result.objects.filter(pk=result.pk).update(score_ns=F("score_ns") + 10))
    with pytest.raises(ValidationError, match="kept changing"):
        table_result_confirm(event=Event.objects.get(pk=event.pk), section=section, table=6, result_id=result.pk)
    assert not Result.objects.get(pk=result.pk).confirmed
    assert Event.objects.get(pk=event.pk).results_version == event.results_version
    assert not ResultChange.objects.filter(event=event, action="confirm").exists()


@pytest.mark.django_db
def test_a_result_gone_before_its_confirm_is_a_400_and_counts_nothing(started, monkeypatch):
    from django.core.exceptions import ValidationError

    from tournaments.services.tables import table_result_confirm

    event, section = started
    result = _entered(event, section, 4)
    _meanwhile(monkeypatch, lambda: Result.objects.filter(pk=result.pk).delete())  # reported not played meanwhile
    with pytest.raises(ValidationError) as refused:
        table_result_confirm(event=Event.objects.get(pk=event.pk), section=section, table=4, result_id=result.pk)
    assert "result" in refused.value.message_dict
    assert Event.objects.get(pk=event.pk).results_version == event.results_version
    assert not ResultChange.objects.filter(event=event, action="confirm").exists()


@pytest.mark.django_db
def test_the_movement_key_follows_any_write_of_the_movement(started):
    """The fingerprint is computed by the database: a queryset update (no ``save``) changes it too."""
    from tournaments.models import Section

    event, section = started
    before = Section.objects.values_list("movement_hash", flat=True).get(pk=section.pk)
    Section.objects.filter(pk=section.pk).update(movement=dict(section.movement, note="changed"))
    after = Section.objects.values_list("movement_hash", flat=True).get(pk=section.pk)
    assert before and after and before != after and len(after) == 32


def _as_a_table_reads_it(club, event):
    """The section as a table's request reads it: the movement deferred, its fingerprint read,
    the process's parse of it (``Section.schedule``)."""
    from tournaments.selectors_table import table_section

    return table_section(club_slug=club.slug, event_id=event.pk, name="A", table=1, client="test", pin_window=60)


def _plan(club, event):
    from scoring.services import section_plan
    from tournaments.models import Entry

    section = _as_a_table_reads_it(club, event)
    return section_plan(section, Entry.objects.filter(section=section).values_list("label", flat=True))


def _worked_out(section):
    """The plan from the stored movement, read and walked afresh (no kept parse, no kept plan)."""
    from scoring.services import _section_plan
    from tournaments.models import Entry, Section

    fresh = Section.objects.get(pk=section.pk)
    return _section_plan(fresh.schedule, frozenset(Entry.objects.filter(section=fresh).values_list("label", flat=True)))


@pytest.mark.django_db
def test_a_sections_plan_is_kept_until_its_movement_or_its_pairs_change(started, club):
    """A result check's schedule walk is kept per process (issue 18): the same plan for the next
    request; a withdrawal and a late pair (each reseats the section) and a new movement each give
    a new one, the same as working it out afresh."""
    from tournaments.models import Entry
    from tournaments.services import entries as entry_services
    from tournaments.services import seating
    from tournaments.services.sections import movement_build

    event, section = started
    first = _plan(club, event)
    assert _plan(club, event) is first  # kept
    assert first == _worked_out(section)

    entry_services.entry_withdraw(entry=Entry.objects.get(section=section, label="3NS"))
    withdrawn = _plan(club, event)
    assert withdrawn.expected != first.expected and withdrawn == _worked_out(section)

    entry_services.entry_add(event=Event.objects.get(pk=event.pk), guests=["Late", "Comer"])
    late = _plan(club, event)
    assert late.expected != withdrawn.expected and late == _worked_out(section)

    seating.section_change_movement(section=section, movement=movement_build(
        {"kind": "mitchell", "tables": 9, "boards_per_round": 2}))
    changed = _plan(club, event)
    assert changed.card != late.card and changed == _worked_out(section)


@pytest.mark.django_db
def test_a_confirm_of_what_the_phone_was_shown_is_undone_when_the_table_entered_it_again_meanwhile(started,
                                                                                                    monkeypatch):
    from django.core.exceptions import ValidationError
    from tournaments.services.tables import table_result_confirm

    event, section = started
    result = _entered(event, section, 3)
    shown = result.summary
    _meanwhile(monkeypatch, lambda: Result.objects.filter(pk=result.pk).update(tricks=result.tricks + 1))  # replaced
    with pytest.raises(ValidationError, match="entered again"):
        table_result_confirm(event=Event.objects.get(pk=event.pk), section=section, table=3, result_id=result.pk,
                             seen=shown)
    result.refresh_from_db()
    assert not result.confirmed and result.tricks is not None
    assert not ResultChange.objects.filter(result=result, action="confirm").exists()
    assert Event.objects.get(pk=event.pk).results_version == event.results_version


def _sent_together(calls):
    """Each statement of ``calls`` and whether it went in a pipeline (PostgreSQL: sent with the
    next, their answers awaited once)."""
    piped = []

    def record(execute, sql, params, many, context):
        piped.append(bool(connection.connection.pgconn.pipeline_status))
        return execute(sql, params, many, context)

    with connection.execute_wrapper(record):
        out = calls()
    return out, piped


@pytest.mark.skipif(connection.vendor != "postgresql", reason="SQLite has no round trip to save")
@pytest.mark.django_db(transaction=True)
def test_a_table_request_reads_its_section_and_what_it_needs_next_in_one_round_trip(started, club, monkeypatch):
    """The section with the PIN check goes with the table's state (a GET, a result's POST) or
    the result to confirm: two statements, one wait; the write after them is its own. (The
    rescore a confirmation queues is the worker's.)"""
    from scoring.tasks import rescore_event

    monkeypatch.setattr(rescore_event, "delay", lambda *args: None)
    event, section = started
    table = phone(event, section, 5)
    table.get(url(club, event, 5))  # the process's first request of the section parses its movement
    now, piped = _sent_together(lambda: table.get(url(club, event, 5)))
    assert now.status_code == 200 and piped == [True, True]
    board = now.json()["to_play"][0]
    sent, piped = _sent_together(lambda: table.post(url(club, event, 5), {"board": board, "contract": "4S",
                                                                          "declarer": "S", "tricks": 10},
                                                     format="json"))
    assert sent.status_code == 201 and piped == [True, True, False]
    confirmed, piped = _sent_together(lambda: table.post(url(club, event, 5, "confirm/"),
                                                         {"result": sent.json()["id"]}, format="json"))
    assert confirmed.status_code == 200 and confirmed.json()["confirmed"] and piped == [True, True, False]
    # the next request reads the table afresh, as it now is (within one request, what was read
    # ahead is used once: test_table_concurrency's two phones at one table fail otherwise)
    assert board in [b["board"] for b in table.get(url(club, event, 5)).json()["boards"] if b["status"] == "done"]


@pytest.mark.django_db
def test_a_body_that_cannot_be_parsed_is_said_after_the_pins_check(started, club):
    """Reading the body ahead (the board, the result) changes no answer: a wrong PIN is a 403
    whatever the body, and a right PIN with a body that is not JSON is the parse error's 400."""
    event, section = started
    wrong = APIClient()
    wrong.credentials(HTTP_X_TABLE_PIN="0000" if table_pin(event, section, 6) != "0000" else "1111")
    for tail in ("", "confirm/"):
        assert wrong.generic("POST", url(club, event, 6, tail), "{not json",
                             content_type="application/json").status_code == 403
        answer = phone(event, section, 6).generic("POST", url(club, event, 6, tail), "{not json",
                                                  content_type="application/json")
        assert answer.status_code == 400 and "JSON parse error" in answer.json()["detail"], answer.content
        answer = phone(event, section, 6).generic("POST", url(club, event, 6, tail), "board=1",
                                                  content_type="text/csv")
        assert answer.status_code == 415, answer.content
        for odd in ("\u00b2", "\u2464", "9" * 5000, -3, 2.5, ["1"], {"n": 1}):  # numbers int() or the range refuse
            field = "result" if tail else "board"
            assert wrong.post(url(club, event, 6, tail), {field: odd}, format="json").status_code == 403
            assert phone(event, section, 6).post(url(club, event, 6, tail), {field: odd},
                                                 format="json").status_code == 400, odd
        crowded = "&".join(f"f{i}=1" for i in range(settings.DATA_UPLOAD_MAX_NUMBER_FIELDS + 1))
        assert wrong.generic("POST", url(club, event, 6, tail), crowded,
                             content_type="application/x-www-form-urlencoded").status_code == 403
        assert phone(event, section, 6).generic("POST", url(club, event, 6, tail), crowded,
                                                content_type="application/x-www-form-urlencoded").status_code == 400


@pytest.mark.django_db
@pytest.mark.parametrize("model", [Result, ResultChange])
def test_every_index_a_tables_write_maintains_is_one_a_query_needs(model):
    """A table's result and its audit row write every index of their tables: none may be the
    leading columns of another index, which serves the same lookups (issue 18: ``event`` and
    ``section`` lost their own)."""
    with connection.cursor() as cursor:
        found = connection.introspection.get_constraints(cursor, model._meta.db_table)
    indexes = {name: c["columns"] for name, c in found.items() if c["index"] and not c["primary_key"]}
    redundant = [(name, other) for name, cols in indexes.items() if not found[name]["unique"]
                 for other, more in indexes.items() if other != name and more[:len(cols)] == cols]
    assert not redundant
    assert {"event_id"} <= {cols[0] for cols in indexes.values()}  # the event's lookups still have one


class _NoCache:
    """A cache that fails the test when asked anything."""

    def __getattr__(self, name):
        pytest.fail(f"the cache was asked: {name}")


@pytest.mark.django_db(transaction=True)
def test_a_burst_of_table_confirmations_queues_one_run_and_asks_no_cache(started, club, monkeypatch):
    """With a worker taking the runs (CARDROOM_COALESCE), a table's confirmation claims the
    event's queued run in its own write (``RescoreQueued``; on PostgreSQL inside its one
    statement): five tables' confirmations queue one run, and none asks the cache (Redis) for
    it. The run frees the claim as it starts, so the next confirmation queues the next run; a
    broker that refuses the task frees it too."""
    import cardroom.tasks
    from scoring.models import EventScoring, RescoreQueued
    from scoring.tasks import rescore_event

    queued = []
    monkeypatch.setattr(rescore_event, "delay", lambda *args: queued.append(args))
    monkeypatch.setattr(cardroom.tasks, "cache", _NoCache())
    event, section = started
    sent = {}
    for number in range(1, 8):
        table = phone(event, section, number)
        board = table.get(url(club, event, number)).json()["to_play"][0]
        answer = table.post(url(club, event, number), {"board": board, "contract": "4S", "declarer": "S",
                                                       "tricks": 10}, format="json")
        assert answer.status_code == 201, answer.content
        sent[number] = (table, answer.json()["id"])

    def confirm(number):
        table, result = sent[number]
        answer = table.post(url(club, event, number, "confirm/"), {"result": result}, format="json")
        assert answer.status_code == 200 and answer.json()["confirmed"], answer.content

    with override_settings(CARDROOM_COALESCE=True):
        for number in range(1, 6):
            confirm(number)
        assert queued == [(event.pk,)] and RescoreQueued.objects.filter(event=event).exists()
        rescore_event(*queued.pop())  # the worker takes it: the claim is freed, five results scored
        assert not RescoreQueued.objects.filter(event=event).exists()
        assert EventScoring.objects.get(event=event).version == event.results_version + 5
        confirm(6)
        assert queued == [(event.pk,)]  # the next confirmation queues the next run
        rescore_event(*queued.pop())

        def refused(*args):
            raise ConnectionError("the broker is down")

        monkeypatch.setattr(rescore_event, "delay", refused)
        conf = rescore_event.app.conf
        conf.task_always_eager = False  # a broker, not inline
        try:
            confirm(7)  # committed all the same
        finally:
            conf.task_always_eager = True
        assert not RescoreQueued.objects.filter(event=event).exists()  # the next change queues a run
        assert Result.objects.filter(event=event, confirmed=True).count() == 7


@pytest.mark.django_db(transaction=True)
def test_the_table_page_stays_within_the_query_budget_and_its_traveller_reads_no_more(
        started, club, django_assert_max_num_queries, monkeypatch):
    """The phone's own page (what the room uses, not only the API): its GET, a result, the other
    side's confirmation and the page the confirmation leads to (``?board=``: the board's traveller
    under the round) each stay within the budget. The traveller is read from the rows the page
    read anyway (the section's entries, the board's results at every table, in the section's
    round trip): before, that last page took 11 statements."""
    from django.test import Client
    from scoring.tasks import rescore_event

    monkeypatch.setattr(rescore_event, "delay", lambda *args: None)
    event, section = started
    page = f"/clubs/{club.slug}/events/{event.pk}/table/A/3/"
    ns_phone, ew_phone = Client(), Client()
    for client in (ns_phone, ew_phone):
        assert client.post(page, {"pin": table_pin(event, section, 3)}).status_code == 302
    ns_phone.get(page)  # the process's first request of the section parses its movement
    with at_most(3, django_assert_max_num_queries):  # the section with the PIN check, its rows, the session
        shown = ns_phone.get(page)
    assert shown.status_code == 200
    board = shown.context["now"]["to_play"][0]
    with at_most(MAX_QUERIES, django_assert_max_num_queries):
        sent = ns_phone.post(page, {"board": board, "contract": "4S", "declarer": "S", "tricks": "10"})
    assert sent.status_code == 302, sent.content
    pending = ew_phone.get(page).context["now"]["pending"][0]
    with at_most(MAX_QUERIES, django_assert_max_num_queries):
        confirmed = ew_phone.post(page, {"confirm": pending["id"], "seen": pending["summary"]})
    assert confirmed.status_code == 302 and confirmed["Location"].endswith(f"?board={board}")
    with at_most(5, django_assert_max_num_queries):  # and the board's scores and cancelled plays
        after = ew_phone.get(confirmed["Location"])
    traveller = after.context["traveller"]
    assert traveller is not None and [(row["table"], row["summary"]) for row in traveller["rows"]] == [
        (3, "4S S 10")]
    assert 'id="table-traveller"' in after.content.decode()


@pytest.mark.django_db
def test_a_traveller_from_a_tables_rows_is_the_traveller_read_afresh(started, club, api_as, director):
    """``board_traveller(read=...)`` (the table page's) against the traveller read on its own: the
    same rows in the same order with their scores, an unconfirmed result left out (or shown when
    asked), a play the director cancelled and a withdrawn pair's play not missing."""
    from tournaments.models import Entry, NotPlayedStatus
    from tournaments.selectors_event import board_traveller
    from tournaments.selectors_table import table_state
    from tournaments.services.entries import entry_withdraw

    event, section = started
    api = api_as(director)
    plays = list(section.schedule.board_plays(1))
    assert len(plays) >= 5
    entries = {e.label: e for e in Entry.objects.filter(section=section)}
    ids = []
    for rnd, t in plays[:3]:
        body = {"board": 1, "ns": t.ns, "ew": t.ew, "contract": "3NT", "declarer": "N", "tricks": 8 + rnd % 3}
        answer = api.post(f"/api/clubs/{club.slug}/events/{event.pk}/results/", body, format="json")
        assert answer.status_code == 201, answer.content
        ids.append(answer.json()["id"])
    Result.objects.filter(pk=ids[1]).update(confirmed=False)
    rnd, t = plays[3]
    BoardNotPlayed.objects.create(event=event, section=section, board=1, round=rnd, table=t.table,
                                  ns=entries[t.ns], ew=entries[t.ew], status=NotPlayedStatus.CANCELLED)
    entry_withdraw(entry=entries[plays[4][1].ns])
    from scoring.services import event_rescore

    event_rescore(event_id=event.pk, force=True)
    section = Event.objects.get(pk=event.pk).sections.get()
    table = plays[0][1].table
    for unconfirmed in (False, True):
        afresh = board_traveller(event, 1, section, with_audit=False, include_unconfirmed=unconfirmed)
        read = board_traveller(event, 1, section, with_audit=False, include_unconfirmed=unconfirmed,
                               read=table_state(section, table, board=1))
        assert read == afresh
    assert [row["id"] for row in afresh["rows"]] == [ids[0], ids[1], ids[2]] and afresh["rows"][0]["mp_ns"] is not None
    assert (plays[3][1].ns, plays[3][1].ew) not in {(m["ns"], m["ew"]) for m in afresh["missing"]}
    assert (plays[4][1].ns, plays[4][1].ew) not in {(m["ns"], m["ew"]) for m in afresh["missing"]}
    assert afresh["missing"]
    with pytest.raises(ValueError):
        board_traveller(event, 2, section, with_audit=False, read=table_state(section, table, board=1))
