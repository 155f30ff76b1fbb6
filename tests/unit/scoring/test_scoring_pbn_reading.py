"""``pbn score`` reads result files as the programs write them: byes, absent pairs, dashes, blank
lines and comments inside tables, statistics lines, encodings, arbitral scores, individuals; and
scores each the way its program does (``[Scoring]`` and ``[Application]``/``[Generator]``)."""
import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.engine.pbnresults import read_results
from scoring.engine.pbntool import run
from tournaments.deals.cards import Deal
from tournaments.deals.pbn import read_pbn

DATA = Path(__file__).parent / "data"
CLUB = DATA / "club_session.pbn"
MAGIC = DATA / "magic_contest_board28.pbn"
COLS = "PairId_NS\\2R;PairId_EW\\2R;Contract\\4L;Declarer\\1R;Result\\2R;Score_NS\\6R;Score_EW\\6R"


def pbn(tmp_path, body, name="f.pbn", encoding="latin-1"):
    path = tmp_path / name
    path.write_bytes(body.encode(encoding) if isinstance(body, str) else body)
    return path


def scored(path, *args):
    code, text = run(["score", str(path), *args])
    assert code == 0, text
    return json.loads(text)


def game(board, rows, *, extra="", scoring="", cols=COLS):
    head = f'[Board "{board}"]\n[Vulnerable "None"]\n' + (f'[Scoring "{scoring}"]\n' if scoring else "") + extra
    return head + f'[ScoreTable "{cols}"]\n' + "\n".join(rows) + "\n\n"


BUTLER_WITH_BYE = (
    '[Application "Magic Contest - Read more at www.brenning.se"]\n'
    + game(1, ['1  2 4S N 10 "420" -', '3  4 4S N 11 "450" -', '5  6 3NT S 9 "400" -', '7  8 4S N 9 - "50"',
               '-  9 -  - -  -  "Bye"'], scoring="IMP;Butler;Mean")
    + game(2, ['1  4 2H E 8 - "110"', '3  9 2H E 9 - "140"', '5  8 3H E 9 - "140"', '7  6 2H E 8 - "110"',
               ' -  2 Bye - - - -'], scoring="IMP;Butler;Mean"))


def test_bye_rows_are_read_and_a_butler_bye_scores_the_pairs_mean(tmp_path):
    result = scored(pbn(tmp_path, BUTLER_WITH_BYE))
    assert (result["method"], result["convention"]) == ("butler", "magic-contest")
    assert result["boards"][0]["byes"] == [{"entrant": "9", "direction": "EW"}]
    assert result["boards"][1]["byes"] == [{"entrant": "2", "direction": "EW"}]
    ranking = {r["pair"]: r for r in result["ranking"]}
    imps_9 = [-r["imp_ew"] for r in result["boards"][1]["results"] if r["ew"] == "9"]
    assert ranking["9"]["boards"] == 1 and ranking["9"]["total"] == pytest.approx(2 * -imps_9[0])
    without_mean = BUTLER_WITH_BYE.replace("IMP;Butler;Mean", "IMP;Butler")
    magic = {r["pair"]: r for r in scored(pbn(tmp_path, without_mean))["ranking"]}  # Magic Contest's rule
    plain = {r["pair"]: r for r in scored(pbn(tmp_path, without_mean), "--convention", "cardroom")["ranking"]}
    assert magic["9"]["total"] == ranking["9"]["total"] and plain["9"]["total"] == pytest.approx(-imps_9[0])


def test_blank_lines_comments_and_statistics_inside_a_table_are_not_rows(tmp_path):
    body = (f'[Board "1"]\n[Vulnerable "None"]\n[ScoreTable "{COLS}"]\n'
            '1 2 4S N 10 - -\n\n; a comment line\n{ a brace comment }\n3 4 4S N 11 - -\n'
            'Average: 435\n\n5 6 3NT S 9 - -\nTop: 4\n')
    result = scored(pbn(tmp_path, body))
    assert [r["score_ns"] for r in result["boards"][0]["results"]] == [420, 450, 400]


def test_a_bad_row_after_blank_lines_is_named_by_its_own_line(tmp_path):
    body = f'[Board "3"]\n[Vulnerable "None"]\n[ScoreTable "{COLS}"]\n1 2 4S N 10 - -\n\n; note\n3 4 4S N 14 - -\n'
    code, text = run(["score", str(pbn(tmp_path, body))])
    assert code == 2 and "board 3, line 7" in text and "0-13" in text


