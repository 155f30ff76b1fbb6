"""``pbn score`` for teams files (issue 12): real files written by Ruter (match rows with
MatchDetails and VPs, a TotalScoreTable) and RealBridge (one game per table with ScoreIMP) are
rescored, and Cardroom's IMPs, VPs and ranking are compared with what the program printed."""
import json
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scoring.engine.pbntool import run
from tournaments.deals.pbn import read_pbn

DATA = Path(__file__).parent / "data"
SALO = DATA / "ruter_salo_teams_2013.pbn"            # 10 teams, 6 rounds of 8-board matches
LEAGUE = DATA / "ruter_lounaisliiga_div2_2013.pbn"   # 6 teams, round 1 of 10 played (2 x 16 boards)
REALBRIDGE = DATA / "realbridge_teams_board11.pbn"   # 15 matches, board 11 at 30 tables


def score(path, *args):
    code, text = run(["score", str(path), *map(str, args)])
    assert code == 0, text
    return json.loads(text)


def printed_matches(path):
    """Every match row the program printed: (round, home, away) -> (IMPs, VPs)."""
    out = {}
    for game in read_pbn(path.read_bytes()):
        for row in game.table("ScoreTable") or []:
            if row["VP_Home"] == "-":
                continue
            total = row["MatchDetails"].split("|")[-1].split(",")
            out[(int(row["Round"]), row["TeamId_Home"], row["TeamId_Away"])] = (
                (float(total[1]), float(total[2])), (float(row["VP_Home"]), float(row["VP_Away"])))
    return out


def printed_ranking(path):
    return [(row["Rank"], row["TeamId"], float(row["TotalScoreVP"]), row["TeamName"])
            for game in read_pbn(path.read_bytes()) for row in game.table("TotalScoreTable") or []]


@pytest.mark.parametrize("path,boards,matches", [(SALO, 8, 30), (LEAGUE, 32, 3)])
def test_reproduces_every_match_the_program_scored(path, boards, matches):
    printed = printed_matches(path)
    result = score(path, "--boards", boards)
    ours = {(m["round"], m["home"], m["away"]): m for m in result["matches"]}
    assert ours.keys() == printed.keys() and len(ours) == matches
    for key, (imps, vps) in printed.items():
        assert (ours[key]["imps_home"], ours[key]["imps_away"]) == imps
        assert (ours[key]["vp_home"], ours[key]["vp_away"]) == pytest.approx(vps, abs=0.005)
    assert result["check"]["matches"] == result["check"]["agree"] == matches
    assert result["method"] == "teams: imps to vp (wbf_continuous)"


@pytest.mark.parametrize("path,boards", [(SALO, 8), (LEAGUE, 32)])
def test_reproduces_the_printed_ranking(path, boards):
    ranking = score(path, "--boards", boards)["ranking"]
    assert [(r["rank"], r["team"], r["total"], r["name"]) for r in ranking] == printed_ranking(path)


def test_segments_add_up_to_the_printed_match_total():
    match = score(LEAGUE, "--boards", 32)["matches"][0]
    assert match["segments"] == [[31, 29], [79, 2]] and (match["imps_home"], match["imps_away"]) == (110, 31)


def test_matches_not_played_yet_are_counted_not_scored():
    result = score(LEAGUE, "--boards", 32)
    assert result["not_played"] == 27 and len(result["matches"]) == 3


def test_a_table_with_blank_lines_between_its_rows_is_read(tmp_path):
    text = SALO.read_text(encoding="utf-8")
    spaced = tmp_path / "spaced.pbn"
    spaced.write_text(text.replace("\n2 1  1 10", "\n\n2 1  1 10").replace("\n5 1", "\n\n\n5 1"), encoding="utf-8")
    assert score(spaced, "--boards", 8)["matches"] == score(SALO, "--boards", 8)["matches"]


def test_realbridge_tables_agree_with_the_printed_imps_and_scores():
    result = score(REALBRIDGE)
    check = result["check"]
    assert (check["tables"], check["tables_agree"]) == (30, 30)
    assert (check["scores"], check["scores_agree"]) == (28, 28)
    assert (check["matches"], check["agree"]) == (15, 15)
    poland = next(m for m in result["matches"] if {m["home"], m["away"]} == {"POLAND", "UKRAINE"})
    board = poland["board_imps"][0]
    assert (board["open_ns"], board["closed_ns"]) == ((-50, -470) if poland["home"] == "POLAND" else (-470, -50))
    assert abs(board["imps_home"]) == 9


