"""USEBIO 1.2 reader/writer (tournaments.deals.usebio) and `usebio score` (scoring.engine.usebiotool)."""
import json
from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.engine import pbntool, usebiotool
from tournaments.deals.usebio import (
    MAX_BYTES, UsebioBoard, UsebioError, UsebioEvent, UsebioLine, UsebioPair, UsebioPlayer, read_usebio,
    write_usebio,
)

COMPSCORE = Path(__file__).parent / "data" / "compscore_butler_mitchell.xml"
CROSS_HOWELL = Path(__file__).parent / "data" / "compscore_cross_imp_howell.xml"
BUTLER_HOWELL = Path(__file__).parent / "data" / "compscore_butler_howell.xml"


def test_reads_a_compscore_butler_file():
    event = read_usebio(COMPSCORE.read_bytes())
    assert (event.event_type, event.program, event.date) == ("BUTLER_PAIRS", "Compscore3", "11/03/2026")
    assert event.points_kind == "BUTLER"
    assert len(event.pairs) == 14 and len(event.boards) == 35
    assert sum(len(b.lines) for b in event.boards) == 245
    first = event.pairs[0]
    assert (first.number, first.direction, first.total_score, first.place) == ("1NS", "NS", 42.0, "2")
    assert first.players[0] == UsebioPlayer("RHYS DEWAR", "1229753", "315")
    line = event.boards[0].lines[0]
    assert (line.contract, line.played_by, line.lead, line.tricks, line.score, line.ns_points) == \
        ("3S", "E", "TD", 9, "-140", -3.0)


def test_usebio_score_reproduces_every_compscore_datum_line_and_standing():
    event, boards, session, two = usebiotool.score_usebio(COMPSCORE.read_bytes())
    assert session.method == "butler" and two
    assert [str(bs.datum) for bs in session.boards] == [b.average for b in event.boards]
    ours = [rs.imp_ns for bs in session.boards for rs in bs.results]
    theirs = [t.ns_points for b in event.boards for t in b.lines]
    assert ours == theirs
    report = usebiotool.printed(event, session)
    assert (report["matching"], report["pairs"]) == (14, 14)
    top = {s.entrant: (s.rank, s.total) for s in session.standings}
    assert top["2NS"] == ("1", 73.0) and top["2EW"] == ("1", 48.0) and top["4NS"] == ("7", -60.0)


def test_usebio_score_reproduces_a_compscore_cross_imp_howell():
    """Compscore averages cross-IMPs per comparison and sums the unrounded averages."""
    event, boards, session, two = usebiotool.score_usebio(CROSS_HOWELL.read_bytes())
    assert (event.points_kind, session.method, two) == ("CROSS_IMP", "cross-imps", False)
    ours = [round(rs.imp_ns, 2) for bs in session.boards for rs in bs.results]
    theirs = [t.ns_points for b in event.boards for t in b.lines]
    assert len(ours) == 108 and ours == theirs
    report = usebiotool.printed(event, session)
    assert (report["matching"], report["pairs"]) == (9, 9)
    passed = next(t for b in event.boards if b.number == "17" for t in b.lines)
    assert (passed.contract, passed.tricks, passed.score) == ("PASS", None, "0")


def test_compscore_butler_needs_its_own_datum_rounding():
    """Four results a board: the datum is the mean of the middle two, and Compscore rounds a
    half away from zero (board 2: -445 -> -450). Its convention reproduces the file; Cardroom's
    own half-to-even rounding does not."""
    data = BUTLER_HOWELL.read_bytes()
    event, _boards, session, _two = usebiotool.score_usebio(data)
    assert usebiotool.convention_of(event).name == "compscore"
    assert [str(bs.datum) for bs in session.boards] == [b.average for b in event.boards]
    assert [rs.imp_ns for bs in session.boards for rs in bs.results] == \
        [t.ns_points for b in event.boards for t in b.lines]
    assert usebiotool.printed(event, session)["matching"] == 8
    _e, _b, plain, _t = usebiotool.score_usebio(data, convention="cardroom")
    assert plain.boards[1].datum == -440 and usebiotool.printed(event, plain)["matching"] < 8


@pytest.mark.parametrize("path", [COMPSCORE, CROSS_HOWELL, BUTLER_HOWELL])
def test_every_golden_file_round_trips(path):
    event = read_usebio(path.read_bytes())
    assert read_usebio(write_usebio(event)) == event


def test_artificial_a5050_line_scores_zero_imps_each_side():
    event = read_usebio(COMPSCORE.read_bytes())
    board15 = next(b for b in event.boards if b.number == "15")
    result = usebiotool.line_result("15", board15.lines[1])
    assert result.artificial and result.adjusted_ns.percent == 50 and result.adjusted_ew.percent == 50


