"""A deadlock or serialization failure reruns the whole service; anything else does not."""
import pytest
from django.db import OperationalError, transaction

from cardroom.db import is_transient, retry_transient


class PgError(Exception):
    def __init__(self, sqlstate):
        super().__init__(f"pg {sqlstate}")
        self.sqlstate = sqlstate


def pg_operational(sqlstate):
    exc = OperationalError(f"error {sqlstate}")
    exc.__cause__ = PgError(sqlstate)
    return exc


def flaky(failures):
    calls = []

    @retry_transient(pause=0)
    def service():
        calls.append(1)
        if len(calls) <= len(failures):
            raise failures[len(calls) - 1]
        return "stored"
    return service, calls


def test_deadlock_and_serialization_failure_are_retried():
    service, calls = flaky([pg_operational("40P01"), pg_operational("40001")])
    assert service() == "stored" and len(calls) == 3


def test_sqlite_busy_is_transient_but_other_errors_are_not():
    assert is_transient(OperationalError("database is locked"))
    assert not is_transient(pg_operational("53300"))  # too many connections: not ours to cure
    assert not is_transient(ValueError("x"))
    service, calls = flaky([pg_operational("53300")])
    with pytest.raises(OperationalError):
        service()
    assert len(calls) == 1


def test_gives_up_after_the_last_attempt():
    service, calls = flaky([pg_operational("40P01")] * 10)
    with pytest.raises(OperationalError):
        service()
    assert len(calls) == 4


@pytest.mark.django_db
def test_inside_a_callers_transaction_the_error_is_the_callers():
    service, calls = flaky([pg_operational("40P01")])
    with pytest.raises(OperationalError), transaction.atomic():
        service()
    assert len(calls) == 1
