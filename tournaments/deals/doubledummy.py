"""Double-dummy tables and par with DDS (through endplay), batched for a whole set.

DDS (Haglund & Hein) gives the 20 trick counts -- each of the four declarers in each of
the five strains -- and the par score and contract(s) from that table (DealerPar:
"optimal contract(s) assuming open cards and optimal bidding from both sides").

Whist has no declarer: the player on the dealer's left leads to the first trick, which is
the DDS position with the dealer as "declarer" (Laws of Whist: the cards are dealt and
the lead taken from the dealer's left).  So the tricks of the dealer's side with the
turned trump are ``table[dealer][trump]``; ``whist_tricks`` reports them per side.

endplay is optional: without it ``analyse_boards`` raises ``AnalysisUnavailable`` and the
rest of the package is unaffected.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass
from typing import Mapping, Sequence

from ..movements.limits import MAX_PAR_SCORE

from .boards import Board
from .cards import SEATS, Deal

__all__ = [
    "AnalysisUnavailable",
    "BoardAnalysis",
    "DoubleDummy",
    "Par",
    "STRAINS",
    "analyse_boards",
    "analysis_available",
    "double_dummy_tables",
]

STRAINS = ("C", "D", "H", "S", "NT")
_BATCH = 32  # one CalcAllTables call: 64 tables fail with "Too many DD tables requested"
_PBN_SEATS = "NSEW"  # DoubleDummyTricks order: declarer N, S, E, W; strains NT, S, H, D, C
_PBN_STRAINS = ("NT", "S", "H", "D", "C")


class AnalysisUnavailable(RuntimeError):
    """Double-dummy analysis cannot run here (endplay/DDS is not installed)."""


def _endplay():
    try:
        from endplay import dds, types
    except ImportError as err:  # pragma: no cover - exercised by monkeypatching
        raise AnalysisUnavailable(f"double-dummy analysis unavailable: {err}") from err
    return dds, types


def analysis_available() -> bool:
    try:
        _endplay()
    except AnalysisUnavailable:
        return False
    return True


@dataclass(frozen=True)
class DoubleDummy:
    """Tricks for each declarer (N, E, S, W) in each strain (C, D, H, S, NT)."""

    tricks: tuple[tuple[int, ...], ...]  # [seat N,E,S,W][strain C,D,H,S,NT]

    def __getitem__(self, key: tuple[str, str]) -> int:
        seat, strain = key
        return self.tricks[SEATS.index(seat)][STRAINS.index(strain)]

    def as_dict(self) -> dict[str, dict[str, int]]:
        """``{"N": {"C": 5, "D": 7, "H": 5, "S": 7, "NT": 5}, ...}`` (API and JSON field)."""
        return {s: dict(zip(STRAINS, row)) for s, row in zip(SEATS, self.tricks)}

    @classmethod
    def from_dict(cls, data: Mapping[str, Mapping[str, int]]) -> "DoubleDummy":
        return cls(tuple(tuple(int(data[s][t]) for t in STRAINS) for s in SEATS))

    def to_pbn(self) -> str:
        """PBN ``DoubleDummyTricks``: 20 hex digits, declarer N, S, E, W x strain NT, S, H, D, C."""
        return "".join(f"{self[s, t]:x}" for s in _PBN_SEATS for t in _PBN_STRAINS)

    @classmethod
    def from_pbn(cls, text: str) -> "DoubleDummy":
        text = text.strip()
        if len(text) != 20 or any(c not in "0123456789abcdefABCDEF" for c in text):
            raise ValueError(f"DoubleDummyTricks {text!r} is not 20 hex digits")
        values = {(s, t): int(text[i * 5 + j], 16) for i, s in enumerate(_PBN_SEATS) for j, t in enumerate(_PBN_STRAINS)}
        return cls(tuple(tuple(values[s, t] for t in STRAINS) for s in SEATS))

    def result_rows(self) -> list[tuple[str, str, str]]:
        """Rows of the PBN ``OptimumResultTable`` (Declarer;Denomination;Result)."""
        return [(s, t, str(self[s, t])) for s in _PBN_SEATS for t in _PBN_STRAINS]


@dataclass(frozen=True)
class Par:
    """Par score from North-South's side ("NS 420", "EW 110", "NS 0") and contracts ("4S N")."""

    score: int  # North-South's point of view
    contracts: tuple[str, ...]

    @property
    def label(self) -> str:
        return f"EW {-self.score}" if self.score < 0 else f"NS {self.score}"

    def as_dict(self) -> dict:
        return {"score": self.label, "contracts": list(self.contracts)}

    @classmethod
    def from_dict(cls, data: Mapping) -> "Par":
        side, _, points = str(data["score"]).partition(" ")
        if side.upper() not in ("NS", "EW") or not points.strip().isdigit() or len(points.strip()) > 4 \
                or int(points) > MAX_PAR_SCORE:
            raise ValueError(f"par score {data['score']!r} is not \"NS\" or \"EW\" and 0 to {MAX_PAR_SCORE} points")
        score = int(points) if side.upper() == "NS" else -int(points)
        return cls(score, tuple(data.get("contracts", ())))


