"""Golden file: the whole of Ruter 4.9.1.3's "SM-parikilpailu - Session 1" (Finnish pairs
championship 2014, 36 pairs, 66 boards, 1,188 results; data README), scored by `pbn score FILE`
with no options, against what Ruter printed: every result's MP and percentage, every pair's total,
percentage and place, and Ruter 4.9's RankTie (two pairs on 1060.6 printed Rank 25, RankTie 26)."""
import json
from pathlib import Path

from scoring.engine.pbntool import run, score_pbn
from tournaments.deals.pbn import decode_pbn, read_pbn

FILE = Path(__file__).parent / "data" / "ruter_sm_2014_session1.pbn"


def _scored(path=FILE, *args) -> dict:
    code, text = run(["score", str(path), *args])
    assert code == 0, text
    return json.loads(text) if not args else text


def test_every_result_equals_what_ruter_printed():
    out = _scored()
    assert (out["method"], out["convention"]) == ("matchpoints", "ruter")
    ours = {str(b["board"]): {(r["ns"], r["ew"]): r for r in b["results"]} for b in out["boards"]}
    games = read_pbn(decode_pbn(FILE.read_bytes()))
    results = equal = 0
    for game in games:
        for row in game.table("ScoreTable"):
            mine = ours[game.value("Board")][(row["PairId_NS"], row["PairId_EW"])]
            results += 1
            equal += (abs(mine["mp_ns"] - float(row["MP_NS"])) <= 0.051
                      and abs(mine["mp_ew"] - float(row["MP_EW"])) <= 0.051
                      and round(mine["pct_ns"]) == int(row["Percentage_NS"])
                      and round(mine["pct_ew"]) == int(row["Percentage_EW"]))
    # Board 16 was played 16 times and two tables got A+/A+: Neuberg to a top of 34 and 60 % each.
    assert (equal, results, len(games)) == (1188, 1188, 66)


def test_every_pair_total_percentage_place_and_rank_tie():
    out = _scored()
    printed = {r["PairId"]: r for r in read_pbn(decode_pbn(FILE.read_bytes()))[0].table("TotalScoreTable")}
    ranking = {r["pair"]: r for r in out["ranking"]}
    assert ranking.keys() == printed.keys() and len(printed) == 36
    _boards, session, _two = score_pbn(FILE.read_bytes())  # the unrounded totals
    totals = {st.entrant: st.total for st in session.standings}
    # Ruter prints one decimal, rounding half up (1261.25 -> 1261.3).
    assert sum(abs(totals[p] - float(r["TotalScoreMP"])) <= 0.05 + 1e-9 for p, r in printed.items()) == 36
    assert sum(abs(ranking[p]["percentage"] - float(r["TotalPercentage"])) < 0.0051 for p, r in printed.items()) == 36
    assert all(ranking[p]["boards"] == int(r["NrBoards"]) == 66 for p, r in printed.items())
    assert sum(ranking[p]["rank"] == r["Rank"] for p, r in printed.items()) == 36
    assert sum(ranking[p].get("rank_tie", "-") == r["RankTie"] for p, r in printed.items()) == 36
    assert (ranking["16"]["rank"], ranking["16"]["rank_tie"], ranking["25"]["rank"], ranking["25"]["rank_tie"]) == \
        ("25", "26", "25", "26")
    assert ranking["27"]["rank"] == "27"  # the place after the tie


def test_the_pbn_written_keeps_rank_and_rank_tie_and_reads_back_the_same(tmp_path):
    out = tmp_path / "again.pbn"
    code, text = run(["score", str(FILE), "--format", "pbn", "-o", str(out)])
    assert code == 0, text
    total = {r["PairId"]: r for r in read_pbn(out.read_bytes())[0].table("TotalScoreTable")}
    assert (total["16"]["Rank"], total["16"]["RankTie"], total["1"]["RankTie"]) == ("25", "26", "-")
    assert _scored(out)["ranking"] == _scored()["ranking"]


def test_without_the_4_9_rules_the_tie_would_be_split_as_ruter_4_1_printed(tmp_path):
    older = tmp_path / "as_4_7.pbn"  # the version said 4.7 and no RankTie column
    older.write_bytes(FILE.read_bytes().replace(b'content="4.9.1.3"', b'content="4.7"')
                      .replace(b"RankTie\\2R;", b"Tie\\2R;"))
    ranking = {r["pair"]: r for r in _scored(older)["ranking"]}
    assert (ranking["16"]["rank"], ranking["25"]["rank"]) == ("25", "26") and "rank_tie" not in ranking["16"]
