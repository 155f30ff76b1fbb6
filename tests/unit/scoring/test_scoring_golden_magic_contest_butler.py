"""Golden file: Magic Contest 4.7's "H6 20.8.2013" (Turku, 7 pairs and a phantom, 28 boards,
`IMP;Butler-2;Mean`; data README), scored by `pbn score FILE` with no options, against what Magic
Contest printed: each table's Butler IMPs and the board's datum, each pair's total and place (the
pair sitting out scores its own mean a board, "Mean")."""
import json
from pathlib import Path

from scoring.engine.imps import datum
from scoring.engine.pbntool import run, score_pbn
from tournaments.deals.pbn import decode_pbn, read_pbn

FILE = Path(__file__).parent / "data" / "magic_contest_butler_2013.pbn"


def test_every_table_datum_total_and_place_equals_what_magic_contest_printed():
    code, text = run(["score", str(FILE)])
    assert code == 0, text
    out = json.loads(text)
    assert (out["method"], out["convention"]) == ("butler", "magic-contest")
    games = read_pbn(decode_pbn(FILE.read_bytes()))
    boards = {str(b["board"]): b for b in out["boards"]}
    tables = equal = datums = 0
    for game in games:
        board = boards[game.value("Board")]
        ours = {(r["ns"], r["ew"]): r for r in board["results"]}
        for row in game.tag("ScoreTable").records():
            if "-" in (row["PairId_NS"], row["PairId_EW"]):  # the bye row: its Mean is in the total
                assert row["Score_NS"] == "Bye"
                continue
            tables += 1
            equal += ours[(row["PairId_NS"], row["PairId_EW"])]["imp_ns"] == float(row["IMP_NS"])
            datums += board["datum"] == int(row["ButlerDatum"])
    assert (equal, datums, tables) == (84, 84, 84)

    printed = {r["PairId"]: r for r in games[0].tag("TotalScoreTable").records()}
    _boards, session, _two = score_pbn(FILE.read_bytes())
    ours = {st.entrant: st for st in session.standings}
    assert ours.keys() == printed.keys()
    assert all(round(ours[p].total, 1) == float(r["TotalScoreIMP"]) for p, r in printed.items())
    assert all(ours[p].rank == r["Rank"] for p, r in printed.items())


def test_butler_minus_two_on_three_results_keeps_the_middle_one():
    """ "Butler-2" drops two results at each end while one remains: on a three-table board
    Magic Contest's datum is the middle score (board 1: +50, -50, -100 -> -50)."""
    assert datum([50, -50, -100], drop=2) == -50
    assert datum([600, 300, -100], drop=2) == 300
    assert datum([100, 90, -90, -90, 200], drop=2) == 90
