"""Pure tests: no database, no Django settings. Every fixture that touches the database goes
through pytest-django's ``django_db_setup`` (which creates the test database), so a pure test
that asked for one, or for ``settings``, fails here, and a run of tests/unit alone creates no
database."""
import pytest

DJANGO_FIXTURES = {"django_db_setup", "db", "transactional_db", "settings", "client", "live_server"}


@pytest.fixture(autouse=True)
def _pure(request):
    asked = DJANGO_FIXTURES & set(request.fixturenames)
    assert not asked, f"a pure test asks for Django: {sorted(asked)}"
    assert request.node.get_closest_marker("django_db") is None, "a pure test is marked django_db"
