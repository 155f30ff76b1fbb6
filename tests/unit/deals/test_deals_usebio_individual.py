"""USEBIO 1.2 of an individual (tournaments.deals.usebio_individual): write -> read is identity,
a line naming fewer than four players is refused with its line, and `usebio score` ranks players."""
import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.engine import usebiotool
from tournaments.deals.usebio import UsebioBoard, UsebioError, UsebioEvent, UsebioLine, UsebioPair, UsebioPlayer
from tournaments.deals.usebio import read_usebio, write_usebio

_text = st.text(alphabet=st.characters(blacklist_categories=("Cs", "Cc")), min_size=1, max_size=12).map(str.strip) \
    .filter(bool)


@st.composite
def individuals(draw):
    numbers = [str(n) for n in range(1, draw(st.integers(4, 12)) + 1)]
    players = tuple(UsebioPair(n, (UsebioPlayer(draw(_text), draw(st.from_regex(r"[0-9]{0,7}", fullmatch=True))),),
                               place=str(i + 1), total_score=float(draw(st.integers(0, 90))),
                               percentage=draw(st.one_of(st.none(), st.floats(0, 100).map(lambda x: round(x, 2)))),
                               boards_played=draw(st.integers(1, 30)))
                    for i, n in enumerate(numbers))
    boards = []
    for b in range(1, draw(st.integers(1, 4)) + 1):
        lines = []
        for _ in range(draw(st.integers(1, 3))):
            north, south, east, west = draw(st.permutations(numbers))[:4]
            lines.append(UsebioLine(north, east, south=south, west=west, score=str(draw(st.integers(-7600, 7600))),
                                    contract=draw(st.sampled_from(["", "3NT", "4SX"])),
                                    played_by=draw(st.sampled_from(["", "N", "W"])),
                                    tricks=draw(st.one_of(st.none(), st.integers(0, 13))),
                                    ns_points=float(draw(st.integers(0, 10))), ew_points=float(draw(st.integers(0, 10)))))
        boards.append(UsebioBoard(str(b), tuple(lines)))
    return UsebioEvent("INDIVIDUAL", players, tuple(boards), description=draw(_text), date="01/02/2026",
                       club_name=draw(_text), scoring_method=draw(st.sampled_from(["MATCH_POINTS", "BUTLER_IMPS"])))


@settings(max_examples=60, deadline=None)
@given(individuals())
def test_write_read_is_identity(event):
    assert read_usebio(write_usebio(event)) == event


def _line(n, s, e, w, score):
    return UsebioLine(n, e, south=s, west=w, score=str(score), contract="", ns_points=None, ew_points=None)


def test_usebio_score_ranks_players_with_the_sides_score():
    players = tuple(UsebioPair(str(n), (UsebioPlayer(f"P{n}"),)) for n in range(1, 9))
    boards = (UsebioBoard("1", (_line("1", "2", "3", "4", 420), _line("5", "6", "7", "8", 170))),
              UsebioBoard("2", (_line("1", "3", "5", "7", -100), _line("2", "4", "6", "8", -100))))
    data = write_usebio(UsebioEvent("INDIVIDUAL", players, boards, scoring_method="MATCH_POINTS"))
    code, text = usebiotool.score_file("indi.xml", data)
    assert code == 0, text
    out = json.loads(text)
    assert out["boards"][0]["results"][0]["ns"] == ["1", "2"]
    totals = {r["player"]: r["total"] for r in out["ranking"]}
    # board 1: N-S 1 and 2 top (2), E-W 3 and 4 bottom, 5-6 bottom, 7-8 top; board 2 a tie (1 each)
    assert totals == {"1": 3.0, "2": 3.0, "3": 1.0, "4": 1.0, "5": 1.0, "6": 1.0, "7": 3.0, "8": 3.0}
    assert out["players"] == 8


@pytest.mark.parametrize("xml, message", [
    ("<USEBIO><EVENT EVENT_TYPE='INDIVIDUAL'>\n<BOARD><BOARD_NUMBER>1</BOARD_NUMBER>\n<TRAVELLER_LINE>"
     "<NORTH_PLAYER_NUMBER>1</NORTH_PLAYER_NUMBER><SOUTH_PLAYER_NUMBER>2</SOUTH_PLAYER_NUMBER>"
     "<EAST_PLAYER_NUMBER>3</EAST_PLAYER_NUMBER><SCORE>50</SCORE></TRAVELLER_LINE></BOARD></EVENT></USEBIO>",
     "line 3: TRAVELLER_LINE of an individual without WEST_PLAYER_NUMBER"),
    ("<USEBIO><EVENT EVENT_TYPE='INDIVIDUAL'><PARTICIPANTS>\n<PLAYER><PLAYER_NAME>A</PLAYER_NAME></PLAYER>"
     "</PARTICIPANTS></EVENT></USEBIO>", "line 2: PLAYER without a PLAYER_NUMBER"),
])
def test_bad_individual_files_name_the_line(xml, message):
    with pytest.raises(UsebioError) as exc:
        read_usebio(xml.encode())
    assert message in str(exc.value)
