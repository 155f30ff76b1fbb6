"""USEBIO 1.2 (the EBU's "Universal Scoring Exchange for Bridge Information Online"): a
bounded reader and a writer for pairs results, pure Python (stdlib expat, no Django).

The file is ``USEBIO/CLUB`` + ``EVENT`` (attribute ``EVENT_TYPE``: ``MP_PAIRS``,
``BUTLER_PAIRS``, ``CROSS_IMP_PAIRS``...) holding ``PARTICIPANTS/PAIR`` (number, direction,
players with ``NATIONAL_ID_NUMBER``, ``PLACE``, ``TOTAL_SCORE`` or ``PERCENTAGE``) and one
``BOARD`` per board of ``TRAVELLER_LINE`` rows (pairs, ``CONTRACT``, ``PLAYED_BY``, ``LEAD``,
``TRICKS``, ``SCORE`` and the MPs, Butler or cross-IMP points per side); ``SESSION`` /
``SECTION`` wrappers are read through, and an optional ``HANDSET`` gives the cards.
Element names as in the EBU's usebio_v1_2.dtd and the files Compscore3 writes (ABF).

Untrusted input: files over MAX_BYTES and any DTD internal subset or entity declaration
(billion laughs) are refused; external DTDs are never fetched. Errors name the element and
line (``UsebioError.line``).

    event = read_usebio(path.read_bytes())
    event.boards[0].lines[0].score        -> "-140"
    data = write_usebio(event)            # bytes, UTF-8, DOCTYPE as the EBU publishes it
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from xml.parsers import expat
from xml.sax.saxutils import escape

__all__ = ["MAX_BYTES", "PAIRS_EVENT_TYPES", "UsebioError", "UsebioEvent", "UsebioBoard", "UsebioLine", "UsebioPair",
           "UsebioPlayer", "looks_like_xml", "read_usebio", "write_usebio"]

MAX_BYTES = 8 * 1024 * 1024  # a club session is ~0.1 MB; a congress of 4 sessions ~3 MB
MAX_ELEMENTS = 400_000
DOCTYPE = '<!DOCTYPE USEBIO SYSTEM "http://www.ebu.co.uk/usebio/usebio_v1_2.dtd">'
SEATS = {"N": "North", "E": "East", "S": "South", "W": "West"}
# The pairs and individual EVENT_TYPEs read here (USEBIO 1.2's, Compscore's CROSS_IMP, the
# CROSS_IMP_PAIRS Cardroom writes); a Swiss or aggregate pairs is not scored across the field.
PAIRS_EVENT_TYPES = ("MP_PAIRS", "PAIRS", "BUTLER_PAIRS", "CROSS_IMP", "CROSS_IMPS", "CROSS_IMP_PAIRS", "INDIVIDUAL")


class UsebioError(ValueError):
    def __init__(self, message: str, line: int | None = None):
        self.message, self.line = message, line
        super().__init__(f"line {line}: {message}" if line else message)


@dataclass(frozen=True)
class UsebioPlayer:
    name: str
    national_id: str = ""
    club_id: str = ""


@dataclass(frozen=True)
class UsebioPair:
    """A participant: a pair, or in an individual (``UsebioEvent.individual``) one player."""

    number: str
    players: tuple[UsebioPlayer, ...] = ()
    direction: str = ""  # "NS"/"EW" in a two-winner (Mitchell) event
    place: str = ""  # as printed, "3" or "3="
    total_score: float | None = None
    percentage: float | None = None
    boards_played: int | None = None
    line: int = field(default=0, compare=False)


@dataclass(frozen=True)
class UsebioLine:
    """One traveller line. ``score`` is the N-S score as written ("-140") or an artificial
    score ("A5050", "A+", "60%"); ``ns_score``/``ew_score`` carry split adjustments."""

    ns: str
    ew: str
    score: str = ""
    contract: str = ""
    played_by: str = ""
    lead: str = ""
    tricks: int | None = None
    ns_points: float | None = None  # matchpoints, Butler or cross-IMP points (by event type)
    ew_points: float | None = None
    ns_score: str = ""
    ew_score: str = ""
    line: int = field(default=0, compare=False)
    south: str = ""  # an individual: ``ns`` is North's player number, ``south`` South's
    west: str = ""  # an individual: ``ew`` is East's player number, ``west`` West's

    @property
    def sides(self) -> tuple:
        """The two sides: pair numbers, or an individual's (North, South) and (East, West)."""
        if self.south or self.west:
            return (self.ns, self.south), (self.ew, self.west)
        return self.ns, self.ew


