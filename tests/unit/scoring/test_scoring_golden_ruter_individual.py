"""Golden file: the whole of Ruter 4.1.4's "Stormästarträffen 2010" individual (48 players, 62
boards, 744 tables; data README), scored by `pbn score FILE` with no options, against what Ruter
printed: every table's MP for the four players, every player's total, percentage and place."""
import json
from pathlib import Path

from scoring.engine.pbntool import run, score_pbn
from tournaments.deals.pbn import decode_pbn, read_pbn

FILE = Path(__file__).parent / "data" / "ruter_individual_2010.pbn"


def _scored() -> dict:
    code, text = run(["score", str(FILE)])
    assert code == 0, text
    return json.loads(text)


def _one_decimal(x: float) -> float:
    """Ruter prints totals to one decimal (644.848... -> 644.8)."""
    return round(x, 1)


def test_every_table_and_every_player_equals_what_ruter_printed():
    out = _scored()
    assert (out["method"], out["convention"]) == ("matchpoints", "ruter")
    games = read_pbn(decode_pbn(FILE.read_bytes()))
    ours = {str(b["board"]): {(tuple(r["ns"]), tuple(r["ew"])): r for r in b["results"]} for b in out["boards"]}
    tables = equal = 0
    for game in games:
        for row in game.tag("ScoreTable").records():
            mine = ours[game.value("Board")][((row["PlayerId_North"], row["PlayerId_South"]),
                                               (row["PlayerId_East"], row["PlayerId_West"]))]
            tables += 1
            equal += (abs(mine["mp_ns"] - float(row["MP_North"])) <= 0.051
                      and abs(mine["mp_ew"] - float(row["MP_East"])) <= 0.051)
    assert (equal, tables) == (744, 744)  # Neuberg boards, passed-out boards, A+/A- tables included

    printed = {r["PlayerId"]: r for r in games[0].tag("TotalScoreTable").records()}
    ranking = {r["player"]: r for r in out["ranking"]}
    assert ranking.keys() == printed.keys() and len(printed) == 48
    _boards, session, _two = score_pbn(FILE.read_bytes())  # the unrounded totals
    totals = {st.entrant: st.total for st in session.standings}
    assert all(_one_decimal(totals[p]) == float(r["TotalScoreMP"]) for p, r in printed.items())
    assert all(abs(ranking[p]["percentage"] - float(r["TotalPercentage"])) < 0.0051 for p, r in printed.items())
    assert all(ranking[p]["boards"] == 62 for p in printed)
    places = sum(ranking[p]["rank"] == r["Rank"] for p, r in printed.items())
    # Players 8 and 13 tie exactly on 683.0 MP: Ruter splits the tie, 23 and 24 in number order.
    assert places == 48
    assert (ranking["8"]["rank"], ranking["13"]["rank"]) == ("23", "24")
