"""Duplimate ``.DUP`` files, the dealing machine's own format: read and write (pure Python).

Each board is a 156-byte record (Duplimate's "convert" note, as summarised in the public
njhammond/hand_record_utility DESIGN.md):

- 78 bytes "BRI": the North, East and South hands, 13 cards each as two digits, ``01`` the
  ace of spades to ``13`` the two, ``14``-``26`` hearts, ``27``-``39`` diamonds, ``40``-``52``
  clubs (any order); West holds the rest.
- 68 bytes "DGE": the four hands as 17 bytes each, a suit symbol before each suit's ranks.
  Cardroom writes North, East, South, West with the DOS glyph codes 0x06 0x03 0x04 0x05
  (spade, heart, diamond, club); it reads only the BRI part, which determines the deal.
- 10 bytes of duplication settings: "Random hands?" and "Backwards counting?" (``Y``/``N``),
  the lowest board number (3 bytes), copies of each board (2) and the highest board number
  (3), left-aligned and padded with spaces: ``YN1  1 32 `` for a set of 32.

Boards are numbered from the lowest board of the first record onward. Errors name the board
and the byte offset (``DupError``).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from .cards import RANKS, SEATS, SUITS, Card, Deal, DealError
from .located import located

__all__ = ["RECORD", "DupBoard", "DupError", "dup_to_pbn", "pbn_to_dup", "read_dup", "write_dup"]

RECORD = 156
MAX_BOARDS = 999  # the format's 3-digit board numbers
_GLYPH = {"S": b"\x06", "H": b"\x03", "D": b"\x04", "C": b"\x05"}


class DupError(ValueError):
    def __init__(self, message: str, board: int | None = None, offset: int | None = None):
        super().__init__(located(message, board=board, byte=offset))
        self.board, self.offset = board, offset


@dataclass(frozen=True)
class DupBoard:
    number: int
    deal: Deal


def _code(card: Card) -> str:
    return f"{SUITS.index(card.suit) * 13 + RANKS.index(card.rank) + 1:02d}"


def _card(code: str, board: int, offset: int) -> Card:
    if not code.isdigit() or not 1 <= int(code) <= 52:
        raise DupError(f"card code {code!r} is not 01-52", board, offset)
    n = int(code) - 1
    return Card(SUITS[n // 13], RANKS[n % 13])


def _trailer(first: int, copies: int, last: int) -> bytes:
    return ("YN" + f"{first:<3}" + f"{copies:<2}" + f"{last:<3}").encode("ascii")


def write_dup(boards: Sequence[DupBoard], *, copies: int = 1) -> bytes:
    """A .DUP file for consecutive boards (the machine numbers them from the first)."""
    if not boards:
        raise DupError("no boards to write")
    numbers = [b.number for b in boards]
    consecutive = numbers == list(range(numbers[0], numbers[0] + len(numbers)))
    if not consecutive or not 1 <= numbers[0] <= numbers[-1] <= MAX_BOARDS:
        raise DupError(f"boards must run consecutively within 1-{MAX_BOARDS} (got {numbers[0]}-{numbers[-1]}, "
                       f"{len(numbers)} boards)")
    if not 1 <= copies <= 99:
        raise DupError(f"copies of each board: 1-99, not {copies}")
    trailer = _trailer(numbers[0], copies, numbers[-1])
    out = bytearray()
    for b in boards:
        if any(len(b.deal.hand(seat)) != 13 for seat in SEATS):
            raise DupError("every hand needs 13 cards", b.number)
        bri = "".join(_code(c) for seat in "NES" for c in b.deal.hand(seat)).encode("ascii")
        dge = b"".join(_GLYPH[s] + b.deal.holding(seat, s).encode("ascii") for seat in SEATS for s in SUITS)
        out += bri + dge + trailer
    return bytes(out)


def read_dup(data: bytes) -> list[DupBoard]:
    """The boards of a .DUP file; DupError names board and byte offset."""
    if not data or len(data) % RECORD:
        raise DupError(f"a .DUP file is a multiple of {RECORD} bytes; this one has {len(data)}")
    count = len(data) // RECORD
    if count > MAX_BOARDS:
        raise DupError(f"{count} boards, over the format's {MAX_BOARDS}")
    first_text = data[148:151].decode("ascii", "replace").strip()
    first = int(first_text) if first_text.isdigit() and int(first_text) >= 1 else 1
    out = []
    for i in range(count):
        base, number = i * RECORD, first + i
        try:
            bri = data[base:base + 78].decode("ascii")
        except UnicodeDecodeError:
            raise DupError("the card codes are not ASCII digits", number, base) from None
        hands = []
        for h in range(3):
            hands.append([_card(bri[26 * h + 2 * k:26 * h + 2 * k + 2], number, base + 26 * h + 2 * k)
                          for k in range(13)])
        held = {c for hand in hands for c in hand}
        if len(held) != 39:
            raise DupError("a card appears twice in the North, East and South hands", number, base)
        west = [Card(s, r) for s in SUITS for r in RANKS if Card(s, r) not in held]
        try:
            deal = Deal((tuple(hands[0]), tuple(hands[1]), tuple(hands[2]), tuple(west)))
        except DealError as exc:
            raise DupError(str(exc), number, base) from None
        out.append(DupBoard(number, deal))
    return out


def dup_to_pbn(data: bytes) -> str:
    """A .DUP file as PBN hand records (dealer and vulnerability from the board numbers, Law 2)."""
    from .boards import board_dealer, board_vulnerability
    from .pbn import make_game, write_pbn

    return write_pbn(make_game([("Board", str(b.number)), ("Dealer", board_dealer(b.number)),
                                ("Vulnerable", board_vulnerability(b.number)), ("Deal", b.deal.to_pbn())])
                     for b in read_dup(data))


def pbn_to_dup(text: bytes | str, *, copies: int = 1) -> bytes:
    """PBN hand records (consecutive boards) as a .DUP file for the dealing machine."""
    from .pbn import read_pbn

    boards = []
    for game in read_pbn(text):
        number, deal = game.value("Board"), game.value("Deal")
        if number is None or deal is None:
            continue
        if not number.isdigit():
            raise DupError(f"Board {number!r} is not a number", None)
        try:
            boards.append(DupBoard(int(number), Deal.from_pbn(deal, board=int(number))))
        except DealError as exc:
            raise DupError(str(exc), int(number)) from None
    return write_dup(sorted(boards, key=lambda b: b.number), copies=copies)
