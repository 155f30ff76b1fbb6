"""``manage.py backup`` / ``restore`` round-trip the database (SQLite here: its backup API) and
refuse what they should with exit status 2."""
import pytest
from django.core.management import call_command

from clubs.models import Member


@pytest.fixture
def dump(settings, tmp_path):
    """Where a backup of the database in use goes, and the tool the command says it used:
    SQLite's backup API, or pg_dump for PostgreSQL (each backend tests its own round trip)."""
    if settings.DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql":
        return tmp_path / "cardroom.dump", "pg_dump"
    return tmp_path / "cardroom.sqlite3", "backup API"


def test_backup_then_restore_gives_back_the_database_as_it_was(dump, transactional_db, club, capsys):
    path, tool = dump
    Member.objects.create(club=club, membership_number="1", first_name="Ada", last_name="Lovelace")
    call_command("backup", str(path))
    said = capsys.readouterr().out
    assert tool in said and "MEDIA_ROOT" in said
    Member.objects.filter(membership_number="1").delete()
    Member.objects.create(club=club, membership_number="2", first_name="Charles", last_name="Babbage")
    call_command("restore", str(path), "--yes")
    assert list(Member.objects.values_list("first_name", flat=True)) == ["Ada"]


def test_restore_wants_yes_and_a_cardroom_backup(transactional_db, club, tmp_path):
    (tmp_path / "notes.txt").write_text("not a database")
    for args in (["restore", str(tmp_path / "notes.txt")], ["restore", str(tmp_path / "notes.txt"), "--yes"],
                 ["restore", str(tmp_path / "missing.sqlite3"), "--yes"]):
        with pytest.raises(SystemExit) as stop:
            call_command(*args)
        assert stop.value.code == 2
    assert Member.objects.count() == 0 and club.pk


def test_backup_does_not_overwrite_unless_forced(dump, transactional_db, tmp_path):
    (tmp_path / "taken.sqlite3").write_text("keep me")
    with pytest.raises(SystemExit) as stop:
        call_command("backup", str(tmp_path / "taken.sqlite3"))
    assert stop.value.code == 2 and (tmp_path / "taken.sqlite3").read_text() == "keep me"
    call_command("backup", str(tmp_path / "taken.sqlite3"), "--force")
    written = (tmp_path / "taken.sqlite3").read_bytes()
    assert written != b"keep me" and written.startswith(b"PGDMP" if dump[1] == "pg_dump" else b"SQLite format 3")


def test_backup_into_a_missing_directory_exits_2(transactional_db, tmp_path, capsys):
    with pytest.raises(SystemExit) as stop:
        call_command("backup", str(tmp_path / "missing" / "cardroom.sqlite3"))
    assert stop.value.code == 2 and "not a directory" in capsys.readouterr().err
    assert not (tmp_path / "missing").exists()
