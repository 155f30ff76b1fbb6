"""manage.py boards import/export with Duplimate .DUP files (tournaments.deals.dup)."""
import datetime
from io import StringIO

import pytest
from django.core.management import call_command

from tournaments.deals.dup import read_dup
from tournaments.models import Board
from tournaments.services.events import event_create


@pytest.fixture
def event(club, monkeypatch):
    from tournaments.deals.doubledummy import AnalysisUnavailable

    def unavailable(*args, **kwargs):
        raise AnalysisUnavailable("not in this test")

    monkeypatch.setattr("tournaments.services.boards.analyse_boards", unavailable)
    return event_create(club=club, name="Club pairs", date=datetime.date(2024, 3, 5), deal_seed="dup-seed")


def run(*args):
    out, err = StringIO(), StringIO()
    try:
        call_command("boards", *args, stdout=out, stderr=err)
        code = 0
    except SystemExit as exc:
        code = exc.code
    return code, out.getvalue(), err.getvalue()


def test_deal_export_dup_and_import_it_back(event, tmp_path):
    assert run("deal", str(event.pk), "--count", "4")[0] == 0
    before = list(Board.objects.filter(board_set__event=event).order_by("number").values_list("number", "deal"))
    target = tmp_path / "set.dup"
    code, out, _ = run("export", str(event.pk), "-o", str(target))
    assert code == 0 and "(Duplimate)" in out
    assert len(target.read_bytes()) == 4 * 156 and [b.number for b in read_dup(target.read_bytes())] == [1, 2, 3, 4]
    assert run("import", str(event.pk), str(target))[0] == 0
    after = list(Board.objects.filter(board_set__event=event).order_by("number").values_list("number", "deal"))
    assert after == before


def test_a_bad_dup_file_exits_2(event, tmp_path):
    bad = tmp_path / "bad.dup"
    bad.write_bytes(b"0" * 100)
    code, _, err = run("import", str(event.pk), str(bad))
    assert code == 2 and "multiple of 156" in err


def test_dlm_export_and_import(event, tmp_path):
    assert run("deal", str(event.pk), "--count", "3")[0] == 0
    before = list(Board.objects.filter(board_set__event=event).order_by("number").values_list("number", "deal"))
    target = tmp_path / "set.dlm"
    assert run("export", str(event.pk), "-o", str(target))[0] == 0
    assert target.read_text().startswith("[Document]") and "Board 03=" in target.read_text()
    assert run("import", str(event.pk), str(target))[0] == 0
    assert list(Board.objects.filter(board_set__event=event).order_by("number").values_list("number", "deal")) == before


def test_a_damaged_dlm_file_exits_2_naming_the_line_and_stores_nothing(event, tmp_path):
    assert run("deal", str(event.pk), "--count", "3")[0] == 0
    before = list(Board.objects.filter(board_set__event=event).order_by("number").values_list("number", "deal"))
    target = tmp_path / "set.dlm"
    assert run("export", str(event.pk), "-o", str(target))[0] == 0
    lines = target.read_text().split("\n")
    k = next(i for i, line in enumerate(lines) if line.startswith("Board 02="))
    value = lines[k][9:]
    lines[k] = "Board 02=" + ("b" if value[0] != "b" else "c") + value[1:]  # a letter changed in transit
    target.write_text("\n".join(lines))
    code, _, err = run("import", str(event.pk), str(target))
    assert code == 2 and f"board 2, line {k + 1}: checksum" in err
    assert list(Board.objects.filter(board_set__event=event).order_by("number").values_list("number", "deal")) == before
