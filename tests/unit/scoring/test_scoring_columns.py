"""Big fields scored a column at a time (scoring.engine.columns) give what the result-by-result
path gives, float for float, and refuse (None) every session that is not plain; the ranking's
array path orders and labels as the reference does."""
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.engine import Adjustment, BoardResults, Method, Result, rank, score_session
from scoring.engine import session as session_module
from scoring.engine.columns import ResultScores, score_columns
from scoring.engine.ranking import natural_key

METHODS = [Method("matchpoints"), Method("matchpoints", scale="acbl"), Method("matchpoints", short_boards="ties"),
           Method("matchpoints", short_boards="own-top"), Method("matchpoints", ties="shared"),
           Method("butler"), Method("butler", datum_drop=0, datum_rounding="half-away"),
           Method("cross-imps"), Method("cross-imps", cross="sum"), Method("cross-imps", cross="sum", factor_long=False),
           Method("cross-imps", cross="cross2")]

scores = st.sampled_from([-1430, -800, -620, -200, -100, -50, 0, 90, 110, 140, 420, 450, 620, 650, 1430, 100.5])


@st.composite
def fields(draw):
    """Boards of plain results between a few pairs (a pair may sit twice on a board), boards short
    of results and boards with their own expected number."""
    pairs = draw(st.integers(2, 9))
    boards = []
    for number in range(1, draw(st.integers(1, 5)) + 1):
        rows = draw(st.lists(st.tuples(st.integers(1, pairs), st.integers(1, pairs), scores), min_size=1, max_size=8))
        expected = draw(st.one_of(st.none(), st.integers(len(rows), len(rows) + 3)))
        boards.append(BoardResults(number, tuple(Result(f"N{a}", f"E{b}", s) for a, b, s in rows), expected=expected))
    return boards


def reference(boards, method, **kwargs):
    assert sum(len(b.results) for b in boards) < session_module.COLUMNS_FROM  # the result-by-result path
    return score_session(boards, method, **kwargs)


def same(fast, slow):
    assert fast.method == slow.method
    assert fast.standings == slow.standings
    assert len(fast.boards) == len(slow.boards)
    for a, b in zip(fast.boards, slow.boards):
        assert (a.board, a.top, a.datum) == (b.board, b.top, b.datum)
        assert tuple(a.results) == tuple(b.results)


@settings(max_examples=150, deadline=None)
@given(fields(), st.sampled_from(METHODS), st.booleans())
def test_columns_score_as_the_result_by_result_path(boards, method, two_winner):
    kwargs = {}
    if two_winner:
        kwargs["fields"] = {e: "NS" if e.startswith("N") else "EW" for b in boards for r in b.results for e in (r.ns, r.ew)}
    same(score_columns(boards, method, **kwargs), reference(boards, method, **kwargs))


def test_columns_keep_tiebreaks():
    boards = [BoardResults(1, (Result("N1", "E1", 100), Result("N2", "E2", 100), Result("N3", "E3", 50)))]
    tiebreaks = [{"N1": 1, "N2": 2}]
    fast = score_columns(boards, Method("matchpoints"), tiebreaks=tiebreaks)
    same(fast, reference(boards, Method("matchpoints"), tiebreaks=tiebreaks))
    order = [s.entrant for s in fast.standings]
    assert order.index("N2") < order.index("N1")


@pytest.mark.parametrize("odd", [
    Result("N9", "E9", None, adjusted_ns=Adjustment("A+")),
    Result("N9", "E9", 100, adjusted_ew=Adjustment("A-")),
    Result("N9", "E9", 100, group="other cards"),
    Result("", "E9", None, adjusted_ew=Adjustment("A")),
    Result(("P1", "P2"), ("P3", "P4"), 100),
])
def test_a_session_that_is_not_plain_is_left_to_the_result_by_result_path(odd):
    boards = [BoardResults(1, (Result("N1", "E1", 100), Result("N2", "E2", 50), odd))]
    assert score_columns(boards, Method("matchpoints")) is None


def test_rounding_per_board_and_imp_byes_are_left_to_the_result_by_result_path():
    boards = [BoardResults(1, (Result("N1", "E1", 100), Result("N2", "E2", 50)), byes=("N3",))]
    assert score_columns(boards, Method("matchpoints", board_decimals=1)) is None
    assert score_columns(boards, Method("butler", bye_boards="mean")) is None
    assert score_columns(boards, Method("butler")) is not None


