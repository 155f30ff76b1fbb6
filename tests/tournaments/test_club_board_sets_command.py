"""manage.py boards with --club / --set: the club's reusable sets from the command line."""
import datetime
from io import StringIO

import pytest
from django.core.management import call_command

from tournaments.deals.pbn import read_pbn
from tournaments.models import BoardSet
from tournaments.services import boards as services
from tournaments.services.events import event_setup

KNOWN = "N:KJ65.Q32.QT6.AK3 Q.AK76.J97.QJ854 T983.J95.8532.92 A742.T84.AK4.T76"


def run(*args):
    out, err = StringIO(), StringIO()
    try:
        call_command("boards", *args, stdout=out, stderr=err)
        code = 0
    except SystemExit as exc:
        code = exc.code
    return code, out.getvalue(), err.getvalue()


@pytest.fixture
def event(club):
    return event_setup(club=club, name="Monday pairs", date=datetime.date(2026, 1, 5), game="duplicate_bridge",
                       scoring="matchpoints", movement={"kind": "howell", "tables": 2, "boards_per_round": 2})


def test_import_list_and_export_a_club_set(club, tmp_path, django_capture_on_commit_callbacks):
    source = tmp_path / "congress.pbn"
    source.write_bytes(f'[Board "1"]\r\n[Deal "{KNOWN}"]\r\n'.encode("latin-1"))
    with django_capture_on_commit_callbacks(execute=True):
        code, out, err = run("import", "--club", club.slug, str(source), "--name", "Congress")
    assert code == 0, err
    board_set = BoardSet.objects.get(club=club, name="Congress", event__isnull=True)
    assert f"club set {board_set.pk}" in out
    code, out, _ = run("list", "--club", club.slug)
    assert code == 0 and f"{board_set.pk}\tCongress\tduplicate_bridge\t1 boards" in out
    target = tmp_path / "out.pbn"
    code, out, _ = run("export", "--set", str(board_set.pk), "-o", str(target))
    assert code == 0 and "wrote 1 boards" in out
    game = read_pbn(target.read_bytes())[0]
    assert game.value("Deal") == KNOWN and game.value("DoubleDummyTricks") and game.value("Event") == "Congress"


def test_deal_a_club_set_use_it_and_delete_it(club, event):
    code, out, err = run("deal", "--club", club.slug, "--name", "Winter", "--count", "8", "--seed", "w",
                         "--game", "duplicate_bridge")
    assert code == 0, err
    board_set = BoardSet.objects.get(name="Winter")
    assert "dealt 8 boards" in out and "seed w" in out and board_set.event is None
    code, out, _ = run("analyse", "--set", str(board_set.pk))
    assert code == 0 and "analysed 8 boards" in out
    code, out, _ = run("use", str(event.pk), "--set", str(board_set.pk))
    assert code == 0 and "copied 6 boards" in out
    assert event.board_sets.get().copied_from == board_set
    code, _, err = run("delete", "--set", str(board_set.pk))
    assert code == 2 and "Monday pairs" in err
    assert "used by event" in run("list", "--club", club.slug)[1]
    event.delete()
    assert run("delete", "--set", str(board_set.pk))[0] == 0
    assert not BoardSet.objects.filter(pk=board_set.pk).exists()


def test_the_event_commands_still_work(event, tmp_path):
    code, out, _ = run("deal", str(event.pk), "--count", "6")
    assert code == 0 and "dealt 6 boards" in out and event.board_sets.get().event == event
    code, out, _ = run("export", str(event.pk), "-o", "-")
    assert code == 0 and out.count("[Board ") == 6


@pytest.mark.parametrize("make_args, fragment", [
    (lambda c, e, p: ("import", "--club", "nope", str(p), "--name", "N"), "no club 'nope'"),
    (lambda c, e, p: ("import", "--club", c.slug, str(p)), "Name the board set"),
    (lambda c, e, p: ("import", "--club", c.slug, str(p), "x.pbn", "--name", "N"), "takes just FILE"),
    (lambda c, e, p: ("import", str(p)), "takes EVENT FILE"),
    (lambda c, e, p: ("deal", "--club", c.slug, "--name", "Big", "--count", "999"), "1 to 200 boards"),
    (lambda c, e, p: ("export", "--set", "999999", "-o", "-"), "no club board set with id 999999"),
    (lambda c, e, p: ("export", "-o", "-"), "give the event id"),
    (lambda c, e, p: ("use", str(e.pk), "--set", str(c.small.pk)), "no board 5, 6"),
    (lambda c, e, p: ("use", "999999", "--set", str(c.small.pk)), "no event with id 999999"),
    (lambda c, e, p: ("export", "--set", str(e.board_sets.get().pk), "-o", "-"), "no club board set"),
])
def test_bad_input_prints_to_stderr_and_exits_2(club, event, tmp_path, make_args, fragment):
    club.small = services.club_boardset_deal(club=club, name="Small", count=4, seed="s")
    services.boardset_deal(event=event, count=6)
    pbn = tmp_path / "ok.pbn"
    pbn.write_text(f'[Board "1"]\n[Deal "{KNOWN}"]\n')
    code, _, err = run(*make_args(club, event, pbn))
    assert code == 2
    assert fragment in err
