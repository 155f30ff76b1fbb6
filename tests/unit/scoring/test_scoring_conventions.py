"""Scoring conventions as data: each program's rule set changes exactly what it says."""
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.engine import (CONVENTIONS, FAMILIES, Adjustment, BoardResults, Method, Result, ScoringError, datum,
                            detect, parse_scoring, program_convention, rank, score_session)
from scoring.engine.conventions import convention

PROGRAMS = ("ruter", "magic-contest", "compscore", "jfr", "scorebridge", "ebuscore", "acblscore", "wbf")


def board(number, rows, **kw):
    return BoardResults(number, tuple(Result(ns, ew, score) for ns, ew, score in rows), **kw)


def results_of(session, board_index=0):
    return {r.result.ns: r for r in session.boards[board_index].results}


def standings_of(session):
    return {s.entrant: s for s in session.standings}


def test_every_program_of_the_issue_has_a_documented_rule_set():
    assert set(PROGRAMS) <= set(CONVENTIONS)
    for c in CONVENTIONS.values():
        assert c.rationale and c.source and c.program
        for family in FAMILIES + ("neuberg",):
            assert isinstance(c.method(family), Method)


def test_unknown_convention_names_the_choices():
    with pytest.raises(ScoringError, match="ruter"):
        convention("bridgemate")


@pytest.mark.parametrize("scores,even,away", [([425], 420, 430), ([435], 440, 440), ([-425], -420, -430),
                                              ([415], 420, 420), ([424], 420, 420)])
def test_datum_rounds_half_to_even_or_half_away_from_zero(scores, even, away):
    assert datum(scores, rounding="half-even") == even
    assert datum(scores, rounding="half-away") == away


def test_magic_contest_and_compscore_differ_only_where_the_datum_ends_in_five():
    played = [board(1, [("1", "A", 410), ("2", "B", 440), ("3", "C", 0), ("4", "D", 1000)])]  # datum 425
    magic = score_session(played, "butler", convention=CONVENTIONS["magic-contest"])
    compscore = score_session(played, "butler", convention=CONVENTIONS["compscore"])
    assert magic.boards[0].datum == 420 and compscore.boards[0].datum == 430
    assert results_of(magic)["2"].imp_ns == 1 and results_of(compscore)["2"].imp_ns == 0


def test_acblscore_drops_five_percent_at_each_end():
    scores = list(range(0, 4000, 100)) + [8000, 9000]  # 42 results: two dropped at each end
    played = [board(1, [(str(i), f"E{i}", s) for i, s in enumerate(scores)])]
    assert score_session(played, "butler", convention=CONVENTIONS["acblscore"]).boards[0].datum == 2050
    assert score_session(played, "butler").boards[0].datum == 2150  # one dropped at each end


CROSS = [("1", "A", 420), ("2", "B", 450), ("3", "C", -100), ("4", "D", -200), ("5", "E", 400), ("6", "F", 590)]


def test_ruter_sums_cross_imps_and_compscore_averages_them():
    # algorithms.md 2.6: 420 -> +18 over 5 comparisons
    ruter = score_session([board(1, CROSS)], "cross-imps", convention=CONVENTIONS["ruter"])
    compscore = score_session([board(1, CROSS)], "cross-imps", convention=CONVENTIONS["compscore"])
    assert results_of(ruter)["1"].imp_ns == 18
    assert results_of(compscore)["1"].imp_ns == pytest.approx(3.6)
    assert standings_of(ruter)["1"].total == 18 and standings_of(compscore)["1"].total == pytest.approx(3.6)


def test_ruter_arbitral_plus_is_a_fixed_one_and_a_half_imps_per_comparison():
    rows = [Result(str(i), f"E{i}", 10 * i) for i in range(39)]
    rows.append(Result("A", "B", adjusted_ns=Adjustment("A+")))
    played = [BoardResults(1, tuple(rows))]
    ruter = score_session(played, "cross-imps", convention=CONVENTIONS["ruter"])
    arbitral = results_of(ruter)["A"]
    assert (arbitral.imp_ns, arbitral.imp_ew) == (58.5, -58.5)  # 1.5 x 39 comparisons
    assert results_of(score_session(played, "cross-imps"))["A"].imp_ns == 3.0  # per comparison, averaged


