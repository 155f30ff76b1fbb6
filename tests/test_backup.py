"""``manage.py backup`` / ``restore`` round-trip the database (SQLite here: its backup API) and
refuse what they should with exit status 2."""
import pytest
from django.core.management import call_command

from clubs.models import Member


@pytest.fixture
def sqlite(settings):
    if settings.DATABASES["default"]["ENGINE"] != "django.db.backends.sqlite3":
        pytest.skip("the SQLite round trip; PostgreSQL goes through pg_dump")


def test_backup_then_restore_gives_back_the_database_as_it_was(sqlite, transactional_db, club, tmp_path, capsys):
    Member.objects.create(club=club, membership_number="1", first_name="Ada", last_name="Lovelace")
    call_command("backup", str(tmp_path / "cardroom.sqlite3"))
    said = capsys.readouterr().out
    assert "backup API" in said and "MEDIA_ROOT" in said
    Member.objects.filter(membership_number="1").delete()
    Member.objects.create(club=club, membership_number="2", first_name="Charles", last_name="Babbage")
    call_command("restore", str(tmp_path / "cardroom.sqlite3"), "--yes")
    assert list(Member.objects.values_list("first_name", flat=True)) == ["Ada"]


def test_restore_wants_yes_and_a_cardroom_backup(sqlite, transactional_db, club, tmp_path):
    (tmp_path / "notes.txt").write_text("not a database")
    for args in (["restore", str(tmp_path / "notes.txt")], ["restore", str(tmp_path / "notes.txt"), "--yes"],
                 ["restore", str(tmp_path / "missing.sqlite3"), "--yes"]):
        with pytest.raises(SystemExit) as stop:
            call_command(*args)
        assert stop.value.code == 2
    assert Member.objects.count() == 0 and club.pk


def test_backup_does_not_overwrite_unless_forced(sqlite, transactional_db, tmp_path):
    (tmp_path / "taken.sqlite3").write_text("keep me")
    with pytest.raises(SystemExit) as stop:
        call_command("backup", str(tmp_path / "taken.sqlite3"))
    assert stop.value.code == 2 and (tmp_path / "taken.sqlite3").read_text() == "keep me"
    call_command("backup", str(tmp_path / "taken.sqlite3"), "--force")
    assert (tmp_path / "taken.sqlite3").read_bytes().startswith(b"SQLite format 3")


def test_postgres_round_trip_through_pg_dump(require_postgres, transactional_db, club, tmp_path, capsys):
    Member.objects.create(club=club, membership_number="1", first_name="Ada", last_name="Lovelace")
    call_command("backup", str(tmp_path / "cardroom.dump"))
    assert "pg_dump" in capsys.readouterr().out
    Member.objects.filter(membership_number="1").update(first_name="Changed")
    call_command("restore", str(tmp_path / "cardroom.dump"), "--yes")
    assert list(Member.objects.values_list("first_name", flat=True)) == ["Ada"]


def test_backup_into_a_missing_directory_exits_2(sqlite, transactional_db, tmp_path, capsys):
    with pytest.raises(SystemExit) as stop:
        call_command("backup", str(tmp_path / "missing" / "cardroom.sqlite3"))
    assert stop.value.code == 2 and "not a directory" in capsys.readouterr().err
    assert not (tmp_path / "missing").exists()