def test_realbridge_match_length_is_the_boards_in_the_file_unless_given():
    assert {m["boards"] for m in score(REALBRIDGE)["matches"]} == {1}
    assert {m["boards"] for m in score(REALBRIDGE, "--boards", 12)["matches"]} == {12}


def test_imps_only_needs_no_match_length():
    result = score(SALO, "--vp-scale", "none")
    assert result["method"] == "teams: imps" and result["matches"][0]["vp_home"] is None
    assert result["ranking"][0]["team"] == "5"  # URI: the best IMP difference, 130 - 63


def test_win_draw_loss_scale():
    result = score(SALO, "--boards", 8, "--vp-scale", "win_draw_loss")
    assert (result["matches"][0]["vp_home"], result["matches"][0]["vp_away"]) == (2.0, 0.0)


def test_a_bye_row_keeps_the_program_s_vps(tmp_path):
    path = tmp_path / "bye.pbn"
    path.write_text('[Event "x"]\n[Board "1"]\n[ScoreTable "Round;TeamId_Home;TeamId_Away;IMP_Home;IMP_Away;'
                    'VP_Home;VP_Away"]\n1 1 2 20 10 13.78 6.22\n1 3 - - - 12 -\n', encoding="utf-8")
    result = score(path, "--boards", 8)
    assert result["matches"][1] == {"round": 1, "home": "3", "away": None, "bye": True, "vp_home": 12.0,
                                    "printed": {"vp_home": 12.0}}
    assert [(r["team"], r["total"]) for r in result["ranking"]] == [("1", 13.78), ("3", 12.0), ("2", 6.22)]


@pytest.mark.parametrize("args,message", [
    ((SALO,), "--boards N"),
    ((SALO, "--boards", 8, "--format", "pbn"), "written as JSON"),
    ((SALO, "--boards", 8, "--method", "matchpoints"), "for pairs files"),
    ((SALO, "--boards", 0), "1 to 200 boards"),
    ((DATA / "club_session.pbn", "--boards", 8), "for teams files"),
])
def test_bad_requests_are_a_message_and_exit_2(args, message):
    code, text = run(["score", *map(str, args)])
    assert code == 2 and message in text and "Traceback" not in text


@pytest.mark.parametrize("row,message", [
    ('1 1 2 "200,x,3" 10 10', "not a number"),
    ('1 1 2 "1,2" 10 10', "segment,home,away"),
    ('1 1 1 "200,3,3" 10 10', "plays itself"),
    ('1 1 2 "200,3,3" 10 -', "one is missing"),
])
def test_a_bad_match_row_names_its_line(tmp_path, row, message):
    path = tmp_path / "bad.pbn"
    path.write_text('[Event "x"]\n[Board "1"]\n[ScoreTable "Round;TeamId_Home;TeamId_Away;MatchDetails;VP_Home;'
                    f'VP_Away"]\n{row}\n', encoding="utf-8")
    code, text = run(["score", str(path), "--boards", "8"])
    assert code == 2 and message in text and "line 4" in text


PIECES = st.sampled_from(["-", '"', "|", ",", "200", "inf", "nan", "1e309", "\n", "\n\n", "[", "]", " ",
                          "TeamId_Home", "HomeTeam", "ScoreIMP", "NS", "x", "0", "99999999", "é"])


@settings(max_examples=120, derandomize=True, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(st.sampled_from([SALO, REALBRIDGE]), st.integers(0, 3000), st.integers(0, 30), st.lists(PIECES, max_size=8))
def test_whatever_the_file_says_the_command_answers_0_or_2(path, at, cut, pieces):
    text = path.read_text(encoding="utf-8")
    at = min(at, len(text))
    with tempfile.NamedTemporaryFile("w", suffix=".pbn", encoding="utf-8", delete=False) as handle:
        handle.write(text[:at] + "".join(pieces) + text[at + cut:])
    try:
        code, _ = run(["score", handle.name, "--boards", "8"])
    finally:
        Path(handle.name).unlink()
    assert code in (0, 2)
