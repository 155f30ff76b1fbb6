"""A real Celery worker, over Redis, runs the club statistics task fired on commit."""
import pytest

from clubs import services
from clubs.models import ClubStatistics
from tests.conftest import wait_until


@pytest.mark.redis
@pytest.mark.django_db(transaction=True)
def test_worker_refreshes_statistics_after_commit(celery_worker_process):
    club = services.club_create(name="Worker Club", slug="worker-club")
    for n in range(3):
        services.member_create(club=club, membership_number=str(n), first_name="A", last_name=f"B{n}",
                               active=n != 0)
    stats = wait_until(lambda: ClubStatistics.objects.filter(club=club, members_total=3).first())
    assert stats.members_active == 2
    assert any("clubs.refresh_statistics" in line for line in celery_worker_process.output)


@pytest.mark.redis
@pytest.mark.django_db(transaction=True)
def test_task_result_comes_back_through_redis(celery_worker_process):
    from celery.result import allow_join_result

    from clubs.tasks import club_refresh_statistics

    club = services.club_create(name="Result Club", slug="result-club")
    result = club_refresh_statistics.delay(club.pk)
    # Celery's "inside a task, never wait for a result" flag is one per process: an earlier test's
    # background thread (an inline task, as under ``make run``) may still be running in this
    # pytest process, and this test is not inside a task.
    with allow_join_result():
        assert result.get(timeout=30) == {"club_id": club.pk, "found": True, "members_active": 0}