def test_usebio_score_json_has_the_pbn_score_shape(tmp_path):
    code, text = usebiotool.run(["score", str(COMPSCORE)])
    assert code == 0
    data = json.loads(text)
    assert {"method", "boards", "ranking", "printed", "matching"} <= set(data)
    assert data["convention"] == "compscore"  # PROGRAM_NAME Compscore3
    assert data["boards"][0]["results"][0] == {
        "ns": "1NS", "ew": "1EW", "contract": "3S", "declarer": "E", "tricks": 9, "score_ns": -140,
        "imp_ns": -3.0, "imp_ew": 3.0}


def test_pbn_score_detects_xml_and_delegates():
    code, text = pbntool.run(["score", str(COMPSCORE)])
    assert code == 0
    data = json.loads(text)
    assert data["method"] == "butler" and data["matching"] == 14


def test_convention_override():
    code, text = usebiotool.run(["score", str(COMPSCORE), "--convention", "ruter"])
    assert code == 0 and json.loads(text)["convention"] == "ruter"
    code, text = usebiotool.run(["score", str(COMPSCORE), "--convention", "nonesuch"])
    assert code == 2 and "unknown convention" in text


def test_method_override(tmp_path):
    code, text = usebiotool.run(["score", str(COMPSCORE), "--method", "cross-imps"])
    assert code == 0 and json.loads(text)["method"] == "cross-imps"


@pytest.mark.parametrize("xml, message", [
    ("<USEBIO><EVENT><BOARD>", "not well-formed"),
    ("<RESULTS/>", "not <USEBIO>"),
    ("<USEBIO Version='1.2'/>", "without an EVENT"),
    ("<USEBIO><EVENT EVENT_TYPE='MP_PAIRS'>\n<BOARD><BOARD_NUMBER>1</BOARD_NUMBER>\n<TRAVELLER_LINE>"
     "<NS_PAIR_NUMBER>1</NS_PAIR_NUMBER><EW_PAIR_NUMBER>2</EW_PAIR_NUMBER><TRICKS>x</TRICKS>"
     "</TRAVELLER_LINE></BOARD></EVENT></USEBIO>", "TRICKS 'x' is not a number"),
    ("<USEBIO><EVENT EVENT_TYPE='TEAMS'/></USEBIO>", "only pairs"),
    ("<USEBIO><EVENT EVENT_TYPE='MP_PAIRS'>\n<PARTICIPANTS>\n<PAIR><PAIR_NUMBER>1</PAIR_NUMBER>"
     "<PERCENTAGE>NaN</PERCENTAGE></PAIR></PARTICIPANTS></EVENT></USEBIO>", "line 3: PERCENTAGE 'NaN' is not a number"),
    ("<USEBIO><EVENT EVENT_TYPE='MP_PAIRS'><BOARD><BOARD_NUMBER>1</BOARD_NUMBER><TRAVELLER_LINE>"
     "<NS_PAIR_NUMBER>1</NS_PAIR_NUMBER><EW_PAIR_NUMBER>2</EW_PAIR_NUMBER><NS_MATCH_POINTS>inf</NS_MATCH_POINTS>"
     "</TRAVELLER_LINE></BOARD></EVENT></USEBIO>", "NS_MATCH_POINTS 'inf' is not a number"),
    ("<USEBIO>\n<EVENT EVENT_TYPE='BRIDGE_NIGHT'/></USEBIO>", "line 2: EVENT_TYPE 'BRIDGE_NIGHT' is not one"),
    ("<USEBIO><EVENT/></USEBIO>", "EVENT_TYPE (none) is not one"),
    ("<USEBIO><EVENT EVENT_TYPE='MP_PAIRS'>" + "<SECTION><BOARD><BOARD_NUMBER>1</BOARD_NUMBER><TRAVELLER_LINE>"
     "<NS_PAIR_NUMBER>1</NS_PAIR_NUMBER><EW_PAIR_NUMBER>2</EW_PAIR_NUMBER><SCORE>50</SCORE></TRAVELLER_LINE>"
     "</BOARD></SECTION>" * 2 + "</EVENT></USEBIO>", "one section is read at a time"),
    ('<?xml version="1.0"?>\n<!DOCTYPE USEBIO [<!ENTITY a "aaaa"><!ENTITY b "&a;&a;&a;">]>\n<USEBIO>&b;</USEBIO>',
     "entities are not accepted"),
])
def test_bad_files_are_refused_with_the_line(xml, message):
    with pytest.raises(UsebioError) as exc:
        read_usebio(xml.encode())
    assert message in str(exc.value)


def test_error_names_board_and_line(tmp_path):
    bad = tmp_path / "bad.xml"
    bad.write_text("<USEBIO><EVENT EVENT_TYPE='MP_PAIRS'>\n<BOARD><BOARD_NUMBER>4</BOARD_NUMBER>\n"
                   "<TRAVELLER_LINE><NS_PAIR_NUMBER>1</NS_PAIR_NUMBER><EW_PAIR_NUMBER>2</EW_PAIR_NUMBER>"
                   "<SCORE>lots</SCORE></TRAVELLER_LINE></BOARD></EVENT></USEBIO>")
    code, text = usebiotool.run(["score", str(bad)])
    assert code == 2 and "board 4" in text and "line 3" in text


