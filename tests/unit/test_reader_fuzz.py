"""Fuzzing the file readers with a fixed budget (issue 17): whatever bytes arrive, the PBN
reader raises only ``PbnError``, the member CSV reader only ``MemberImportError`` and the
movement JSON/CSV reader only ``MovementFormatError``/``ValueError`` -- never another exception
(which a page would show as a 500 and a command as a traceback). Cardroom has no USEBIO
reader, so there is none to fuzz. Examples are derandomised: the same inputs every run."""
from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tournaments.deals.pbn import PbnError, read_pbn
from tournaments.deals.records import boards_from_pbn
from tournaments.movements.model import Movement

BUDGET = settings(max_examples=300, derandomize=True, deadline=None,
                  suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])

DEAL = "N:AKQJ.AKQ.AKQ.AKQ 5432.5432.5432.5 T98.T98.T98.T982 76.J76.J76.J7643"
GOOD_PBN = (f'[Event "Club"]\n[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n[Deal "{DEAL}"]\n'
            '[OptimumScore "NS 2220"]\n[ParContract "NS 7NT"]\n'
            '[DoubleDummyTricks "dddddddddddddddddddd"]\n'
            '[OptimumResultTable "Declarer;Denomination\\2R;Result\\2R"]\nN NT 13\nS NT 13\n\n'
            f'[Board "2"]\n[Dealer "E"]\n[Vulnerable "NS"]\n[Deal "{DEAL}"]\n')
PBN_PIECES = st.sampled_from(['[', ']', '"', '\\', '{', '}', ';', '%', '\n', '\r\n', ' ', '#', '*', '-',
                              '[Board "', '[Deal "', '[Deal "N:', '[OptimumScore "NS ', '[OptimumScore "EW ',
                              '[Dealer "', '[Vulnerable "', '[TurnUp "', '[OptimumResultTable "A;B\\2R;C"]\n',
                              '"]\n', 'N ', 'NT ', '13', '99999999999999999999', '-1', '0', '\x00', 'é', '\ufeff',
                              DEAL, 'AKQJT98765432', '.'])


def _mutations(text: str):
    """The good file cut, with a span replaced, or with pieces spliced in."""
    return st.one_of(
        st.integers(0, len(text)).map(lambda n: text[:n]),
        st.tuples(st.integers(0, len(text)), st.integers(0, 40), st.text(max_size=20)).map(
            lambda t: text[:t[0]] + t[2] + text[t[0] + t[1]:]),
        st.tuples(st.integers(0, len(text)), st.lists(PBN_PIECES, max_size=12)).map(
            lambda t: text[:t[0]] + "".join(t[1]) + text[t[0]:]),
    )


@BUDGET
@given(st.one_of(_mutations(GOOD_PBN), st.lists(PBN_PIECES, max_size=40).map("".join), st.binary(max_size=400)))
def test_pbn_reader_raises_only_its_own_error(data):
    try:
        read_pbn(data)
        records = boards_from_pbn(data)
    except PbnError:
        return
    assert records and all(1 <= r.board.number <= 200 for r in records)


def _member_rows(text: str):
    from clubs.services import MemberImportError, _read_member_rows

    try:
        return _read_member_rows(text, 5000)
    except MemberImportError as exc:
        assert exc.errors and all(isinstance(line, int) for line, _ in exc.errors)
        return None


GOOD_CSV = ("membership_number,first_name,last_name,email,phone,active\n"
            '1,Ann,Smith,ann@example.org,,yes\n2,"Bob, Jr",Jones,,0123,no\n')
CSV_PIECES = st.sampled_from([",", '"', '""', "\n", "\r\n", "\r", "\x00", "first_name", "last_name",
                              "membership_number", "active", "=1+1", "yes", "maybe", "é", "\ufeff", ";", "\t",
                              "x" * 2000])


@BUDGET
@given(st.one_of(_mutations(GOOD_CSV),
                 st.lists(CSV_PIECES, max_size=40).map(lambda p: GOOD_CSV.split("\n")[0] + "\n" + "".join(p)),
                 st.text(max_size=300)))
def test_member_csv_reader_raises_only_its_own_error(text):
    rows = _member_rows(text)
    if rows is not None:
        assert all(isinstance(line, int) and isinstance(values, dict) for line, values in rows)


MOVEMENT_CSV = "round,table,ns,ew,first_board,last_board\n1,1,1NS,1EW,1,3\n1,2,2NS,2EW,4,6\n2,1,1NS,2EW,4,6\n"


@BUDGET
@given(st.one_of(_mutations(MOVEMENT_CSV),
                 st.lists(st.sampled_from(["1", "2", ",", "\n", "1NS", "9999999999999", "-5", "x", '"']),
                          max_size=40).map("".join)))
def test_movement_csv_reader_raises_only_value_errors(text):
    try:
        movement = Movement.from_csv(text)
    except ValueError:  # MovementFormatError is a ValueError
        return
    assert all(b <= 200 for r in movement.rounds_detail for t in r.tables for b in t.boards)


JSON_VALUES = st.recursive(st.none() | st.booleans() | st.integers(-10**20, 10**20) | st.text(max_size=8),
                           lambda inner: st.lists(inner, max_size=4) | st.dictionaries(
                               st.sampled_from(["rounds_detail", "round", "tables", "table", "ns", "ew", "n",
                                                "boards", "kind", "winners", "boards_per_round"]), inner,
                               max_size=5), max_leaves=30)


@BUDGET
@given(JSON_VALUES)
def test_movement_json_reader_raises_only_value_errors(data):
    try:
        Movement.from_dict(data if isinstance(data, dict) else {"rounds_detail": data})
    except ValueError:
        pass
