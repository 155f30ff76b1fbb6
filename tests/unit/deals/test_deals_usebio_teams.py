"""USEBIO 1.2 teams files: tournaments.deals.usebio_teams (read/write) and `usebio score` of a
teams event (scoring.engine.usebioteams). The sample's provenance is in data/usebio_teams_swiss.md."""
import json
from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.engine import pbntool, usebiotool
from scoring.engine.usebioteams import score_usebio_teams
from tournaments.deals.usebio import UsebioError, UsebioLine, UsebioPair, UsebioPlayer
from tournaments.deals.usebio_teams import (
    UsebioMatch, UsebioMatchBoard, UsebioRoom, UsebioTeam, UsebioTeamsEvent, is_teams_type, read_usebio_teams,
    write_usebio_teams,
)

SWISS = Path(__file__).parent / "data" / "usebio_teams_swiss.xml"


def test_reads_teams_players_and_matches():
    event = read_usebio_teams(SWISS.read_bytes())
    assert (event.event_type, event.date, event.match_scoring) == ("SWISS_TEAMS", "18/11/2026", "VPS")
    assert [(t.number, t.name) for t in event.teams] == [("1", "Sharks"), ("2", "Dragons"), ("3", "Owls"),
                                                         ("4", "Foxes"), ("5", "Bears")]
    sharks, owls = event.team("1"), event.team("3")
    assert [p.number for p in sharks.pairs] == ["101", "102"] and len(sharks.all_players) == 4
    assert owls.players[0] == UsebioPlayer("Ian Ince", "3000") and (owls.place, owls.total_score) == ("5", 11.21)
    assert len(event.matches) == 6 and sum(m.is_bye for m in event.matches) == 2
    first = event.matches[0]
    assert (first.round, first.team, first.opposing, first.team_score, first.opposing_score) == (1, "1", "2", 16.73,
                                                                                                   3.27)
    assert (first.start_board, first.end_board, len(first.boards)) == (1, 4, 4)
    open_room = first.boards[0].room("NS").result
    assert (open_room.ns, open_room.ew, open_room.contract, open_room.played_by, open_room.lead, open_room.tricks,
            open_room.score) == ("101", "202", "4H", "S", "DK", 10, "420")


def test_a_line_without_direction_is_placed_by_the_teams_pair_numbers():
    board3 = read_usebio_teams(SWISS.read_bytes()).matches[0].boards[2]
    assert board3.room("NS").result.ns == "101" and board3.room("EW").result.ns == "201"


def test_usebio_score_rescores_every_match_board_and_place():
    code, text = usebiotool.run(["score", str(SWISS)])
    assert code == 0
    data = json.loads(text)
    assert data["method"] == "teams: imps to vp (wbf_continuous)" and data["source"] == "usebio"
    assert data["agreement"] == {"matches": "4/4", "boards_imps": "16/16", "ranking": "5/5"}
    first = data["matches"][0]
    assert (first["imps_home"], first["imps_away"], first["vp_home"], first["vp_away"]) == (22.0, 7.0, 16.73, 3.27)
    adjusted = data["matches"][1]["board_imps"][3]
    assert (adjusted["closed_ns"], adjusted["imps_home"]) == ("A+", -3.0)  # Law 86B: average-plus to the away team
    assert [(r["rank"], r["team"], r["total"]) for r in data["ranking"]] == [
        ("1", "4", 29.03), ("2", "1", 28.49), ("3", "2", 23.27), ("4", "5", 12.0), ("5", "3", 11.21)]


def test_a_figure_the_program_printed_differently_is_counted_not_hidden(tmp_path):
    text = SWISS.read_text().replace("<TEAM_SCORE>16.73</TEAM_SCORE>", "<TEAM_SCORE>17.00</TEAM_SCORE>", 1)
    text = text.replace("<IMPS>10</IMPS>", "<IMPS>11</IMPS>", 1)
    changed = tmp_path / "changed.xml"
    changed.write_text(text)
    data = json.loads(usebiotool.run(["score", str(changed)])[1])
    assert data["agreement"]["matches"] == "3/4" and data["agreement"]["boards_imps"] == "15/16"
    assert data["matches"][0]["agrees"] is False and data["matches"][0]["printed"]["vp_home"] == 17.0


def test_vp_scale_and_match_length_options():
    data = json.loads(usebiotool.run(["score", str(SWISS), "--vp-scale", "win_draw_loss"])[1])
    assert (data["matches"][0]["vp_home"], data["matches"][0]["vp_away"]) == (2.0, 0.0)
    data = json.loads(usebiotool.run(["score", str(SWISS), "--boards", "8"])[1])
    assert data["matches"][0]["vp_home"] != 16.73 and data["agreement"]["boards_imps"] == "16/16"
    assert usebiotool.run(["score", str(SWISS), "--vp-scale", "nonesuch"])[0] == 2


def test_pbn_score_detects_a_teams_xml_too():
    code, text = pbntool.run(["score", str(SWISS)])
    assert code == 0 and json.loads(text)["agreement"]["matches"] == "4/4"


