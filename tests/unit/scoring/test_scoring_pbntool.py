"""``pbn score``: exit codes, JSON shape, and agreement with what scoring programs printed."""
import json
from pathlib import Path

import pytest

from scoring.engine.pbntool import run
from tournaments.deals.pbn import read_pbn

DATA = Path(__file__).parent / "data"
MAGIC = DATA / "magic_contest_board28.pbn"
CLUB = DATA / "club_session.pbn"


def score(*args):
    code, text = run(["score", *map(str, args)])
    assert code == 0, text
    return text


def printed_rows(path):
    """Every ScoreTable row a scoring program printed, keyed by (board, ns, ew)."""
    out = {}
    for game in read_pbn(path.read_bytes()):
        for row in game.table("ScoreTable") or []:
            out[(int(game.value("Board")), row["PairId_NS"], row["PairId_EW"])] = row
    return out


@pytest.mark.parametrize("path", [MAGIC, CLUB])
def test_reproduces_the_printed_matchpoints_and_percentages(path):
    printed = printed_rows(path)
    result = json.loads(score(path))
    ours = {(b["board"], r["ns"], r["ew"]): r for b in result["boards"] for r in b["results"]}
    assert ours.keys() == printed.keys()
    decimals = 0 if path == MAGIC else 2  # Magic Contest prints whole percentages
    for key, row in printed.items():
        assert ours[key]["mp_ns"] == pytest.approx(float(row["MP_NS"]), abs=0.005)
        assert ours[key]["mp_ew"] == pytest.approx(float(row["MP_EW"]), abs=0.005)
        assert round(ours[key]["pct_ns"], decimals) == pytest.approx(float(row["Percentage_NS"]))
        assert round(ours[key]["pct_ew"], decimals) == pytest.approx(float(row["Percentage_EW"]))


def test_reproduces_the_printed_ranking():
    printed = read_pbn(CLUB.read_bytes())[0].table("TotalScoreTable")
    ranking = json.loads(score(CLUB))["ranking"]
    assert [(r["rank"], r["pair"], r["percentage"], r["boards"]) for r in ranking] == [
        (row["Rank"], row["PairId"], float(row["TotalPercentage"]), int(row["NrBoards"])) for row in printed]
    assert [r["total"] for r in ranking] == pytest.approx([float(row["TotalMP"]) for row in printed], abs=0.005)


def test_raw_scores_are_recomputed_from_the_contract():
    boards = json.loads(score(MAGIC))["boards"]
    by_pair = {r["ns"]: r for r in boards[0]["results"]}
    assert by_pair["4"]["score_ns"] == 670 and by_pair["13"]["score_ns"] == -300
    assert by_pair["13"]["contract"] == "2NT"


def test_json_shape():
    result = json.loads(score(CLUB))
    assert set(result) == {"method", "convention", "boards", "ranking"}
    assert (result["method"], result["convention"]) == ("matchpoints", "cardroom")
    board = result["boards"][0]
    assert board["board"] == 1 and board["top"] == 6
    assert set(board["results"][0]) >= {"ns", "ew", "contract", "declarer", "tricks", "score_ns",
                                        "mp_ns", "mp_ew", "pct_ns", "pct_ew"}
    assert set(result["ranking"][0]) == {"rank", "pair", "total", "percentage", "boards"}
    artificial = result["boards"][1]["results"][3]
    assert (artificial["adjusted_ns"], artificial["adjusted_ew"], artificial["score_ns"]) == ("A+", "A-", None)


@pytest.mark.parametrize("method", ["butler", "cross-imps"])
def test_imp_methods_give_imps_and_a_datum(method):
    result = json.loads(score(CLUB, "--method", method))
    board = result["boards"][0]
    assert board["datum"] == 410
    assert {"imp_ns", "imp_ew"} <= set(board["results"][0])
    if method == "cross-imps":
        assert sum(r["imp_ns"] for r in board["results"]) == pytest.approx(0, abs=0.05)
    assert result["ranking"][0]["percentage"] is None