@dataclass(frozen=True)
class BoardAnalysis:
    """What DDS found for one board; ``par`` is None for whist (no bidding)."""

    number: int
    double_dummy: DoubleDummy
    par: Par | None
    whist_tricks: Mapping[str, int] | None = None  # {"NS": 7, "EW": 6} with the turned trump


# DDS keeps global state and runs its own threads: two callers at once (two board sets analysed
# in background threads of one process) crash it, so one call at a time per process.
_DDS_LOCK = threading.RLock()


def double_dummy_tables(deals: Sequence[Deal]) -> list[DoubleDummy]:
    """DD tables for many deals, in batches of 32 through DDS CalcAllTables (threaded)."""
    with _DDS_LOCK:
        return _double_dummy_tables(deals)


def _double_dummy_tables(deals: Sequence[Deal]) -> list[DoubleDummy]:
    dds, types = _endplay()
    out: list[DoubleDummy] = []
    for start in range(0, len(deals), _BATCH):
        chunk = [types.Deal(d.to_pbn()) for d in deals[start : start + _BATCH]]
        tables = dds.calc_all_tables(chunk) if len(chunk) > 1 else [dds.calc_dd_table(chunk[0])]
        for table in tables:
            out.append(_from_table(table, types))
    return out


def _from_table(table, types) -> DoubleDummy:
    seats = [types.Player.north, types.Player.east, types.Player.south, types.Player.west]
    denoms = [types.Denom.clubs, types.Denom.diamonds, types.Denom.hearts, types.Denom.spades, types.Denom.nt]
    return DoubleDummy(tuple(tuple(int(table[d, p]) for d in denoms) for p in seats))


def _contract_label(contract) -> str:
    strain = {0: "S", 1: "H", 2: "D", 3: "C", 4: "NT"}[int(contract.denom)]
    penalty = contract.penalty.abbr.upper()  # "", "X" or "XX"
    label = f"{contract.level}{strain}{penalty} {SEATS[int(contract.declarer)]}"
    return label if contract.result == 0 else f"{label} {contract.result:+d}"


def _par(dd: DoubleDummy, board: Board, dds, types) -> Par:
    """Par from a stored table: rebuild a DDS table object and call DealerParBin."""
    import endplay._dds as raw

    res = raw.ddTableResults()
    order = [types.Denom.spades, types.Denom.hearts, types.Denom.diamonds, types.Denom.clubs, types.Denom.nt]
    for denom in order:
        for p, seat in enumerate(SEATS):
            res.resTable[int(denom)][p] = dd[seat, {0: "S", 1: "H", 2: "D", 3: "C", 4: "NT"}[int(denom)]]
    vul = {"None": types.Vul.none, "NS": types.Vul.ns, "EW": types.Vul.ew, "All": types.Vul.both}[board.vulnerability]
    from endplay.dds.ddtable import DDTable

    parlist = dds.par(DDTable(res), vul, types.Player.find(board.dealer))
    contracts = tuple(_contract_label(c) for c in parlist)
    return Par(int(parlist.score), contracts)


def analyse_boards(boards: Sequence[Board]) -> list[BoardAnalysis]:
    """DD table and par (bridge) or the turned trump's tricks (whist) for every board.
    Only 52-card deals can be solved; a short pack raises ValueError. Thread-safe (one DDS
    call at a time)."""
    with _DDS_LOCK:
        return _analyse_boards(boards)


def _analyse_boards(boards: Sequence[Board]) -> list[BoardAnalysis]:
    dds, types = _endplay()
    for board in boards:
        if not board.deal.pack.is_full:
            raise ValueError(f"board {board.number}: double dummy needs the 52-card pack")
    tables = double_dummy_tables([b.deal for b in boards])
    out = []
    for board, dd in zip(boards, tables):
        par = whist = None
        if board.rules.turn_up and board.turn_up is not None:
            strain = board.turn_up.suit
            dealer_side = dd[board.dealer, strain]
            ns = dealer_side if board.dealer in "NS" else 13 - dealer_side
            whist = {"NS": ns, "EW": 13 - ns}
        elif board.rules.vulnerable:
            par = _par(dd, board, dds, types)
        out.append(BoardAnalysis(board.number, dd, par, whist))
    return out