def test_a_big_plain_field_is_scored_by_columns_and_reads_as_a_tuple():
    boards = [BoardResults(b, tuple(Result(f"N{i}", f"E{i}", (i * 37 + b) % 11 * 10) for i in range(1100)))
              for b in (1, 2)]
    scored = score_session(boards, "matchpoints")
    results = scored.boards[0].results
    assert isinstance(results, ResultScores)
    assert len(results) == 1100
    assert results[-1] == results[1099] and results[-1].result is boards[0].results[-1]
    assert results[1:3] == (results[1], results[2])
    assert list(results)[5] == results[5]
    assert type(results[0].mp_ns) is float and results.column("imp_ns")[0] is None
    assert sum(r.mp_ns + r.mp_ew for r in results) == pytest.approx(1100 * scored.boards[0].top)
    with pytest.raises(IndexError):
        results[1100]
    assert len(scored.standings) == 2200


def reference_rank(values, *, tiebreaks=(), ndigits=2, ties="equals"):
    """The ranking as it was written before its array path (EBU White Book 143.1)."""
    keys = {}
    for entrant, value in values.items():
        main = value if ndigits is None else round(value, ndigits)
        keys[entrant] = (-main,) + tuple(-tb.get(entrant, 0) for tb in tiebreaks)
    ordered = sorted(values, key=lambda e: (keys[e], natural_key(e)))
    out, i = [], 0
    while i < len(ordered):
        j = i
        while j + 1 < len(ordered) and keys[ordered[j + 1]] == keys[ordered[i]]:
            j += 1
        label = f"{i + 1}=" if j > i and ties == "equals" else str(i + 1)
        out.extend((label, ordered[k]) for k in range(i, j + 1))
        i = j + 1
    return out


names = st.one_of(st.from_regex(re.compile(r"[A-Z]{0,2}[0-9]{1,4}"), fullmatch=True),
                  st.from_regex(re.compile(r"[A-Za-z ]{1,3}[0-9]{0,3}[a-z]?"), fullmatch=True))


@settings(max_examples=60, deadline=None)
@given(st.dictionaries(names, st.sampled_from([40.0, 50.0, 50.004, 49.996, 61.25, 75.5]), min_size=1, max_size=40),
       st.sampled_from(["equals", "shared"]), st.integers(0, 1200))
def test_rank_orders_and_labels_as_the_reference(values, ties, padding):
    # ``padding`` plain names take a field past the array path's threshold on some draws.
    values = {**values, **{f"P{i}": 50.0 for i in range(padding)}}
    assert rank(values, ties=ties) == reference_rank(values, ties=ties)
    tiebreaks = [{e: len(e) for e in values}]
    assert rank(values, ties=ties, tiebreaks=tiebreaks) == reference_rank(values, ties=ties, tiebreaks=tiebreaks)


def test_rank_of_a_big_field_orders_names_naturally_within_ties():
    heads = ["", "A", "B", "AB", "N", "E", "Zz"]
    values = {f"{heads[i % 7]}{(i * 7919) % 5003}": (40.0, 50.0, 50.001, 61.25)[i % 4] for i in range(3000)}
    ranked = rank(values)
    assert ranked == reference_rank(values)
    assert ranked[:2] == [("1=", "101"), ("1=", "125")]  # plain numbers before "A..", "AB..", 101 before 125


def test_neuberg_factoring_in_columns_matches_the_formula():
    # 3 results where 7 were expected: (MP + 1) * 7 / 3 - 1 (EBU), the board on a top of 12.
    boards = [BoardResults(1, (Result("N1", "E1", 100), Result("N2", "E2", 50), Result("N3", "E3", 50)), expected=7)]
    fast = score_columns(boards, Method("matchpoints"))
    mps = [r.mp_ns for r in fast.boards[0].results]
    assert fast.boards[0].top == 12
    assert mps == [(4 + 1) * 7 / 3 - 1, (1 + 1) * 7 / 3 - 1, (1 + 1) * 7 / 3 - 1]
    same(fast, reference(boards, Method("matchpoints")))
