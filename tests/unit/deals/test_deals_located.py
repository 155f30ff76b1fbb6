"""The one way file readers say where an error is (PBN results, DLM, DUP)."""
from scoring.engine.pbnresults import PbnScoreError
from tournaments.deals.dlm import DlmError
from tournaments.deals.dup import DupError
from tournaments.deals.located import located


def test_located_names_what_is_known_in_order():
    assert located("bad suit", board=3, line=12) == "board 3, line 12: bad suit"
    assert located("bad suit", line=12) == "line 12: bad suit"
    assert located("short file", byte=0) == "byte 0: short file"
    assert located("bad suit", board=None, line=0) == "bad suit"


def test_the_readers_errors_say_it_the_same_way():
    assert str(PbnScoreError("no score", board="7", line=40)) == "board 7, line 40: no score"
    assert str(DlmError("bad checksum", line=5, board=2)) == "board 2, line 5: bad checksum"
    assert str(DupError("bad card", board=4, offset=156)) == "board 4, byte 156: bad card"
    assert str(DupError("empty")) == "empty"