def test_imps_match_scoring_gives_imps_only():
    text = SWISS.read_text().replace("<MATCH_SCORING_METHOD>VPS", "<MATCH_SCORING_METHOD>IMPS")
    data = score_usebio_teams(read_usebio_teams(text))
    assert data["vp_scale"] == "none" and data["matches"][0]["vp_home"] is None


def test_event_types():
    assert all(map(is_teams_type, ("SWISS_TEAMS", "TEAMS", "TEAMS_OF_FOUR", "MULTI_TEAMS", "KO")))
    assert not any(map(is_teams_type, ("MP_PAIRS", "BUTLER_PAIRS", "SWISS_PAIRS", "INDIVIDUAL")))


def test_write_then_read_the_sample_is_identity():
    event = read_usebio_teams(SWISS.read_bytes())
    again = read_usebio_teams(write_usebio_teams(event))
    assert again == event
    assert score_usebio_teams(again)["ranking"] == score_usebio_teams(event)["ranking"]


_text = st.text(alphabet=st.characters(blacklist_categories=("Cs", "Cc")), min_size=1, max_size=12).map(str.strip) \
    .filter(bool)
_score = st.sampled_from(["420", "-50", "0", "-1430", "110", "A+", "A=", "A-"])


@st.composite
def teams_events(draw):
    numbers = draw(st.lists(st.from_regex(r"[1-9][0-9]?", fullmatch=True), min_size=2, max_size=6, unique=True))
    teams = tuple(UsebioTeam(n, draw(_text), tuple(UsebioPlayer(draw(_text)) for _ in range(draw(st.integers(0, 3)))),
                             (UsebioPair(f"{n}A", (UsebioPlayer(draw(_text)),), "NS"),) if draw(st.booleans()) else (),
                             draw(st.sampled_from(["", "1", "2="])), draw(st.none() | st.floats(0, 200).map(
                                 lambda x: round(x, 2)))) for n in numbers)
    matches = []
    for rnd in range(1, draw(st.integers(1, 3)) + 1):
        home, away = draw(st.permutations(numbers))[:2]
        boards = tuple(UsebioMatchBoard(str(b), tuple(UsebioRoom(d, UsebioLine("", "", draw(_score)))
                                                      for d in draw(st.sampled_from([("NS",), ("NS", "EW"), ("EW",)]))),
                                        draw(st.none() | st.integers(-24, 24).map(float)))
                       for b in range(1, draw(st.integers(1, 4)) + 1))
        matches.append(UsebioMatch(rnd, home, away, boards, draw(st.none() | st.just(12.5)), None))
    return UsebioTeamsEvent("SWISS_TEAMS", teams, tuple(matches), description=draw(_text), date="01/02/2026")


@settings(max_examples=40, deadline=None)
@given(teams_events())
def test_write_then_read_is_identity(event):
    assert read_usebio_teams(write_usebio_teams(event)) == event


def _file(matches: str, teams: str = '<TEAM TEAM_ID="1"/><TEAM TEAM_ID="2"/>', header: str = "") -> str:
    return (f'<USEBIO Version="1.2"><EVENT EVENT_TYPE="SWISS_TEAMS">{header}\n<PARTICIPANTS>{teams}</PARTICIPANTS>\n'
            f"{matches}</EVENT></USEBIO>")


_LINE = "<TRAVELLER_LINE><DIRECTION>{d}</DIRECTION><CONTRACT>4H</CONTRACT><PLAYED_BY>S</PLAYED_BY>" \
        "<TRICKS>10</TRICKS><SCORE>420</SCORE></TRAVELLER_LINE>"
_MATCH = "<MATCH><ROUND_NUMBER>1</ROUND_NUMBER><TEAM>1</TEAM><OPPOSING_TEAM>2</OPPOSING_TEAM>\n<BOARD>" \
         "<BOARD_NUMBER>1</BOARD_NUMBER>{lines}</BOARD></MATCH>"


