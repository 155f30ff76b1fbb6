import pytest

from clubs import services
from clubs.models import Member

GOOD = (
    "membership_number,first_name,last_name,email,phone,active\n"
    "1,Ada,Lovelace,ada@example.org,0123,yes\n"
    "2,Charles,Babbage,,,no\n"
)


@pytest.mark.django_db
def test_import_creates_members(club):
    summary = services.members_import_csv(club=club, data=GOOD.encode())
    assert (summary.created, summary.updated, summary.unchanged) == (2, 0, 0)
    babbage = Member.objects.get(club=club, membership_number="2")
    assert babbage.last_name == "Babbage" and babbage.active is False


@pytest.mark.django_db
def test_reimporting_the_same_file_duplicates_nothing(club):
    services.members_import_csv(club=club, data=GOOD)
    summary = services.members_import_csv(club=club, data=GOOD)
    assert (summary.created, summary.updated, summary.unchanged) == (0, 0, 2)
    assert Member.objects.filter(club=club).count() == 2


@pytest.mark.django_db
def test_reimport_updates_changed_rows(club):
    services.members_import_csv(club=club, data=GOOD)
    summary = services.members_import_csv(club=club, data=GOOD.replace("Ada,", "Augusta Ada,"))
    assert (summary.created, summary.updated) == (0, 1)
    assert Member.objects.get(club=club, membership_number="1").first_name == "Augusta Ada"


@pytest.mark.django_db
def test_bad_file_is_rejected_whole_with_each_bad_line(club):
    bad = (
        "membership_number,first_name,last_name,email,phone,active\n"
        "1,Ada,Lovelace,ada@example.org,,yes\n"
        "2,Charles,,,,yes\n"
        "3,Mary,Somerville,not-an-email,,yes\n"
        "1,Ada,Again,,,yes\n"
        "4,Grace,Hopper,,,maybe\n"
    )
    with pytest.raises(services.MemberImportError) as info:
        services.members_import_csv(club=club, data=bad)
    lines = [line for line, _ in info.value.errors]
    assert lines == [3, 4, 5, 6]
    messages = dict(info.value.errors)
    assert "last_name" in messages[3]
    assert "email" in messages[4]
    assert "repeats line 2" in messages[5]
    assert "maybe" in messages[6]
    assert Member.objects.filter(club=club).count() == 0


@pytest.mark.django_db
def test_a_bad_reimport_leaves_stored_members_untouched(club):
    services.members_import_csv(club=club, data=GOOD)
    with pytest.raises(services.MemberImportError):
        services.members_import_csv(club=club, data=GOOD.replace("Lovelace", "Byron") + "3,,X,,,yes\n")
    assert Member.objects.get(club=club, membership_number="1").last_name == "Lovelace"


@pytest.mark.django_db
def test_missing_column_is_reported_on_line_one(club):
    with pytest.raises(services.MemberImportError) as info:
        services.members_import_csv(club=club, data="number,first_name\n1,Ada\n")
    assert info.value.errors[0][0] == 1
    assert "membership_number" in info.value.errors[0][1]


@pytest.mark.django_db
def test_latin1_file_is_read(club):
    services.members_import_csv(club=club, data="membership_number,first_name,last_name\n7,Zoë,Brontë\n".encode("latin-1"))
    assert Member.objects.get(club=club, membership_number="7").first_name == "Zoë"


@pytest.mark.django_db
def test_export_reimports_to_the_same_members(club, other_club):
    services.members_import_csv(club=club, data=GOOD)
    exported = services.members_export_csv(club=club)
    summary = services.members_import_csv(club=other_club, data=exported)
    assert summary.created == 2
    pairs = lambda c: sorted(Member.objects.filter(club=c).values_list("membership_number", "last_name", "active"))
    assert pairs(club) == pairs(other_club)


@pytest.mark.django_db
def test_import_refreshes_club_statistics(django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        club = services.club_create(name="Fresh", slug="fresh")
        services.members_import_csv(club=club, data=GOOD)
    club.statistics.refresh_from_db()
    assert (club.statistics.members_total, club.statistics.members_active) == (2, 1)


@pytest.mark.django_db
def test_members_command_exits_2_on_bad_file(club, tmp_path, capsys):
    from django.core.management import call_command

    path = tmp_path / "bad.csv"
    path.write_text("membership_number,first_name,last_name\n1,,Nobody\n")
    with pytest.raises(SystemExit) as info:
        call_command("members", "import", club.slug, str(path))
    assert info.value.code == 2
    assert "bad.csv:2:" in capsys.readouterr().err
    assert Member.objects.count() == 0