@dataclass(frozen=True)
class UsebioBoard:
    number: str
    lines: tuple[UsebioLine, ...]
    average: str = ""  # Butler datum or MP top as printed
    line: int = field(default=0, compare=False)


@dataclass(frozen=True)
class UsebioEvent:
    event_type: str
    pairs: tuple[UsebioPair, ...]
    boards: tuple[UsebioBoard, ...]
    description: str = ""
    date: str = ""  # DD/MM/YYYY as USEBIO writes it
    club_name: str = ""
    club_id: str = ""
    program: str = ""
    scoring_method: str = ""  # BOARD_SCORING_METHOD / SCORING_METHOD as written
    program_version: str = ""  # PROGRAM_VERSION; Cardroom writes "convention NAME[;rule=value]" there
    winner_type: int | None = None
    identifier: str = ""
    hands: dict = field(default_factory=dict, compare=False)  # board -> {"N": "S.H.D.C", ...}

    @property
    def individual(self) -> bool:
        return "INDIVIDUAL" in self.event_type.upper()

    @property
    def points_kind(self) -> str:
        """Which per-line points the file carries: "MATCH", "BUTLER" or "CROSS_IMP"."""
        kind = (self.event_type + " " + self.scoring_method).upper()
        if "BUTLER" in kind:
            return "BUTLER"
        if "CROSS" in kind or "XIMP" in kind or kind.strip() in ("IMPS", "IMP"):
            return "CROSS_IMP"
        return "MATCH"


# --------------------------------------------------------------------------- reading


@dataclass
class _Node:
    tag: str
    attrs: dict
    line: int
    text: list = field(default_factory=list)
    children: list = field(default_factory=list)

    def find(self, tag: str) -> "_Node | None":
        return next((c for c in self.children if c.tag == tag), None)

    def all(self, tag: str) -> list["_Node"]:
        return [c for c in self.children if c.tag == tag]

    def value(self, tag: str) -> str:
        child = self.find(tag)
        return "".join(child.text).strip() if child is not None else ""


def looks_like_xml(data: bytes | str) -> bool:
    head = data[:512].lstrip(b"\xef\xbb\xbf \t\r\n" if isinstance(data, bytes) else "\ufeff \t\r\n")
    return head[:1] in (b"<", "<")


def _parse(data: bytes | str) -> _Node:
    raw = data.encode("utf-8") if isinstance(data, str) else data
    if len(raw) > MAX_BYTES:
        raise UsebioError(f"file is {len(raw)} bytes, over the {MAX_BYTES}-byte limit")
    parser = expat.ParserCreate()
    root = _Node("#document", {}, 0)
    stack = [root]
    count = 0

    def refuse(*_args):
        raise UsebioError("DTD declarations and entities are not accepted", parser.CurrentLineNumber)

    def doctype(_name, _sysid, _pubid, has_internal_subset):
        if has_internal_subset:
            refuse()

    def start(tag, attrs):
        nonlocal count
        count += 1
        if count > MAX_ELEMENTS:
            raise UsebioError(f"more than {MAX_ELEMENTS} elements", parser.CurrentLineNumber)
        node = _Node(tag.upper(), attrs, parser.CurrentLineNumber)
        stack[-1].children.append(node)
        stack.append(node)

    parser.StartDoctypeDeclHandler = doctype
    parser.EntityDeclHandler = refuse
    parser.UnparsedEntityDeclHandler = refuse
    parser.ExternalEntityRefHandler = lambda *a: refuse()
    parser.StartElementHandler = start
    parser.EndElementHandler = lambda tag: stack.pop()
    parser.CharacterDataHandler = lambda text: stack[-1].text.append(text)
    try:
        parser.Parse(raw, True)
    except expat.ExpatError as exc:
        raise UsebioError(f"not well-formed XML: {expat.ErrorString(exc.code)}", exc.lineno) from None
    return root