def test_oversized_file_is_refused_before_parsing():
    with pytest.raises(UsebioError, match="limit"):
        read_usebio(b"<USEBIO>" + b" " * MAX_BYTES + b"</USEBIO>")


def test_external_dtd_is_not_fetched():
    xml = ('<?xml version="1.0"?>\n<!DOCTYPE USEBIO SYSTEM "http://127.0.0.1:9/usebio_v1_2.dtd">\n'
           '<USEBIO Version="1.2"><EVENT EVENT_TYPE="MP_PAIRS"><BOARD><BOARD_NUMBER>1</BOARD_NUMBER>'
           '<TRAVELLER_LINE><NS_PAIR_NUMBER>1</NS_PAIR_NUMBER><EW_PAIR_NUMBER>2</EW_PAIR_NUMBER>'
           '<SCORE>420</SCORE></TRAVELLER_LINE></BOARD></EVENT></USEBIO>')
    assert read_usebio(xml).boards[0].lines[0].score == "420"


def test_write_then_read_the_compscore_file_is_identity():
    event = read_usebio(COMPSCORE.read_bytes())
    again = read_usebio(write_usebio(event))
    assert again == event


_text = st.text(alphabet=st.characters(blacklist_categories=("Cs", "Cc")), min_size=1, max_size=12).map(str.strip) \
    .filter(bool)
_number = st.from_regex(r"[1-9][0-9]?", fullmatch=True)


@st.composite
def events(draw):
    numbers = draw(st.lists(_number, min_size=2, max_size=6, unique=True))
    pairs = tuple(UsebioPair(n, tuple(UsebioPlayer(draw(_text), draw(st.from_regex(r"[0-9]{0,7}", fullmatch=True)))
                                      for _ in range(2)),
                             place=str(i + 1), percentage=draw(st.one_of(st.none(), st.floats(0, 100).map(
                                 lambda x: round(x, 2)))))
                  for i, n in enumerate(numbers))
    boards = []
    for b in range(1, draw(st.integers(1, 4)) + 1):
        lines = tuple(UsebioLine(numbers[0], numbers[1], score=str(draw(st.integers(-7600, 7600))),
                                 contract=draw(st.sampled_from(["", "3NT", "4SX", "7HXX", "PASS"])),
                                 played_by=draw(st.sampled_from(["", "N", "E", "S", "W"])),
                                 lead=draw(st.sampled_from(["", "AS", "TD"])), tricks=draw(st.one_of(st.none(),
                                 st.integers(0, 13))), ns_points=float(draw(st.integers(0, 10))),
                                 ew_points=float(draw(st.integers(0, 10))))
                      for _ in range(draw(st.integers(1, 3))))
        boards.append(UsebioBoard(str(b), lines))
    return UsebioEvent("MP_PAIRS", pairs, tuple(boards), description=draw(_text), date="01/02/2026",
                       club_name=draw(_text), scoring_method="MATCH_POINTS")


@settings(max_examples=60, deadline=None)
@given(events())
def test_write_read_is_identity(event):
    assert read_usebio(write_usebio(event)) == event


def test_written_special_characters_are_escaped():
    event = UsebioEvent("MP_PAIRS", (UsebioPair("1", (UsebioPlayer("A & <B>"),)), UsebioPair("2")),
                        (UsebioBoard("1", (UsebioLine("1", "2", score="50"),)),), description='"Q" & A')
    again = read_usebio(write_usebio(event))
    assert again.pairs[0].players[0].name == "A & <B>" and again.description == '"Q" & A'
    assert replace(again, hands={}) == event


def test_the_convention_cardroom_records_in_program_version_is_read_back_and_only_from_cardroom():
    from scoring.engine import ScoringError
    event = read_usebio(COMPSCORE.read_bytes())
    mine = replace(event, program="Cardroom", program_version="convention ruter;ties=shared")
    again = read_usebio(write_usebio(mine))
    assert again.program_version == "convention ruter;ties=shared"
    rules = usebiotool.convention_of(again)
    assert (rules.name, rules.ties, rules.cross) == ("ruter", "shared", "sum")
    assert usebiotool.convention_of(again, "jfr").name == "jfr"  # a named convention still wins
    # Compscore's own PROGRAM_VERSION ("13-Mar-26 Pianola") or another program's "convention" text is not ours.
    assert usebiotool.convention_of(replace(event, program_version="convention ruter")).name == "compscore"
    with pytest.raises(ScoringError, match="PROGRAM_VERSION 'convention lotus': unknown convention 'lotus'"):
        usebiotool.convention_of(replace(mine, program_version="convention lotus"))