def test_neuberg_method_is_matchpoints_with_factoring():
    a, b = json.loads(score(CLUB)), json.loads(score(CLUB, "--method", "neuberg"))
    assert a["boards"] == b["boards"] and b["method"] == "matchpoints"  # the family


def test_pbn_output_has_score_tables_and_rescoring_it_is_idempotent(tmp_path):
    out = tmp_path / "rescored.pbn"
    code, text = run(["score", str(CLUB), "--format", "pbn", "-o", str(out)])
    assert code == 0 and text == ""
    games = read_pbn(out.read_bytes())
    assert games[0].tag("TotalScoreTable") is not None
    assert "MP_NS" in games[0].tag("ScoreTable").columns and "Percentage_EW" in games[0].tag("ScoreTable").columns
    assert json.loads(score(out))["boards"] == json.loads(score(CLUB))["boards"]


def test_imp_pbn_output_has_imp_columns():
    games = read_pbn(score(CLUB, "--method", "cross-imps", "--format", "pbn"))
    assert games[0].tag("ScoreTable").columns[-2:] == ("IMP_NS", "IMP_EW")


def _write(tmp_path, row, board="1"):
    path = tmp_path / "bad.pbn"
    path.write_text(f'[Board "{board}"]\n[Vulnerable "None"]\n'
                    '[ScoreTable "PairId_NS;PairId_EW;Contract;Declarer;Result"]\n'
                    f'1 2 4S N 10\n{row}\n', encoding="latin-1")
    return path


@pytest.mark.parametrize("row,message", [
    ("3 4 4S N 14", "0-13"), ("3 4 9S N 10", "level 1-7"), ("3 4 4S Q 10", "declarer"),
    ("3 4 4S N -", "without a Result"), ("- 4 4S N 10", "PairId"), ("3 4 - - -", "neither a contract"),
])
def test_impossible_results_exit_2_naming_board_and_line(tmp_path, row, message):
    code, text = run(["score", str(_write(tmp_path, row, board="7"))])
    assert code == 2
    assert "board 7, line 5" in text and message in text


def test_not_played_rows_are_listed_not_dropped(tmp_path):
    result = json.loads(score(_write(tmp_path, "3 4 NP - -")))
    assert result["boards"][0]["not_played"] == [{"ns": "3", "ew": "4"}]


def test_unreadable_and_missing_files_exit_2(tmp_path):
    bad = tmp_path / "broken.pbn"
    bad.write_text('[Board "1"]\n[ScoreTable "PairId_NS;PairId_EW;Contract\n', encoding="latin-1")
    code, text = run(["score", str(bad)])
    assert code == 2 and "line 2" in text
    code, text = run(["score", str(tmp_path / "missing.pbn")])
    assert code == 2 and "cannot read" in text
    empty = tmp_path / "empty.pbn"
    empty.write_text('[Board "1"]\n', encoding="latin-1")
    code, text = run(["score", str(empty)])
    assert code == 2 and "no ScoreTable" in text


def test_bad_arguments_exit_2():
    assert run(["score", str(CLUB), "--method", "rubber"])[0] == 2
    assert run(["shuffle"])[0] == 2
    assert run([])[0] == 2


def test_duplicate_board_is_an_error(tmp_path):
    path = tmp_path / "twice.pbn"
    one = '[Board "1"]\n[ScoreTable "PairId_NS;PairId_EW;Contract;Declarer;Result"]\n1 2 4S N 10\n'
    path.write_text(one + "\n" + one, encoding="latin-1")
    code, text = run(["score", str(path)])
    assert code == 2 and "twice" in text


def test_mitchell_fields_are_ranked_separately(tmp_path):
    path = tmp_path / "mitchell.pbn"
    head = '[ScoreTable "PairId_NS;PairId_EW;Contract;Declarer;Result"]\n'
    path.write_text('[Board "1"]\n' + head + '1 1 4S N 10\n2 2 4S N 11\n\n'
                    '[Board "2"]\n' + head + '1 2 3NT S 9\n2 1 3NT S 8\n', encoding="latin-1")
    ranking = json.loads(score(path))["ranking"]
    assert sorted((r["field"], r["pair"]) for r in ranking) == [("EW", "1"), ("EW", "2"), ("NS", "1"), ("NS", "2")]


