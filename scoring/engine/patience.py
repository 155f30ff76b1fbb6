"""Poker patience: a 5×5 grid of called cards scored as ten poker hands (five rows, five
columns), and a deal's grids compared duplicate-style.

Standard Hoyle, Poker Patience: "each player will have before him, a rectangle formed of five
poker hands from top to bottom and five from left to right"; "after each deal, each person's
score is counted and at the end the person having the highest wins". Its table (OCR-damaged)
keeps Two Pair 2, Flush 5, Full House 12, Four of a Kind 20, Straight Flush 30, Royal Flush 60
and loses One Pair, Three of a Kind and Straight. The rule ``lost_values`` fills them:

- ``"english"`` (default): from Hoyle's Games Modernized (Hoffmann, 1909), Poker Patience,
  the English table of the same years: one pair 1, threes 6, straight 12. It keeps the
  Standard Hoyle's footnote ("A Flush ... is valued below Three of a Kind": 5 < 6).
- ``"none"``: those three hands score nothing (only what the scan kept).

Whole tables as options: ``"english"`` (Hoffmann 1909: straight flush 30, fours 16, straight
12, full 10, threes 6, flush 5, two pairs 3, one pair 1; a royal flush is a straight flush) and
``"american"`` (Morehead & Mott-Smith, *The Complete Book of Solitaire and Patience Games*:
royal 100, straight flush 75, fours 50, full 25, flush 20, straight 15, threes 10, two pair 5,
pair 2). An ace is high or low in a straight (A-2-3-4-5), not both.

Cards are strings ``"7H"``, ``"TS"`` (rank then suit, as ``tournaments.deals.cards`` prints
them); a grid is 25 cells, row by row, ``None`` where no card is placed yet.
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from .matchpoints import matchpoints
from .ranking import rank

SIZE = 5
CELLS = SIZE * SIZE
RANKS = "23456789TJQKA"
SUITS = "SHDC"
HANDS = ("royal_flush", "straight_flush", "four_of_a_kind", "full_house", "flush", "straight",
         "three_of_a_kind", "two_pair", "one_pair", "nothing")
HAND_NAMES = {"royal_flush": "Royal flush", "straight_flush": "Straight flush", "four_of_a_kind": "Four of a kind",
              "full_house": "Full house", "flush": "Flush", "straight": "Straight",
              "three_of_a_kind": "Three of a kind", "two_pair": "Two pair", "one_pair": "One pair",
              "nothing": "Nothing"}

#: The Standard Hoyle's values as the scan keeps them; ``None`` where the value is lost.
STANDARD_HOYLE = {"royal_flush": 60, "straight_flush": 30, "four_of_a_kind": 20, "full_house": 12, "flush": 5,
                  "straight": None, "three_of_a_kind": None, "two_pair": 2, "one_pair": None, "nothing": 0}
#: Hoyle's Games Modernized (1909), Poker Patience: the English table (no royal flush of its own).
ENGLISH = {"royal_flush": 30, "straight_flush": 30, "four_of_a_kind": 16, "full_house": 10, "flush": 5,
           "straight": 12, "three_of_a_kind": 6, "two_pair": 3, "one_pair": 1, "nothing": 0}
#: Morehead & Mott-Smith, Poker Squares: the American table (poker's own order of hands).
AMERICAN = {"royal_flush": 100, "straight_flush": 75, "four_of_a_kind": 50, "full_house": 25, "flush": 20,
            "straight": 15, "three_of_a_kind": 10, "two_pair": 5, "one_pair": 2, "nothing": 0}
TABLES = {"standard_hoyle": STANDARD_HOYLE, "english": ENGLISH, "american": AMERICAN}
LOST_VALUES = ("english", "none")
PLACEMENTS = ("anywhere", "touching")
COMPARISONS = ("total", "matchpoints")
CALLERS = ("seeded", "pack")
MAX_DEALS = 20
RULE_CHOICES = {"table": tuple(TABLES), "lost_values": LOST_VALUES, "placement": PLACEMENTS,
                "comparison": COMPARISONS, "caller": CALLERS}
RULE_DEFAULTS = {"table": "standard_hoyle", "lost_values": "english", "placement": "anywhere",
                 "comparison": "total", "caller": "seeded", "deals": 3}


class PatienceError(ValueError):
    """Bad input to the patience rules; ``field`` names what is wrong (a 400 by that field)."""

    def __init__(self, message: str, field: str = "grid"):
        super().__init__(message)
        self.field = field


@dataclass(frozen=True)
class PatienceRules:
    """``table`` of values, how the Standard Hoyle's ``lost_values`` are filled, where a card may
    be ``placement``-d (``"anywhere"``: any empty square, as in Poker Squares; ``"touching"``:
    after the first, next to a card already placed, edge or corner, as both books say), the
    standings' ``comparison`` (``"total"``: the book; ``"matchpoints"``: each deal against the
    field, duplicate), who calls (``"seeded"``: the deal from the event's seed; ``"pack"``: the
    director calls from a real pack and enters each card) and the number of ``deals``."""

    table: str = "standard_hoyle"
    lost_values: str = "english"
    placement: str = "anywhere"
    comparison: str = "total"
    caller: str = "seeded"
    deals: int = 3

    def values(self) -> dict[str, int]:
        """Points of each hand under these rules."""
        base = TABLES[self.table]
        if self.table != "standard_hoyle":
            return dict(base)
        fill = ENGLISH if self.lost_values == "english" else {}
        return {hand: base[hand] if base[hand] is not None else fill.get(hand, 0) for hand in HANDS}


def rules_clean(rules: Mapping | None) -> PatienceRules:
    """Rules from a dict (stored JSON or a request), each checked; unknown keys refused."""
    rules = dict(rules or {})
    unknown = sorted(set(rules) - set(RULE_DEFAULTS))
    if unknown:
        raise PatienceError(f"unknown rule {unknown[0]!r}: the rules are {', '.join(RULE_DEFAULTS)}", "rules")
    values = {**RULE_DEFAULTS, **rules}
    for key, choices in RULE_CHOICES.items():
        if values[key] not in choices:
            raise PatienceError(f"{key} is one of {', '.join(choices)}", key)
    deals = values["deals"]
    if isinstance(deals, bool) or not isinstance(deals, int) or not 1 <= deals <= MAX_DEALS:
        raise PatienceError(f"deals is a whole number from 1 to {MAX_DEALS}", "deals")
    return PatienceRules(**values)


def rules_dict(rules: PatienceRules) -> dict:
    return {key: getattr(rules, key) for key in RULE_DEFAULTS}


def card_clean(text) -> str:
    """A card as ``"7H"``: accepts ``"7h"``, ``"10H"``, ``"H7"``, ``"♥7"``."""
    if not isinstance(text, str):
        raise PatienceError(f"{text!r} is not a card", "card")
    t = text.strip().upper().replace("10", "T")
    for symbol, letter in zip("♠♥♦♣", SUITS):
        t = t.replace(symbol, letter)
    if len(t) == 2:
        if t[0] in RANKS and t[1] in SUITS:
            return t
        if t[0] in SUITS and t[1] in RANKS:
            return t[1] + t[0]
    raise PatienceError(f"{text!r} is not a card (rank then suit, e.g. 7H or TS)", "card")


def grid_clean(cells: Sequence, *, complete: bool = True) -> tuple[str | None, ...]:
    """25 cells, row by row; each a card or (``complete=False``) empty. No card twice."""
    if isinstance(cells, (str, bytes)) or not isinstance(cells, Sequence) or len(cells) != CELLS:
        raise PatienceError(f"a grid is {CELLS} cells, row by row")
    out: list[str | None] = []
    seen: dict[str, int] = {}
    for i, cell in enumerate(cells):
        if cell in (None, ""):
            if complete:
                raise PatienceError(f"square {square_name(i)} is empty: a grid holds {CELLS} cards")
            out.append(None)
            continue
        try:
            card = card_clean(cell)
        except PatienceError as exc:
            raise PatienceError(f"square {square_name(i)}: {exc}") from None
        if card in seen:
            raise PatienceError(f"{card} is in squares {square_name(seen[card])} and {square_name(i)}: "
                                f"the {CELLS} cards must differ")
        seen[card] = i
        out.append(card)
    return tuple(out)


def square_name(index: int) -> str:
    """Row letter and column number: square 0 is ``A1``, square 24 ``E5``."""
    return f"{'ABCDE'[index // SIZE]}{index % SIZE + 1}"


def hand_kind(cards: Sequence[str]) -> str:
    """The best poker hand the five cards make (one of ``HANDS``)."""
    ranks = sorted(RANKS.index(c[0]) for c in cards)
    counts = sorted(Counter(ranks).values(), reverse=True)
    flush = len({c[1] for c in cards}) == 1
    straight = counts[0] == 1 and (ranks[-1] - ranks[0] == 4 or ranks == [0, 1, 2, 3, 12])
    if straight and flush:
        return "royal_flush" if ranks[0] == RANKS.index("T") else "straight_flush"
    if counts[0] == 4:
        return "four_of_a_kind"
    if counts[:2] == [3, 2]:
        return "full_house"
    if flush:
        return "flush"
    if straight:
        return "straight"
    if counts[0] == 3:
        return "three_of_a_kind"
    if counts[:2] == [2, 2]:
        return "two_pair"
    return "one_pair" if counts[0] == 2 else "nothing"


@dataclass(frozen=True)
class Hand:
    line: str  # "row 1" .. "row 5", "column 1" .. "column 5"
    cards: tuple[str, ...]
    kind: str
    points: int


@dataclass(frozen=True)
class GridScore:
    hands: tuple[Hand, ...]
    total: int


def grid_lines(grid: Sequence) -> list[tuple[str, tuple]]:
    """The ten lines of a grid: five rows, then five columns."""
    rows = [(f"row {r + 1}", tuple(grid[r * SIZE + c] for c in range(SIZE))) for r in range(SIZE)]
    cols = [(f"column {c + 1}", tuple(grid[r * SIZE + c] for r in range(SIZE))) for c in range(SIZE)]
    return rows + cols


def grid_score(cells: Sequence, rules: PatienceRules = PatienceRules()) -> GridScore:
    """The ten hands of a full grid and their total by the rules' table."""
    grid = grid_clean(cells)
    values = rules.values()
    hands = []
    for line, cards in grid_lines(grid):
        kind = hand_kind(cards)
        hands.append(Hand(line=line, cards=cards, kind=kind, points=values[kind]))
    return GridScore(hands=tuple(hands), total=sum(h.points for h in hands))


