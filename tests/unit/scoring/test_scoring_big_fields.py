"""A big field (past ``session.COLUMNS_FROM`` results) scores exactly as the result-by-result path
does -- every convention, matchpoints, Butler and cross-IMPs, short boards, ties, one field or two
(N-S/E-W) -- whether it is scored by columns or, with adjusted or split scores, result by result."""
import random
import zlib

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.engine import CONVENTIONS, Adjustment, BoardResults, Result, score_session
from scoring.engine import session as session_module
from scoring.engine.columns import ResultScores, Standings
from scoring.engine.ranking import rounded

SCORES = (-1430, -800, -620, -200, -100, -50, 0, 90, 110, 140, 420, 450, 620, 650, 1430)


def random_field(seed: int, *, adjusted: bool = False) -> list[BoardResults]:
    """About 2,400 results: 8 boards of up to 300 tables, a few short (Neuberg) or with their own
    expected number, few distinct scores (many ties), names with and without leading zeros."""
    rng = random.Random(seed)
    tables = rng.randint(280, 300)
    names = [(f"N{i:02d}" if i % 50 == 7 else f"N{i}", f"E{i}") for i in range(1, tables + 1)]
    boards = []
    for number in range(1, 9):
        played = names if number % 3 else rng.sample(names, tables - rng.randint(1, 40))
        results = []
        for ns, ew in played:
            score = rng.choice(SCORES[: rng.randint(3, len(SCORES))])
            if adjusted and rng.random() < 0.02:
                results.append(Result(ns, ew, None, adjusted_ns=Adjustment(rng.choice(["A+", "A", "A-"]))))
            elif adjusted and rng.random() < 0.01:
                results.append(Result(ns, ew, score, adjusted_ew=Adjustment("%", 45.0)))
            else:
                results.append(Result(ns, ew, score))
        expected = tables + 2 if number == 5 else None
        boards.append(BoardResults(number, tuple(results), expected=expected))
    assert sum(len(b.results) for b in boards) >= session_module.COLUMNS_FROM
    return boards


def by_results(boards, method, monkeypatch, **kwargs):
    """The reference: the same session scored result by result (the columns path switched off)."""
    with monkeypatch.context() as patch:
        patch.setattr(session_module, "COLUMNS_FROM", 10**9)
        return score_session(boards, method, **kwargs)


def assert_same(fast, slow):
    assert fast.method == slow.method
    assert tuple(fast.standings) == tuple(slow.standings)
    assert fast.tally.totals == slow.tally.totals and list(fast.tally.totals) == list(slow.tally.totals)
    assert (fast.tally.tops, fast.tally.played, fast.tally.compared) == \
        (slow.tally.tops, slow.tally.played, slow.tally.compared)
    for a, b in zip(fast.boards, slow.boards, strict=True):
        assert (a.board, a.top, a.datum) == (b.board, b.top, b.datum)
        assert tuple(a.results) == tuple(b.results)


@pytest.mark.parametrize("convention", sorted(CONVENTIONS))
@pytest.mark.parametrize("family", ["matchpoints", "butler", "cross-imps"])
@pytest.mark.parametrize("two_winner", [False, True])
def test_a_big_plain_field_scores_by_columns_as_result_by_result(convention, family, two_winner, monkeypatch):
    boards = random_field(zlib.crc32(f"{convention} {family} {two_winner}".encode()) % 1000)
    method = CONVENTIONS[convention].method(family)
    kwargs = {"fields": {e: e[0] + "S" if e[0] == "N" else "EW" for b in boards for r in b.results
                         for e in (r.ns, r.ew)}} if two_winner else {}
    fast = score_session(boards, method, **kwargs)
    if method.board_decimals is None and not (method.is_imps and method.bye_boards != "none"):
        assert isinstance(fast.standings, Standings) and isinstance(fast.boards[0].results, ResultScores)
    assert_same(fast, by_results(boards, method, monkeypatch, **kwargs))
    if two_winner:
        assert {s.field for s in fast.standings} == {"NS", "EW"}


@pytest.mark.parametrize("convention", ["cardroom", "ruter", "acblscore", "compscore", "jfr"])
@pytest.mark.parametrize("family", ["matchpoints", "cross-imps"])
def test_a_big_field_with_adjusted_and_split_scores_scores_as_result_by_result(convention, family, monkeypatch):
    boards = random_field(7, adjusted=True)
    method = CONVENTIONS[convention].method(family)
    assert_same(score_session(boards, method), by_results(boards, method, monkeypatch))


def test_big_field_ties_are_shared_and_ordered_by_name(monkeypatch):
    # Every pair scores the same: one tie of the whole field, ranked "1=" in natural name order.
    boards = [BoardResults(b, tuple(Result(f"N{i}", f"E{i}", 100) for i in range(1, 1101))) for b in (1, 2)]
    fast = score_session(boards, "matchpoints")
    assert isinstance(fast.standings, Standings)
    assert {s.rank for s in fast.standings} == {"1="}
    assert [s.entrant for s in fast.standings][:3] == ["E1", "E2", "E3"]
    assert_same(fast, by_results(boards, "matchpoints", monkeypatch))


@settings(max_examples=300, deadline=None)
@given(st.lists(st.one_of(st.floats(-1e6, 1e6, allow_nan=False),
                          st.integers(-10**7, 10**7).map(lambda k: k / 1000),  # 12.345: on a half at 2 digits
                          st.integers(-10**6, 10**6).map(lambda k: k / 8)), min_size=1, max_size=50),
       st.integers(0, 10))
def test_rounded_is_pythons_round(values, ndigits):
    import numpy as np
    assert rounded(np.array(values, dtype=np.float64), ndigits).tolist() == [round(v, ndigits) for v in values]