def test_ruter_factors_a_short_board_up_but_not_a_long_board_down():
    short = [board(1, CROSS[:3], expected=4)]
    long = [board(1, CROSS[:4], expected=3)]
    summed = score_session(short, Method("cross-imps", cross="sum"))
    raw_short = {r.result.ns: r.imp_ns for r in summed.boards[0].results}
    ruter_short = results_of(score_session(short, "cross-imps", convention=CONVENTIONS["ruter"]))
    assert ruter_short["1"].imp_ns == pytest.approx(raw_short["1"])
    assert ruter_short["1"].imp_ns == pytest.approx((-1 + 11) * 3 / 2)  # 420 v 450 and v -100, factored 3/2
    ruter_long = results_of(score_session(long, "cross-imps", convention=CONVENTIONS["ruter"]))
    acbl_long = results_of(score_session(long, "cross-imps", convention=CONVENTIONS["acblscore"]))
    assert ruter_long["1"].imp_ns == -1 + 11 + 12  # not factored
    assert acbl_long["1"].imp_ns == pytest.approx((-1 + 11 + 12) * 2 / 3)


def test_cross2_keeps_integer_board_sums_and_ranks_by_imps_per_comparison():
    cross2 = CONVENTIONS["ruter"].with_rules(cross="cross2")
    second = board(2, [("1", "B", 100), ("2", "C", 140), ("3", "A", -50)])
    session = score_session([board(1, CROSS), second], "cross-imps", convention=cross2)
    assert results_of(session)["1"].imp_ns == 18
    assert results_of(session, 1)["1"].imp_ns == -1 + 4  # 100 v 140, v -50
    assert standings_of(session)["1"].total == pytest.approx((18 + 3) / (5 + 2))


def test_magic_contest_scores_a_bye_board_as_the_pairs_mean():
    one = [("1", "A", 620), ("2", "B", 170), ("3", "C", 420), ("4", "D", 400)]  # datum 410
    two = [("2", "D", 100), ("3", "A", 100), ("4", "B", 100)]
    played = [board(1, one), board(2, two, byes=("1", "C"))]
    magic = standings_of(score_session(played, "butler", convention=CONVENTIONS["magic-contest"]))
    plain = standings_of(score_session(played, "butler"))
    assert plain["1"].total == 5
    assert magic["1"].total == plain["1"].total * 2
    assert magic["2"].total == plain["2"].total  # no bye, no change
    fixed = CONVENTIONS["magic-contest"].with_rules(bye_boards="fixed", bye_imps=0.0)
    assert standings_of(score_session(played, "butler", convention=fixed))["1"].total == plain["1"].total


SHORT = [board(1, [("1", "A", 100), ("2", "B", 200), ("3", "C", 300)], expected=4),
         board(2, [("1", "A", 0), ("2", "B", 0), ("3", "C", 0), ("4", "D", 500)])]


def test_scorebridge_counts_each_missing_result_as_a_tie():
    scorebridge = results_of(score_session(SHORT, convention=CONVENTIONS["scorebridge"]))
    neuberg = results_of(score_session(SHORT, convention=CONVENTIONS["ruter"]))
    assert [scorebridge[p].mp_ns for p in "123"] == [1, 3, 5]
    assert [neuberg[p].mp_ns for p in "123"] == pytest.approx([1 / 3, 3, 17 / 3])  # (MP + 1) 4/3 - 1


def test_compscore_prints_the_board_on_its_own_top_and_scales_short_cards():
    session = score_session(SHORT, convention=CONVENTIONS["compscore"])
    first = session.boards[0]
    assert first.top == 4 and [r.mp_ns for r in first.results] == [0, 2, 4]
    standings = standings_of(session)
    assert standings["3"].total == pytest.approx(17 / 3 + 2)  # Neuberg-factored in the totals
    assert standings["4"].boards == 1 and standings["4"].total == 12 and standings["4"].percentage == 100


def test_fixed_arbitral_scores_ignore_the_session_percentage():
    played = [board(1, [("1", "A", 620), ("2", "B", 170)]),
              BoardResults(2, (Result("1", "B", adjusted_ns=Adjustment("A+")), Result("2", "A", 100)))]
    session_rule = results_of(score_session(played, convention=CONVENTIONS["ebuscore"]), 1)["1"]
    fixed = results_of(score_session(played, convention=CONVENTIONS["ebuscore"].with_rules(adjusted="fixed")), 1)["1"]
    assert session_rule.pct_ns == 100 and fixed.pct_ns == 60


def test_jfr_leaves_a_result_against_an_absent_pair_out_of_the_top():
    absent = BoardResults(1, (Result("1", "A", 100), Result("2", "B", 200), Result("3", "C", 300),
                              Result("4", "", adjusted_ns=Adjustment("%", 60))))
    full = board(2, [("1", "A", 0), ("2", "B", 10), ("3", "C", 20), ("4", "D", 30)])
    jfr = score_session([absent, full], convention=CONVENTIONS["jfr"])
    other = score_session([absent, full], convention=CONVENTIONS["ebuscore"])
    assert jfr.boards[0].top == 4 and other.boards[0].top == 6
    assert results_of(jfr)["4"].mp_ns == pytest.approx(2.4) and results_of(other)["4"].mp_ns == pytest.approx(3.6)
    assert "" not in standings_of(jfr)