def touches(grid: Sequence, index: int) -> bool:
    """Whether square ``index`` is next to a placed card, edge or corner."""
    r, c = divmod(index, SIZE)
    return any(grid[rr * SIZE + cc] is not None for rr in range(max(0, r - 1), min(SIZE, r + 2))
               for cc in range(max(0, c - 1), min(SIZE, c + 2)) if (rr, cc) != (r, c))


def place(cells: Sequence, index, card, rules: PatienceRules = PatienceRules()) -> tuple[str | None, ...]:
    """The grid with ``card`` placed in square ``index`` (0-24): the square must be empty, the
    card not already placed, and under ``placement="touching"`` next to a placed card."""
    grid = grid_clean(cells, complete=False)
    if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < CELLS:
        raise PatienceError(f"the square is a number from 0 to {CELLS - 1}, row by row", "square")
    card = card_clean(card)
    if grid[index] is not None:
        raise PatienceError(f"square {square_name(index)} already holds {grid[index]}", "square")
    if card in grid:
        raise PatienceError(f"{card} is already placed, in square {square_name(grid.index(card))}", "card")
    if rules.placement == "touching" and any(grid) and not touches(grid, index):
        raise PatienceError(f"square {square_name(index)} touches no card: each card after the first is placed "
                            "next to one already down, edge or corner (the books' rule)", "square")
    return grid[:index] + (card,) + grid[index + 1:]