def _number(text: str, what: str, line: int, kind=float):
    """A printed figure: blank is None; ``NaN``, ``inf`` and ``1e400`` are not figures."""
    if text == "":
        return None
    try:
        value = kind(text.replace(",", "."))
    except ValueError:
        value = None
    if value is None or not math.isfinite(value):
        raise UsebioError(f"{what} {text!r} is not a number", line)
    return value


def _walk(node: _Node, tag: str):
    """Every descendant named ``tag``, not looking inside a match (SESSION/SECTION wrappers)."""
    for child in node.children:
        if child.tag == tag:
            yield child
        elif child.tag not in ("HANDSET",):
            yield from _walk(child, tag)


def _pair(node: _Node) -> UsebioPair:
    number = node.value("PAIR_NUMBER")
    if not number:
        raise UsebioError("PAIR without a PAIR_NUMBER", node.line)
    players = tuple(UsebioPlayer(p.value("PLAYER_NAME"), p.value("NATIONAL_ID_NUMBER"), p.value("CLUB_ID_NUMBER"))
                    for p in node.all("PLAYER"))
    return UsebioPair(
        number=number, players=players, direction=node.value("DIRECTION").upper(), place=node.value("PLACE"),
        total_score=_number(node.value("TOTAL_SCORE"), "TOTAL_SCORE", node.line),
        percentage=_number(node.value("PERCENTAGE").rstrip("%"), "PERCENTAGE", node.line),
        boards_played=_number(node.value("BOARDS_PLAYED"), "BOARDS_PLAYED", node.line, int), line=node.line)


_POINTS = {"MATCH": "MATCH_POINTS", "BUTLER": "BUTLER_POINTS", "CROSS_IMP": "CROSS_IMP_POINTS"}


def _line(node: _Node, points: str) -> UsebioLine:
    ns, ew = node.value("NS_PAIR_NUMBER"), node.value("EW_PAIR_NUMBER")
    if not ns or not ew:
        raise UsebioError("TRAVELLER_LINE without NS_PAIR_NUMBER and EW_PAIR_NUMBER", node.line)
    tag = _POINTS[points]
    ns_pts = node.value("NS_" + tag) or node.value("NS_IMPS")
    ew_pts = node.value("EW_" + tag) or node.value("EW_IMPS")
    return UsebioLine(
        ns=ns, ew=ew, score=node.value("SCORE"), contract=node.value("CONTRACT"),
        played_by=node.value("PLAYED_BY").upper()[:1], lead=node.value("LEAD"),
        tricks=_number(node.value("TRICKS"), "TRICKS", node.line, int),
        ns_points=_number(ns_pts, "NS_" + tag, node.line), ew_points=_number(ew_pts, "EW_" + tag, node.line),
        ns_score=node.value("NS_SCORE"), ew_score=node.value("EW_SCORE"), line=node.line)


def _hands(root: _Node) -> dict:
    out = {}
    for handset in _walk(root, "HANDSET"):
        for board in handset.all("BOARD"):
            seats = {}
            for hand in board.all("HAND"):
                seat = hand.value("DIRECTION")[:1].upper()
                seats[seat] = ".".join(hand.value(s) for s in ("SPADES", "HEARTS", "DIAMONDS", "CLUBS"))
            out[board.value("BOARD_NUMBER")] = seats
    return out


def usebio_event(data: bytes | str) -> tuple[_Node, _Node]:
    """The USEBIO element and its first EVENT (pairs or teams); UsebioError when either is missing."""
    root = _parse(data)
    usebio = root.find("USEBIO")
    if usebio is None:
        first = root.children[0] if root.children else None
        raise UsebioError(f"root element is <{first.tag if first else ''}>, not <USEBIO>",
                          first.line if first else None)
    event = usebio.find("EVENT")
    if event is None:
        raise UsebioError("USEBIO without an EVENT", usebio.line)
    return usebio, event


