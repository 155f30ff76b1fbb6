"""Cards, packs and deals.

A ``Pack`` is part of the game rules: which suits and ranks are in play, how many seats
and how many cards each seat is dealt (anything left over stays undealt, e.g. the euchre
kitty).  Bridge and whist use the full 52-card pack dealt 13 to each of four hands; the
Standard Hoyle's euchre uses a 32-card pack (ace down to seven), five cards to each player.

Seats are ``N E S W`` (clockwise).  Cards print as rank then suit, ``"2S"``, ``"TH"``.
A ``Deal`` is validated on construction: every card of the pack exactly once, the right
number in every hand; the error names the board when one is known (PBN 2.1, 3.4.11).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property

__all__ = [
    "BRIDGE_PACK",
    "Card",
    "Deal",
    "DealError",
    "EUCHRE_PACK",
    "Pack",
    "RANKS",
    "SEATS",
    "SUITS",
    "parse_card",
    "seat_after",
]

SEATS = "NESW"
SUITS = "SHDC"  # PBN hand order: spades, hearts, diamonds, clubs
RANKS = "AKQJT98765432"
SEAT_NAMES = {"N": "North", "E": "East", "S": "South", "W": "West"}
SUIT_NAMES = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}


def seat_after(seat: str, steps: int = 1) -> str:
    """The seat ``steps`` places to the left (clockwise): ``seat_after("N") == "E"``."""
    return SEATS[(SEATS.index(seat) + steps) % 4]


class DealError(ValueError):
    """A deal that breaks the pack's rules; ``board`` is set when the board is known."""

    def __init__(self, message: str, board: int | None = None):
        self.message = message
        self.board = board
        super().__init__(f"board {board}: {message}" if board is not None else message)

    def for_board(self, board: int | None) -> "DealError":
        return DealError(self.message, board)


@dataclass(frozen=True)
class Card:
    """One card; ordering follows the pack order (spades first, ace high)."""

    suit: str
    rank: str

    def __post_init__(self) -> None:
        if self.suit not in SUITS or self.rank not in RANKS:
            raise DealError(f"{self.rank}{self.suit} is not a card")

    @property
    def number(self) -> int:
        """Big Deal card number: spade ace 0 ... club two 51."""
        return SUITS.index(self.suit) * 13 + RANKS.index(self.rank)

    def __str__(self) -> str:
        return f"{self.rank}{self.suit}"

    def __lt__(self, other: "Card") -> bool:  # pack order, not field order
        return self.number < other.number


def parse_card(text: str) -> Card:
    """Read ``"2S"``, ``"S2"``, ``"10h"`` or ``"♠A"`` into a Card."""
    t = text.strip().upper().replace("10", "T")
    for sym, letter in zip("♠♥♦♣", "SHDC"):
        t = t.replace(sym, letter)
    if len(t) == 2:
        a, b = t[0], t[1]
        if a in RANKS and b in SUITS:
            return Card(b, a)
        if a in SUITS and b in RANKS:
            return Card(a, b)
    raise DealError(f"{text!r} is not a card")


@dataclass(frozen=True)
class Pack:
    """The pack a game deals: suits, ranks (high to low), seats and cards per seat."""

    name: str
    ranks: str = RANKS
    suits: str = SUITS
    hand_size: int = 13
    seats: int = 4

    @cached_property
    def cards(self) -> tuple[Card, ...]:
        return tuple(Card(s, r) for s in self.suits for r in self.ranks)

    @property
    def size(self) -> int:
        return len(self.suits) * len(self.ranks)

    @property
    def undealt(self) -> int:
        """Cards left over after the deal (the euchre kitty; zero in bridge and whist)."""
        return self.size - self.seats * self.hand_size

    @property
    def is_full(self) -> bool:
        """True for the 52-card pack dealt 13 to each of four seats (Big Deal numbering)."""
        return self.size == 52 and self.seats == 4 and self.hand_size == 13


#: Bridge and whist: 52 cards, 13 to each of four hands.
BRIDGE_PACK = Pack("standard")
#: Standard Hoyle, Euchre: a 32-card pack (the twos to sixes removed), five cards to each player.
EUCHRE_PACK = Pack("euchre", ranks="AKQJT987", hand_size=5)


def _sorted(cards) -> tuple[Card, ...]:
    return tuple(sorted(cards, key=lambda c: c.number))


