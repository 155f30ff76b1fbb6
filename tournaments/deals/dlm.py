"""Duplimate / Dealer4 ``.DLM`` files: read and write (pure Python).

The format as published on rec.games.bridge ("File formats", Steve Foster, 12 March 2011) and
the BBO forums ("Structure of DLM files", July 2013): a Windows INI file whose ``[Document]``
section holds ``From board=X``, ``To board=Y`` and one ``Board NN=`` line per board: 26 letters
``a``-``p`` and a three-digit checksum. The 52 cards in pack order (spades, hearts, diamonds,
clubs; ace to two) are taken two at a time; each letter gives both cards' seats, ``a`` = N,N,
``b`` = N,E, ``c`` = N,S ... ``p`` = W,W (letter value = 4 x first seat + second seat).

The per-board checksum is not published. Both public examples (board 1) equal the XOR of the
26 letters' character codes with the board number; Cardroom writes that and does not check it
when reading, so a file with another checksum still reads. Other keys of the section are kept
out of the deal and ignored.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from functools import reduce
from typing import Sequence

from .cards import RANKS, SEATS, SUITS, Card, Deal, DealError
from .located import located

__all__ = ["DlmBoard", "DlmError", "dlm_checksum", "dlm_to_pbn", "pbn_to_dlm", "read_dlm", "write_dlm"]

MAX_BYTES = 256 * 1024  # 100 boards take about 4 KiB
_BOARD = re.compile(r"^board\s*(\d{1,3})$", re.I)
_VALUE = re.compile(r"^([a-p]{26})(\d{3})?$")
_PACK = [Card(s, r) for s in SUITS for r in RANKS]


class DlmError(ValueError):
    def __init__(self, message: str, line: int | None = None, board: int | None = None):
        super().__init__(located(message, board=board, line=line))
        self.line, self.board = line, board


@dataclass(frozen=True)
class DlmBoard:
    number: int
    deal: Deal


def dlm_checksum(letters: str, number: int) -> int:
    """The three-digit checksum as inferred from the published examples (see the module note)."""
    return reduce(lambda acc, ch: acc ^ ord(ch), letters, 0) ^ number


def encode(deal: Deal) -> str:
    seats = [deal.holder(card) for card in _PACK]
    if None in seats:
        raise DlmError("every card must be dealt")
    return "".join(chr(97 + 4 * SEATS.index(a) + SEATS.index(b)) for a, b in zip(seats[::2], seats[1::2]))


def decode(letters: str, number: int | None = None, line: int | None = None) -> Deal:
    hands: dict[str, list[Card]] = {s: [] for s in SEATS}
    for k, ch in enumerate(letters):
        value = ord(ch) - 97
        hands[SEATS[value // 4]].append(_PACK[2 * k])
        hands[SEATS[value % 4]].append(_PACK[2 * k + 1])
    try:
        return Deal(tuple(tuple(hands[s]) for s in SEATS))
    except DealError as exc:
        raise DlmError(str(exc), line, number) from None


def read_dlm(data: bytes | str) -> list[DlmBoard]:
    """The boards of the ``[Document]`` section; DlmError names line and board."""
    if isinstance(data, bytes):
        if len(data) > MAX_BYTES:
            raise DlmError(f"file is {len(data)} bytes, over the {MAX_BYTES}-byte limit")
        data = data.decode("latin-1")
    section, out, seen = "", [], set()
    for line_no, raw in enumerate(data.lstrip("\ufeff").splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith(";"):
            continue
        if line.startswith("[") and line.endswith("]"):
            section = line[1:-1].strip().lower()
            continue
        if section != "document" or "=" not in line:
            continue
        key, _, value = (part.strip() for part in line.partition("="))
        m = _BOARD.match(key)
        if not m:
            continue
        number = int(m.group(1))
        v = _VALUE.match(value)
        if not v:
            raise DlmError(f"board data {value!r} is not 26 letters a-p and a checksum", line_no, number)
        if number in seen:
            raise DlmError("board appears twice", line_no, number)
        seen.add(number)
        out.append(DlmBoard(number, decode(v.group(1), number, line_no)))
    if not out:
        raise DlmError("no [Document] section with Board lines")
    return sorted(out, key=lambda b: b.number)


def write_dlm(boards: Sequence[DlmBoard], *, headline: str = "Cardroom") -> str:
    """DLM text (CRLF) for consecutive boards."""
    if not boards:
        raise DlmError("no boards to write")
    numbers = [b.number for b in boards]
    if numbers != list(range(numbers[0], numbers[0] + len(numbers))) or not 1 <= numbers[0] <= numbers[-1] <= 999:
        raise DlmError(f"boards must run consecutively within 1-999 (got {numbers[0]}-{numbers[-1]})")
    lines = ["[Document]", f"Headline={headline.replace(chr(13), ' ').replace(chr(10), ' ')}",
             f"From board={numbers[0]}", f"To board={numbers[-1]}"]
    for b in boards:
        letters = encode(b.deal)
        lines.append(f"Board {b.number:02d}={letters}{dlm_checksum(letters, b.number):03d}")
    return "\r\n".join(lines) + "\r\n"


def dlm_to_pbn(data: bytes | str) -> str:
    """A .DLM file as PBN hand records (dealer and vulnerability from the board numbers, Law 2)."""
    from .boards import board_dealer, board_vulnerability
    from .pbn import make_game, write_pbn

    return write_pbn(make_game([("Board", str(b.number)), ("Dealer", board_dealer(b.number)),
                                ("Vulnerable", board_vulnerability(b.number)), ("Deal", b.deal.to_pbn())])
                     for b in read_dlm(data))


def pbn_to_dlm(text: bytes | str) -> str:
    """PBN hand records (consecutive boards) as .DLM text."""
    from .pbn import read_pbn

    boards = []
    for game in read_pbn(text):
        number, deal = game.value("Board"), game.value("Deal")
        if number is None or deal is None:
            continue
        if not number.isdigit():
            raise DlmError(f"Board {number!r} is not a number")
        try:
            boards.append(DlmBoard(int(number), Deal.from_pbn(deal, board=int(number))))
        except DealError as exc:
            raise DlmError(str(exc), board=int(number)) from None
    return write_dlm(sorted(boards, key=lambda b: b.number))