def read_usebio(data: bytes | str) -> UsebioEvent:
    """Read the first EVENT of a USEBIO file; raise UsebioError naming element and line."""
    usebio, event = usebio_event(data)
    club = usebio.find("CLUB") or _Node("CLUB", {}, 0)
    event_type = (event.attrs.get("EVENT_TYPE") or event.value("EVENT_TYPE")).upper()
    scoring = event.value("BOARD_SCORING_METHOD") or event.value("SCORING_METHOD")
    winner = event.value("WINNER_TYPE")
    out = UsebioEvent(
        event_type=event_type, pairs=(), boards=(), description=event.value("EVENT_DESCRIPTION"),
        date=event.value("DATE"), club_name=club.value("CLUB_NAME"), club_id=club.value("CLUB_ID_NUMBER"),
        program=event.value("PROGRAM_NAME"), scoring_method=scoring.upper(),
        winner_type=int(winner) if winner.isdigit() else None, identifier=event.value("EVENT_IDENTIFIER"),
        program_version=event.value("PROGRAM_VERSION"))
    if "TEAM" in event_type:
        raise UsebioError(f"EVENT_TYPE {event_type}: only pairs and individual events are read here (teams by usebio_teams)", event.line)
    if event_type not in PAIRS_EVENT_TYPES:
        raise UsebioError(f"EVENT_TYPE {repr(event_type) if event_type else '(none)'} is not one Cardroom scores: "
                          f"{', '.join(PAIRS_EVENT_TYPES)} or a teams event", event.line)
    if out.individual:
        from .usebio_individual import individual_line as read_line, individual_player as read_entry
        entry_tag = "PLAYER"
    else:
        read_line, read_entry, entry_tag = _line, _pair, "PAIR"
    pairs = tuple(read_entry(p) for parts in _walk(event, "PARTICIPANTS") for p in parts.all(entry_tag))
    boards, seen = [], {}
    for b in _walk(event, "BOARD"):
        number = b.value("BOARD_NUMBER") or b.attrs.get("BOARD_NUMBER", "")
        if not number:
            raise UsebioError("BOARD without a BOARD_NUMBER", b.line)
        if number in seen:
            parts = len(list(_walk(event, "SECTION"))) + len(list(_walk(event, "SESSION")))
            if parts > 1:
                raise UsebioError(f"BOARD {number} is in more than one SESSION/SECTION: one section is read "
                                  f"at a time (write each to its own file)", b.line)
            raise UsebioError(f"BOARD {number} appears twice (first at line {seen[number]})", b.line)
        seen[number] = b.line
        lines = tuple(read_line(t, out.points_kind) for t in b.all("TRAVELLER_LINE"))
        boards.append(UsebioBoard(number, lines, b.value("BOARD_AVERAGE") or b.value("TOP"), b.line))
    if not boards:
        raise UsebioError("EVENT has no BOARD with TRAVELLER_LINE results", event.line)
    known = {p.number for p in pairs}
    if known:
        for b in boards:
            for t in b.lines:
                for num in (t.ns, t.south, t.ew, t.west) if out.individual else (t.ns, t.ew):
                    if num not in known:
                        raise UsebioError(f"board {b.number}: {'player' if out.individual else 'pair'} {num} "
                                          f"is not among the PARTICIPANTS", t.line)
    return UsebioEvent(**{**out.__dict__, "pairs": pairs, "boards": tuple(boards), "hands": _hands(usebio)})


# --------------------------------------------------------------------------- writing


def _el(tag: str, value, indent: int) -> str:
    if value is None or value == "":
        return ""
    if isinstance(value, float):
        value = f"{value:.2f}"
    return f"{' ' * indent}<{tag}>{escape(str(value))}</{tag}>\n"


