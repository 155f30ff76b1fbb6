"""Where in a file an error is, said one way for every reader (PBN results, DLM, DUP):
``board 3, line 12: message``."""
from __future__ import annotations


def located(message: str, *, board=None, line: int | None = None, byte: int | None = None) -> str:
    """``message`` after the board, line and byte offset that are known (a board or line of 0
    or None is not known; a byte offset of 0 is the file's first byte)."""
    where = ", ".join(part for part in (f"board {board}" if board else "", f"line {line}" if line else "",
                                        f"byte {byte}" if byte is not None else "") if part)
    return f"{where}: {message}" if where else message
