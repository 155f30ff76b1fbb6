"""manage.py boards import/export/deal/analyse: files in and out, exit 2 on bad input."""
import datetime
from io import StringIO

import pytest
from django.core.management import call_command

from tournaments.deals.pbn import read_pbn
from tournaments.models import Board
from tournaments.services.events import event_create

KNOWN = "N:KJ65.Q32.QT6.AK3 Q.AK76.J97.QJ854 T983.J95.8532.92 A742.T84.AK4.T76"


@pytest.fixture
def event(club):
    return event_create(club=club, name="Club pairs", date=datetime.date(2024, 3, 5), deal_seed="cmd-seed")


def run(*args):
    out, err = StringIO(), StringIO()
    try:
        call_command("boards", *args, stdout=out, stderr=err)
        code = 0
    except SystemExit as exc:
        code = exc.code
    return code, out.getvalue(), err.getvalue()


def test_import_then_export_a_file(event, tmp_path, django_capture_on_commit_callbacks):
    source = tmp_path / "in.pbn"
    source.write_bytes(f'[Board "1"]\r\n[Dealer "N"]\r\n[Vulnerable "None"]\r\n[Deal "{KNOWN}"]\r\n'.encode("latin-1"))
    with django_capture_on_commit_callbacks(execute=True):
        assert run("import", str(event.pk), str(source))[0] == 0
    assert Board.objects.get(board_set__event=event).deal == KNOWN
    target = tmp_path / "out.pbn"
    code, out, _ = run("export", str(event.pk), "-o", str(target))
    assert code == 0 and "wrote 1 boards" in out
    game = read_pbn(target.read_bytes())[0]
    assert game.value("Deal") == KNOWN and game.value("DoubleDummyTricks")  # analysed on import


def test_deal_and_analyse(event):
    code, out, _ = run("deal", str(event.pk), "--count", "3")
    assert code == 0 and "dealt 3 boards" in out and "cmd-seed" in out
    code, out, _ = run("analyse", str(event.pk), "--force")
    assert code == 0 and "analysed 3 boards" in out


@pytest.mark.parametrize(
    "make_args, fragment",
    [
        (lambda e, p: ("import", "999999", str(p)), "no event with id 999999"),
        (lambda e, p: ("import", str(e.pk), str(p.parent / "missing.pbn")), "no such file"),
        (lambda e, p: ("import", str(e.pk), str(p)), "line 2: board 1: North holds 3 cards"),
        (lambda e, p: ("export", str(e.pk), "-o", str(p.parent / "x.pbn")), "has no boards"),
    ],
)
def test_bad_input_prints_to_stderr_and_exits_2(event, tmp_path, make_args, fragment):
    bad = tmp_path / "bad.pbn"
    bad.write_text('[Board "1"]\n[Deal "N:AKQ... ... ... ..."]\n')
    code, _, err = run(*make_args(event, bad))
    assert code == 2
    assert fragment in err