def test_a_row_without_contract_keeps_its_printed_score(tmp_path):
    path = tmp_path / "scores.pbn"
    path.write_text('[Board "2"]\n[ScoreTable "PairId_NS;PairId_EW;Contract;Score_NS;Score_EW"]\n'
                    '1 2 - - 100\n3 4 - 420 -\n5 6 - A60 -\n', encoding="latin-1")
    rows = json.loads(score(path))["boards"][0]["results"]
    assert [r["score_ns"] for r in rows] == [-100, 420, None]
    assert (rows[2]["adjusted_ns"], rows[2]["adjusted_ew"]) == ("60%", "40%")


@pytest.mark.parametrize("name", ["ruter_cross2_2013.pbn", "magic_contest_butler_2013.pbn", "club_session.pbn",
                                  "ruter_individual_2010_boards.pbn"])
def test_the_pbn_written_records_its_rules_and_reads_back_by_them_without_options(name, tmp_path):
    from scoring.engine.conventions import parse_convention_tag
    from scoring.engine.pbntool import score_pbn_file

    source = DATA / name
    _parsed, _family, rules, _session, _two = score_pbn_file(source.read_bytes())
    first = json.loads(score(source))
    out = tmp_path / "again.pbn"
    assert run(["score", str(source), "--format", "pbn", "-o", str(out)])[0] == 0
    games = read_pbn(out.read_bytes())
    assert {g.value("Application") for g in games} == {"Cardroom"}
    assert {parse_convention_tag(g.value("CardroomConvention")) for g in games} == {rules}
    again = json.loads(score(out))
    assert (again["method"], again["convention"]) == (first["method"], first["convention"])
    assert again["ranking"] == first["ranking"]
    # Without the record the Cardroom-written file would be scored by Cardroom's own rules.
    stripped = tmp_path / "stripped.pbn"
    stripped.write_bytes(out.read_bytes().replace(b'[CardroomConvention "', b'[Note "'))
    if first["convention"] != "cardroom":
        assert json.loads(score(stripped))["convention"] == "cardroom"


TIED = """[Event "Tie"]
[Board "1"]
[Dealer "N"]
[Vulnerable "None"]
[Scoring "MatchPoints"]
[ScoreTable "PairId_NS;PairId_EW;Contract;Declarer;Result"]
1 3 4S N 10
2 4 4S N 10
[Event "Tie"]
[Board "2"]
[Dealer "E"]
[Vulnerable "NS"]
[ScoreTable "PairId_NS;PairId_EW;Contract;Declarer;Result"]
1 4 3N S 9
2 3 3N S 10
"""


def test_a_shared_place_is_written_with_ruter_4_9s_rank_tie_column(tmp_path):
    path = tmp_path / "tie.pbn"
    path.write_text(TIED)
    ranking = json.loads(score(path))["ranking"]
    # 420 twice on board 1 (1 MP each); 430 beats 400 on board 2: pairs 2 and 4 on 3 MP, 1 and 3 on 1.
    assert [(r["rank"], r.get("rank_tie"), r["pair"]) for r in ranking] == [
        ("1=", "2", "2"), ("1=", "2", "4"), ("3=", "4", "1"), ("3=", "4", "3")]
    total = read_pbn(score(path, "--format", "pbn"))[0].table("TotalScoreTable")
    assert [(r["Rank"], r["RankTie"], r["PairId"]) for r in total] == [
        ("1", "2", "2"), ("1", "2", "4"), ("3", "4", "1"), ("3", "4", "3")]
    split = read_pbn(score(DATA / "ruter_cross2_2013.pbn", "--format", "pbn"))[0].tag("TotalScoreTable")
    assert "RankTie" not in split.columns  # Ruter 4.7 splits its two ties (8, 9 and 16, 17): no place shared
