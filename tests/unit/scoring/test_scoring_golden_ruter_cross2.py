"""Golden file: Ruter 4.7's "Lounaisliiga2013-2014 - 1:2" (Turku league, 24 pairs in two
sections scored across the field, 16 boards, `IMP;Cross2`; data README), scored by
`pbn score FILE` with no options, against what Ruter printed: every result's integer cross-IMP
sum, every pair's total (its average IMPs per comparison per board) and place."""
import json
from pathlib import Path

from scoring.engine.pbntool import run
from tournaments.deals.pbn import decode_pbn, read_pbn

FILE = Path(__file__).parent / "data" / "ruter_cross2_2013.pbn"


def test_every_result_total_and_place_equals_what_ruter_printed():
    code, text = run(["score", str(FILE)])
    assert code == 0, text
    out = json.loads(text)
    assert (out["method"], out["convention"]) == ("cross-imps", "ruter")
    games = read_pbn(decode_pbn(FILE.read_bytes()))
    boards = {str(b["board"]): {(r["ns"], r["ew"]): r for r in b["results"]} for b in out["boards"]}
    compared = equal = 0
    for game in games:
        for row in game.tag("ScoreTable").records():
            mine = boards[game.value("Board")][(row["PairId_NS"], row["PairId_EW"])]
            compared += 1
            equal += (mine["imp_ns"], mine["imp_ew"]) == (float(row["IMP_NS"]), float(row["IMP_EW"]))
    assert (equal, compared) == (192, 192)

    printed = {r["PairId"]: r for r in games[0].tag("TotalScoreTable").records()}
    ranking = {r["pair"]: r for r in out["ranking"]}
    assert ranking.keys() == printed.keys()
    assert all(ranking[p]["total"] == float(r["TotalScoreIMP"]) for p, r in printed.items())
    places = sum(ranking[p]["rank"] == r["Rank"] for p, r in printed.items())
    # 103 (1.0625) and 2 (1.0568) both print 1.06: Ruter places them by the unrounded totals, 8 and 9.
    assert places == 24
    assert (ranking["103"]["rank"], ranking["2"]["rank"]) == ("8", "9")