def test_acblscore_matchpoints_on_the_one_half_zero_scale():
    played = [board(1, [("1", "A", 100), ("2", "B", 200), ("3", "C", 200)])]
    acbl = results_of(score_session(played, convention=CONVENTIONS["acblscore"]))
    assert [acbl[p].mp_ns for p in "123"] == [0, 1.5, 1.5]


def test_ties_as_equals_or_shared():
    values = {"1": 55.0, "2": 55.0, "3": 40.0}
    assert [r for r, _ in rank(values)] == ["1=", "1=", "3"]
    assert [r for r, _ in rank(values, ties="shared")] == ["1", "1", "3"]


def test_board_values_rounded_before_the_totals_when_a_program_does():
    played = [board(1, [("1", "A", 100), ("2", "B", 200), ("3", "C", 300)], expected=4)]
    once = standings_of(score_session(played))["1"].total
    each = standings_of(score_session(played, Method(board_decimals=0)))["1"].total
    assert once == pytest.approx(1 / 3) and each == 0


@pytest.mark.parametrize("text,family,changes", [
    ("MatchPoints;MP1", "matchpoints", {}), ("MP", "matchpoints", {}), ("IMP;Cross", "cross-imps", {}),
    ("IMP;Cross2", "cross-imps", {"cross": "cross2"}), ("IMP;Butler", "butler", {}),
    ("IMP;Butler-2;Mean", "butler", {"datum_drop": 2, "bye_boards": "mean"}), ("IMP", "cross-imps", {}),
])
def test_scoring_tag_names_the_family(text, family, changes):
    assert parse_scoring(text) == (family, changes)


def test_unreadable_scoring_tag_is_refused():
    with pytest.raises(ScoringError, match="Rubber"):
        parse_scoring("Rubber")


@pytest.mark.parametrize("program,name", [
    ("Magic Contest France - Read more at www.brenning.se", "magic-contest"), ("Ruter 1.4.2", "ruter"),
    ("Compscore3", "compscore"), ("JFR Pary 5.0", "jfr"), ("ScoreBridge 2019", "scorebridge"),
    ("EBUScore Pairs 1.8", "ebuscore"), ("ACBLscore 7.91", "acblscore"),
])
def test_program_names_select_their_rule_set(program, name):
    assert program_convention(program).name == name


def test_detect_defaults_to_matchpoints_and_cardroom_rules():
    assert detect(None, None) == ("matchpoints", CONVENTIONS["cardroom"])
    family, rules = detect("IMP;Butler;Mean", "Magic Contest")
    assert (family, rules.name, rules.bye_boards) == ("butler", "magic-contest", "mean")


SCORES = st.lists(st.integers(-100, 100).map(lambda x: x * 10), min_size=2, max_size=12)


@settings(max_examples=60, deadline=None)
@given(SCORES, st.sampled_from(PROGRAMS))
def test_a_full_board_shares_all_its_matchpoints_under_every_convention(scores, name):
    rules = CONVENTIONS[name]
    played = [board(1, [(f"N{i}", f"E{i}", s) for i, s in enumerate(scores)])]
    shown = score_session(played, convention=rules).boards[0]
    n = len(scores)
    assert sum(r.mp_ns + r.mp_ew for r in shown.results) == pytest.approx(shown.top * n)
    assert shown.top == (n - 1) * (2 if rules.scale == "ebu" else 1)


@settings(max_examples=60, deadline=None)
@given(SCORES)
def test_cross_imp_styles_agree_on_a_full_board(scores):
    played = [board(1, [(f"N{i}", f"E{i}", s) for i, s in enumerate(scores)])]
    by_style = {style: [r.imp_ns for r in score_session(played, Method("cross-imps", cross=style)).boards[0].results]
                for style in ("average", "sum", "cross2")}
    assert by_style["sum"] == by_style["cross2"]
    assert by_style["sum"] == pytest.approx([a * (len(scores) - 1) for a in by_style["average"]])
    assert sum(by_style["cross2"]) == 0