@pytest.mark.parametrize("transform", [
    lambda b: b, lambda b: b.replace(b"\n", b"\r\n"), lambda b: b"\xef\xbb\xbf" + b,
    lambda b: b.decode("latin-1").encode("utf-8"), lambda b: b"\xef\xbb\xbf" + b.replace(b"\n", b"\r\n"),
])
def test_latin1_utf8_bom_and_crlf_read_alike(tmp_path, transform):
    original = MAGIC.read_bytes().replace(b"Federation", "Fédération".encode("latin-1"))
    ours = scored(pbn(tmp_path, transform(original)))
    assert ours["boards"] == scored(MAGIC)["boards"]
    assert read_pbn(transform(original))[0].value("Site") == "Fédération Francaise de Bridge"


def test_arbitral_scores_as_a_plus_percent_or_a_bare_percentage(tmp_path):
    rows = ['1 2 4S N 10 - -', '3 4 - - - A+ -', '5 6 - - - 60% 40%', '7 8 "50" - - - -']
    result = scored(pbn(tmp_path, game(1, rows)))
    adjusted = {r["ns"]: (r["adjusted_ns"], r["adjusted_ew"]) for r in result["boards"][0]["results"]
                if r["score_ns"] is None}
    assert adjusted == {"3": ("A+", "A-"), "5": ("60%", "40%"), "7": ("50%", "50%")}


def test_absent_pair_rows_and_dash_rows(tmp_path):
    rows = ['1 2 4S N 10 - -', '3 4 4S N 11 - -', '5 - - - - 60% -', '- - - - - - -']
    result = scored(pbn(tmp_path, game(1, rows)))
    absent = [r for r in result["boards"][0]["results"] if r["ew"] is None]
    assert len(result["boards"][0]["results"]) == 3 and absent[0]["ns"] == "5" and absent[0]["pct_ns"] == 60
    jfr = scored(pbn(tmp_path, game(1, rows)), "--convention", "jfr")
    assert jfr["boards"][0]["top"] == 2 and result["boards"][0]["top"] == 4


def test_empty_deals_and_suit_letters_in_hands(tmp_path):
    rows = ['1 2 4S N 10 - -', '3 4 4S N 11 - -']
    body = game(1, rows, extra='[Deal ""]\n') + game(2, rows, extra='[Deal "?"]\n')
    assert len(scored(pbn(tmp_path, body))["boards"]) == 2
    lettered = Deal.from_pbn("S:SA7.H864.DQJT73.CAKQ SQ2.H952.D62.CJT9742 SKT853.HT3.D954.C653 SJ964.HAKQJ7.DAK8.C8")
    assert lettered == Deal.from_pbn("S:A7.864.QJT73.AKQ Q2.952.62.JT9742 KT853.T3.954.653 J964.AKQJ7.AK8.8")


INDIVIDUAL = ("PlayerId_North\\2R;PlayerId_East\\2R;PlayerId_South\\2R;PlayerId_West\\2R;Contract\\4L;"
              "Declarer\\1R;Result\\2R;Score_NS\\6R;Score_EW\\6R;MP_North;MP_East;MP_South;MP_West")


def test_individual_events_score_every_player(tmp_path):
    body = (game(1, [" 1  2  3  4 4S N 10 - - 2 0 2 0", " 5  6  7  8 4S N 11 - - 4 0 4 0",
                     " 9 10 11 12 3NT S 9 - - 0 4 0 4"], cols=INDIVIDUAL)
            + game(2, [" 1  6 11  4 2H E 8 - - 0 0 0 0", " 5 10  3  8 2H E 9 - - 0 0 0 0",
                       " 9  2  7 12 2H E 8 - - 0 0 0 0"], cols=INDIVIDUAL))
    result = scored(pbn(tmp_path, body))
    first = result["boards"][0]["results"]
    assert first[0]["ns"] == ["1", "3"] and first[0]["ew"] == ["2", "4"]
    ranking = {r["player"]: r for r in result["ranking"]}
    assert len(ranking) == 12
    printed = {p: int(mp) for row in read_pbn(body)[0].table("ScoreTable")
               for p, mp in ((row["PlayerId_North"], row["MP_North"]), (row["PlayerId_West"], row["MP_West"]))}
    assert all(ranking[p]["total"] >= 0 for p in printed)
    assert [first[i]["mp_ns"] for i in range(3)] == [printed["1"], printed["5"], printed["9"]]


