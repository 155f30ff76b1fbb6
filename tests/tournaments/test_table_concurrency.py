"""Table phones at once on PostgreSQL (issue 18 moved the event's lock to just around the write):
thirty tables enter and confirm together, and both phones of one table enter different results
and confirm at the same moment; nothing is lost, nothing is stored twice, the trail is whole."""
import threading
import time

import pytest
from django.db import connection, transaction
from rest_framework.test import APIClient

from tests.tournaments.factories_event import create_event, enter_pairs, make_members
from tournaments.models import Event, Result, ResultChange
from tournaments.selectors_event import table_pin


def at_once(count, work):
    barrier = threading.Barrier(count)
    outcomes = [None] * count

    def run(i):
        try:
            barrier.wait()
            outcomes[i] = work(i)
        except Exception as exc:  # reported in the assertion, not lost in a thread
            outcomes[i] = f"{type(exc).__name__}: {exc}"
        finally:
            connection.close()

    threads = [threading.Thread(target=run, args=(i,)) for i in range(count)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=300)
    return outcomes


@pytest.fixture
def thirty(require_postgres, club, director, api_as):
    client = api_as(director)
    event = create_event(client, club, movement={"kind": "mitchell", "tables": 31, "boards_per_round": 1,
                                                 "rounds": 3})
    enter_pairs(client, club, event["id"], make_members(club, 124))
    assert client.post(f"/api/clubs/{club.slug}/events/{event['id']}/start/").status_code == 200
    event = Event.objects.get(pk=event["id"])
    return event, event.sections.get()


def phone(event, section, table):
    client = APIClient()
    client.credentials(HTTP_X_TABLE_PIN=table_pin(event, section, table))
    return client


def url(club, event, table, tail=""):
    return f"/api/clubs/{club.slug}/events/{event.pk}/tables/A/{table}/{tail}"


def until_one_waits_on_a_lock(seconds: float = 10) -> None:
    """Return once a session of this database waits on a lock (or after ``seconds``)."""
    with connection.cursor() as cursor:
        for _ in range(int(seconds / 0.05)):
            cursor.execute("SELECT count(*) FROM pg_stat_activity WHERE wait_event_type = 'Lock' "
                           "AND datname = current_database()")
            if cursor.fetchone()[0]:
                return
            time.sleep(0.05)


