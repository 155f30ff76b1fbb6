"""Scoring across the field (issue 13): several sections' results of the same boards compared as
one field, in one run or in chunks of boards merged afterwards."""
import json
import random

import pytest

from scoring.engine import Adjustment, BoardResults, Method, Result, matchpoints, neuberg, score_session
from scoring.engine.field import FieldPart, field_boards, field_standings, score_field

SCORES = (-200, -100, -50, 90, 110, 140, 420, 450, 620, 650)


def mitchell(seed: int, tables: int = 4, boards: int = 8, *, prefix: str = "", adjusted: bool = False):
    """A Mitchell section's results: N-S pair t meets E-W pair (t + round) % tables; two boards a round."""
    rng = random.Random(seed)
    out = []
    for b in range(1, boards + 1):
        rnd = (b - 1) // 2
        results = []
        for t in range(tables):
            ns, ew = f"{prefix}{t + 1}NS", f"{prefix}{(t + rnd) % tables + 1}EW"
            if adjusted and b == 3 and t == 0:
                results.append(Result(ns, ew, adjusted_ns=Adjustment("A+"), adjusted_ew=Adjustment("A-")))
            else:
                results.append(Result(ns, ew, float(rng.choice(SCORES))))
        out.append(BoardResults(b, tuple(results)))
    return out


def renamed(groups):
    """The groups as one section: every entrant named group + own name, the boards merged."""
    merged: dict[int, list[Result]] = {}
    for g, boards in groups.items():
        for b in boards:
            merged.setdefault(b.board, []).extend(Result(g + r.ns, g + r.ew, r.score_ns, r.adjusted_ns, r.adjusted_ew)
                                                  for r in b.results)
    return [BoardResults(b, tuple(rs)) for b, rs in sorted(merged.items())]


def directions(groups):
    return {g: {r.ns: "NS" for b in bs for r in b.results} | {r.ew: "EW" for b in bs for r in b.results}
            for g, bs in groups.items()}


GROUPS = {"A": mitchell(1), "B": mitchell(2)}


@pytest.mark.parametrize("method", ["matchpoints", "butler", "cross-imps", Method("cross-imps", cross="sum")])
def test_two_sections_across_the_field_are_one_section_with_renamed_pairs(method):
    fields = directions(GROUPS)
    scored = score_field(GROUPS, method, fields=fields)
    flat = {g + e: d for g, f in fields.items() for e, d in f.items()}
    one = {st.entrant: st for st in score_session(renamed(GROUPS), method, fields=flat).standings}
    assert len(scored.standings) == len(one) == 16
    for st in scored.standings:
        same = one[st.group + st.entrant]
        assert st.total == pytest.approx(same.total) and st.overall == same.rank and st.field == same.field
        assert st.percentage == same.percentage and st.boards == same.boards == 8
    board_one = score_session(renamed(GROUPS), method).boards[0]
    across = scored.boards["A"][0].results + scored.boards["B"][0].results
    assert [(s.mp_ns, s.imp_ns) for s in across] == [(s.mp_ns, s.imp_ns) for s in board_one.results]
    assert [s.result.ns for s in scored.boards["B"][0].results] == ["1NS", "2NS", "3NS", "4NS"]


def test_ranks_within_each_section_and_direction_and_overall():
    scored = score_field(GROUPS, "matchpoints", fields=directions(GROUPS))
    for g in "AB":
        for direction in ("NS", "EW"):
            rows = [st for st in scored.standings if st.group == g and st.field == direction]
            assert len(rows) == 4
            by_pct = sorted(rows, key=lambda st: -st.percentage)
            assert rows == by_pct and rows[0].rank in ("1", "1=")
            assert [st.position for st in rows] == sorted(st.position for st in rows)
    for direction in ("NS", "EW"):
        rows = sorted((st for st in scored.standings if st.field == direction), key=lambda st: st.overall_position)
        assert len(rows) == 8 and rows[0].overall in ("1", "1=")
        assert [st.percentage for st in rows] == sorted((st.percentage for st in rows), reverse=True)


def test_one_winner_sections_rank_everyone_together():
    scored = score_field(GROUPS, "matchpoints")
    assert {st.field for st in scored.standings} == {""}
    assert sorted(st.overall_position for st in scored.standings) == list(range(1, 17))
    assert sorted(st.position for st in scored.standings if st.group == "A") == list(range(1, 9))


def test_a_field_of_one_section_is_that_section():
    boards = mitchell(3, adjusted=True)
    fields = directions({"A": boards})["A"]
    for method in ("matchpoints", "butler", "cross-imps"):
        alone = score_session(boards, method, fields=fields)
        scored = score_field({"A": boards}, method, fields={"A": fields})
        assert [(st.entrant, st.rank, st.total, st.top, st.percentage, st.boards, st.field) for st in scored.standings] == \
            [(st.entrant, st.rank, st.total, st.top, st.percentage, st.boards, st.field) for st in alone.standings]
        assert scored.boards["A"] == alone.boards