@dataclass(frozen=True)
class Deal:
    """The four hands ``N, E, S, W`` (each sorted in pack order) and any undealt cards."""

    hands: tuple[tuple[Card, ...], ...]
    pack: Pack = field(default=BRIDGE_PACK, compare=False)
    rest: tuple[Card, ...] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "hands", tuple(_sorted(h) for h in self.hands))
        object.__setattr__(self, "rest", _sorted(self.rest))
        _validate(self)

    def hand(self, seat: str) -> tuple[Card, ...]:
        return self.hands[SEATS.index(seat)]

    def holder(self, card: Card) -> str | None:
        """The seat holding ``card`` (None when it is undealt)."""
        for seat, hand in zip(SEATS, self.hands):
            if card in hand:
                return seat
        return None

    def holding(self, seat: str, suit: str) -> str:
        """Ranks of one suit in one hand, high to low: ``"AKT2"`` ("" for a void)."""
        return "".join(c.rank for c in self.hand(seat) if c.suit == suit)

    def to_pbn(self, first: str = "N") -> str:
        """PBN Deal value, hands clockwise from ``first``: ``"N:AK..."``; voids are empty."""
        start = SEATS.index(first)
        parts = []
        for k in range(4):
            seat = SEATS[(start + k) % 4]
            parts.append(".".join(self.holding(seat, s) for s in SUITS))
        return f"{first}:" + " ".join(parts)

    @classmethod
    def from_pbn(cls, text: str, pack: Pack = BRIDGE_PACK, board: int | None = None) -> "Deal":
        """Read a PBN Deal value leniently (lower case, ``10``, ``-`` for a void, suit letters
        before each holding, no ``N:`` prefix meaning North first); raise DealError naming the board."""
        try:
            return cls._from_pbn(text, pack)
        except DealError as err:
            raise err.for_board(board) from None

    @classmethod
    def _from_pbn(cls, text: str, pack: Pack) -> "Deal":
        body = text.strip()
        first = "N"
        if len(body) >= 2 and body[1] == ":":
            first = body[0].upper()
            body = body[2:]
            if first not in SEATS:
                raise DealError(f"first seat {text.strip()[0]!r} is not one of N, E, S, W")
        words = body.split()
        if len(words) != 4:
            raise DealError(f"deal has {len(words)} hands, needs 4")
        hands: dict[str, list[Card]] = {}
        for k, word in enumerate(words):
            seat = seat_after(first, k)
            hands[seat] = _parse_hand(word, seat)
        return cls(tuple(tuple(hands[s]) for s in SEATS), pack)


def _parse_hand(word: str, seat: str) -> list[Card]:
    if word == "-":
        return []
    suits = word.split(".")
    if len(suits) != 4:
        raise DealError(f"{SEAT_NAMES[seat]}'s hand {word!r} has {len(suits)} suits, needs 4")
    cards = []
    for suit, holding in zip(SUITS, suits):
        ranks = holding.upper().replace("10", "T")
        if ranks[:1] == suit:  # suit letters inside the hand, "SA7.H864.DQJT73.CAKQ" (endplay#15)
            ranks = ranks[1:] or "-"
        if ranks == "-":
            continue
        for r in ranks:
            if r not in RANKS:
                raise DealError(f"{SEAT_NAMES[seat]}'s {SUIT_NAMES[suit]} {holding!r}: {r!r} is not a rank")
            cards.append(Card(suit, r))
    return cards


def _validate(deal: Deal) -> None:
    pack = deal.pack
    if len(deal.hands) != pack.seats:
        raise DealError(f"deal has {len(deal.hands)} hands, needs {pack.seats}")
    in_pack = set(pack.cards)
    seen: dict[Card, str] = {}
    for seat, hand in zip(SEATS, deal.hands):
        for card in hand:
            if card not in in_pack:
                raise DealError(f"{card} in {SEAT_NAMES[seat]}'s hand is not in the {pack.name} pack")
            if seen.get(card) == seat:
                raise DealError(f"{card} appears twice in {SEAT_NAMES[seat]}'s hand")
            if card in seen:
                raise DealError(f"{card} is in both {SEAT_NAMES[seen[card]]}'s and {SEAT_NAMES[seat]}'s hands")
            seen[card] = seat
    for seat, hand in zip(SEATS, deal.hands):
        if len(hand) != pack.hand_size:
            raise DealError(f"{SEAT_NAMES[seat]} holds {len(hand)} cards, needs {pack.hand_size}")
    for card in deal.rest:
        if card in seen or card not in in_pack:
            raise DealError(f"undealt card {card} is dealt or not in the pack")
    missing = in_pack - set(seen) - set(deal.rest)
    if missing:
        raise DealError("missing cards: " + " ".join(str(c) for c in _sorted(missing)))