def test_ruter_places_by_unrounded_totals_and_splits_an_exact_tie():
    """Ruter prints no "=": 1.0625 goes above 1.0568 though both print 1.06, and an exact tie
    takes consecutive places in number order (the 2010 individual's players 8 and 13: 23, 24)."""
    from scoring.engine.ranking import rank

    values = {"2": 1.0568, "103": 1.0625, "13": 0.5, "8": 0.5, "1": 0.1}
    assert rank(values, ties="split", ndigits=6) == [("1", "103"), ("2", "2"), ("3", "8"), ("4", "13"),
                                                    ("5", "1")]
    assert rank(values) == [("1=", "2"), ("1=", "103"), ("3=", "8"), ("3=", "13"), ("5", "1")]
    ruter = CONVENTIONS["ruter"].method("cross-imps")
    assert (ruter.ties, ruter.rank_decimals) == ("split", 6)


# --- What Cardroom records in a results PBN it writes, and program versions (issue 14) ---
from scoring.engine.conventions import (VERSION_RULES, convention_tag, parse_convention_tag, resolve,  # noqa: E402
                                        scoring_tag, versioned)


@pytest.mark.parametrize("name", tuple(CONVENTIONS))
def test_the_recorded_convention_reads_back_as_the_same_rules(name):
    rules = CONVENTIONS[name]
    assert convention_tag(rules) == name and parse_convention_tag(name) == rules
    changed = rules.with_rules(ties="shared", datum_drop=2, bye_boards="mean", board_decimals=1,
                               absent_counts_to_top=not rules.absent_counts_to_top, arbitral_imps=2.5)
    tag = convention_tag(changed)
    assert tag.startswith(name + ";") and "absent_counts_to_top=" in tag
    assert parse_convention_tag(tag) == changed


@pytest.mark.parametrize("tag, message", [
    ("lotus", "unknown convention 'lotus'"), ("ruter;colour=red", "unknown rule 'colour=red'"),
    ("ruter;datum_drop=two", "datum_drop='two' is not a number"), ("ruter;ties=maybe", "bad ties 'maybe'"),
    ("ruter;absent_counts_to_top=yes", "expected True or False"),
])
def test_a_bad_recorded_convention_is_refused_saying_why(tag, message):
    with pytest.raises(ScoringError, match=message):
        parse_convention_tag(tag)


@pytest.mark.parametrize("family, rules", [
    ("matchpoints", CONVENTIONS["ruter"]), ("cross-imps", CONVENTIONS["ruter"].with_rules(cross="cross2")),
    ("cross-imps", CONVENTIONS["compscore"]), ("butler", CONVENTIONS["magic-contest"].with_rules(datum_drop=2)),
    ("butler", CONVENTIONS["cardroom"]),
])
def test_the_written_scoring_tag_reads_back_as_the_family_and_its_variants(family, rules):
    text = scoring_tag(family, rules)
    got_family, got = resolve(text, "Cardroom", recorded=convention_tag(rules))
    assert (got_family, got) == (family, rules)


def test_the_recorded_convention_wins_over_the_program_and_a_named_one_over_both():
    assert resolve("MatchPoints", "Ruter", recorded="compscore")[1].name == "compscore"
    assert resolve("MatchPoints", "Ruter", recorded="compscore", name="jfr")[1].name == "jfr"
    assert resolve("MatchPoints", "Cardroom")[1] == CONVENTIONS["cardroom"]


def test_ruter_from_4_9_shares_a_tie_and_earlier_versions_split_it():
    assert [r[0] for r in VERSION_RULES] == ["ruter"]
    ruter = CONVENTIONS["ruter"]
    assert versioned(ruter, "4.9.1.3").ties == "shared" and versioned(ruter, "4.10").ties == "shared"
    assert versioned(ruter, "4.7").ties == "split" and versioned(ruter, "4.1.4").ties == "split"
    assert versioned(ruter, None) == ruter and versioned(CONVENTIONS["magic-contest"], "4.9") == CONVENTIONS["magic-contest"]
    assert resolve("MatchPoints;MP1", "Ruter", version="4.9.1.3")[1].ties == "shared"
    assert resolve("MatchPoints;MP1", "Ruter", file_rules={"ties": "shared"})[1].ties == "shared"


def test_a_shared_place_names_its_last_place_as_ruter_4_9_prints_rank_tie():
    from scoring.engine.ranking import tie_ends
    ranked = rank({"16": 1060.6, "25": 1060.6, "27": 1038.4, "1": 1081.0}, ties="shared")
    assert ranked == [("1", "1"), ("2", "16"), ("2", "25"), ("4", "27")]
    assert tie_ends(ranked) == {"2": "3"}
    assert tie_ends(rank({"a": 1.0, "b": 1.0, "c": 1.0}, ties="equals")) == {"1=": "3"}
    assert tie_ends(rank({"a": 1.0, "b": 1.0}, ties="split")) == {}