@pytest.mark.parametrize("method", ["matchpoints", "butler", "cross-imps"])
@pytest.mark.parametrize("chunks", [[range(1, 5), range(5, 9)], [[1, 4, 7], [2, 5, 8], [3, 6]]])
def test_a_chunked_run_equals_one_run(method, chunks):
    groups = {"A": mitchell(4, adjusted=True), "B": mitchell(5), "C": mitchell(6, tables=3)}
    fields = directions(groups)
    whole = score_field(groups, method, fields=fields)
    parts = [FieldPart.from_json(json.loads(json.dumps(field_boards(groups, method, boards=c).to_json())))
             for c in chunks]
    chunked = field_standings(parts, method, fields=fields)
    key = (lambda st: (st.group, st.entrant))
    assert [key(st) for st in chunked] == [key(st) for st in whole.standings]
    for a, b in zip(chunked, whole.standings):
        assert (a.rank, a.overall, a.position, a.overall_position, a.boards, a.field) == \
            (b.rank, b.overall, b.position, b.overall_position, b.boards, b.field)
        assert a.total == pytest.approx(b.total) and a.percentage == pytest.approx(b.percentage)
    board_five = [p for p in parts if any(bs.board == 5 for bs in p.boards["B"])][0]
    assert [bs for bs in board_five.boards["B"] if bs.board == 5][0] == whole.boards["B"][4]


def test_average_plus_is_worth_the_pairs_percentage_over_every_part():
    groups = {"A": mitchell(4, adjusted=True), "B": mitchell(5)}
    whole = {(st.group, st.entrant): st for st in score_field(groups).standings}
    parts = [field_boards(groups, boards=[3]), field_boards(groups, boards=[1, 2, 4, 5, 6, 7, 8])]
    chunked = {(st.group, st.entrant): st for st in field_standings(parts)}
    other = [st for st in field_standings(parts[1:]) if (st.group, st.entrant) == ("A", "1NS")][0]
    assert chunked["A", "1NS"].total == pytest.approx(whole["A", "1NS"].total)
    a_plus = 14 * max(60, other.percentage) / 100  # board 3's top across two sections of 4 tables: 14
    assert chunked["A", "1NS"].total == pytest.approx(other.total + a_plus)


def test_neuberg_per_board_across_the_whole_field():
    a = [BoardResults(1, (Result("1", "4", 420.0), Result("2", "5", 450.0), Result("3", "6", 420.0)))]
    b = [BoardResults(1, (Result("1", "4", 450.0), Result("2", "5", -50.0)), expected=3)]
    scored = score_field({"A": a, "B": b}, "matchpoints")
    raw = matchpoints([420, 450, 420, 450, -50])  # five results of the six the field expects
    factored = [neuberg(mp, 5, 6) for mp in raw]
    assert scored.boards["A"][0].top == scored.boards["B"][0].top == 10
    got = [s.mp_ns for s in scored.boards["A"][0].results + scored.boards["B"][0].results]
    assert got == pytest.approx(factored)
    alone = score_session(a, "matchpoints").boards[0]
    assert alone.top == 4 and scored.boards["A"][0].results[1].mp_ns != alone.results[1].mp_ns


def test_butler_datum_is_the_fields():
    a = [BoardResults(1, (Result("1", "5", 620.0), Result("2", "6", 170.0)))]
    b = [BoardResults(1, (Result("1", "5", 650.0), Result("2", "6", -100.0)))]
    scored = score_field({"A": a, "B": b}, Method("butler", datum_drop=0))
    assert scored.boards["A"][0].datum == scored.boards["B"][0].datum == 340  # (620+170+650-100)/4 to 10
    rows = {(st.group, st.entrant, st.field): st for st in scored.standings}
    assert rows["A", "1", ""].total == 7 and rows["A", "5", ""].total == -7  # 620 v 340: 280 -> 7 IMPs
    assert rows["B", "6", ""].total == 10  # -100 v 340: 440 -> 10 IMPs to E-W


def test_equal_pair_numbers_in_two_sections_stay_apart():
    scored = score_field({"A": mitchell(1, tables=2, boards=2), "B": mitchell(1, tables=2, boards=2)})
    assert len(scored.standings) == 8
    assert {st.group for st in scored.standings} == {"A", "B"}
    twins = {(st.entrant, st.total) for st in scored.standings if st.group == "A"}
    assert twins == {(st.entrant, st.total) for st in scored.standings if st.group == "B"}


def test_group_names_must_be_distinct():
    from scoring.engine import ScoringError

    with pytest.raises(ScoringError):
        field_boards({"A\x1fB": mitchell(1)})


def test_a_big_field_scored_by_columns_equals_its_chunks_scored_result_by_result():
    groups = {"A": mitchell(7, tables=130), "B": mitchell(8, tables=130)}  # 2,080 results: columns
    whole = score_field(groups, "matchpoints")
    chunked = field_standings([field_boards(groups, boards=range(1, 5)), field_boards(groups, boards=range(5, 9))])
    assert [(st.group, st.entrant, st.overall) for st in chunked] == \
        [(st.group, st.entrant, st.overall) for st in whole.standings]
    assert [st.percentage for st in chunked] == pytest.approx([st.percentage for st in whole.standings])


def test_individuals_across_the_field_credit_each_player_their_sides_score():
    def individual(seed):
        rng = random.Random(seed)
        return [BoardResults(b, (Result(("1", "2"), ("3", "4"), float(rng.choice(SCORES))),
                                 Result(("5", "6"), ("7", "8"), float(rng.choice(SCORES)))))
                for b in (1, 2)]

    groups = {"A": individual(1), "B": individual(2)}
    scored = score_field(groups)
    assert len(scored.standings) == 16 and {st.boards for st in scored.standings} == {2}
    merged = [BoardResults(b, tuple(Result(tuple(g + p for p in r.ns), tuple(g + p for p in r.ew), r.score_ns)
                                    for g in "AB" for r in groups[g][i].results))
              for i, b in enumerate((1, 2))]
    one = {st.entrant: st for st in score_session(merged).standings}
    for st in scored.standings:
        assert st.percentage == pytest.approx(one[st.group + st.entrant].percentage)
        assert st.overall == one[st.group + st.entrant].rank