def deal_scores(scores: Mapping[str, int], comparison: str = "total") -> dict[str, float]:
    """What a deal's grids count for the standings: their points (``"total"``), or each grid's
    matchpoints against every other grid of the deal (``"matchpoints"``, 2 a grid beaten, 1 a
    tie: the field compared with the same cards, as duplicate is scored)."""
    if comparison not in COMPARISONS:
        raise PatienceError(f"comparison is one of {', '.join(COMPARISONS)}", "comparison")
    labels = list(scores)
    if comparison == "total":
        return {label: float(scores[label]) for label in labels}
    return dict(zip(labels, matchpoints([scores[label] for label in labels])))


@dataclass(frozen=True)
class PatienceStanding:
    label: str
    rank: str
    total: float
    points: int
    deals: tuple[float | None, ...]  # what each deal counted (None: no grid that deal)


def standings(deals: Sequence[Mapping[str, int]], labels: Sequence[str], comparison: str = "total"
              ) -> list[PatienceStanding]:
    """Every player's total over the deals scored so far, highest first (the book: "the person
    having the highest wins"); ties share a rank. With matchpoints, ties on matchpoints are
    left as ties (the grids' points are shown beside them)."""
    counted = [deal_scores(deal, comparison) for deal in deals]
    rows = {}
    for label in labels:
        per_deal = tuple(c.get(label) for c in counted)
        rows[label] = PatienceStanding(label=label, rank="", total=sum(v for v in per_deal if v is not None),
                                       points=sum(deal.get(label, 0) for deal in deals), deals=per_deal)
    ranked = rank({label: row.total for label, row in rows.items()})
    return [PatienceStanding(label=label, rank=place_, total=rows[label].total, points=rows[label].points,
                             deals=rows[label].deals) for place_, label in ranked]


def call(called: Sequence[str], rules: PatienceRules, *, seeded: Sequence[str] = (), card=None,
         count: int = 1) -> tuple[str, ...]:
    """The deal's called cards after calling ``count`` more: the seeded deal's next ones
    (``caller="seeded"``, ``seeded`` its 25 cards in order), or ``card`` from the director's own
    pack (``caller="pack"``, one at a time). Never past 25, never a card twice."""
    called = tuple(called)
    if len(called) >= CELLS:
        raise PatienceError(f"all {CELLS} cards of this deal are called: close the deal", "deal")
    if rules.caller == "seeded":
        if card not in (None, ""):
            raise PatienceError("the deal is seeded: the cards come from the seed, none is entered", "card")
        if isinstance(count, bool) or not isinstance(count, int) or count < 1:
            raise PatienceError("count is a whole number of cards from 1", "count")
        return tuple(seeded[:min(CELLS, len(called) + count)])
    if card in (None, ""):
        raise PatienceError("the caller calls from a pack: give the card called, e.g. 7H", "card")
    card = card_clean(card)
    if card in called:
        raise PatienceError(f"{card} was called already (card {called.index(card) + 1} of this deal)", "card")
    return called + (card,)


def next_to_place(called: Sequence[str], cells: Sequence) -> str | None:
    """The first called card not yet in the grid (a phone behind the caller places in order)."""
    placed = {c for c in cells if c}
    return next((c for c in called if c not in placed), None)
