"""Duplicate contract bridge raw scores (Law 77) and board vulnerability (Law 2).

Contracts are written as in PBN and on travellers: ``4H``, ``3NTX``, ``2CXX``, ``Pass``.
The score returned is always the N-S score (E-W score = minus it).
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from .errors import ScoringError

SEATS = "NESW"
STRAINS = "CDHSN"
_CONTRACT_RE = re.compile(r"^([1-7])(NT|N|C|D|H|S)(XX|X|R)?$")
_VUL_ALIASES = {
    "NONE": "None", "LOVE": "None", "-": "None", "O": "None", "NIL": "None",
    "NS": "NS", "N-S": "NS", "EW": "EW", "E-W": "EW",
    "ALL": "All", "BOTH": "All", "B": "All",
}


@dataclass(frozen=True)
class Contract:
    """A final contract; ``level`` 0 means passed out."""

    level: int
    strain: str = ""
    doubled: int = 0  # 0 undoubled, 1 doubled, 2 redoubled

    @property
    def passed(self) -> bool:
        return self.level == 0

    def __str__(self) -> str:
        if self.passed:
            return "Pass"
        strain = "NT" if self.strain == "N" else self.strain
        return f"{self.level}{strain}{'X' * self.doubled}"


def parse_contract(text: str) -> Contract:
    """Read ``4H``, ``3NTX``, ``2CXX``, ``Pass`` (spaces, case and ``*``/``R`` doubling tolerated)."""
    raw = str(text).strip().upper().replace(" ", "").replace("*", "X")
    if raw in ("PASS", "P", "AP", "PASSED", "ALLPASS"):
        return Contract(0)
    match = _CONTRACT_RE.match(raw)
    if not match:
        raise ScoringError(
            f"bad contract {text!r}: expected level 1-7, strain C/D/H/S/NT, optional X or XX, or Pass"
        )
    level, strain, dbl = match.groups()
    doubled = {None: 0, "X": 1, "XX": 2, "R": 2}[dbl]
    return Contract(int(level), "N" if strain.startswith("N") else strain, doubled)


def parse_vulnerability(text: str) -> str:
    """Normalise a PBN ``Vulnerable`` value to ``None``, ``NS``, ``EW`` or ``All``."""
    key = str(text).strip().upper()
    if key not in _VUL_ALIASES:
        raise ScoringError(f"bad vulnerability {text!r}: expected None, NS, EW or All")
    return _VUL_ALIASES[key]


def board_vulnerability(board: int) -> str:
    """Law 2: the 16-board cycle None, NS, EW, All rotated by one each block of four."""
    i = int(board) - 1
    return ("None", "NS", "EW", "All")[(i + i // 4) % 4]


def board_dealer(board: int) -> str:
    """Law 2: North deals boards 1, 5, 9, 13; East 2, 6, ...; and so on round the table."""
    return SEATS[(int(board) - 1) % 4]


def is_vulnerable(vulnerability: str, declarer: str) -> bool:
    vul = parse_vulnerability(vulnerability)
    return vul == "All" or (vul != "None" and declarer in vul)


def declarer_score(contract: Contract, tricks: int, vulnerable: bool) -> int:
    """Law 77 score for the declaring side (negative when the contract fails)."""
    if contract.passed:
        return 0
    need = contract.level + 6
    mult = (1, 2, 4)[contract.doubled]
    if tricks >= need:
        if contract.strain == "N":
            per_level = [40] + [30] * (contract.level - 1)
            trick_score = sum(per_level) * mult
        else:
            trick_score = contract.level * (20 if contract.strain in "CD" else 30) * mult
        score = trick_score
        score += (500 if vulnerable else 300) if trick_score >= 100 else 50
        if contract.level == 6:
            score += 750 if vulnerable else 500
        elif contract.level == 7:
            score += 1500 if vulnerable else 1000
        over = tricks - need
        if contract.doubled:
            score += over * (200 if vulnerable else 100) * contract.doubled
            score += 50 * contract.doubled
        else:
            score += over * (20 if contract.strain in "CD" else 30)
        return score
    down = need - tricks
    if not contract.doubled:
        return -down * (100 if vulnerable else 50)
    if vulnerable:
        penalty = 200 + 300 * (down - 1)
    else:
        penalty = 100 + 200 * min(down - 1, 2) + 300 * max(down - 3, 0)
    return -penalty * contract.doubled


def duplicate_score(contract: str | Contract, declarer: str, tricks: int | str, vulnerability: str) -> int:
    """N-S score of one table's result on one board, validated (Law 77).

    ``tricks`` is the number of tricks taken by declarer (PBN ``Result``), 0-13.
    """
    con = contract if isinstance(contract, Contract) else parse_contract(contract)
    if con.passed:
        return 0
    seat = str(declarer).strip().upper()[:1]
    if seat not in SEATS or len(str(declarer).strip()) != 1:
        raise ScoringError(f"bad declarer {declarer!r}: expected N, E, S or W")
    try:
        taken = int(str(tricks).strip())
    except ValueError:
        raise ScoringError(f"bad tricks {tricks!r}: expected a whole number 0-13") from None
    if not 0 <= taken <= 13:
        raise ScoringError(f"bad tricks {tricks!r}: declarer takes 0-13 tricks")
    score = declarer_score(con, taken, is_vulnerable(vulnerability, seat))
    return score if seat in "NS" else -score