@pytest.mark.parametrize("xml, message", [
    (_file(""), "has no MATCH"),
    (_file("<MATCH><OPPOSING_TEAM>2</OPPOSING_TEAM></MATCH>"), "MATCH without a TEAM"),
    (_file("<MATCH><TEAM>1</TEAM><OPPOSING_TEAM>7</OPPOSING_TEAM></MATCH>"), "team 7 is not among the PARTICIPANTS"),
    (_file("<MATCH><TEAM>1</TEAM><OPPOSING_TEAM>1</OPPOSING_TEAM></MATCH>"), "plays itself"),
    (_file(_MATCH.format(lines=_LINE.format(d="NE"))), "DIRECTION 'NE'"),
    (_file(_MATCH.format(lines=_LINE.format(d="NS") * 2)), "both TRAVELLER_LINEs"),
    (_file(_MATCH.format(lines=_LINE.format(d="NS") * 3)), "two rooms"),
    (_file(_MATCH.format(lines="").replace("<BOARD_NUMBER>1</BOARD_NUMBER>", "<IMPS>lots</IMPS>")),
     "BOARD without a BOARD_NUMBER"),
    (_file(_MATCH.format(lines="<IMPS>lots</IMPS>")), "IMPS 'lots' is not a number"),
    (_file("", teams='<TEAM TEAM_ID="1"/><TEAM TEAM_ID="1"/>'), "TEAM_ID 1 appears twice"),
    (_file("", teams="<TEAM/>"), "TEAM without a TEAM_ID"),
    ('<USEBIO><EVENT EVENT_TYPE="MP_PAIRS"/></USEBIO>', "is not a teams event"),
])
def test_bad_teams_files_are_refused_naming_the_line(xml, message, tmp_path):
    with pytest.raises(UsebioError) as exc:
        read_usebio_teams(xml)
    assert message in str(exc.value)
    bad = tmp_path / "bad.xml"
    bad.write_text(xml)
    code, text = usebiotool.run(["score", str(bad)])
    assert code == 2 and text.startswith(str(bad))
    if "PARTICIPANTS" in xml and message != "has no MATCH":
        assert "line " in text


@pytest.mark.parametrize("lines, header, message", [
    (_LINE.format(d="NS").replace("<SCORE>420</SCORE>", "<SCORE>lots</SCORE>"), "", "board 1"),
    (_LINE.format(d="NS").replace("<CONTRACT>4H</CONTRACT>", "<CONTRACT>9Z</CONTRACT>"), "", "board 1"),
    (_LINE.format(d="NS"), "<BOARD_SCORING_METHOD>BAM</BOARD_SCORING_METHOD>", "board-a-match"),
])
def test_unscorable_lines_are_exit_2_naming_board_and_line(lines, header, message, tmp_path):
    bad = tmp_path / "bad.xml"
    bad.write_text(_file(_MATCH.format(lines=lines), header=header))
    code, text = usebiotool.run(["score", str(bad)])
    assert code == 2 and message in text


def test_a_match_without_boards_is_refused_when_scored():
    xml = _file("<MATCH><ROUND_NUMBER>1</ROUND_NUMBER><TEAM>1</TEAM><OPPOSING_TEAM>2</OPPOSING_TEAM></MATCH>")
    with pytest.raises(Exception, match="no BOARD to rescore"):
        score_usebio_teams(read_usebio_teams(xml))


def test_a_bye_keeps_its_printed_vps():
    event = read_usebio_teams(SWISS.read_bytes())
    bye = next(m for m in event.matches if m.is_bye)
    assert (bye.team, bye.team_score) == ("5", 12.0)
    plain = replace(event, matches=tuple(m for m in event.matches if not m.is_bye))
    totals = {r["team"]: r["total"] for r in score_usebio_teams(plain)["ranking"]}
    assert (totals["5"], totals["4"]) == (0.0, 17.03)  # with the byes: 12.0 and 29.03


def test_team_id_and_name_as_elements_and_lines_without_direction_or_pairs():
    xml = ("<USEBIO Version='1.2'><EVENT EVENT_TYPE='TEAMS_OF_FOUR'><PARTICIPANTS>"
           "<TEAM><TEAM_ID>7</TEAM_ID><TEAM_NAME>Lions</TEAM_NAME><PLACE>1</PLACE></TEAM>"
           "<TEAM><TEAM_ID>8</TEAM_ID><TEAM_NAME>Tigers</TEAM_NAME></TEAM></PARTICIPANTS>"
           "<MATCH><TEAM>7</TEAM><OPPOSING_TEAM>8</OPPOSING_TEAM><BOARD><BOARD_NUMBER>3</BOARD_NUMBER>"
           "<TRAVELLER_LINE><SCORE>620</SCORE></TRAVELLER_LINE><TRAVELLER_LINE><SCORE>170</SCORE></TRAVELLER_LINE>"
           "</BOARD></MATCH></EVENT></USEBIO>")
    event = read_usebio_teams(xml)
    assert [(t.number, t.name, t.place) for t in event.teams] == [("7", "Lions", "1"), ("8", "Tigers", "")]
    board = event.matches[0].boards[0]
    assert (board.room("NS").result.score, board.room("EW").result.score) == ("620", "170")  # first line: open room
    data = score_usebio_teams(event, vp_scale="none")
    assert (data["matches"][0]["imps_home"], data["matches"][0]["imps_away"]) == (10.0, 0.0)


def test_a_file_without_participants_is_scored_from_its_matches():
    text = SWISS.read_text()
    start, end = text.index("<PARTICIPANTS>"), text.index("</PARTICIPANTS>") + len("</PARTICIPANTS>")
    data = score_usebio_teams(read_usebio_teams(text[:start] + text[end:]))
    assert data["agreement"]["matches"] == "4/4" and data["agreement"]["ranking"] == "0/0"
    assert [r["team"] for r in data["ranking"]] == ["4", "1", "2", "5", "3"]