def test_a_lone_player_on_a_side_is_refused(tmp_path):
    body = game(1, [" 1  2  -  4 4S N 10 - - 2 0 2 0"], cols=INDIVIDUAL)
    code, text = run(["score", str(pbn(tmp_path, body))])
    assert code == 2 and "board 1" in text and "one player" in text


# --------------------------------------------------------------------- choosing the rules


def test_magic_contest_file_is_scored_by_its_own_rules():
    result = scored(MAGIC)
    assert (result["method"], result["convention"]) == ("matchpoints", "magic-contest")


def test_ruter_cross_imps_file_sums_and_gives_a_fixed_arbitral(tmp_path):
    rows = [f"{i} {i + 40} 1NT N {7 + i % 3} - -" for i in range(1, 40)] + ["40 80 - - - A+ -"]
    body = '[Generator "Ruter 1.4"]\n' + game(1, rows, scoring="IMP;Cross")
    result = scored(pbn(tmp_path, body))
    assert (result["method"], result["convention"]) == ("cross-imps", "ruter")
    arbitral = [r for r in result["boards"][0]["results"] if r["score_ns"] is None][0]
    assert arbitral["imp_ns"] == 58.5
    averaged = scored(pbn(tmp_path, body), "--convention", "compscore")
    assert [r for r in averaged["boards"][0]["results"] if r["score_ns"] is None][0]["imp_ns"] == 3
    assert averaged["convention"] == "compscore"


def test_creator_directive_names_the_program(tmp_path):
    body = "% PBN 2.1\n%Creator: ScoreBridge 6\n" + game(1, ['1 2 4S N 10 - -', '3 4 4S N 11 - -'])
    assert scored(pbn(tmp_path, body))["convention"] == "scorebridge"


def test_method_and_convention_override_the_file(tmp_path):
    result = scored(MAGIC, "--method", "cross-imps", "--convention", "acblscore")
    assert (result["method"], result["convention"]) == ("cross-imps", "acblscore")
    assert "imp_ns" in result["boards"][0]["results"][0]


def test_a_scoring_tag_the_engine_cannot_score_needs_a_method(tmp_path):
    path = pbn(tmp_path, game(1, ['1 2 4S N 10 - -', '3 4 4S N 11 - -'], scoring="Rubber"))
    code, text = run(["score", str(path)])
    assert code == 2 and "Rubber" in text
    assert scored(path, "--method", "matchpoints")["method"] == "matchpoints"


def test_results_file_says_what_the_file_says():
    parsed = read_results(MAGIC.read_bytes())
    assert parsed.scoring == "MatchPoints;MP1" and parsed.program.startswith("Magic Contest")
    assert not parsed.individual and len(parsed.boards) == 1


ROW = st.tuples(st.integers(1, 30), st.integers(31, 60), st.sampled_from(["1NT", "2S", "3H", "4S", "Pass"]),
                st.sampled_from("NESW"), st.integers(4, 13))
NOISE = st.sampled_from(["", "; comment", "{ braces }", "Average: 12.5"])


@settings(max_examples=40, deadline=None)
@given(st.lists(ROW, min_size=1, max_size=8, unique_by=lambda r: r[0]), st.data())
def test_noise_between_rows_never_changes_what_is_read(rows, data):
    lines = [f"{ns} {ew} {c} {d} {t}" for ns, ew, c, d, t in rows]
    noisy = []
    for line in lines:
        noisy.append(line)
        noisy.append(data.draw(NOISE))
    head = f'[Board "1"]\n[ScoreTable "PairId_NS;PairId_EW;Contract;Declarer;Result"]\n'
    clean = read_pbn(head + "\n".join(lines) + "\n")[0].tag("ScoreTable")
    read = read_pbn(head + "\n".join(noisy) + "\n")
    assert len(read) == 1 and read[0].tag("ScoreTable").rows == clean.rows


JFR = DATA / "jfr_pary_wb130801_boards1-3.pbn"  # jarekczek/pbntools, see data/README.md


