"""Golden file: boards 1-5 of Ruter 4.3's "Silver 1 - Best Western City Hotel" (Örebro 2011,
80 pairs in three sections scored across the field, `IMP;Cross`; data README), scored by
`pbn score FILE` with no options: every result's cross-IMPs as Ruter printed them (the sum of
the IMPs against each of the other 39 results)."""
import json
from pathlib import Path

from scoring.engine.pbntool import run
from tournaments.deals.pbn import decode_pbn, read_pbn

FILE = Path(__file__).parent / "data" / "ruter_cross_imps_2011_boards1-5.pbn"


def test_every_result_s_cross_imps_equal_what_ruter_printed():
    code, text = run(["score", str(FILE)])
    assert code == 0, text
    out = json.loads(text)
    assert (out["method"], out["convention"]) == ("cross-imps", "ruter")
    boards = {str(b["board"]): {(r["ns"], r["ew"]): r for r in b["results"]} for b in out["boards"]}
    compared = equal = 0
    for game in read_pbn(decode_pbn(FILE.read_bytes())):
        for row in game.tag("ScoreTable").records():
            mine = boards[game.value("Board")][(row["PairId_NS"], row["PairId_EW"])]
            compared += 1
            equal += (mine["imp_ns"], mine["imp_ew"]) == (float(row["IMP_NS"]), float(row["IMP_EW"]))
    assert (equal, compared) == (200, 200)
