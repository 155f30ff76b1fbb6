import io

import pytest
from django.core.management import call_command

from clubs import services
from clubs.demo import load_demo
from clubs.models import Club, ClubRole, Member
from clubs.tasks import club_refresh_statistics
from tournaments.models import Board


@pytest.mark.django_db
def test_load_demo_twice_changes_nothing():
    """The one test that loads the demo into an empty database itself, through the command
    `make run` uses (the others read the snapshot tests/demo_snapshot.py takes of a load)."""
    out = io.StringIO()
    call_command("load_demo", stdout=out)
    assert "Created demo club" in out.getvalue()
    counts = (Club.objects.count(), Member.objects.count(), ClubRole.objects.count())
    second = load_demo()
    assert second.created is False
    assert (Club.objects.count(), Member.objects.count(), ClubRole.objects.count()) == counts
    assert counts[1] >= 24
    # nothing committed, so no analysis ran: every board has the analysis the demo ships (or imports)
    assert Board.objects.count() > 100 and not Board.objects.filter(double_dummy__isnull=True).exists()


@pytest.mark.django_db
def test_refresh_statistics_task_is_idempotent(club):
    services.member_create(club=club, membership_number="1", first_name="A", last_name="B")
    first = club_refresh_statistics.apply(args=[club.pk]).get()
    second = club_refresh_statistics.apply(args=[club.pk]).get()
    assert first == second == {"club_id": club.pk, "found": True, "members_active": 1}


@pytest.mark.django_db
def test_refresh_statistics_of_a_deleted_club_is_harmless():
    assert club_refresh_statistics.apply(args=[987654]).get() == {"club_id": 987654, "found": False}


@pytest.mark.django_db(transaction=True)
def test_many_writes_in_one_transaction_enqueue_one_task(club, monkeypatch):
    from django.db import transaction

    calls = []
    monkeypatch.setattr(club_refresh_statistics, "delay", lambda *a: calls.append(a))
    with transaction.atomic():
        for n in range(5):
            services.member_create(club=club, membership_number=str(n), first_name="A", last_name=f"B{n}")
    assert calls == [(club.pk,)]