def unconfirmed(club, event, section, table, contract, declarer, tricks) -> dict:
    """The table's phone enters its first board (awaiting the other side's confirmation)."""
    device = phone(event, section, table)
    board = device.get(url(club, event, table)).json()["to_play"][0]
    return device.post(url(club, event, table), {"board": board, "contract": contract, "declarer": declarer,
                                                 "tricks": tricks}, format="json").json()


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_thirty_table_phones_enter_and_confirm_at_once(thirty, club):
    event, section = thirty

    def table(i):
        number = i + 1
        device = phone(event, section, number)
        board = device.get(url(club, event, number)).json()["to_play"][0]
        body = {"board": board, "contract": "3NT", "declarer": "N", "tricks": 7 + i % 4}
        sent = device.post(url(club, event, number), body, format="json")
        again = device.post(url(club, event, number), body, format="json")
        done = device.post(url(club, event, number, "confirm/"), {"result": sent.json().get("id")}, format="json")
        return [sent.status_code, again.status_code, done.status_code]

    outcomes = at_once(30, table)
    assert outcomes == [[201, 200, 200]] * 30
    assert Result.objects.filter(event=event, confirmed=True).count() == 30
    assert ResultChange.objects.filter(event=event, action="create").count() == 30
    assert ResultChange.objects.filter(event=event, action="confirm").count() == 30
    assert Event.objects.get(pk=event.pk).results_version == event.results_version + 30


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_both_phones_of_a_table_enter_different_results_and_confirm_at_once(thirty, club):
    event, section = thirty
    board = phone(event, section, 5).get(url(club, event, 5)).json()["to_play"][0]

    def enter(i):
        body = {"board": board, "contract": "4H", "declarer": "S", "tricks": 9 + i}
        response = phone(event, section, 5).post(url(club, event, 5), body, format="json")
        return response.status_code, response.json().get("id")

    entered = at_once(2, enter)
    assert sorted(code for code, _ in entered) == [200, 201], entered  # the later one replaced its own
    assert len({rid for _, rid in entered}) == 1
    result = Result.objects.get(event=event)
    confirmed = at_once(2, lambda i: phone(event, section, 5).post(
        url(club, event, 5, "confirm/"), {"result": result.pk}, format="json").status_code)
    assert confirmed == [200, 200]
    result.refresh_from_db()
    assert result.confirmed and Result.objects.filter(event=event).count() == 1
    actions = list(ResultChange.objects.filter(result=result).order_by("pk").values_list("action", flat=True))
    assert actions == ["create", "update", "confirm"]
    assert Event.objects.get(pk=event.pk).results_version == event.results_version + 1


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("loser", ["confirm", "correction"])
def test_a_confirm_and_the_directors_correction_of_that_result_at_one_instant_both_land(thirty, club, director,
                                                                                      monkeypatch, loser):
    """The confirm locks the result, then the event (one statement); the director's correction
    the event, then the result. Forced into the one interleaving where each waits for the other,
    the database breaks the deadlock (the side that checks first loses: a shorter
    ``deadlock_timeout``) and the loser runs again: no error, the correction stands and is
    confirmed."""
    from tournaments.services import results
    from tournaments.services.tables import table_result_confirm

    event, section = thirty
    sent = unconfirmed(club, event, section, 6, "4H", "S", 9)
    has_event, confirming = threading.Event(), threading.Event()
    lock, read, cas = results._lock, results.table_result, results._confirm_as_read
    runs = []

    def lock_then_wait(event_row):
        runs.append("correction")
        version = lock(event_row)
        if not has_event.is_set():
            has_event.set()
            confirming.wait(10)
            until_one_waits_on_a_lock()  # the confirm's statement holds the result's row, waiting for the event's
        return version

    def read_then_wait(**kwargs):
        runs.append("confirm")  # each run of the confirmation reads the result first
        return read(**kwargs)

    def wait_then_cas(*args, **kwargs):
        if not confirming.is_set():
            has_event.wait(10)  # the correction holds the event's row now
            confirming.set()
        return cas(*args, **kwargs)

    monkeypatch.setattr(results, "_lock", lock_then_wait)
    monkeypatch.setattr(results, "table_result", read_then_wait)
    monkeypatch.setattr(results, "_confirm_as_read", wait_then_cas)

    def work(i):
        with connection.cursor() as cursor:
            cursor.execute(f"SET deadlock_timeout = '{'200ms' if ('confirm', 'correction')[i] == loser else '10s'}'")
        fresh = Event.objects.get(pk=event.pk)
        if i == 0:
            return table_result_confirm(event=fresh, section=section, table=6, result_id=sent["id"]).confirmed
        return results.result_correct(result=Result.objects.get(pk=sent["id"]), user=director, reason="claim",
                                      data={"contract": "4H", "declarer": "S", "tricks": 10}).tricks

    assert at_once(2, work) == [True, 10]
    winner = ({"confirm", "correction"} - {loser}).pop()
    # the loser ran again (a confirmation that lost may read once more: the correction confirmed it)
    assert runs.count(winner) == 1 and runs.count(loser) >= 2, runs
    result = Result.objects.get(pk=sent["id"])
    assert result.confirmed and result.tricks == 10 and result.score_ns is not None
    actions = set(ResultChange.objects.filter(result=result).values_list("action", flat=True))
    assert {"create", "update"} <= actions
    assert Event.objects.get(pk=event.pk).results_version >= event.results_version + 1


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_tables_results_do_not_queue_on_each_other_but_a_confirmation_waits_for_them(thirty, club, monkeypatch):
    """A table's unconfirmed result share-locks the event's row for its commit (it counts no
    change): while one table's result is held just before its commit, another table's result
    goes through, and a confirmation (which counts a change) waits until the first commits."""
    from tournaments.services import results

    event, section = thirty
    pending = unconfirmed(club, event, section, 3, "2S", "N", 8)
    held, release = threading.Event(), threading.Event()
    insert_checked = results._insert_checked  # the share lock, the result and its audit row: one statement

    def lock_then_hold(result, **kw):
        if threading.current_thread().name != "held":
            return insert_checked(result, **kw)
        with transaction.atomic():  # the statement's locks held, as if it had not committed yet
            stored = insert_checked(result, **kw)
            held.set()
            release.wait(10)
        return stored

    monkeypatch.setattr(results, "_insert_checked", lock_then_hold)
    done = {}

    def send(table, name):
        device = phone(event, section, table)
        board = device.get(url(club, event, table)).json()["to_play"][0]
        done[name] = device.post(url(club, event, table), {"board": board, "contract": "3NT", "declarer": "N",
                                                          "tricks": 9}, format="json").status_code
        connection.close()

    def confirm():
        done["confirm"] = phone(event, section, 3).post(url(club, event, 3, "confirm/"), {"result": pending["id"]},
                                                        format="json").status_code
        connection.close()

    first = threading.Thread(target=send, args=(1, "first"), name="held")
    first.start()
    assert held.wait(10)
    second = threading.Thread(target=send, args=(2, "second"))
    second.start()
    second.join(10)
    assert done.get("second") == 201  # not queued behind the held result
    third = threading.Thread(target=confirm)
    third.start()
    third.join(1)
    assert "confirm" not in done  # the count waits for the held result's commit
    release.set()
    for t in (first, third):
        t.join(10)
    assert done == {"first": 201, "second": 201, "confirm": 200}
    assert Event.objects.get(pk=event.pk).results_version == event.results_version + 1


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("entry_async, confirm_async", [(True, True), (False, True), (True, False), (False, False)])
def test_a_tables_entry_and_confirmation_commit_without_waiting_for_the_disk_unless_told_to(
        thirty, club, settings, entry_async, confirm_async):
    """CARDROOM_ENTRY_ASYNC_COMMIT and CARDROOM_CONFIRM_ASYNC_COMMIT: each write's own
    transaction only (set_config, local, within its one statement); the connection's next
    transactions wait for the disk again. Each request runs here inside a transaction of the
    test's (its write a savepoint of it), so the setting can be read just after the write's
    statement, as the commit will find it: in production the statement is its own transaction."""
    settings.CARDROOM_ENTRY_ASYNC_COMMIT, settings.CARDROOM_CONFIRM_ASYNC_COMMIT = entry_async, confirm_async
    event, section = thirty
    seen = []

    def setting_after(execute, sql, params, many, context):
        out = execute(sql, params, many, context)
        if "tournaments_resultchange" in sql and connection.in_atomic_block:  # each write's last statement
            with connection.cursor() as cursor:  # not this wrapper's cursor: its rows are the caller's
                cursor.cursor.execute("SHOW synchronous_commit")  # the raw cursor: not wrapped again
                seen.append(cursor.cursor.fetchone()[0])
        return out

    with connection.execute_wrapper(setting_after):
        with transaction.atomic():
            sent = unconfirmed(club, event, section, 1, "3NT", "N", 9)
        with transaction.atomic():
            done = phone(event, section, 1).post(url(club, event, 1, "confirm/"), {"result": sent["id"]},
                                                 format="json")
    assert done.status_code == 200 and Result.objects.get(pk=sent["id"]).confirmed
    assert seen == ["off" if entry_async else "on", "off" if confirm_async else "on"]  # the entry's, the confirmation's
    with connection.cursor() as cursor:
        cursor.execute("SHOW synchronous_commit")
        assert cursor.fetchone()[0] == "on"


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("prepared", [True, False])
def test_a_tables_statements_are_planned_once_per_connection_unless_told_not_to(thirty, club, settings, prepared):
    """CARDROOM_PREPARED_STATEMENTS (cardroom.db.planned_once): a table's reads and writes are
    prepared statements of the connection, run again from their plan; the query log still shows
    each with its values. Off (PgBouncer in transaction mode before 1.21): nothing is prepared."""
    from django.test.utils import CaptureQueriesContext

    settings.CARDROOM_PREPARED_STATEMENTS = prepared
    event, section = thirty
    with connection.cursor() as cursor:
        cursor.execute("DEALLOCATE ALL")
    with CaptureQueriesContext(connection) as logged:
        first = unconfirmed(club, event, section, 1, "3NT", "N", 9)
        second = unconfirmed(club, event, section, 2, "4S", "S", 10)
        for table, sent in ((1, first), (2, second)):
            done = phone(event, section, table).post(url(club, event, table, "confirm/"), {"result": sent["id"]},
                                                     format="json")
            assert done.status_code == 200 and done.json()["confirmed"] is True
    with connection.cursor() as cursor:
        cursor.execute("SELECT statement FROM pg_prepared_statements WHERE NOT from_sql")
        plans = [row[0] for row in cursor.fetchall()]
    if prepared:
        for table in ("tournaments_section", "tournaments_entry", "tournaments_resultchange"):
            assert any(f'FROM "{table}"' in plan or f'INTO "{table}"' in plan for plan in plans), (table, plans)
        assert all("$1" in plan for plan in plans)  # the values are sent apart: one plan for every table
        assert len(plans) < 12  # two tables' requests reuse the plans of the first
    else:
        assert plans == []
    confirms = [q["sql"] for q in logged.captured_queries if 'UPDATE "tournaments_result" SET confirmed' in q["sql"]]
    assert [f"WHERE id = {sent['id']} " in sql for sql, sent in zip(confirms, (first, second))] == [True, True]
    assert Result.objects.filter(event=event, confirmed=True).count() == 2


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_a_tables_confirmation_waits_for_a_directors_write_on_the_event_and_does_not_deadlock(thirty, club, director,
                                                                                            monkeypatch, settings):
    """Every writer of an event's results locks the event's row, then claims the queued run's
    marker (``scoring.models.RescoreQueued``): a table's confirmation (one statement) too. The
    director confirms board 8's result and, holding the event's row, is held before the claim
    until table 7's confirmation waits on a lock: it waits for the event's row, not the other
    way round, so neither is broken as a deadlock (a short ``deadlock_timeout`` would say so
    quickly) and each runs once; one scoring run is queued."""
    import scoring.services
    from scoring.tasks import rescore_event
    from tournaments.services import results
    from tournaments.services.tables import table_result_confirm

    settings.CARDROOM_COALESCE = True
    event, section = thirty
    table, other = (unconfirmed(club, event, section, n, "4H", "S", 9) for n in (7, 8))
    queued, claims, tries = [], [], []
    monkeypatch.setattr(rescore_event, "delay", lambda *args: queued.append(args))
    holding, claim, cas = threading.Event(), scoring.services.rescore_claim, results._confirm_as_read

    def held_claim(event_id):
        claims.append(threading.current_thread().name)
        if threading.current_thread().name == "director" and not holding.is_set():
            holding.set()  # the event's row is the director's now
            until_one_waits_on_a_lock()
        return claim(event_id)

    def counted_cas(*args, **kwargs):
        tries.append(threading.current_thread().name)
        return cas(*args, **kwargs)

    monkeypatch.setattr(scoring.services, "rescore_claim", held_claim)
    monkeypatch.setattr(results, "_confirm_as_read", counted_cas)
    outcomes = {}

    def run(name, work):
        try:
            with connection.cursor() as cursor:
                cursor.execute("SET deadlock_timeout = '100ms'")
            outcomes[name] = work()
        except Exception as exc:  # reported in the assertion, not lost in a thread
            outcomes[name] = f"{type(exc).__name__}: {exc}"
        finally:
            connection.close()

    def directors():
        return results.result_confirm(result=Result.objects.get(pk=other["id"]), user=director).confirmed

    def tables():
        holding.wait(10)
        return table_result_confirm(event=Event.objects.get(pk=event.pk), section=section, table=7,
                                    result_id=table["id"]).confirmed

    threads = [threading.Thread(target=run, args=(name, work), name=name)
               for name, work in (("director", directors), ("table", tables))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    assert outcomes == {"director": True, "table": True}
    assert claims == ["director"] and tries == ["table"]  # none ran again after a deadlock
    assert queued == [(event.pk,)]
    assert Result.objects.filter(pk__in=[table["id"], other["id"]], confirmed=True).count() == 2
