"""Concurrent transactions on PostgreSQL lose nothing and duplicate nothing."""
import threading

import pytest
from django.core.exceptions import ValidationError
from django.db import IntegrityError, connection

from clubs import services
from clubs.models import Member

CSV = "membership_number,first_name,last_name\n" + "".join(f"{n},First{n},Last{n}\n" for n in range(40))


def run_in_threads(count, target):
    barrier = threading.Barrier(count)
    outcomes = [None] * count

    def worker(i):
        try:
            barrier.wait()
            outcomes[i] = ("ok", target(i))
        except Exception as exc:  # noqa: BLE001 - the test inspects every outcome
            outcomes[i] = ("error", exc)
        finally:
            connection.close()

    threads = [threading.Thread(target=worker, args=(i,)) for i in range(count)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=60)
    return outcomes


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_concurrent_imports_of_one_file_store_each_member_once(require_postgres):
    club = services.club_create(name="Busy Club", slug="busy")
    outcomes = run_in_threads(8, lambda i: services.members_import_csv(club=club, data=CSV))
    assert all(kind == "ok" for kind, _ in outcomes), outcomes
    assert sum(result.created for _, result in outcomes) == 40
    assert Member.objects.filter(club=club).count() == 40


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_concurrent_creates_of_one_number_keep_exactly_one(require_postgres):
    club = services.club_create(name="Race Club", slug="race")
    outcomes = run_in_threads(
        10, lambda i: services.member_create(club=club, membership_number="7", first_name=f"F{i}", last_name="L"))
    winners = [r for kind, r in outcomes if kind == "ok"]
    losers = [r for kind, r in outcomes if kind == "error"]
    assert len(winners) == 1
    assert len(losers) == 9 and all(isinstance(e, (IntegrityError, ValidationError)) for e in losers), losers
    assert Member.objects.filter(club=club, membership_number="7").count() == 1


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_concurrent_distinct_creates_all_land(require_postgres):
    club = services.club_create(name="Crowd Club", slug="crowd")
    outcomes = run_in_threads(
        20, lambda i: services.member_create(club=club, membership_number=str(i), first_name="F", last_name=f"L{i}"))
    assert all(kind == "ok" for kind, _ in outcomes), outcomes
    assert Member.objects.filter(club=club).count() == 20
