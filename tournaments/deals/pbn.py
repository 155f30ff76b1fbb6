"""Portable Bridge Notation: a lenient generic reader and a strict writer.

PBN 2.1 (Veugen et al.) is PGN for bridge: games separated by an empty line, each a run
of tag pairs ``[Name "value"]``.  A tag may be followed by data lines (its *section*):
the rows of a table tag such as ``[OptimumResultTable "Declarer;Denomination\\2R;Result\\2R"]``
or ``[ScoreTable ...]``, or the calls and cards of ``[Auction]`` / ``[Play]``.

The reader accepts the *import* format loosely: ``%`` lines (directives), ``;`` and
``{...}`` comments (dropped), ``?`` values, missing tags, several tags on one line,
unquoted values, CRLF or LF, UTF-8 (with or without BOM) or Latin-1 bytes, blank lines and
comments between the rows of a table, statistics lines (``Average: 52.3``) under one, the ``#``
value meaning "same as the previous game" (PBN 2.1, 3.5), and a repeated tag without a
blank line starting a new game.  Every tag remembers its line number for error messages.

The writer produces the *export* format: the Mandatory Tag Set first in its prescribed
order (``?`` when unknown), one tag per line, single spaces, CRLF line ends.

    games = read_pbn(path.read_bytes())
    games[0].value("Board")                      -> "1"   (None when missing or "?")
    games[0].table("OptimumResultTable")         -> [{"Declarer": "N", ...}, ...]
    game = make_game([("Board", "1"), ("Deal", "N:...")],
                     tables={"ScoreTable": ("PairId_NS\\2R;Score_NS\\5R", [("1", "420")])})
    text = write_pbn([game])                     # str with CRLF; encode as latin-1/utf-8
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from typing import Iterable, Mapping, Sequence

__all__ = [
    "MANDATORY_TAGS",
    "PbnError",
    "PbnGame",
    "PbnTag",
    "decode_pbn",
    "make_game",
    "read_pbn",
    "write_pbn",
    "write_pbn_bytes",
]

#: The Mandatory Tag Set in export order (PBN 2.1, section 3.1).
MANDATORY_TAGS = (
    "Event", "Site", "Date", "Board", "West", "North", "East", "South",
    "Dealer", "Vulnerable", "Deal", "Scoring", "Declarer", "Contract", "Result",
)

Row = tuple[str, ...]


class PbnError(ValueError):
    """A PBN input that cannot be read; ``line`` is 1-based (None when unknown)."""

    def __init__(self, message: str, line: int | None = None):
        self.message = message
        self.line = line
        super().__init__(f"line {line}: {message}" if line else message)


@dataclass(frozen=True)
class PbnTag:
    """One tag pair and the data rows (section) that follow it."""

    name: str
    value: str
    rows: tuple[Row, ...] = ()
    line: int = field(default=0, compare=False)
    row_lines: tuple[int, ...] = field(default=(), compare=False)  # the file line of each row

    def row_line(self, index: int) -> int:
        """File line of row ``index`` (the tag's line plus one per row when unknown)."""
        return self.row_lines[index] if index < len(self.row_lines) else self.line + 1 + index

    @property
    def columns(self) -> tuple[str, ...]:
        """Column names of a table tag: ``"+Rank\\2R;PairId"`` -> ("Rank", "PairId")."""
        names = []
        for spec in self.value.split(";"):
            name = spec.split("\\", 1)[0].strip().lstrip("+-")
            if name:
                names.append(name)
        return tuple(names)

    def records(self) -> list[dict[str, str]]:
        """The rows of a table tag as dicts keyed by column name (short rows padded "")."""
        cols = self.columns
        return [
            {c: (row[i] if i < len(row) else "") for i, c in enumerate(cols)}
            for row in self.rows
        ]


@dataclass(frozen=True)
class PbnGame:
    """One game (board): its tags in file order."""

    tags: tuple[PbnTag, ...]
    line: int = field(default=0, compare=False)

    def tag(self, name: str) -> PbnTag | None:
        """The first tag with this name (case-insensitive), or None."""
        low = name.lower()
        for t in self.tags:
            if t.name.lower() == low:
                return t
        return None

    def value(self, name: str) -> str | None:
        """The tag value, or None when the tag is missing, empty or ``?`` (unknown)."""
        t = self.tag(name)
        if t is None or t.value.strip() in ("", "?"):
            return None
        return t.value.strip()

    def table(self, name: str) -> list[dict[str, str]] | None:
        """The rows of a table tag as dicts, or None when the tag is missing."""
        t = self.tag(name)
        return None if t is None else t.records()

    def line_of(self, name: str) -> int:
        """Line number of a tag (the game's first line when missing), for error messages."""
        t = self.tag(name)
        return t.line if t is not None and t.line else self.line

    def with_tag(self, name: str, value: str, rows: Iterable[Sequence[str]] = ()) -> "PbnGame":
        """A copy with the tag replaced in place (or appended)."""
        new = PbnTag(name, value, tuple(tuple(r) for r in rows))
        low = name.lower()
        tags = list(self.tags)
        for i, t in enumerate(tags):
            if t.name.lower() == low:
                tags[i] = replace(new, line=t.line)
                return replace(self, tags=tuple(tags))
        return replace(self, tags=tuple(tags) + (new,))

    def without(self, *names: str) -> "PbnGame":
        lows = {n.lower() for n in names}
        return replace(self, tags=tuple(t for t in self.tags if t.name.lower() not in lows))


def make_game(
    tags: Mapping[str, str] | Iterable[tuple[str, str]],
    tables: Mapping[str, tuple[str, Iterable[Sequence[str]]]] | None = None,
) -> PbnGame:
    """Build a game from (name, value) pairs and ``{name: (column spec, rows)}`` tables."""
    pairs = tags.items() if isinstance(tags, Mapping) else tags
    out = [PbnTag(str(n), str(v)) for n, v in pairs]
    for name, (spec, rows) in (tables or {}).items():
        out.append(PbnTag(name, spec, tuple(tuple(str(c) for c in r) for r in rows)))
    return PbnGame(tuple(out))


# --------------------------------------------------------------------------- reading


def decode_pbn(data: bytes | str) -> str:
    """Bytes to text: UTF-8 (a BOM is dropped) and, failing that, Latin-1 (PBN's own)."""
    if isinstance(data, str):
        return data[1:] if data.startswith("\ufeff") else data
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return data.decode("latin-1")


_TAG, _TOKEN, _BLANK = "tag", "token", "blank"
_STATISTICS = re.compile(r"^[^\W\d_][\w.-]*:$")  # "Average:", "Top:", "Datum:" starting a line
_STOP = set(' \t\r\n[]{};"')


def _scan(text: str):
    """Yield (kind, line, a, b): tags (name, value), tokens (text, None) and blank lines."""
    i, n, line = 0, len(text), 1
    content = False  # the current line has had something other than whitespace
    start_of_line = True
    while i < n:
        c = text[i]
        if c == "\n":
            if not content:
                yield _BLANK, line, None, None
            line += 1
            i += 1
            content, start_of_line = False, True
            continue
        if c in " \t\r\f\v":
            i += 1
            continue
        was_start, start_of_line, content = start_of_line, False, True
        if c == "%" and was_start:
            while i < n and text[i] != "\n":
                i += 1
        elif c == ";":
            while i < n and text[i] != "\n":
                i += 1
        elif c == "{":
            open_line = line
            j = text.find("}", i + 1)
            if j < 0:
                raise PbnError("comment '{' is never closed", open_line)
            line += text.count("\n", i, j)
            i = j + 1
        elif c == "[":
            tag_line = line
            i, name, value = _scan_tag(text, i + 1, tag_line)
            yield _TAG, tag_line, name, value
        elif c == '"':
            i, value = _scan_string(text, i + 1, line)
            yield _TOKEN, line, value, None
        elif c == "]":
            raise PbnError("']' without an opening '['", line)
        else:
            j = i
            while j < n and text[j] not in _STOP:
                j += 1
            yield _TOKEN, line, text[i:j], None
            i = j
    if not content:
        yield _BLANK, line, None, None


def _scan_string(text: str, i: int, line: int) -> tuple[int, str]:
    out = []
    n = len(text)
    while i < n:
        c = text[i]
        if c == "\\" and i + 1 < n and text[i + 1] in '"\\':
            out.append(text[i + 1])
            i += 2
        elif c == '"':
            return i + 1, "".join(out)
        elif c == "\n":
            raise PbnError("string is not closed before the end of the line", line)
        else:
            out.append(c)
            i += 1
    raise PbnError("string is not closed before the end of the file", line)


def _scan_tag(text: str, i: int, line: int) -> tuple[int, str, str]:
    n = len(text)
    while i < n and text[i] in " \t":
        i += 1
    j = i
    while j < n and (text[j].isalnum() or text[j] == "_"):
        j += 1
    name = text[i:j]
    if not name:
        raise PbnError("tag has no name", line)
    i = j
    while i < n and text[i] in " \t":
        i += 1
    if i < n and text[i] == '"':
        i, value = _scan_string(text, i + 1, line)
    else:  # lenient: an unquoted value runs to the closing bracket
        j = i
        while j < n and text[j] not in "]\n":
            j += 1
        value = text[i:j].strip()
        i = j
    while i < n and text[i] in " \t\r":
        i += 1
    if i >= n or text[i] != "]":
        raise PbnError(f"tag [{name} ...] is not closed with ']'", line)
    return i + 1, name, value


class _GameBuilder:
    def __init__(self) -> None:
        self.tags: list[list] = []  # [name, value, rows, row_lines, line]
        self.line = 0
        self.skipped_line = 0

    def names(self) -> set[str]:
        return {t[0].lower() for t in self.tags}

    def add_tag(self, name: str, value: str, line: int) -> None:
        if not self.tags:
            self.line = line
        self.tags.append([name, value, [], [], line])

    def in_table(self) -> bool:
        """The last tag is a table (its value names columns): its rows may run on past a blank line."""
        return bool(self.tags) and bool(PbnTag(self.tags[-1][0], self.tags[-1][1]).columns) and \
            (";" in self.tags[-1][1] or self.tags[-1][0].lower().endswith("table"))

    def add_token(self, token: str, line: int) -> None:
        if not self.tags:
            raise PbnError(f"text {token!r} outside any tag", line)
        if line == self.skipped_line:
            return
        rows, row_lines = self.tags[-1][2], self.tags[-1][3]
        if row_lines and row_lines[-1] == line:
            rows[-1].append(token)
        elif self.in_table() and _STATISTICS.match(token):
            self.skipped_line = line  # "Average: 52.3" under a table: a program's statistics, not a row
        else:
            rows.append([token])
            row_lines.append(line)

    def check_complete(self) -> None:
        """A file cut off inside a table ends on a short row: refuse it rather than keep the
        boards before the cut as if they were the whole set."""
        if not self.tags:
            return
        name, value, rows, row_lines, _ = self.tags[-1]
        columns = PbnTag(name, value).columns
        if rows and columns and len(rows[-1]) < len(columns):
            raise PbnError(f"the file ends inside the {name} table: the last row has {len(rows[-1])} "
                           f"of {len(columns)} columns (is the file cut off?)", row_lines[-1])

    def build(self, previous: PbnGame | None) -> PbnGame:
        tags = []
        for name, value, rows, row_lines, line in self.tags:
            if value == "#" and previous is not None:  # "same as the previous game"
                prev = previous.tag(name)
                if prev is not None:
                    value = prev.value
                    if not rows:
                        rows, row_lines = [list(r) for r in prev.rows], list(prev.row_lines)
            tags.append(PbnTag(name, value, tuple(tuple(r) for r in rows), line, tuple(row_lines)))
        return PbnGame(tuple(tags), self.line)


def read_pbn(data: bytes | str) -> list[PbnGame]:
    """Read every game of a PBN file (import format); raise PbnError with a line number."""
    text = decode_pbn(data)
    games: list[PbnGame] = []
    current = _GameBuilder()
    blank = False  # a blank line was seen: the game ends unless table rows carry on

    def flush() -> None:
        nonlocal current, blank
        if current.tags:
            games.append(current.build(games[-1] if games else None))
        current, blank = _GameBuilder(), False

    for kind, line, a, b in _scan(text):
        if kind == _BLANK:
            blank = True
        elif kind == _TAG:
            if blank or a.lower() in current.names():
                flush()
            current.add_tag(a, b, line)
        else:
            if blank and not current.in_table():
                flush()
            blank = False
            current.add_token(a, line)
    current.check_complete()
    flush()
    return games


# --------------------------------------------------------------------------- writing


def _quote(value: str) -> str:
    """Quote a value; a backslash is doubled only where a reader would take it as an
    escape (before a quote, a backslash or the closing quote), so ``Result\\2R`` stays as is."""
    out = []
    for i, c in enumerate(value):
        nxt = value[i + 1] if i + 1 < len(value) else '"'
        if c == '"' or (c == "\\" and nxt in '"\\'):
            out.append("\\")
        out.append(c)
    return '"' + "".join(out) + '"'


def _row_token(token: str) -> str:
    if token == "" or token[0] == "%" or any(c in _STOP for c in token):
        return _quote(token)
    return token


def _game_lines(game: PbnGame, export: bool) -> list[str]:
    tags = list(game.tags)
    if export:
        by_name = {t.name.lower(): t for t in reversed(tags)}
        mts = [by_name.get(n.lower(), PbnTag(n, "?")) for n in MANDATORY_TAGS]
        mts = [replace(t, name=n) for t, n in zip(mts, MANDATORY_TAGS)]
        lows = {n.lower() for n in MANDATORY_TAGS}
        tags = mts + [t for t in tags if t.name.lower() not in lows]
    lines = []
    for t in tags:
        if "\n" in t.value or "\r" in t.value:
            raise PbnError(f"tag {t.name} value contains a line break")
        lines.append(f"[{t.name} {_quote(t.value)}]")
        for row in t.rows:
            lines.append(" ".join(_row_token(tok) for tok in row))
    return lines


def write_pbn(
    games: Iterable[PbnGame],
    *,
    export: bool = True,
    charset: str = "ISO-8859-1",
    creator: str = "Cardroom",
) -> str:
    """PBN text with CRLF line ends; ``export`` adds the Mandatory Tag Set in order."""
    head = ["% PBN 2.1"]
    if export:
        head.append("% EXPORT")
    head.append(f"%Content-type: text/x-pbn; charset={charset}")
    head.append(f"%Creator: {creator}")
    blocks = ["\r\n".join(head)]
    for g in games:
        blocks.append("\r\n".join(_game_lines(g, export)))
    return "\r\n\r\n".join(blocks) + "\r\n"


def write_pbn_bytes(games: Iterable[PbnGame], *, export: bool = True) -> bytes:
    """Encoded PBN: Latin-1 (the PBN default) when every character fits, else UTF-8."""
    games = list(games)
    text = write_pbn(games, export=export)
    try:
        return text.encode("latin-1")
    except UnicodeEncodeError:
        return write_pbn(games, export=export, charset="UTF-8").encode("utf-8")