def test_a_jfr_pary_file_of_one_game_per_table_is_read_and_scored():
    result = scored(JFR)
    assert result["method"] == "matchpoints" and [b["board"] for b in result["boards"]] == [1, 2, 3]
    first = {r["ns"]: r for r in result["boards"][0]["results"]}
    assert len(first) == 13 and first["Para-1"]["ew"] == "Para-2"
    assert first["Para-5"]["score_ns"] == 430 and first["Para-5"]["mp_ns"] == 22  # three +430 tops of 24
    assert first["Para-23"]["score_ns"] == -250 and first["Para-23"]["mp_ns"] == 0  # 7C down five
    assert len(result["ranking"]) == 26 and all(r["boards"] == 3 for r in result["ranking"])
    for board in result["boards"]:
        assert sum(r["mp_ns"] + r["mp_ew"] for r in board["results"]) == 13 * 24
    assert scored(JFR, "--convention", "jfr")["convention"] == "jfr"


RESULT = st.one_of(st.tuples(st.sampled_from(["1NT", "2S", "3H", "4S", "6C"]), st.sampled_from("NESW"),
                             st.integers(4, 13)),
                   st.sampled_from(["A+", "A", "A-", "60%"]))


@settings(max_examples=30, deadline=None)
@given(st.lists(st.lists(RESULT, min_size=2, max_size=6), min_size=1, max_size=4),
       st.sampled_from(["matchpoints", "cross-imps", "butler"]), st.sampled_from(["ruter", "compscore", "wbf"]))
def test_rescoring_our_own_pbn_output_gives_the_same_standings(tmp_path_factory, boards, family, name):
    body = ""
    for number, results in enumerate(boards, start=1):
        rows = []
        for table, r in enumerate(results, start=1):
            if isinstance(r, str):
                rows.append(f"{table} {table + 20} - - - {r} -")
            else:
                rows.append(f"{table} {table + 20} {r[0]} {r[1]} {r[2]} - -")
        body += game(number, rows)
    folder = tmp_path_factory.mktemp("roundtrip")
    first = pbn(folder, body, "first.pbn")
    code, written = run(["score", str(first), "--method", family, "--convention", name, "--format", "pbn"])
    assert code == 0, written
    again = pbn(folder, written, "again.pbn")
    original = scored(first, "--method", family, "--convention", name)
    rescored = scored(again, "--method", family, "--convention", name)
    assert rescored["ranking"] == original["ranking"]
    assert [b["results"] for b in rescored["boards"]] == [b["results"] for b in original["boards"]]


RUTER_INDIVIDUAL = DATA / "ruter_individual_2010_boards.pbn"


def test_a_ruter_individual_reproduces_the_programs_matchpoints_per_player():
    """Ruter 4.1.4's "Stormästarträffen 2010" individual (48 players, MP1): every played result's
    MP_North ... MP_West as Ruter printed them (to its one decimal), Neuberg-factored boards
    included; the adjusted rows (A+/A-) follow the session percentage rule (see the data README)."""
    result = scored(RUTER_INDIVIDUAL)
    assert result["convention"] == "ruter"
    printed = {}
    for game in read_pbn(RUTER_INDIVIDUAL.read_text(encoding="utf-8")):
        for row in game.table("ScoreTable"):
            key = (int(game.tag("Board").value), row["PlayerId_North"], row["PlayerId_East"])
            printed[key] = row
    compared = adjusted = 0
    per_player: dict[str, float] = {}
    for board in result["boards"]:
        assert board["top"] == 22.0
        for r in board["results"]:
            north, south = r["ns"]
            east, west = r["ew"]
            row = printed[(board["board"], north, east)]
            assert (row["PlayerId_South"], row["PlayerId_West"]) == (south, west)
            for player, mp in ((north, r["mp_ns"]), (south, r["mp_ns"]), (east, r["mp_ew"]), (west, r["mp_ew"])):
                per_player[player] = per_player.get(player, 0.0) + mp
            if r.get("adjusted_ns"):
                adjusted += 1
                assert r["adjusted_ns"] == r["adjusted_ew"] == row["Score_NS"].strip('"')
                continue
            compared += 1
            for seat, mp in (("North", r["mp_ns"]), ("South", r["mp_ns"]), ("East", r["mp_ew"]), ("West", r["mp_ew"])):
                assert round(mp, 1) == pytest.approx(float(row[f"MP_{seat}"]), abs=0.051), (board["board"], row)
    assert (compared, adjusted) == (56, 4)
    ranking = {r["player"]: r for r in result["ranking"]}
    assert len(ranking) == 48 and all(r["boards"] == 5 for r in ranking.values())
    for player, total in per_player.items():
        assert ranking[player]["total"] == pytest.approx(total, abs=0.02)