def write_usebio(event: UsebioEvent) -> bytes:
    """USEBIO 1.2 XML (UTF-8) for a pairs event or an individual; the inverse of read_usebio."""
    tag = _POINTS[event.points_kind]
    w = ['<?xml version="1.0" encoding="UTF-8"?>\n', DOCTYPE + "\n", '<USEBIO Version="1.2">\n', " <CLUB>\n",
         _el("CLUB_NAME", event.club_name, 2), _el("CLUB_ID_NUMBER", event.club_id, 2), " </CLUB>\n",
         f' <EVENT EVENT_TYPE="{escape(event.event_type)}">\n',
         _el("EVENT_IDENTIFIER", event.identifier, 2), _el("EVENT_DESCRIPTION", event.description, 2),
         _el("PROGRAM_NAME", event.program, 2), _el("PROGRAM_VERSION", event.program_version, 2),
         _el("WINNER_TYPE", event.winner_type, 2),
         _el("DATE", event.date, 2), _el("BOARD_SCORING_METHOD", event.scoring_method, 2),
         "  <PARTICIPANTS>\n"]
    if event.individual:
        from .usebio_individual import player_xml, seats_xml
    for p in event.pairs:
        if event.individual:
            w += player_xml(p)
            continue
        w += ["   <PAIR>\n", _el("PAIR_NUMBER", p.number, 4), _el("DIRECTION", p.direction, 4),
              _el("TOTAL_SCORE", p.total_score, 4), _el("PERCENTAGE", p.percentage, 4),
              _el("BOARDS_PLAYED", p.boards_played, 4), _el("PLACE", p.place, 4)]
        for pl in p.players:
            w += ["    <PLAYER>\n", _el("PLAYER_NAME", pl.name, 5), _el("NATIONAL_ID_NUMBER", pl.national_id, 5),
                  _el("CLUB_ID_NUMBER", pl.club_id, 5), "    </PLAYER>\n"]
        w.append("   </PAIR>\n")
    w.append("  </PARTICIPANTS>\n")
    for b in event.boards:
        w += ["  <BOARD>\n", _el("BOARD_NUMBER", b.number, 3), _el("BOARD_AVERAGE", b.average, 3)]
        for t in b.lines:
            w.append("   <TRAVELLER_LINE>\n")
            w += seats_xml(t) if event.individual else [_el("NS_PAIR_NUMBER", t.ns, 4), _el("EW_PAIR_NUMBER", t.ew, 4)]
            w += [_el("CONTRACT", t.contract, 4), _el("PLAYED_BY", t.played_by, 4), _el("LEAD", t.lead, 4),
                  _el("TRICKS", t.tricks, 4), _el("SCORE", t.score, 4), _el("NS_SCORE", t.ns_score, 4),
                  _el("EW_SCORE", t.ew_score, 4), _el("NS_" + tag, t.ns_points, 4),
                  _el("EW_" + tag, t.ew_points, 4), "   </TRAVELLER_LINE>\n"]
        w.append("  </BOARD>\n")
    w.append(" </EVENT>\n")
    w += handset_xml(event.hands)
    w.append("</USEBIO>\n")
    return "".join(w).encode("utf-8")


def handset_xml(hands: dict) -> list[str]:
    """The HANDSET element (each board's four hands) of a pairs or a teams file; none without hands."""
    if not hands:
        return []
    w = [" <HANDSET>\n"]
    for number, seats in hands.items():
        w += ["  <BOARD>\n", _el("BOARD_NUMBER", number, 3)]
        for seat, hand in seats.items():
            suits = (hand.split(".") + ["", "", "", ""])[:4]
            w += ["   <HAND>\n", _el("DIRECTION", SEATS.get(seat, seat), 4)]
            w += [f"    <{t}>{escape(s)}</{t}>\n" for t, s in zip(("SPADES", "HEARTS", "DIAMONDS", "CLUBS"), suits)]
            w.append("   </HAND>\n")
        w.append("  </BOARD>\n")
    w.append(" </HANDSET>\n")
    return w
