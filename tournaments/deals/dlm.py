"""Duplimate / Dealer4 ``.DLM`` files: read and write (pure Python).

The format as published on rec.games.bridge ("File formats", Steve Foster, 12 March 2011) and
the BBO forums ("Structure of DLM files", July 2013): a Windows INI file whose ``[Document]``
section holds ``From board=X``, ``To board=Y`` and one ``Board NN=`` line per board: 26 letters
``a``-``p`` and a three-digit checksum. The 52 cards in pack order (spades, hearts, diamonds,
clubs; ace to two) are taken two at a time; each letter gives both cards' seats, ``a`` = N,N,
``b`` = N,E, ``c`` = N,S ... ``p`` = W,W (letter value = 4 x first seat + second seat).

Checksums as Big Deal writes them (Hans van Staveren's dealer, ``hansvanstaveren/BigDeal``
``output.c`` at commit ``0146b0021a8f1c949b02c8e5051e8c682bf6eab8``, ``print_dlm`` and
``init_dlmcommon``; its comments credit the rule to KGB): a board's three digits are the board
number XOR the character code of each of its 26 letters (both published board-1 examples agree);
the header's ``Checksum=`` is ``Duplicates`` XOR ``From board`` XOR ``To board``, XOR 1 when
``Status=Show``. A file always holds boards 1-99: those outside From-To are placeholders
(``aaaaaabffffffkkkkkklpppppp``) and are not read as boards; the format numbers no board above 99.

Reading checks both checksums: a board line whose checksum is wrong, or a header whose
``Checksum=`` does not match its fields, is a damaged file (DlmError naming line and board). A
board line without a checksum is read as it is. Other keys of the section are ignored.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from functools import reduce
from typing import Sequence

from .cards import RANKS, SEATS, SUITS, Card, Deal, DealError
from .located import located

__all__ = ["DlmBoard", "DlmError", "dlm_checksum", "header_checksum", "dlm_to_pbn", "pbn_to_dlm", "read_dlm", "write_dlm"]

MAX_BYTES = 256 * 1024  # 100 boards take about 4 KiB
_BOARD = re.compile(r"^board\s*(\d{1,3})$", re.I)
MAX_BOARD = 99  # Big Deal: "Format cannot do more than 99"; a file always holds 99 boards
_PLACEHOLDER = "aaaaaabffffffkkkkkklpppppp"  # Big Deal's filler for boards outside From-To
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
    """A board line's three-digit checksum: the board number XOR each letter's code (Big Deal)."""
    return reduce(lambda acc, ch: acc ^ ord(ch), letters, 0) ^ number


def header_checksum(duplicates: int, first: int, last: int, show: bool) -> int:
    """The ``[Document]`` section's ``Checksum=``: Duplicates ^ From ^ To, ^ 1 when Status=Show (Big Deal)."""
    return duplicates ^ first ^ last ^ (1 if show else 0)


def _int(value: str, key: str, line: int) -> int:
    if not value.isdigit():
        raise DlmError(f"{key}={value!r} is not a number", line)
    return int(value)


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
    """The boards From-To of the ``[Document]`` section (all its boards when it gives no range);
    DlmError names line and board, and a wrong checksum is one."""
    if isinstance(data, bytes):
        if len(data) > MAX_BYTES:
            raise DlmError(f"file is {len(data)} bytes, over the {MAX_BYTES}-byte limit")
        data = data.decode("latin-1")
    section, found, seen, header = "", [], set(), {}
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
            lowered = " ".join(key.lower().split())
            if lowered in ("from board", "to board", "duplicates", "checksum", "status"):
                header[lowered] = (value, line_no)
            continue
        number = int(m.group(1))
        v = _VALUE.match(value)
        if not v:
            raise DlmError(f"board data {value!r} is not 26 letters a-p and a checksum", line_no, number)
        if number in seen:
            raise DlmError("board appears twice", line_no, number)
        seen.add(number)
        letters, written = v.group(1), v.group(2)
        if written is not None and int(written) != dlm_checksum(letters, number):
            raise DlmError(f"checksum {written} does not match the board's cards (expected "
                           f"{dlm_checksum(letters, number):03d}): the file is damaged", line_no, number)
        found.append((number, letters, line_no))
    first = _int(*header["from board"], "From board") if "from board" in header else None
    last = _int(*header["to board"], "To board") if "to board" in header else None
    if "checksum" in header and first is not None and last is not None:
        value, line_no = header["checksum"]
        duplicates = _int(*header["duplicates"], "Duplicates") if "duplicates" in header else 0
        show = header.get("status", ("",))[0].strip().lower() == "show"
        expected = header_checksum(duplicates, first, last, show)
        if _int(value, "Checksum", line_no) != expected:
            raise DlmError(f"Checksum={value} does not match Duplicates, From board, To board and Status "
                           f"(expected {expected}): the file is damaged", line_no)
    out = [DlmBoard(number, decode(letters, number, line_no)) for number, letters, line_no in found
           if (first is None or number >= first) and (last is None or number <= last)]
    if not out:
        raise DlmError("no [Document] section with Board lines")
    return sorted(out, key=lambda b: b.number)


def write_dlm(boards: Sequence[DlmBoard], *, headline: str = "Cardroom") -> str:
    """DLM text (CRLF) for consecutive boards within 1-99, laid out as Big Deal writes it: the
    header with its checksum, then boards 1-99, those outside the set as placeholders."""
    if not boards:
        raise DlmError("no boards to write")
    numbers = [b.number for b in boards]
    if numbers != list(range(numbers[0], numbers[0] + len(numbers))) or not 1 <= numbers[0] <= numbers[-1] <= MAX_BOARD:
        raise DlmError(f"boards must run consecutively within 1-{MAX_BOARD} (got {numbers[0]}-{numbers[-1]})")
    first, last = numbers[0], numbers[-1]
    lines = ["[Document]", f"Headline={headline.replace(chr(13), ' ').replace(chr(10), ' ')}", "Status=Show",
             "Duplicates=0", f"From board={first}", f"To board={last}", "Next board to duplimate=0",
             "PrintOuts=0", "Crypto key=0", f"Checksum={header_checksum(0, first, last, True)}"]
    letters_of = {b.number: encode(b.deal) for b in boards}
    for number in range(1, MAX_BOARD + 1):
        letters = letters_of.get(number, _PLACEHOLDER)
        lines += [f"Duplicates {number:02d}=0", f"Board {number:02d}={letters}{dlm_checksum(letters, number):03d}"]
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
