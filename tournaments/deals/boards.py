"""Boards: board number -> dealer and vulnerability, whist turn-up, trays, game rules.

Bridge (Laws of Duplicate Bridge, Law 2): North deals boards 1, 5, 9, 13, East 2, 6, 10,
14 and so on; vulnerability runs None/NS/EW/All on 1-4 and each block of four is the one
before rotated by one place; the cycle repeats every 16 boards.

Whist: the dealer follows the same cycle and there is no vulnerability.  "The last card
of the dealer, the fifty-second card, is turned, and is the trump" (Standard Hoyle,
Conclusion of Whist; Laws of Whist, Law 37 II-III: the trump card must come in its regular
order to the dealer).  So the turn-up is one card of the dealer's hand, stored with the
board and printed on the tray's hand cards.

Trays: "At the first table trays numbered from 1 to 4 are placed, at the second 5 to 8,
at the third 9 to 12, etc." (Standard Hoyle, Duplicate Bridge).
"""

from __future__ import annotations

from dataclasses import dataclass

from .cards import BRIDGE_PACK, EUCHRE_PACK, SEAT_NAMES, SEATS, Card, Deal, DealError, Pack

__all__ = [
    "BRIDGE",
    "BRIDGE_WHIST",
    "Board",
    "DealRules",
    "EUCHRE",
    "VULNERABILITIES",
    "WHIST",
    "board_dealer",
    "board_vulnerability",
    "initial_trays",
    "make_board",
    "normalise_vulnerability",
    "rules_for",
]

VULNERABILITIES = ("None", "NS", "EW", "All")


def _check_number(board: int) -> None:
    if not isinstance(board, int) or board < 1:
        raise DealError(f"board number {board!r} must be a whole number from 1")


def board_dealer(board: int) -> str:
    """Dealer of a board: N, E, S, W in turn (Law 2)."""
    _check_number(board)
    return SEATS[(board - 1) % 4]


def board_vulnerability(board: int) -> str:
    """Vulnerability of a bridge board: "None", "NS", "EW" or "All" (Law 2, 16-board cycle)."""
    _check_number(board)
    i = board - 1
    return VULNERABILITIES[(i + i // 4) % 4]


_VUL_WORDS = {
    "none": "None", "love": "None", "-": "None", "0": "None", "nil": "None", "neither": "None",
    "ns": "NS", "n-s": "NS", "n/s": "NS",
    "ew": "EW", "e-w": "EW", "e/w": "EW",
    "all": "All", "both": "All", "b": "All",
}


def normalise_vulnerability(text: str) -> str:
    """Read the vulnerability spellings seen in PBN files (None/Love/-, NS, EW, All/Both)."""
    key = text.strip().lower()
    if key not in _VUL_WORDS:
        raise DealError(f"vulnerability {text!r} is not one of None, NS, EW, All")
    return _VUL_WORDS[key]


def initial_trays(table: int, per_table: int = 4) -> tuple[int, ...]:
    """Trays placed at ``table`` for the first round: table t gets 4t-3 .. 4t (Standard Hoyle)."""
    if table < 1 or per_table < 1:
        raise ValueError("table and trays per table start at 1")
    return tuple(range((table - 1) * per_table + 1, table * per_table + 1))


@dataclass(frozen=True)
class DealRules:
    """How a game's deals are laid out: the pack, vulnerability (bridge) and a turn-up (whist).
    How they score is ``scoring.engine.rules.GameRules``."""

    name: str
    pack: Pack = BRIDGE_PACK
    vulnerable: bool = True
    turn_up: bool = False


BRIDGE = DealRules("bridge")
#: Bridge whist (1904) and auction (1908): the full pack, no vulnerability, no turn-up.
BRIDGE_WHIST = DealRules("bridge whist", vulnerable=False)
WHIST = DealRules("whist", vulnerable=False, turn_up=True)
EUCHRE = DealRules("euchre", pack=EUCHRE_PACK, vulnerable=False)
_RULES = {r.name: r for r in (BRIDGE, BRIDGE_WHIST, WHIST, EUCHRE)}


def rules_for(name: str) -> DealRules:
    """Rules by game name: "bridge", "bridge whist", "whist" or "euchre"."""
    try:
        return _RULES[name.lower()]
    except KeyError:
        raise ValueError(f"unknown game {name!r}; choose from {', '.join(_RULES)}") from None


@dataclass(frozen=True)
class Board:
    """One numbered board: its deal, dealer, vulnerability (bridge) or turn-up (whist)."""

    number: int
    deal: Deal
    dealer: str
    vulnerability: str | None = None
    turn_up: Card | None = None
    rules: DealRules = BRIDGE

    def __post_init__(self) -> None:
        _check_number(self.number)
        n = self.number
        if self.dealer not in SEATS:
            raise DealError(f"dealer {self.dealer!r} is not one of N, E, S, W", n)
        if self.deal.pack != self.rules.pack:
            raise DealError(f"deal uses the {self.deal.pack.name} pack, {self.rules.name} needs {self.rules.pack.name}", n)
        if self.rules.vulnerable:
            if self.vulnerability not in VULNERABILITIES:
                raise DealError(f"vulnerability {self.vulnerability!r} is not one of None, NS, EW, All", n)
        elif self.vulnerability is not None:
            raise DealError(f"{self.rules.name} boards have no vulnerability", n)
        if self.rules.turn_up:
            if self.turn_up is None:
                raise DealError(f"{self.rules.name} board needs a turn-up card", n)
            if self.turn_up not in self.deal.hand(self.dealer):
                raise DealError(
                    f"turn-up {self.turn_up} is not in the dealer's ({SEAT_NAMES[self.dealer]}'s) hand", n
                )
        elif self.turn_up is not None:
            raise DealError(f"{self.rules.name} boards have no turn-up card", n)

    @property
    def trump(self) -> str | None:
        """Whist trump suit fixed by the turn-up ("S", "H", "D", "C"); None in bridge."""
        return self.turn_up.suit if self.turn_up else None


def make_board(
    number: int,
    deal: Deal,
    rules: DealRules = BRIDGE,
    *,
    dealer: str | None = None,
    vulnerability: str | None = None,
    turn_up: Card | None = None,
) -> Board:
    """A board with dealer and vulnerability from the number unless given (Law 2)."""
    _check_number(number)
    if vulnerability is None and rules.vulnerable:
        vulnerability = board_vulnerability(number)
    elif vulnerability is not None and rules.vulnerable:
        vulnerability = normalise_vulnerability(vulnerability)
    return Board(
        number=number,
        deal=deal,
        dealer=(dealer or board_dealer(number)).upper(),
        vulnerability=vulnerability,
        turn_up=turn_up,
        rules=rules,
    )
